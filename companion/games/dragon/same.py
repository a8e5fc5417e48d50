"""Choices that come to the same thing: a player's palaces that only their place in the list
tells apart.

Two palaces with the same floors, the same persons and the same part in the pending losses
(a Drought's palaces already hit, an Earthquake's palace) are interchangeable: putting a person,
a floor, a loss or a quake in one or the other leads to the same game, its palaces listed in
another order. ``distinct`` keeps one choice of each such class, so a screen never asks a
question whose answers decide nothing (the first recruit's "which palace" while both palaces are
empty). The step machine is not changed: an entry naming either palace is still legal and replays
as before, so stored tables and snapshots that hold one keep their meaning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.dragon.state import DragonState

NEW = ("new",)  # a Floor on the next palace number: a new palace, unlike any standing one


def palace_key(state: DragonState, seat: int, palace: int | None) -> tuple[Any, ...] | None:
    """What tells ``seat``'s palace ``palace`` apart from their others (None: no palace, the
    newcomer let go; NEW: a palace still to build)."""
    if palace is None:
        return None
    palaces = state.players[seat].palaces
    if palace >= len(palaces):
        return NEW
    pal = palaces[palace]
    marks = tuple((palace in t.hit, t.palace == palace) for t in state.tasks if t.seat == seat)
    return (pal.floors, tuple(sorted(pal.persons)), marks)


def choice_key(state: DragonState, entry: Any) -> tuple[Any, ...]:
    """The entry with its palace number replaced by what that palace holds."""
    fields = entry.model_dump()
    seat = fields.get("seat")
    if "palace" in fields and seat is not None:
        fields["palace"] = palace_key(state, seat, fields["palace"])
    return tuple(sorted(fields.items(), key=lambda kv: kv[0]))


def distinct(state: DragonState, choices: Sequence[Any]) -> list[Any]:
    """The first choice of each class of interchangeable ones, in the prompt's order."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for c in choices:
        key = choice_key(state, c)
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out
