"""Edge cases a state of the game is in, for the rules lookup's "for this moment".

Each name matches the ``when`` of the clarifications in rules_data/dragon/lookup.<lang>.json.
Pure functions of the state: the lookup (outside the engine) combines them with the texts.
"""

from __future__ import annotations

from companion.games.dragon.choices import group_cost, step
from companion.games.dragon.data import RULES, WILD
from companion.games.dragon.state import DragonState

_PLACING = ("recruit_place", "person_place", "sunrise_place")
_TASK_SITUATIONS = {
    "dragon.event.tribute": "tribute_short",
    "dragon.event.drought": "drought_short",
    "dragon.event.contagion": "contagion_release",
}


def situations(state: DragonState) -> frozenset[str]:
    """The names of the edge cases the current decision is in (empty when none applies)."""
    name, seat = step(state), state.current
    if name is None or seat is None:
        return frozenset()
    player = state.players[seat]
    found: set[str] = set()
    if name in _PLACING and all(p.room <= 0 for p in player.palaces):
        found.add("palaces_full")
    if name == "release" and state.tasks:
        task_case = _TASK_SITUATIONS.get(state.tasks[0].rule_id)
        if task_case:
            found.add(task_case)
    if name == "card" and any(not _tiles_left(state, card) for card in player.cards):
        found.add("tile_gone")
    if name == "group" and any(
        group_cost(state, g) > player.yuan for g in range(len(state.groups)) if state.dragons[g]
    ):
        found.add("occupied_unaffordable")
    return frozenset(found)


def _tiles_left(state: DragonState, card: str) -> bool:
    return any(state.supply[t] > 0 for t in RULES.tile_ids if card == WILD or t.startswith(card + ":"))
