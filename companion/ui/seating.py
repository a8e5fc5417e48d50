"""The seats of a new table or a logged play, linked to the group's remembered players: the
player picked, else the one of that name, else a new player remembered now.

New table (views/setup.py) and "Log this play" (ui/log_play.py) both link their seats here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from companion.store import StoreError
from companion.store.players import clean_name

if TYPE_CHECKING:
    from companion.ui.repos import PlayersRepo


def seat_players(players: PlayersRepo, seats: list[dict[str, Any]]) -> list[str | None]:
    """The player id of each seat: the remembered player picked or of that name, or a new one
    remembered now with the seat's colour. A blank seat ("Player 2") stays unlinked.

    StoreError for a name the player list refuses (nothing is remembered then)."""
    wanted = [(s.get("player_id"), (s["name"] or "").strip(), s["color"]) for s in seats]
    who = [picked or (clean_name(name).casefold() if name else None) for picked, name, _ in wanted]
    named = [w for w in who if w]
    if len(set(named)) != len(named):  # checked first: nothing is remembered for a refused table
        raise StoreError("ui.setup.same_player_twice")
    ids: list[str | None] = []
    for picked, name, colour in wanted:
        if picked is not None:
            ids.append(picked)
        elif not name:
            ids.append(None)
        else:
            found = players.find(name)
            ids.append(found.id if found else players.create(name, colour).id)
    return ids
