"""What made an alternative differ, in the engines' own words: the effects on the seat that
happened only with the alternative, and those that happened only in the real game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.core.protocol import Effect

SHOWN = 5  # effects kept on each side: the first differences are the direct consequences

Key = tuple[str, str, str]


def _key(fx: Effect) -> Key:
    return fx.rule_id, fx.msg.key, repr(sorted(fx.msg.args.items()))


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
