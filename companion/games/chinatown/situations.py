"""Edge cases a state of the game is in, for the rules lookup's "for this moment".

Each name matches the ``when`` of the clarifications in rules_data/chinatown/lookup.<lang>.json.
"""

from __future__ import annotations

from companion.games.chinatown.state import ChinatownState


def situations(state: ChinatownState) -> frozenset[str]:
    """The names of the edge cases the current step is in (empty when none applies)."""
    found: set[str] = set()
    if state.phase == "trade" and any(b in state.owner for b in state.shop):
        found.add("shop_on_traded_building")  # a building with a shop may change hands now
    if state.phase == "over" and sorted(state.money)[-2:] == [max(state.money)] * 2:
        found.add("money_tied")  # the richest players are level: the tie-break decides
    return frozenset(found)
