"""What made an alternative differ, in the engines' own words: the effects on the seat that
happened only with the alternative, and those that happened only in the real game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.core.msg import Msg
from companion.core.protocol import Effect

SHOWN = 5  # effects kept on each side: the first differences are the direct consequences

Key = tuple[str, str, tuple[Any, ...]]


def _key(fx: Effect) -> Key:
    """Two effects count as the same when their rule, message and arguments are: compared as
    values, each tagged with its type (1, True and "1" differ, as their reprs do)."""
    args = fx.msg.args
    return fx.rule_id, fx.msg.key, tuple(sorted([(k, _plain(v)) for k, v in args.items()])) if args else ()


def _plain(value: Any) -> Any:
    """A hashable stand-in for ``value``, equal for equal values of the same types. The key held
    the arguments' repr before: the reprs of nested messages were most of a review's comparing."""
    kind = type(value)
    if kind is str or kind is int or value is None:
        return value
    if kind is Msg:
        return ("msg", value.key, tuple([(k, _plain(v)) for k, v in value.args.items()]))
    if kind is list or kind is tuple:
        return (kind.__name__, tuple([_plain(v) for v in value]))
    return ("repr", kind.__qualname__, repr(value))  # bool, float, anything else: its repr tells it


class Keyed:
    """Effects with the key each is compared by, made once: a decision's real effects are
    compared with every one of its alternatives' (the keys were most of a review's comparing)."""

    def __init__(self, effects: Sequence[Effect]) -> None:
        self.effects = effects
        self.keys = [_key(fx) for fx in effects]
        self.counts = Counter(self.keys)


def differences(
    alternative: Sequence[Effect] | Keyed, real: Sequence[Effect] | Keyed
) -> tuple[list[Effect], list[Effect]]:
    """(only with the alternative, only in the real game), each the first ``SHOWN`` in game order;
    an effect both had (counted as a multiset) is in neither."""
    mine = alternative if isinstance(alternative, Keyed) else Keyed(alternative)
    theirs = real if isinstance(real, Keyed) else Keyed(real)
    return _only(mine, theirs), _only(theirs, mine)


def _only(mine: Keyed, theirs: Keyed) -> list[Effect]:
    left = theirs.counts.copy()
    found = []
    for fx, key in zip(mine.effects, mine.keys, strict=True):
        if left[key]:
            left[key] -= 1
            continue
        found.append(fx)
        if len(found) == SHOWN:
            break
    return found
