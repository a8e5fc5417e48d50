"""The host's rules for entries arriving from live-share clients (no Flet, no I/O).

The host holds the only Table; a client session acts through an ``Access`` (viewer, or one
seat). ``authorize`` decides, under the table's lock, whether that client may make this entry
now: viewers never; a seat only for a prompt that is its own (table facts stay with the host);
and only against the state the client was shown (``stamp``), so an entry tapped on a stale
screen is refused instead of landing somewhere its player did not mean.
"""

from __future__ import annotations

import zlib
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.core import Table, TableError


class Access(BaseModel):
    """What a client session was granted by its link."""

    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    table_id: str
    token: str
    seat: int | None = None  # None: a viewer

    @property
    def is_viewer(self) -> bool:
        return self.seat is None


class LiveRefusal(TableError):
    """An entry from a client that the host refuses (``msg`` says why, in ``live.`` keys)."""


def stamp(table: Table) -> str:
    """The table's version as a client saw it: entry count plus a checksum of the last entry,
    so an undo followed by a different entry is not mistaken for the same state."""
    last = table.entries[-1].model_dump_json() if table.entries else ""
    return f"{table.version}:{zlib.crc32(last.encode()):08x}"


def may_see(access: Access | None, seat: int) -> bool:
    """May this session open ``seat``'s private view (``Table.view(seat)``, e.g. a tap on the
    player's card)? The host's shared screen may, for any seat (a player taps their own card);
    a seat link only for its own seat; a viewer never. What the view holds is the game's
    business (its ``player_view``)."""
    return access is None or access.seat == seat


def may_act(access: Access | None, seat: int | None, seats: tuple[int, ...] = ()) -> bool:
    """May this session enter a decision for a prompt of ``seat``, or, when that is None, of any
    of ``seats`` (players keeping the cards they dealt themselves)? Neither: a table fact."""
    if access is None:
        return True
    if seat is not None:
        return access.seat == seat
    return access.seat is not None and access.seat in seats


def authorize(access: Access, table: Table, entry: Any, seen: str | None) -> Any:
    """The parsed entry if ``access`` may submit it now; else raise LiveRefusal."""
    if access.table_id != table.id:
        raise LiveRefusal("live.refused.other_table")
    if access.is_viewer:
        raise LiveRefusal("live.refused.viewer")
    if seen is None or seen != stamp(table):
        raise LiveRefusal("live.refused.stale")
    prompt = table.prompt
    if prompt is None:
        raise LiveRefusal("live.refused.over")
    if prompt.seat is None and access.seat not in prompt.seats:
        raise LiveRefusal("live.refused.table_fact")
    if prompt.seat is not None and prompt.seat != access.seat:
        raise LiveRefusal("live.refused.not_your_turn", player=table.players[prompt.seat].name)
    parsed = table.parse_entry(entry)
    if getattr(parsed, "seat", None) != access.seat:
        raise LiveRefusal("live.refused.other_seat")
    return parsed
