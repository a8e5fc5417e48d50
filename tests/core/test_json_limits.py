"""companion/core/limits.py on its own: each limit refuses with its own message just past its
figure and lets the figure itself through, for text read by ``load_json`` and for data built in
Python and checked by ``check_shape``; and ``shown`` escapes what could move a terminal's cursor."""

from __future__ import annotations

import json
from collections import OrderedDict

import pytest

from companion.core.limits import InputLimitError, Limits, check_shape, load_json, shown

SMALL = Limits(max_chars=200, max_depth=4, max_digits=5, max_string=10, max_values=20)


def refusal(call, *args) -> tuple[str, dict]:
    with pytest.raises(InputLimitError) as err:
        call(*args)
    return err.value.msg.key, err.value.msg.args


def test_text_longer_than_the_limit_is_refused_before_it_is_parsed() -> None:
    assert load_json(b"[" + b" " * 198 + b"]", SMALL) == []  # 200 characters, as bytes
    assert refusal(load_json, "[" + " " * 199 + "]", SMALL) == ("sec-input.input.too_big", {"limit": 200})


def test_numbers_over_the_digits_or_not_finite_are_refused_while_parsing() -> None:
    assert load_json("[99999, -99999, 1.234]", SMALL) == [99999, -99999, 1.234]  # the point counts
    for text in (
        "[100000]",
        "[-100000]",
        "[1.2345]",
        "[1e999]",
        "[-1e999]",
        "[NaN]",
        "[Infinity]",
        "[-Infinity]",
    ):
        assert refusal(load_json, text, SMALL) == ("sec-input.input.number", {"limit": 5}), text


def test_nesting_deeper_than_the_decoder_can_go_is_a_depth_refusal() -> None:
    # Python's decoder gives up (RecursionError) long before a million characters
    deep = "[" * 200_000 + "]" * 200_000
    assert refusal(load_json, deep, Limits(max_chars=400_000)) == ("sec-input.input.too_deep", {"limit": 32})


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ([[[[]]]], None),  # four levels: the limit
        ([[[[[]]]]], "too_deep"),
        ({"a": {"b": {"c": {}}}}, None),
        ({"a": {"b": {"c": {"d": 1}}}}, None),  # four objects; the number in the last is no nesting
        ({"a": {"b": {"c": {"d": {}}}}}, "too_deep"),
        (list(range(19)), None),  # the list itself and 19 numbers: 20 values
        (list(range(20)), "too_many"),
        (["x" * 10], None),
        (["x" * 11], "string"),
        ({"x" * 11: 1}, "string"),  # keys are strings too
        ([99999, -99999], None),
        ([100000], "number"),
        ([-100000], "number"),
    ],
)
def test_each_shape_limit_lets_its_figure_through_and_refuses_one_more(data, key) -> None:
    if key is None:
        check_shape(data, SMALL)
        assert load_json(json.dumps(data), SMALL) == data
    else:
        assert refusal(check_shape, data, SMALL)[0] == f"sec-input.input.{key}"
        assert refusal(load_json, json.dumps(data), SMALL)[0] == f"sec-input.input.{key}"


class Name(str):
    pass


class Count(int):
    pass


@pytest.mark.parametrize(
    ("value", "key"),
    [
        (Name("x" * 10), None),
        (Name("x" * 11), "string"),
        (Count(99999), None),
        (Count(100000), "number"),
        (True, None),
        (None, None),
        (2.5, None),
        (float("inf"), "number"),
        (float("nan"), "number"),
        ((1, (2, (3,))), None),
        ((1, (2, (3, (4,)))), "too_deep"),
        (OrderedDict(a=OrderedDict(b=OrderedDict(c=1))), None),
        (OrderedDict(a=OrderedDict(b=OrderedDict(c=OrderedDict(d=1)))), "too_deep"),
    ],
)
def test_values_built_in_python_are_held_to_the_same_limits(value, key) -> None:
    """Subclasses of str and int, booleans, floats and other mappings (already-parsed data)."""
    if key is None:
        check_shape([value], SMALL)
    else:
        assert refusal(check_shape, [value], SMALL)[0] == f"sec-input.input.{key}"


def test_shown_cuts_long_text_and_escapes_what_moves_the_cursor() -> None:
    assert shown("Ana") == "Ana"
    assert shown("x" * 90) == "x" * 80 + "…"
    assert shown("Club\x1b[2J") == "Club\\x1b[2J"
    assert shown("a\u202eb") == "a\\u202eb"  # a right-to-left override
    assert shown("a\U000f0000b") == "a\\U000f0000b"  # a private-use character beyond 16 bits
    assert shown("👍🏽 ok") == "👍🏽 ok"  # emoji and their modifiers stay
    assert shown(12345) == "12345"
