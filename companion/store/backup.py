"""A whole-store backup file and its restore.

The backup holds every table (as its table file, with when each entry was made), the player
list, the seat links and the play log. Restore checks all of it first: every table is
replayed with every check, every play of a table must be what its table scores, every link
must name a stored player and seat. Only then, and only into an empty store or with
``replace=True``, is the store replaced, in one transaction.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.core.limits import InputLimitError, Limits, load_json
from companion.core.table import Table, TableError
from companion.plays import PlayRecord, record
from companion.store.plays_rows import insert_play

if TYPE_CHECKING:
    from companion.store.sqlite_store import Store

BACKUP_FORMAT: Final = "table-companion/backup"
BACKUP_VERSION: Final = 1
# A backup holds many tables; each table inside is checked against the table-file limits.
BACKUP_LIMITS = Limits(max_chars=500_000_000, max_values=100_000_000)


class BackupPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=24)
    color: str | None = None
    note: str = Field("", max_length=80)
    created: str = Field(max_length=64)


class BackupTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: dict[str, Any]  # the table file (docs/FORMAT.md), checked by replaying it
    updated: str = Field(max_length=64)
    times: list[str | None] = []  # when each entry in force was made (None: not known)


class BackupLink(BaseModel):
    model_config = ConfigDict(extra="forbid")

    table_id: str = Field(max_length=64)
    seat: int = Field(ge=0, le=7)
    player_id: str = Field(max_length=64)


class Backup(BaseModel):
    model_config = ConfigDict(extra="forbid", title="Table Companion store backup")

    format: Literal["table-companion/backup"]
    version: Literal[1]
    created: str = Field(max_length=64)
    players: list[BackupPlayer] = []
    tables: list[BackupTable] = []
    links: list[BackupLink] = []
    plays: list[PlayRecord] = []


def backup_json(store: Store) -> str:
    """The backup file's text of the whole store. A damaged table stops it (salvage it first)."""
    players = [
        BackupPlayer(id=r[0], name=r[1], color=r[2], note=r[3], created=r[4])
        for r in store._read("SELECT id, name, color, note, created FROM players ORDER BY created, id")
    ]
    tables = []
    for info in store.list():
        file = json.loads(store.export_json(info.id))  # DamagedTable if it cannot be rebuilt
        times = [
            r[0]
            for r in store._read(
                "SELECT at FROM entries WHERE table_id = ? AND undone = 0 ORDER BY seq", (info.id,)
            )
        ]
        tables.append(BackupTable(file=file, updated=info.updated, times=times))
    links = [
        BackupLink(table_id=r[0], seat=r[1], player_id=r[2])
        for r in store._read("SELECT table_id, seat, player_id FROM seat_links ORDER BY table_id, seat")
    ]
    data = Backup(
        format=BACKUP_FORMAT,
        version=BACKUP_VERSION,
        created=datetime.now(UTC).isoformat(timespec="seconds"),
        players=players,
        tables=tables,
        links=links,
        plays=store.plays(figures=True),
    )
    return json.dumps(data.model_dump(mode="json"), ensure_ascii=False)


def read_backup(text: str | bytes) -> tuple[Backup, list[Table]]:
    """The backup and its tables rebuilt, every part checked; StoreError saying what is wrong."""
    from companion.store.sqlite_store import StoreError

    try:
        raw = load_json(text, BACKUP_LIMITS)
    except InputLimitError as exc:
        raise StoreError("plays.backup.over_limit", detail=exc.msg) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise StoreError("plays.backup.not_json", detail=str(exc)) from exc
    if not isinstance(raw, dict) or raw.get("format") != BACKUP_FORMAT:
        found = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise StoreError("plays.backup.foreign", found=str(found))
    try:
        backup = Backup.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise StoreError("plays.backup.damaged", detail=f"{where}: {err.get('msg', '')}") from exc
    tables = []
    for n, item in enumerate(backup.tables, 1):
        try:
            tables.append(Table.from_dict(item.file))
        except TableError as exc:
            raise StoreError("plays.backup.bad_table", n=n, detail=exc.msg) from exc
    _check_refs(backup, tables)
    return backup, tables


def _check_refs(backup: Backup, tables: list[Table]) -> None:
    from companion.store.sqlite_store import StoreError

    by_id = {t.id: t for t in tables}
    if len(by_id) != len(tables):
        raise StoreError("plays.backup.twice_table")
    players = {p.id for p in backup.players}
    if len(players) != len(backup.players) or len({p.name.casefold() for p in backup.players}) != len(
        players
    ):
        raise StoreError("plays.backup.twice_player")
    for link in backup.links:
        table = by_id.get(link.table_id)
        if table is None or link.seat >= len(table.players) or link.player_id not in players:
            raise StoreError("plays.backup.bad_link", table=link.table_id, seat=link.seat + 1)
    if len({p.id for p in backup.plays}) != len(backup.plays):
        raise StoreError("plays.backup.twice_play")
    for play in backup.plays:
        if any(s.player_id is not None and s.player_id not in players for s in play.seats):
            raise StoreError("plays.backup.bad_play", id=play.id)
        if not _consistent(play):
            raise StoreError("plays.backup.bad_play", id=play.id)
        if play.table_id is None:
            continue
        table = by_id.get(play.table_id)
        if table is None:
            raise StoreError("plays.backup.bad_play", id=play.id)
        again = record(table)
        if not table.finished or [(s.name, s.score, s.winner) for s in again.seats] != [
            (s.name, s.score, s.winner) for s in play.seats
        ]:
            raise StoreError("plays.backup.bad_play", id=play.id)


def _consistent(play: PlayRecord) -> bool:
    """Seats in order, a winner with the best score, and no better place for a lower score."""
    seats = play.seats
    best = max(s.score for s in seats)
    by_place = sorted(seats, key=lambda s: s.place)
    return (
        [s.seat for s in seats] == list(range(len(seats)))
        and any(s.winner for s in seats)
        and all(s.score == best and s.place == 1 for s in seats if s.winner)
        and all(a.score >= b.score for a, b in pairwise(by_place))
    )


def restore(store: Store, text: str | bytes, *, replace: bool = False) -> tuple[int, int, int]:
    """Replace the store's contents with a backup's: (tables, plays, players) restored.

    Nothing is changed when the backup is damaged, or when the store holds anything and
    ``replace`` is False (StoreError says how much would be replaced).
    """
    from companion.store.sqlite_store import StoreError

    backup, tables = read_backup(text)
    held = store._read(
        "SELECT (SELECT COUNT(*) FROM tables), (SELECT COUNT(*) FROM plays), (SELECT COUNT(*) FROM players)"
    )[0]
    if any(held) and not replace:
        raise StoreError("plays.restore.would_replace", tables=held[0], plays=held[1], players=held[2])
    statements: list[tuple[str, tuple[Any, ...]]] = [
        ("DELETE FROM plays", ()),
        ("DELETE FROM seat_links", ()),
        ("DELETE FROM entries", ()),
        ("DELETE FROM tables", ()),
        ("DELETE FROM players", ()),
    ]
    statements += [
        (
            "INSERT INTO players (id, name, name_key, color, note, created) VALUES (?, ?, ?, ?, ?, ?)",
            (p.id, p.name, p.name.casefold(), p.color, p.note, p.created),
        )
        for p in backup.players
    ]
    for item, table in zip(backup.tables, tables, strict=True):
        statements += store._table_rows(table, updated=item.updated, times=item.times)
        statements.append(store._checkpoint_row(table))  # opened without a replay, as a created table
    statements += [
        (
            "INSERT INTO seat_links (table_id, seat, player_id) VALUES (?, ?, ?)",
            (x.table_id, x.seat, x.player_id),
        )
        for x in backup.links
    ]
    logged = {p.table_id for p in backup.plays}
    plays = backup.plays + [record(t, started=t.created) for t in tables if t.finished and t.id not in logged]
    for play in plays:
        statements += insert_play(play)
    store._write(*statements)
    return len(tables), len(plays), len(backup.players)
