"""An operator's look after a hosted server's spaces: what each holds (``companion spaces
list``), and deleting the abandoned ones (``companion spaces prune``).

Every browser that opens a hosted server gets a space, bots and one-time visitors too. A space
that holds nothing (no table, no player, no play) and that no server used for days is
abandoned: deleting it loses nothing, and its key (if a browser still has it) is refused, which
makes that browser a new space. A space holding anything is never pruned, however old.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from companion.store.spaces import Spaces

DAY = 86400.0
LEAST_DAYS = 1.0  # a younger space may be a visitor's first minutes, before their first table


@dataclass(frozen=True)
class SpaceRow:
    """One space, as an operator sees it (its id is public; no secret)."""

    id: str
    created: float  # seconds since 1970
    last_used: float
    tables: int
    players: int
    plays: int
    bytes: int

    @property
    def empty(self) -> bool:
        return not (self.tables or self.players or self.plays)


def space_row(spaces: Spaces, space_id: str, created: float, last_used: float) -> SpaceRow:
    """What the space holds; a space whose store was never made is read as empty, not made."""
    if not spaces.made(space_id):
        return SpaceRow(space_id, created, last_used, 0, 0, 0, 0)
    store = spaces.store(space_id)
    try:
        tables, players, plays = store.holdings()
        size = store.usage().bytes
    finally:
        spaces.release(space_id)  # one at a time: thousands of spaces, a few open files
    return SpaceRow(space_id, created, last_used, tables, players, plays, size)


def space_rows(spaces: Spaces) -> list[SpaceRow]:
    """Every space, oldest first."""
    return [space_row(spaces, *listed) for listed in spaces.listed()]


def prune(
    spaces: Spaces, older_than_days: float, *, dry_run: bool = False, now: float | None = None
) -> list[str]:
    """Delete the spaces holding nothing and unused for ``older_than_days`` (at least
    LEAST_DAYS); the ids deleted (with ``dry_run``: the ids that would be, none deleted)."""
    if older_than_days < LEAST_DAYS:
        raise ValueError(f"older_than_days must be at least {LEAST_DAYS:g}")
    cutoff = (time.time() if now is None else now) - older_than_days * DAY
    gone = []
    for space_id, created, last_used in spaces.listed():
        if last_used >= cutoff or not space_row(spaces, space_id, created, last_used).empty:
            continue
        # unused_since: a server that used it meanwhile (a new table a moment ago) keeps it
        if dry_run or spaces.delete(space_id, unused_since=cutoff):
            gone.append(space_id)
    return gone
