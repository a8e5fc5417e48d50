"""Questions about the ring of flood cards and the privileges, shared by rules and prompts."""

from __future__ import annotations

from companion.games.dayu.data import DATA
from companion.games.dayu.state import DayuState, Place, Privilege

SPACES = DATA.spaces_per_flood_card


def free_spaces(place: Place) -> int:
    """Empty flooded spaces on the card at this place (0 for an empty place)."""
    return 0 if place.card is None else SPACES - place.tokens


def neighbours(state: DayuState, at: int) -> list[int]:
    """The places holding a flood card next to ``at`` on each side of the circle.

    An empty place (its card taken when the flood pile had run out) is skipped, so the
    circle closes over the gap.
    """
    size = len(state.ring)
    found: set[int] = set()
    for step in (1, -1):
        j = at
        for _ in range(size - 1):
            j = (j + step) % size
            if state.ring[j].card is not None:
                if j != at:
                    found.add(j)
                break
    return sorted(found)


def privilege_left(state: DayuState, kind: Privilege) -> int:
    """Uses left this turn: one per flood card of that kind owned, minus the uses made."""
    return state.owned(kind) - state.used.get(kind, 0)


def drain_targets(state: DayuState) -> list[int]:
    """Places where one more token can go (for the Free Tool privilege)."""
    if state.supply <= 0:
        return []
    return [i for i, place in enumerate(state.ring) if free_spaces(place) > 0]


def marker_place(state: DayuState) -> Place | None:
    marker = state.seat.marker
    return None if marker is None else state.ring[marker]


def can_start_drain(state: DayuState) -> bool:
    place = marker_place(state)
    return place is not None and free_spaces(place) > 0 and state.supply > 0


def privilege_usable(state: DayuState) -> bool:
    """Whether any privilege could still be used this turn."""
    seat = state.seat
    if privilege_left(state, "free_move") > 0 and seat.marker is not None and neighbours(state, seat.marker):
        return True
    if privilege_left(state, "free_flip") > 0 and seat.hand:
        return True
    return privilege_left(state, "free_tool") > 0 and bool(drain_targets(state))


def distinct_cards(state: DayuState) -> list[int]:
    """Hand indices, one per distinct (frame, side): identical cards are one choice."""
    seen: set[tuple[str, str]] = set()
    out = []
    for i, card in enumerate(state.seat.hand):
        if (card.frame, card.side) not in seen:
            seen.add((card.frame, card.side))
            out.append(i)
    return out
