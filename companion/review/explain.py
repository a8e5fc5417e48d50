"""What made an alternative differ, in the engines' own words: the effects on the seat that
happened only with the alternative, and those that happened only in the real game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.core.protocol import Effect

SHOWN = 5  # effects kept on each side: the first differences are the direct consequences


def _key(fx: Effect) -> tuple[str, str, str]:
    return fx.rule_id, fx.msg.key, repr(sorted(fx.msg.args.items()))


def differences(alternative: Sequence[Effect], real: Sequence[Effect]) -> tuple[list[Effect], list[Effect]]:
    """(only with the alternative, only in the real game), each the first ``SHOWN`` in game order;
    an effect both had (counted as a multiset) is in neither."""
    return _only(alternative, real), _only(real, alternative)


def _only(mine: Sequence[Effect], theirs: Sequence[Effect]) -> list[Effect]:
    left = Counter(_key(fx) for fx in theirs)
    found = []
    for fx in mine:
        key = _key(fx)
        if left[key]:
            left[key] -= 1
            continue
        found.append(fx)
        if len(found) == SHOWN:
            break
    return found
