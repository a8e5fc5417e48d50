"""Limits on untrusted JSON: how big, how deep, how long a number or a string may be.

Every input boundary (table files, stored rows, calculator input) reads JSON through
``load_json`` or checks already-parsed data with ``check_shape``, so deep nesting, huge
numbers and oversize strings are refused with one clear message instead of a
RecursionError, a bare ValueError or minutes of work. The figures are in docs/FORMAT.md
("Limits"); each boundary wraps ``InputLimitError`` in its own error type.

The standard json module is kept (it is fast and exact); its hooks refuse long numbers
before Python converts them, and a walk without recursion checks the rest.
"""

from __future__ import annotations

import functools
import json
import math
import unicodedata
from dataclasses import dataclass
from typing import Any

from companion.core.msg import Msg, msg


@dataclass(frozen=True)
class Limits:
    max_chars: int = 1_000_000  # a finished five-player game is about 50,000 characters
    max_depth: int = 32  # a table file nests 5 levels deep
    max_digits: int = 30  # digits of one number
    max_string: int = 1_000  # characters of one string (names have tighter limits of their own)
    max_values: int = 200_000  # values of all kinds in one document


DEFAULT = Limits()


class InputLimitError(ValueError):
    """Input over one of the limits; ``msg`` says which, in the reader's language."""

    def __init__(self, key: str, **args: Any) -> None:
        self.msg: Msg = msg(key, **args)
        super().__init__(self.msg.render())


def load_json(text: str | bytes, limits: Limits = DEFAULT, *, shape: bool = True) -> Any:
    """Parse JSON within ``limits``.

    Raises InputLimitError when over a limit, json.JSONDecodeError or UnicodeDecodeError when
    it is not JSON at all (callers already have a message for those). ``shape=False`` leaves
    out ``check_shape`` for a caller that checks the whole document the part goes into.
    """
    if len(text) > limits.max_chars:
        raise InputLimitError("sec-input.input.too_big", limit=limits.max_chars)
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8")
    try:
        data = _decoder(limits).decode(text)
    except RecursionError as exc:
        raise InputLimitError("sec-input.input.too_deep", limit=limits.max_depth) from exc
    if shape:
        check_shape(data, limits)
    return data


@functools.cache
def _decoder(limits: Limits) -> json.JSONDecoder:
    """A decoder whose hooks refuse long numbers before Python converts them (made once: the
    store reads a table's log row by row)."""

    def number(token: str) -> Any:
        if len(token.lstrip("-")) > limits.max_digits:
            raise InputLimitError("sec-input.input.number", limit=limits.max_digits)
        value = float(token) if any(c in token for c in ".eE") else int(token)
        if isinstance(value, float) and not math.isfinite(value):
            raise InputLimitError("sec-input.input.number", limit=limits.max_digits)
        return value

    def constant(token: str) -> Any:
        raise InputLimitError("sec-input.input.number", limit=limits.max_digits)  # NaN, Infinity

    return json.JSONDecoder(parse_int=number, parse_float=number, parse_constant=constant)


def check_shape(data: Any, limits: Limits = DEFAULT) -> None:
    """Refuse parsed data that nests too deep or holds too many values, or a too long string or number."""
    biggest = 10**limits.max_digits
    # Each level's values are walked in place (no stack entry per value): a stored table's
    # whole log is checked each time it is opened.
    stack: list[tuple[int, Any]] = [(1, (data,))]
    seen = 0
    while stack:
        depth, values = stack.pop()
        for value in values:
            seen += 1
            if seen > limits.max_values:
                raise InputLimitError("sec-input.input.too_many", limit=limits.max_values)
            kind = type(value)
            if kind is str:
                if len(value) > limits.max_string:
                    raise InputLimitError("sec-input.input.string", limit=limits.max_string)
            elif kind is int:
                if not -biggest < value < biggest:
                    raise InputLimitError("sec-input.input.number", limit=limits.max_digits)
            elif kind is dict or kind is list or kind is tuple:
                _nest(stack, value, depth, limits)
            else:
                _other(stack, value, depth, limits, biggest)


def _nest(stack: list[tuple[int, Any]], value: Any, depth: int, limits: Limits) -> None:
    # ``depth`` is the container's own level (the document is level 1): max_depth levels pass.
    if depth > limits.max_depth:
        raise InputLimitError("sec-input.input.too_deep", limit=limits.max_depth)
    if isinstance(value, dict):
        stack.append((depth + 1, value.keys()))
        stack.append((depth + 1, value.values()))
    else:
        stack.append((depth + 1, value))


def _other(stack: list[tuple[int, Any]], value: Any, depth: int, limits: Limits, biggest: int) -> None:
    """The rarer values: None, booleans, floats, subclasses of str, int and the containers."""
    if isinstance(value, str):
        if len(value) > limits.max_string:
            raise InputLimitError("sec-input.input.string", limit=limits.max_string)
    elif isinstance(value, bool) or value is None:
        return
    elif isinstance(value, int):
        if not -biggest < value < biggest:
            raise InputLimitError("sec-input.input.number", limit=limits.max_digits)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InputLimitError("sec-input.input.number", limit=limits.max_digits)
    elif isinstance(value, dict | list | tuple):
        _nest(stack, value, depth, limits)


# Characters that can move a terminal's cursor, forge a line or reorder what is shown: C0/C1
# controls, line and paragraph separators, and the bidirectional overrides and isolates.
# Joiners and variation selectors stay (emoji need them).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_UNSAFE_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs", "Co", "Cn"})


def unsafe_char(char: str) -> bool:
    return char in _BIDI or unicodedata.category(char) in _UNSAFE_CATEGORIES


def has_unsafe(text: str) -> bool:
    """True when ``text`` holds a character no name or message should carry (see ``unsafe_char``)."""
    return not text.isprintable() and any(unsafe_char(c) for c in text)


def safe_args(args: dict[str, Any]) -> dict[str, Any]:
    """Message arguments with every string made safe to echo (input may hold escapes or megabytes)."""
    return {k: shown(v, 200) if isinstance(v, str) else v for k, v in args.items()}


def shown(value: Any, limit: int = 80) -> str:
    """``value`` as text safe to echo in a message: unsafe characters escaped, at most ``limit`` characters.

    A name or entry kind from a file must not clear a terminal, forge a line, or fill a screen.
    """
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    if not has_unsafe(text):
        return text
    return "".join(_escape(c) if unsafe_char(c) else c for c in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
