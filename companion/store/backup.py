"""A whole-store backup file and its restore.

The backup holds every table (as its table file, with when each entry was made), the player
list, the seat links and the play log. Restore checks all of it first: the file's size before
it is read, its checksum, every field with strict types (no control characters in any text,
numbers a SQLite integer and a sum of them hold, colours of the palette, real ISO times, known
games), every table replayed with every check, every play of a table equal to what its table
scores, one play per table, one player per play, every link to a stored player and seat. Only
then, and only into an empty store or with ``replace=True``, is the store replaced, in one
transaction. docs/FORMAT.md ("Store backup") lists the rules.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, ValidationError
from pydantic_core import PydanticCustomError

from companion.core.limits import InputLimitError, Limits, has_unsafe, load_json, shown
from companion.core.memory import replaying
from companion.core.msg import Msg, msg
from companion.core.reasons import first_reason
from companion.core.registry import UnknownGame, get
from companion.core.table import MAX_LOG, PLAYER_COLORS, Table, TableError
from companion.i18n import local_day
from companion.plays import PlayRecord, record
from companion.plays.models import Figure, PlaySeat
from companion.plays.record import final_seats, stored_as_a_day
from companion.store.plays_rows import insert_play

if TYPE_CHECKING:
    from companion.store.sqlite_store import Store

BACKUP_FORMAT: Final = "table-companion/backup"
# 2 adds the checksum; a version 1 file (written before it) is still read, without one. 3: the
# plays say which are known by their day alone (schema 9); an older file's are taken as the store's
# migration takes them (plays.record.stored_as_a_day). 4: a seat's score may be null (schema 10, a
# play logged with its winners alone); a backup without such a play is still written as version 3,
# so an older version reads it, and one with such a play is refused by it as too new, clearly.
BACKUP_VERSION: Final = 4
SCORED_VERSION: Final = 3  # the version written when every play has its scores
# A file over this is refused before it is read (a five-player game is about 50 KB of JSON).
MAX_BACKUP_BYTES: Final = 200_000_000
# A backup holds many tables; each table inside is checked against the table-file limits.
BACKUP_LIMITS = Limits(max_chars=MAX_BACKUP_BYTES, max_values=100_000_000)
# Every score, figure and length: far inside SQLite's signed 64 bits, and so is any sum of them
# over fewer than nine billion rows (the statistics add them up).
MAX_NUMBER: Final = 10**9
MAX_COLOUR = 32  # a table file's own colour name (a snapshot code carries at most 32 bytes)
_CHECKSUM = "sha256:"


# ---- field types: each refuses with an error type that _why turns into a translated reason ----
def _text(value: str) -> str:
    if has_unsafe(value):
        raise PydanticCustomError("backup_control", "text with control or direction characters")
    return value


def _folded(value: str) -> str:
    """A name or note as the store keeps it: spaces folded (the player list never holds others)."""
    if " ".join(_text(value).split()) != value:
        raise PydanticCustomError("backup_spaces", "spaces the app would have folded")
    return value


def _palette(value: str) -> str:
    if value not in PLAYER_COLORS:
        raise PydanticCustomError("backup_colour", "not a colour of the palette")
    return value


def _time(value: str) -> str:
    """An ISO 8601 date or time, given back in UTC (a time without a zone is taken as UTC)."""
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        return when.astimezone(UTC).isoformat()
    except (ValueError, OverflowError):
        raise PydanticCustomError("backup_time", "not an ISO 8601 date and time") from None


Text = Annotated[str, AfterValidator(_text)]
Id = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(_text)]
Time = Annotated[str, Field(max_length=64), AfterValidator(_time)]
Number = Annotated[StrictInt, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]
Colour = Annotated[str, AfterValidator(_palette)]


class BackupPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    id: Id
    name: Annotated[str, Field(min_length=1, max_length=24), AfterValidator(_folded)]
    color: Colour | None = None
    note: Annotated[str, Field(max_length=80), AfterValidator(_folded)] = ""
    created: Time


class BackupTable(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    file: dict[str, Any]  # the table file (docs/FORMAT.md), checked by replaying it
    updated: Time
    times: list[Time | None] = Field([], max_length=MAX_LOG)  # when each entry in force was made


class BackupLink(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    table_id: Id
    seat: int = Field(ge=0, le=7)
    player_id: Id


class BackupSeat(PlaySeat):
    """A play's seat as a backup may hold it: the log's model, with its text and numbers bounded."""

    name: Annotated[str, Field(min_length=1, max_length=24), AfterValidator(_folded)]
    color: Annotated[str, Field(max_length=MAX_COLOUR), AfterValidator(_text)] | None = None
    player_id: Id | None = None
    score: Number | None  # None: not known (version 4), every seat of the play alike


class BackupFigure(Figure):
    name: Annotated[str, Field(min_length=1, max_length=32), AfterValidator(_text)]
    key: Annotated[str, Field(max_length=48), AfterValidator(_text)] = ""
    value: Number


class BackupPlay(PlayRecord):
    id: Id
    table_id: Id | None = None
    game: Annotated[str, Field(max_length=32), AfterValidator(_text)]
    date: Time
    started: Time | None = None
    seconds: Annotated[StrictInt, Field(ge=0, le=MAX_NUMBER)] | None = None
    # The narrower seat and figure types are instances of the log's (the store writes them as such).
    seats: list[BackupSeat] = Field(min_length=1, max_length=8)  # type: ignore[assignment]
    tie_break: Annotated[str, Field(max_length=64), AfterValidator(_text)] | None = None
    figures: list[BackupFigure] = Field([], max_length=2_000)  # type: ignore[assignment]


class Backup(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, title="Table Companion store backup")

    format: Literal["table-companion/backup"]
    version: Annotated[StrictInt, Field(ge=1, le=BACKUP_VERSION)]
    checksum: str | None = None  # checked before the model (_check_version)
    created: Time
    players: list[BackupPlayer] = []
    tables: list[BackupTable] = []
    links: list[BackupLink] = []
    plays: list[BackupPlay] = []


# ---- writing --------------------------------------------------------------------------------
def checksum(data: dict[str, Any]) -> str:
    """The checksum of a backup's data: SHA-256 of its canonical JSON without the checksum field
    (keys sorted, no spaces, ASCII), so it does not depend on how the file was spaced or escaped."""
    body = {k: v for k, v in data.items() if k != "checksum"}
    canonical = json.dumps(body, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    return _CHECKSUM + hashlib.sha256(canonical.encode("ascii")).hexdigest()


def signed_json(data: dict[str, Any]) -> str:
    """A backup's data as the file's text, with its checksum."""
    return json.dumps({**data, "checksum": checksum(data)}, ensure_ascii=False)


def backup_json(store: Store) -> str:
    """The backup file's text of the whole store. A damaged table stops it (salvage it first)."""
    players = [
        {"id": r[0], "name": r[1], "color": r[2], "note": r[3], "created": r[4]}
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
        tables.append({"file": file, "updated": info.updated, "times": times})
    links = [
        {"table_id": r[0], "seat": r[1], "player_id": r[2]}
        for r in store._read("SELECT table_id, seat, player_id FROM seat_links ORDER BY table_id, seat")
    ]
    plays = store.plays(figures=True)
    return signed_json(
        {
            "format": BACKUP_FORMAT,
            "version": BACKUP_VERSION if any(not p.scored for p in plays) else SCORED_VERSION,
            "created": datetime.now(UTC).isoformat(timespec="seconds"),
            "players": players,
            "tables": tables,
            "links": links,
            "plays": [p.model_dump(mode="json") for p in plays],
        }
    )


# ---- reading --------------------------------------------------------------------------------
def read_backup_file(path: str | Path) -> bytes:
    """A backup file's bytes, read only when it is within MAX_BACKUP_BYTES (StoreError if not).

    The size is checked before anything is read, and the read stops one byte past the limit, so
    a file that grows meanwhile (or a device that reports no size) is never read whole either.
    OSError when the file cannot be opened or read.
    """
    from companion.store.sqlite_store import StoreError

    with Path(path).open("rb") as f:
        if os.fstat(f.fileno()).st_size > MAX_BACKUP_BYTES:
            raise StoreError("plays.backup.too_big", limit=MAX_BACKUP_BYTES // 1_000_000)
        data = f.read(MAX_BACKUP_BYTES + 1)
    if len(data) > MAX_BACKUP_BYTES:
        raise StoreError("plays.backup.too_big", limit=MAX_BACKUP_BYTES // 1_000_000)
    return data


# Told (tables checked so far, tables in the backup) while a backup is checked: a screen's progress.
Progress = Callable[[int, int], None]


def read_backup(text: str | bytes, progress: Progress | None = None) -> tuple[Backup, list[Table]]:
    """The backup and its tables rebuilt, every part checked; StoreError saying what is wrong.
    ``progress`` hears after each table replayed (the replays are most of the time)."""
    from companion.store.sqlite_store import StoreError

    if len(text) > MAX_BACKUP_BYTES:
        raise StoreError("plays.backup.too_big", limit=MAX_BACKUP_BYTES // 1_000_000)
    try:
        raw = load_json(text, BACKUP_LIMITS)
    except InputLimitError as exc:
        raise StoreError("plays.backup.over_limit", detail=exc.msg) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise StoreError("plays.backup.not_json", detail=str(exc)) from exc
    if not isinstance(raw, dict) or raw.get("format") != BACKUP_FORMAT:
        found = raw.get("format") if isinstance(raw, dict) else type(raw).__name__
        raise StoreError("plays.backup.foreign", found=str(found))
    _check_version(raw)
    _half_scored(raw)
    try:
        backup = _days_known(Backup.model_validate(raw, strict=True))
    except ValidationError as exc:
        raise StoreError("plays.backup.damaged", detail=_why(exc)) from exc
    tables = []
    if progress is not None:
        progress(0, len(backup.tables))
    with replaying():  # the replays' states all stay alive: a collection in between frees nothing
        tables = _replayed(backup, progress)
    _check_refs(backup, tables)
    return backup, tables


def _days_known(backup: Backup) -> Backup:
    """A backup written before version 3 did not say which plays are known by their day alone:
    restored as they were, a Quick score play for a past day showed a time nobody recorded."""
    if backup.version >= 3:
        return backup
    plays = [p.model_copy(update={"day_only": stored_as_a_day(p.source, p.date)}) for p in backup.plays]
    return backup.model_copy(update={"plays": plays})


def _replayed(backup: Backup, progress: Progress | None) -> list[Table]:
    """Every table of the backup replayed with every check (StoreError naming the first bad one)."""
    from companion.store.sqlite_store import StoreError

    tables = []
    for n, item in enumerate(backup.tables, 1):
        try:
            table = Table.from_dict(item.file)
        except TableError as exc:
            raise StoreError("plays.backup.bad_table", n=n, detail=exc.msg) from exc
        for seat, player in enumerate(table.players):  # a table file's colour is any short name
            if player.color is not None and (len(player.color) > MAX_COLOUR or has_unsafe(player.color)):
                why = msg("plays.backup.why.control", where=f"players.{seat}.color")
                raise StoreError("plays.backup.bad_table", n=n, detail=why)
        table.drop_history()  # checked: its final state and log are all a restore needs
        tables.append(table)
        if progress is not None:
            progress(n, len(backup.tables))
    return tables


def _half_scored(raw: dict[str, Any]) -> None:
    """A play where some seats have a score and others none (null) is refused by its day, game
    and id, naming a seat of each kind: the log keeps every seat's score or none (a play known by
    its winners alone, version 4), and the model's own refusal named neither the play nor the seats."""
    from companion.core.registry import installed
    from companion.store.sqlite_store import StoreError

    plays = raw.get("plays")
    for play in plays if isinstance(plays, list) else []:
        seats = play.get("seats") if isinstance(play, dict) else None
        if not isinstance(seats, list) or not all(isinstance(x, dict) and "score" in x for x in seats):
            continue  # the model says what is wrong with it
        unscored = [x for x in seats if x["score"] is None]
        if not unscored or len(unscored) == len(seats):
            continue
        scored = next(x for x in seats if x["score"] is not None)
        game = str(play.get("game", "?"))
        detail = msg(
            "plays.backup.why.half_scored",
            day=_play_day(raw, play),
            game=msg(f"{game}.title") if game in installed() else shown(game, 32),
            id=shown(str(play.get("id", "?")), 64),
            scored=shown(str(scored.get("name", "?")), 24),
            unscored=shown(str(unscored[0].get("name", "?")), 24),
        )
        raise StoreError("plays.backup.damaged", detail=detail)


def _play_day(raw: dict[str, Any], play: dict[str, Any]) -> str:
    """The day a backup's play is shown by in the play log (YYYY-MM-DD): the day its stored UTC
    time falls on on this device's clock, or, for a play known by its day alone, that day (its
    stored noon UTC); the file's text, cut short, when it is no time."""
    date = play.get("date")
    if not isinstance(date, str):
        return "?"
    day_only = play.get("day_only")
    version = raw.get("version")
    if day_only is None and not (type(version) is int and version >= 3):  # not written before 3
        day_only = stored_as_a_day(str(play.get("source", "")), date)
    return shown(local_day(date, day_only=day_only is True), 10)


def _check_version(raw: dict[str, Any]) -> None:
    """A version newer than this code's is refused as such; a checksum must match, and from
    version 2 on there must be one. Any other version (``true``, ``1.0``, 0) is left to the
    model, which names it."""
    from companion.store.sqlite_store import StoreError

    version = raw.get("version")
    if type(version) is int and version > BACKUP_VERSION:
        raise StoreError("plays.backup.too_new", found=version, known=BACKUP_VERSION)
    if "checksum" in raw:  # whatever the version says: it covers the version too
        if raw["checksum"] != checksum(raw):
            raise StoreError("plays.backup.checksum")
    elif type(version) is int and version >= 2:
        raise StoreError("plays.backup.damaged", detail=msg("plays.backup.why.missing", where="checksum"))
    # Version 1 was written before the checksum: every other check still applies to it.


# Pydantic's error types -> the reason a player reads, in their language.
_REASONS = {
    "backup_control": "plays.backup.why.control",
    "backup_spaces": "plays.backup.why.spaces",
    "backup_colour": "plays.backup.why.colour",
    "backup_time": "plays.backup.why.time",
    "greater_than_equal": "plays.backup.why.range",
    "less_than_equal": "plays.backup.why.range",
    "greater_than": "plays.backup.why.range",
    "less_than": "plays.backup.why.range",
    "missing": "plays.backup.why.missing",
    "extra_forbidden": "plays.backup.why.extra",
    "string_too_long": "plays.backup.why.too_long",
    "string_too_short": "plays.backup.why.empty",
    "too_long": "plays.backup.why.too_long",
    "too_short": "plays.backup.why.empty",
}


def _why(exc: ValidationError) -> Msg:
    """The first error as one translated reason, naming where it is (``plays.3.seats.0.name``)."""
    return first_reason(exc, _REASONS, "plays.backup.why.kind", "plays.backup.why.other")


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
    seats: set[tuple[str, int]] = set()
    linked: set[tuple[str, str]] = set()  # one player, one seat of a table
    for link in backup.links:
        table = by_id.get(link.table_id)
        if table is None or link.seat >= len(table.players) or link.player_id not in players:
            raise StoreError("plays.backup.bad_link", table=link.table_id, seat=link.seat + 1)
        if (link.table_id, link.seat) in seats:
            raise StoreError("plays.backup.twice_link", table=link.table_id)
        if (link.table_id, link.player_id) in linked:
            raise StoreError("plays.backup.twice_at_table", table=link.table_id)
        seats.add((link.table_id, link.seat))
        linked.add((link.table_id, link.player_id))
    if len({p.id for p in backup.plays}) != len(backup.plays):
        raise StoreError("plays.backup.twice_play")
    of_table: set[str] = set()
    for play in backup.plays:
        _check_play(play, players)
        if play.table_id is None:
            continue
        if play.table_id in of_table:  # the store keeps one play per table: the report would lie
            raise StoreError("plays.backup.two_plays", table=play.table_id)
        of_table.add(play.table_id)
        table = by_id.get(play.table_id)
        if table is None or table.game_id != play.game:
            raise StoreError("plays.backup.bad_play", id=play.id)
        if not table.finished or [(s.name, s.color, s.score, s.winner) for s in final_seats(table)] != [
            (s.name, s.color, s.score, s.winner) for s in play.seats
        ]:
            raise StoreError("plays.backup.bad_play", id=play.id)


def _check_play(play: BackupPlay, players: set[str]) -> None:
    """One play on its own: a known game and its options, linked players that exist, each once."""
    from companion.store.sqlite_store import StoreError

    try:
        game = get(play.game)
    except UnknownGame as exc:
        raise StoreError("plays.backup.unknown_game", id=play.id, game=play.game) from exc
    try:
        game.options_model.model_validate(play.options)
    except ValidationError as exc:
        raise StoreError("plays.backup.bad_play", id=play.id) from exc
    ids = [s.player_id for s in play.seats if s.player_id is not None]
    if any(p not in players for p in ids):
        raise StoreError("plays.backup.bad_play", id=play.id)
    if len(set(ids)) != len(ids):
        raise StoreError("plays.backup.twice_in_play", id=play.id)
    if play.source == "calculator" and any(
        s.color is not None and s.color not in PLAYER_COLORS for s in play.seats
    ):
        raise StoreError("plays.backup.bad_play", id=play.id)
    if not _consistent(play):
        raise StoreError("plays.backup.bad_play", id=play.id)


def _utc(text: str) -> str | None:
    """A table file's creation time in UTC (a file may give it without a zone), None if unreadable."""
    try:
        return _time(text)
    except PydanticCustomError:
        return None


def _consistent(play: PlayRecord) -> bool:
    """Seats in order, a winner with the best score, and no better place for a lower score; a
    play without scores (the model checks: none or all) has its winners in first place."""
    seats = play.seats
    if not play.scored:
        return (
            [s.seat for s in seats] == list(range(len(seats)))
            and any(s.winner for s in seats)
            and all(s.place == 1 for s in seats if s.winner)
            and all(f.seat is None or f.seat < len(seats) for f in play.figures)
        )
    best = max(s.score for s in seats if s.score is not None)
    by_place = sorted(seats, key=lambda s: s.place)
    return (
        [s.seat for s in seats] == list(range(len(seats)))
        and any(s.winner for s in seats)
        and all(s.score == best and s.place == 1 for s in seats if s.winner)
        and all(a.score >= b.score for a, b in pairwise(by_place))  # type: ignore[operator]
        and all(f.seat is None or f.seat < len(seats) for f in play.figures)
    )


def restore(store: Store, text: str | bytes, *, replace: bool = False) -> tuple[int, int, int]:
    """Replace the store's contents with a backup's: (tables, plays, players) restored.

    Nothing is changed when the backup is damaged, or when the store holds anything and
    ``replace`` is False (StoreError says how much would be replaced).
    """
    return restore_checked(store, *read_backup(text), replace=replace)


def restore_checked(
    store: Store, backup: Backup, tables: list[Table], *, replace: bool = False
) -> tuple[int, int, int]:
    """``restore`` of what ``read_backup`` returned: the app checks a backup once, shows what
    it holds, and restores that very check after the player's confirm."""
    from companion.store.sqlite_store import StoreError

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
    plays: list[PlayRecord] = [*backup.plays]
    for t in tables:
        if t.finished and t.id not in logged:
            plays.append(record(t, started=_utc(t.created)))  # replays its log once more
            t.drop_history()
    for play in plays:
        statements += insert_play(play)
    store._admit(len(tables), statements, replacing=True)
    store._write(*statements)
    return len(tables), len(plays), len(backup.players)
