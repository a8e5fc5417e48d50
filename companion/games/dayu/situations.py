"""Edge cases a state of the game is in, for the rules lookup's "for this moment".

Each name matches the ``when`` of the clarifications in rules_data/dayu/lookup.<lang>.json.
"""

from __future__ import annotations

from companion.games.dayu.data import DATA
from companion.games.dayu.ring import free_spaces, marker_place
from companion.games.dayu.state import DayuState


def situations(state: DayuState) -> frozenset[str]:
    """The names of the edge cases the current step is in (empty when none applies)."""
    found: set[str] = set()
    most_tools = DATA.tools_per_face.high
    if state.phase in ("actions", "drain_tools"):
        place = marker_place(state)
        if place is not None and place.card is None:
            found.add("marker_on_gap")
        elif place is not None and free_spaces(place) < most_tools:
            found.add("card_may_not_fit")  # a face with more tools than free spaces cannot be played
        if state.supply < most_tools:
            found.add("supply_short")
    if state.phase == "draw" and any(n == 0 for n in state.piles.values()):
        found.add("empty_tool_pile")
    return frozenset(found)
