"""Which logged entries are a player's decisions, per game, by entry kind (the review imports no
game: the kinds are the games' entry ``kind`` literals).

A decision is an entry of one of these kinds whose prompt offered more than one choice, or, for a
free-form kind (Chinatown's trade), one the table could have left out. Everything else is either a
fact of the components (the event row, the deals, the tiles drawn) that the review keeps fixed,
or a step with no choice.
"""

from __future__ import annotations

from typing import Any

# game id -> the entry kinds reviewed as decisions (issue 30)
DECISION_KINDS: dict[str, frozenset[str]] = {
    # action group picks (and taking no action), the action done, person picks and releases
    "dragon": frozenset(("group", "skip", "action", "pick", "release")),
    # building cards kept, each trade, each shop tile placed
    "chinatown": frozenset(("keep_buildings", "trade", "place_tile")),
    # drains, moves, flips and discards
    "dayu": frozenset(("drain", "move", "flip", "discard")),
}

# Free-form decisions (the prompt lists no choices): the alternative is to leave the entry out.
LEAVE_OUT_KINDS = frozenset(("trade",))


def decision_kinds(game_id: str) -> frozenset[str]:
    return DECISION_KINDS.get(game_id, frozenset())


def deciding_seats(entry: Any) -> tuple[int, ...]:
    """The seats a decision belongs to: its seat, or for a trade every party to it."""
    if entry.seat is not None:
        return (entry.seat,)
    gives = getattr(entry, "gives", None) or ()
    return tuple(sorted({s for g in gives for s in (g.giver, g.receiver)}))
