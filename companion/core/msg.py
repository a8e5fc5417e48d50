"""Msg: a translatable message (a catalogue key plus its arguments).

The engine never builds display strings itself: it returns Msgs, and the UI, the CLI or
the rules lookup render them in the reader's language. An argument may itself be a Msg
(a person type, an event name), rendered in the same language.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.i18n import DEFAULT_LANGUAGE, translate

if TYPE_CHECKING:
    from pydantic import TypeAdapter


# A frozen dataclass, not a pydantic model: an entry makes about four (its effects' lines), and
# a dataclass is built in a third of a model's time. Pydantic still reads and writes it as a
# field of a model (validated from a dict, dumped as {"key", "args"}, the form it had as a model).
@dataclass(frozen=True, slots=True, init=False)
class Msg:
    key: str
    args: dict[str, Any] = field(default_factory=dict)

    def __init__(self, key: str, args: dict[str, Any] | None = None) -> None:
        # The slots set straight: a frozen dataclass's own __init__ goes through
        # object.__setattr__ by name, twice as slow, and a game makes thousands.
        _set_key(self, key)
        _set_args(self, {} if args is None else args)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return translate(self.key, lang, **{k: _render_arg(v, lang) for k, v in self.args.items()})

    def __str__(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        """{"key", "args"} as JSON data, nested Msgs too: the form pydantic writes for a Msg field."""
        try:  # the same, without loading pydantic (a calculator's result, issue 27)
            plain: dict[str, Any] = _plain_json(self)
            return plain
        except _NotPlain:  # an argument of another type: pydantic writes it
            return _adapter().dump_python(self, mode="json")  # type: ignore[no-any-return]


_set_key = Msg.__dict__["key"].__set__  # the slots' own setters (they skip the frozen check)
_set_args = Msg.__dict__["args"].__set__


class _NotPlain(Exception):
    """An argument ``_plain_json`` leaves to pydantic."""


def _plain_json(value: Any) -> Any:
    """A Msg (or one of its arguments) as pydantic writes it in JSON mode, for the types a
    message's arguments commonly have: text, whole numbers, booleans, None, lists and tuples
    (as lists) and Msgs; ``_NotPlain`` for anything else. tests/core/test_value_types.py holds
    it equal to pydantic's."""
    if value is None or type(value) in (str, int, bool):
        return value
    if type(value) is Msg and type(value.key) is str and type(value.args) is dict:
        if not all(type(k) is str for k in value.args):
            raise _NotPlain
        return {"key": value.key, "args": {k: _plain_json(v) for k, v in value.args.items()}}
    if type(value) in (list, tuple):
        return [_plain_json(v) for v in value]
    raise _NotPlain


@functools.cache
def _adapter() -> TypeAdapter[Msg]:
    from pydantic import TypeAdapter  # here: a message rendered as text needs no pydantic

    return TypeAdapter(Msg)


def _render_arg(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return value.render(lang)
    if isinstance(value, list | tuple):
        items = tuple(str(_render_arg(v, lang)) for v in value)
        if len(items) > 1 and all(_holds_list(v) for v in value):
            # A list of lists (groups of cards, a trade's sides): "and" only inside each.
            return "; ".join(items)
        return join_list(items, lang)
    return value


def _holds_list(value: Any) -> bool:
    return isinstance(value, Msg) and any(isinstance(a, list | tuple) for a in value.args.values())


@functools.lru_cache(maxsize=4096)
def join_list(items: tuple[str, ...], lang: str) -> str:
    """A list as the reader says it, with Babel's CLDR patterns: "41 and 68" / "41 y 68",
    "Ana, Ben, and Carla" / "Ana, Ben y Carla" (a short command without loading Babel:
    ``join_words``)."""
    from companion.i18n import PSEUDO, join_words, known_language

    if len(items) < 2:
        return items[0] if items else ""
    if any(":" in item for item in items) or not known_language(lang) or lang == PSEUDO:
        return ", ".join(items)  # labelled parts ("yuan −1, persons to release: 2") are not a series
    return join_words(list(items), lang)


def msg(key: str, **args: Any) -> Msg:
    """Shorthand: ``msg("dragon.fx.taxes", yuan=3)``."""
    made = _new(Msg)  # Msg(key, args) without a second call: engines make thousands
    _set_key(made, key)
    _set_args(made, args)
    return made


_new = object.__new__
