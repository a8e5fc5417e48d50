"""Plays brought in from another play logger (companion/plays/bgstats.py and bgg_import.py plan them),
written at once.

One transaction: the players to remember that the store does not know yet, then the plays, each
seat linked to the remembered player of its name. A play whose id the log already holds is left
as it is, so a second import of the same file adds nothing.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from companion.plays.models import PlayRecord
from companion.store.plays_rows import insert_play

if TYPE_CHECKING:
    from companion.plays.bgg_import import LogPrints
    from companion.plays.bgstats import ImportPlan


def known(store: Any) -> tuple[set[str], set[str]]:
    """The ids of the plays in the log and the name keys of the remembered players (an import's plan reads them)."""
    plays = {r[0] for r in store._read("SELECT id FROM plays")}
    return plays, {r[0] for r in store._read("SELECT name_key FROM players")}


def known_prints(store: Any) -> LogPrints:
    """How many of the log's plays have each fingerprint (game, day, names and scores): how a
    BoardGameGeek play is recognised when its id is not in the log (companion/plays/bgg_import.py)."""
    from companion.plays.bgg_import import log_prints

    return log_prints(store.plays())


def plan_bgg(store: Any, data: bytes) -> ImportPlan:
    """What a BoardGameGeek plays file would bring into ``store``'s log, nothing written yet (the
    CLI's import-bgg and the log's Import from BoardGameGeek both ask this)."""
    from companion.plays.bgg_import import plan_bgg_import

    return plan_bgg_import(data, *known(store), known_prints(store))


def import_plays(
    store: Any, plan: list[tuple[PlayRecord, list[str | None]]], names: dict[str, str]
) -> tuple[int, int]:
    """Add the planned plays (each with the name key to link at each seat, or None) and create the
    players ``names`` holds (name key -> name) that the store does not: (plays added, players created)."""
    from companion.store.sqlite_store import StoreError

    ids = [p.id for p, _ in plan]
    held: set[str] = set()
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        rows = store._read(f"SELECT id FROM plays WHERE id IN ({', '.join('?' * len(chunk))})", tuple(chunk))
        held |= {r[0] for r in rows}
    players = dict(store._read("SELECT name_key, id FROM players"))
    now = datetime.now(UTC).isoformat(timespec="seconds")
    statements: list[tuple[str, tuple[Any, ...]]] = []
    created = 0
    for key, name in names.items():
        if key not in players:
            players[key] = uuid.uuid4().hex
            created += 1
            statements.append(
                (
                    "INSERT INTO players (id, name, name_key, color, note, created) VALUES (?, ?, ?, ?, ?, ?)",
                    (players[key], name, key, None, "", now),
                )
            )
    added = 0
    for play, links in plan:
        if play.id in held:
            continue
        seats = [
            s.model_copy(update={"player_id": players.get(key) if key else None})
            for s, key in zip(play.seats, links, strict=True)
        ]
        statements += insert_play(play.model_copy(update={"seats": seats}))
        added += 1
    if statements:
        store._write(*statements, refused=StoreError("plays.link.changed"))
    return added, created
