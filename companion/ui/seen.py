"""The table's player views as the screens ask for them: made once per table version and seat,
and shared by every session showing the table (a screen asks for one per history line)."""

from __future__ import annotations

from companion.core import PlayerView, Table

# (table id, seat) -> (the state it was made for, the view). A version is identified by its state
# object; one entry per open table and seat, so the cache never grows past the open tables.
_VIEWS: dict[tuple[str, int | None], tuple[object, PlayerView]] = {}


def seen_by(table: Table, seat: int | None) -> PlayerView:
    """``table.view(seat)``, once per version of ``table``."""
    key, state = (table.id, seat), table.state
    hit = _VIEWS.get(key)
    if hit is not None and hit[0] is state:
        return hit[1]
    view = table.view(seat)
    _VIEWS[key] = (state, view)
    return view
