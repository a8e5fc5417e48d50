"""SQLite store: one row per table, one row per entry.

Each change of a table is committed before the table shows it (the store is the table's
Journal), so a crash or a killed app loses nothing a player saw. Undo only flags an entry;
undone entries stay until a new entry replaces them, and reopening a table restores its
redo stack too. WAL mode lets a viewer read while the host writes.

Every table row carries a revision, raised by each change of its log. A change is written only
if the revision is still the one this Store last saw for that Table object; otherwise another
connection (a second app, a second server on the same folder) changed it first, and the write
is refused with StoreConflict instead of overwriting acknowledged entries. SQLite failures (not
a database, read-only folder, disk full) become one StoreError with a clear message; a damaged
row makes its table "damaged" (listed, named, exportable as far as it can be read) without
hiding the others.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import uuid
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import groupby
from operator import itemgetter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from companion.core import Msg, Table, TableError, msg
from companion.core.limits import InputLimitError, check_shape, load_json
from companion.core.memory import settle
from companion.core.registry import UnknownGame
from companion.core.registry import get as get_game
from companion.core.table import FILE_FORMAT, FILE_VERSION
from companion.plays import record
from companion.store import checkpoint, figure_months, upkeep
from companion.store.connection import Connection, chosen_location, connect, is_url
from companion.store.insights_api import InsightsMixin
from companion.store.locations import LocationsMixin
from companion.store.players import PlayersMixin
from companion.store.plays_log import PlaysMixin
from companion.store.plays_rows import insert_play
from companion.store.plays_schema import PLAYS_SCHEMA

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    name     TEXT NOT NULL,
    created  TEXT NOT NULL,
    updated  TEXT NOT NULL,
    header   TEXT NOT NULL,            -- options and players, as JSON
    entries  INTEGER NOT NULL DEFAULT 0,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS entries (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,         -- 0-based position in the log
    body     TEXT NOT NULL,            -- the entry as JSON
    undone   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, seq)
);
"""
# PRAGMA user_version; 0: before tables.rev; 1: before players and plays; 2: before checkpoints;
# 3: before one seat per player, tables.unlogged and the Dragon losses counted per release;
# 4: before the figure sums kept by triggers; 5: before each player's figure sums kept by triggers;
# 6: before the indexes that page Home, the play log and the players (issue 27);
# 7: before a play's location and the remembered locations (issue 31); 8: before a play known by
# its day alone (plays.day_only); 9: before a seat's score may be unknown (play_seats.score NULL).
SCHEMA_VERSION = 10

WRITE_TRIES = 5  # a transaction PostgreSQL chose to end in a deadlock is run again, so often

# Each list a screen pages reads its first rows from an index, whatever the store holds.
PAGING_INDEXES = (
    "CREATE INDEX IF NOT EXISTS tables_by_state ON tables (finished, updated, created)",
    "CREATE INDEX IF NOT EXISTS tables_by_game ON tables (game, created, updated)",
    "CREATE INDEX IF NOT EXISTS plays_by_date ON plays (date DESC, id)",
)


@dataclass
class StoredLog:
    """What opening a table needs beside its file: the bodies of the entries in force, as
    stored, and the checkpoint column."""

    bodies: list[str]
    checkpoint: Any


class StoreError(TableError):
    """The store cannot do what was asked: not a database, read-only, disk full, a damaged table.

    A TableError, so every screen and the CLI that already show a TableError show this one.
    """


class StoreConflict(StoreError):
    """Another connection changed the table since this one read it; nothing was written."""


class DamagedTable(StoreError):
    """A stored table cannot be rebuilt; ``Store.salvage`` exports what can still be read."""


def _sqlite_error(exc: sqlite3.Error, path: Path) -> StoreError:
    """One clear message for an SQLite failure, by its error code."""
    code = getattr(exc, "sqlite_errorname", "") or ""
    where = str(path)
    if code.startswith("SQLITE_FULL") or "disk is full" in str(exc):
        return StoreError("sec-input.store.disk_full", path=where)
    if code.startswith("SQLITE_READONLY") or code.startswith("SQLITE_PERM"):
        return StoreError("sec-input.store.read_only", path=where)
    if code.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "not a database" in str(exc):
        return StoreError("sec-input.store.not_a_database", path=where)
    if code.startswith("SQLITE_CANTOPEN"):
        return StoreError("sec-input.store.cannot_open", path=where)
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return StoreError("sec-input.store.busy", path=where)
    return StoreError("sec-input.store.failed", path=where, detail=str(exc))


def _open_error(exc: Exception, where: str | Path) -> StoreError:
    """The store cannot be reached: an SQLite file that cannot be opened, a server that does
    not answer (its URL shown without the password)."""
    if isinstance(exc, sqlite3.Error):
        return _sqlite_error(exc, Path(where))
    from companion.store.connection import shown_url

    detail = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return StoreError("sec-input.store.no_server", path=shown_url(str(where)), detail=detail)


def default_data_dir() -> Path:
    """FLET_APP_STORAGE_DATA when Flet sets it (built apps, `flet run`), else the user data folder."""
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA")
    if flet_dir:
        return Path(flet_dir)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "table-companion"


class TableInfo(BaseModel):
    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    name: str
    game_id: str
    players: list[str]
    created: str
    updated: str
    entries: int
    finished: bool
    problem: Msg | None = None  # set for a damaged table: what is wrong with it


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store(PlayersMixin, PlaysMixin, LocationsMixin, InsightsMixin):
    def __init__(self, path: str | Path | None = None) -> None:
        """The store in the SQLite file ``path``, or the PostgreSQL database of a postgresql://
        URL; None: $TC_DATABASE, else tables.sqlite3 in the user's data folder."""
        path = chosen_location(path, default_data_dir() / "tables.sqlite3")
        self.url = str(path) if is_url(path) else None
        self.path = Path(path) if self.url is None else Path()
        self._lock = threading.RLock()
        # The revision of each table as this store last read or wrote it, per Table object.
        self._revs: weakref.WeakKeyDictionary[Table, int] = weakref.WeakKeyDictionary()
        # The log digests of each table (checkpoint.chain), one per version up to the current one.
        self._digests: weakref.WeakKeyDictionary[Table, list[str]] = weakref.WeakKeyDictionary()
        # Tables whose undone rows this store itself deleted since it last saw the revision (an
        # append): the next append has none to make way for (docs/DECISIONS.md, "An entry in
        # four statements").
        self._no_undone: weakref.WeakSet[Table] = weakref.WeakSet()
        try:
            if self.url is None and str(path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError("sec-input.store.cannot_open", path=str(self.path)) from exc
        # Flet runs handlers on the event loop and pubsub in a thread pool: one shared
        # connection (SQLite's, or PostgreSQL's pool: store/connection.py), serialised by the lock.
        try:
            self._db: Connection = self._connect(path)
        except Exception as exc:  # the driver's own error: it names no table yet
            raise _open_error(exc, path) from exc
        try:
            self._refuse_newer()
            self._db.setup()
            with self._db.schema_work():
                self._db.executescript(SCHEMA)
                self._migrate()
                self._log_missing_plays()
        except self._db.Error as exc:
            raise self._db.store_error(exc) from exc

    def add_schema(self, script: str) -> None:
        """A side table's schema (reviews, teach marks, share links), made under the store's lock;
        the driver's error (a full disk, a read-only folder) becomes the store's own."""
        try:
            with self._lock, self._db.schema_work():
                self._db.executescript(script)
        except self._db.Error as exc:
            raise self._db.store_error(exc) from exc

    def _connect(self, location: str | Path) -> Connection:
        """The connection to the store's database (a hosted space's store names its schema)."""
        return connect(location)

    def _admit(
        self, tables: int, statements: Sequence[tuple[str, tuple[Any, ...]]], *, replacing: bool = False
    ) -> None:
        """Called before ``statements`` store ``tables`` tables (``replacing``: instead of every
        stored one). A store of one's own has no budget; a hosted space's refuses past its own
        (companion/store/space_store.py)."""

    def _refuse_newer(self) -> None:
        """A store a newer version wrote may hold what this code would break: never write to it."""
        found = self._db.schema_version()
        if found > SCHEMA_VERSION:
            self._db.close()
            raise StoreError("sec-input.store.newer", path=self._db.where, found=found, ours=SCHEMA_VERSION)

    def _log_missing_plays(self) -> None:
        """Log every finished table the play log lacks (one indexed query when none is missing)."""
        for statements in upkeep.missing_plays(self._db, self._table_data):
            self._write(*statements)

    def _table_data(self, table_id: str) -> Any:
        data, _rev, problem = self._read_table(table_id)
        return None if problem is not None else data

    def _migrate(self) -> None:
        """Bring a store written by an older version up to SCHEMA_VERSION (in one transaction)."""
        if self._db.schema_version() >= SCHEMA_VERSION:
            return
        self._db.begin(exclusive=True)
        try:
            found = self._db.schema_version()  # another process may have migrated it meanwhile
            if found >= SCHEMA_VERSION:
                self._db.rollback()
                return
            columns = self._db.columns("tables")
            if "rev" not in columns:
                self._db.execute("ALTER TABLE tables ADD COLUMN rev INTEGER NOT NULL DEFAULT 0")
            if "checkpoint" not in columns:  # the state the log leads to (store/checkpoint.py)
                self._db.execute("ALTER TABLE tables ADD COLUMN checkpoint TEXT")
            if "at" not in self._db.columns("entries"):
                self._db.execute("ALTER TABLE entries ADD COLUMN at TEXT")  # when it was entered
            for statement in PLAYS_SCHEMA:
                self._db.execute(statement)
            upkeep.seat_columns(self._db)
            upkeep.play_columns(self._db)
            figure_months.figure_columns(self._db)
            if found < 2:  # version 2 logged them already
                self._log_finished_tables()
            if found < 4:
                upkeep.to_version_4(self._db, self._table_data)
            if found < 5:
                upkeep.to_version_5(self._db)
            if found < 6:
                upkeep.to_version_6(self._db)
            if found < 7:
                upkeep.to_version_7(self._db)
            if found < 8:
                upkeep.to_version_8(self._db)
            if found < 9:
                upkeep.to_version_9(self._db)
            if found < 10:
                upkeep.to_version_10(self._db)
            for statement in PAGING_INDEXES:
                self._db.execute(statement)
            self._db.set_schema_version(SCHEMA_VERSION)
        except BaseException:
            self._db.rollback()
            raise
        self._db.commit()

    def _log_finished_tables(self) -> None:
        """Migration to version 2: every finished table already stored becomes a play.

        Their entries carry no times, so a play's length is from the table's creation to its
        last change. A damaged table is left out (it is listed as damaged anyway).
        """
        rows = self._db.execute("SELECT id, created, updated FROM tables WHERE finished = 1").fetchall()
        for table_id, created, updated in rows:
            data, _rev, problem = self._read_table(table_id)
            if problem is not None:
                continue
            try:
                table = Table.from_dict(data, legal_redo_only=True)
            except TableError:
                continue
            if table.finished:
                for sql, args in insert_play(record(table, started=created, ended=updated)):
                    self._db.execute(sql, args)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _read(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            with self._lock:
                return self._db.execute(sql, args).fetchall()
        except self._db.Error as exc:
            raise self._db.store_error(exc) from exc

    # ---- transactions ---------------------------------------------------------------
    def _write(
        self,
        *statements: tuple[str, tuple[Any, ...]],
        table: Table | None = None,
        refused: StoreError | None = None,
        table_row: tuple[str, tuple[Any, ...]] = ("", ()),
    ) -> None:
        """Run ``statements`` in one transaction; with ``table``, only if its revision is the one last seen.

        ``refused``: the error to raise when a constraint refuses the change (one player at two
        seats of a play: checked by SQLite inside the transaction, so no race gets past it).
        ``table_row``: columns of ``table``'s row to set with the claim on its revision, in the
        same UPDATE (``"updated = ?, entries = ?"`` and their values).
        """
        with self._lock:
            for attempt in range(1, WRITE_TRIES + 1):
                try:
                    self._transaction(statements, table, table_row)
                    break
                except self._db.IntegrityError as exc:
                    raise (refused or self._db.store_error(exc)) from exc
                except self._db.Error as exc:
                    # PostgreSQL ends one of two deadlocked writers (two merges crossing): run it again.
                    if attempt == WRITE_TRIES or not self._db.retryable(exc):
                        raise self._db.store_error(exc) from exc
            if table is not None:
                self._revs[table] += 1

    def _transaction(
        self,
        statements: Sequence[tuple[str, tuple[Any, ...]]],
        table: Table | None,
        table_row: tuple[str, tuple[Any, ...]] = ("", ()),
    ) -> None:
        self._db.begin()
        try:
            if table is not None:
                self._claim(table, table_row)
            # A run of one statement (a table's entries, a play's seats) goes in one executemany:
            # on PostgreSQL one pipeline instead of a round trip a row (a 200-entry game's import
            # was 200 of them), in the same transaction and order.
            for sql, run in groupby(statements, key=itemgetter(0)):
                rows = [args for _, args in run]
                if len(rows) == 1:
                    self._db.execute(sql, rows[0])
                else:
                    self._db.executemany(sql, rows)
            self._db.commit()
        except BaseException:
            self._db.rollback()
            raise

    def _claim(self, table: Table, table_row: tuple[str, tuple[Any, ...]] = ("", ())) -> None:
        """Inside the transaction: refuse a stale writer, else raise the table's revision (and
        set ``table_row``'s columns in the same statement: one less a change).

        One conditional UPDATE: on PostgreSQL a second writer waits for the first one's row lock,
        then finds the revision changed and updates nothing (a read, then a write, would race)."""
        seen = self._revs.get(table)
        columns, values = table_row
        claimed = self._db.execute(
            f"UPDATE tables SET rev = rev + 1{', ' if columns else ''}{columns} WHERE id = ? AND rev = ?",
            (*values, table.id, seen),
        ).rowcount
        if seen is None or claimed != 1:
            raise StoreConflict("sec-input.store.conflict", name=table.name)

    # ---- the Journal protocol (called by Table before a change is visible) -----------
    def appended(self, table: Table, entry: BaseModel, state: BaseModel) -> None:
        seq = table.version
        finished = int(table.game.prompt(state) is None)
        now = _now()
        body = checkpoint.entry_body(entry)
        digest = checkpoint.chain(self._log_digests(table)[-1], [body])[-1]
        # Only undone rows make way: an entry N in force, written by another connection, stays,
        # and the INSERT below breaks the unique (table_id, seq) key: StoreConflict. None are left
        # after this store's own last append while no one else wrote (the claim checks that).
        make_way = (
            ()
            if table in self._no_undone
            else (("DELETE FROM entries WHERE table_id = ? AND seq >= ? AND undone = 1", (table.id, seq)),)
        )
        self._write(
            *make_way,
            (
                "INSERT INTO entries (table_id, seq, body, at) VALUES (?, ?, ?, ?)",
                (table.id, seq, body, now),
            ),
            *(self._play_of(table, entry, state, now) if finished else ()),
            table=table,
            refused=StoreConflict("sec-input.store.conflict", name=table.name),
            table_row=(
                "updated = ?, entries = ?, finished = ?, checkpoint = ?",
                (now, seq + 1, finished, checkpoint.dump(digest, state)),
            ),
        )
        self._no_undone.add(table)
        self._digests[table].append(digest)

    def _log_digests(self, table: Table) -> list[str]:
        """The digests of the table's log up to its current version, computed once per table."""
        digests = self._digests.get(table)
        if digests is None or len(digests) != table.version + 1:
            bodies = [checkpoint.entry_body(e) for e in table.entries]
            digests = self._digests[table] = checkpoint.chain(checkpoint.game_root(table.game), bodies)
        return digests

    def undone(self, table: Table) -> None:
        seq = table.version - 1
        self._write(
            ("UPDATE entries SET undone = 1 WHERE table_id = ? AND seq = ?", (table.id, seq)),
            ("DELETE FROM plays WHERE table_id = ?", (table.id,)),  # the table is open again
            table=table,
            table_row=("updated = ?, entries = ?, finished = 0, checkpoint = NULL", (_now(), seq)),
        )
        self._no_undone.discard(table)
        digests = self._digests.get(table)
        if digests is not None and len(digests) > seq + 1:
            del digests[seq + 1 :]

    def redone(self, table: Table) -> None:
        seq = table.version
        entry = table.parse_entry(table.redo_entries[-1])
        state, _ = table.game.apply(table.state, entry)
        finished = int(table.game.prompt(state) is None)
        now = _now()
        # The row keeps its body; a digest of a differently written body only makes the
        # checkpoint stale, and the next open replays the log.
        digest = checkpoint.chain(self._log_digests(table)[-1], [checkpoint.entry_body(entry)])[-1]
        self._write(
            ("UPDATE entries SET undone = 0, at = ? WHERE table_id = ? AND seq = ?", (now, table.id, seq)),
            *(self._play_of(table, entry, state, now) if finished else ()),
            table=table,
            table_row=(
                "updated = ?, entries = ?, finished = ?, checkpoint = ?",
                (now, seq + 1, finished, checkpoint.dump(digest, state)),
            ),
        )
        self._digests[table].append(digest)

    def _play_of(
        self, table: Table, entry: BaseModel, state: BaseModel, now: str
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The statements that log the play ``entry`` finishes (written with the entry itself)."""
        states = [table.state_at(i) for i in range(table.version + 1)] + [state]
        history = table.history
        _, last_effects = table.game.apply(table.state, entry)
        effects = [fx for _, _, fx in history] + [last_effects]
        entries = [e for _, e, _ in history] + [entry]
        first = self._read("SELECT at FROM entries WHERE table_id = ? AND seq = 0", (table.id,))
        started = (first[0][0] if first and first[0][0] else None) or table.created
        play = record(
            table,
            history=(states, effects, entries),
            started=started,
            ended=now,
            player_ids=self.seat_links(table.id) or None,
        )
        return insert_play(play)

    # ---- tables ---------------------------------------------------------------------
    def create(self, table: Table, player_ids: list[str | None] | None = None) -> Table:
        """Store a table (with the entries it already has) and attach the journal.

        ``player_ids``: the player from the player list at each seat (see ``link_seats``).
        A table that arrives finished (an imported file) is logged as a play at once.
        """
        links = self._link_statements(table.id, len(table.players), player_ids) if player_ids else []
        play = (
            insert_play(record(table, started=table.created, player_ids=player_ids)) if table.finished else []
        )
        statements = [*self._table_rows(table), self._checkpoint_row(table), *links, *play]
        self._admit(1, statements)
        self._write(*statements)
        self._revs[table] = 0
        table.journal = self
        return table

    def _checkpoint_row(self, table: Table) -> tuple[str, tuple[Any, ...]]:
        """The statement that stores ``table``'s state as its checkpoint, so the next open plays nothing."""
        digest = self._log_digests(table)[-1]
        return (
            "UPDATE tables SET checkpoint = ? WHERE id = ?",
            (checkpoint.dump(digest, table.state), table.id),
        )

    def _table_rows(
        self, table: Table, *, updated: str | None = None, times: list[str | None] | None = None
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """The statements that store a table and its entries (``times``: when each entry in force was made)."""
        data = table.to_dict()
        header = json.dumps({"options": data["options"], "players": data["players"]}, ensure_ascii=False)
        times = times or []
        rows = [
            (
                "INSERT INTO entries (table_id, seq, body, undone, at) VALUES (?, ?, ?, ?, ?)",
                (
                    table.id,
                    i,
                    json.dumps(e, ensure_ascii=False),
                    int(undone),
                    times[i] if not undone and i < len(times) else None,
                ),
            )
            for i, (e, undone) in enumerate(
                [(e, False) for e in data["entries"]] + [(e, True) for e in reversed(data["redo"])]
            )
        ]
        return [
            (
                "INSERT INTO tables (id, game, name, created, updated, header, entries, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.game_id,
                    table.name,
                    table.created,
                    updated or _now(),
                    header,
                    table.version,
                    int(table.finished),
                ),
            ),
            *rows,
        ]

    def list(
        self,
        *,
        finished: bool | None = None,
        search: str = "",
        games: tuple[str, ...] = (),
        limit: int | None = None,
    ) -> list[TableInfo]:
        """The stored tables, the most recently changed first; a damaged one has ``problem`` set.

        ``finished``: only those finished (True) or not (False); ``search``: a name or a player's
        name containing it, or a table of one of ``games``; ``limit``: the first that many (an
        indexed read: Home's page costs the same in any store).
        """
        clauses, args = _table_filters(finished, search, games)
        sql = (
            "SELECT id, name, game, header, created, updated, entries, finished FROM tables"
            f"{clauses} ORDER BY updated DESC, created DESC"
        )
        if limit is not None:
            sql += " LIMIT ?"
            args += (limit,)
        rows = self._read(sql, args)
        # An entry that is not JSON at all marks its table damaged: checked by SQLite over the
        # entries of the tables listed only (a page never reads the others' rows).
        bad = self._unreadable_rows([r[0] for r in rows] if limit is not None else None)
        infos = []
        for r in rows:
            try:
                info = TableInfo(
                    id=r[0],
                    name=r[1],
                    game_id=r[2],
                    players=[p["name"] for p in _header(r[3])["players"]],
                    created=r[4],
                    updated=r[5],
                    entries=r[6],
                    finished=bool(r[7]),
                )
                if r[0] in bad:
                    info = info.model_copy(
                        update={"problem": msg("sec-input.store.bad_entry_row", n=bad[r[0]] + 1)}
                    )
            except (ValidationError, StoreError) as exc:
                problem = exc.msg if isinstance(exc, StoreError) else msg("sec-input.store.bad_table_row")
                info = _damaged_info(r, problem)
            infos.append(info)
        return infos

    def _unreadable_rows(self, ids: Sequence[str] | None = None) -> dict[str, int]:
        """Table id -> position of its first entry row that is not JSON (SQLite's json_valid),
        among the tables ``ids`` (None: every table)."""
        sql, args = _BAD_ROWS, tuple(ids or ())
        if ids is not None:
            if not ids:
                return {}
            sql = _BAD_ROWS_OF.format(marks=", ".join("?" * len(ids)))
        try:
            with self._lock:
                return {r[0]: r[1] for r in self._db.execute(sql, args)}
        except self._db.Error:  # an SQLite built without JSON functions: found on open instead
            return {}

    def table_ids(self) -> Sequence[str]:
        return [r[0] for r in self._read("SELECT id FROM tables")]

    def exists(self, table_id: str) -> bool:
        return bool(self._read("SELECT 1 FROM tables WHERE id = ?", (table_id,)))

    def open(self, table_id: str) -> Table:
        """Rebuild a stored table by replaying its log; its redo stack comes back too.

        A table that cannot be rebuilt raises DamagedTable saying what is wrong.
        """
        data, rev, problem, log = self._read_log(table_id)
        if problem is not None:
            raise DamagedTable("sec-input.store.damaged", detail=problem)
        digests, final = _resume_point(data["game"], log)
        try:
            # Undone rows stored before Redo checked its entries may be illegal: the stack stops
            # before the first such one (its rows stay until a new entry replaces them).
            table = Table.from_dict(data, legal_redo_only=True, trusted=True, checkpoint=final)  # our own log
        except TableError as exc:
            raise DamagedTable("sec-input.store.damaged", detail=exc.msg) from exc
        self._revs[table] = rev
        if digests is not None:
            self._digests[table] = digests
        table.journal = self
        settle()  # its states never change: keep the collector off them
        return table

    def salvage(self, table_id: str) -> str:
        """A table file of what can still be read of a (damaged) table: every entry up to the first bad one.

        Undone entries are left out. Raises DamagedTable when not even the players can be read.
        """
        data, _rev, problem = self._read_table(table_id, lenient=True)
        if problem is not None and data is None:
            raise DamagedTable("sec-input.store.damaged", detail=problem)
        entries = data["entries"]
        data.update(entries=[], redo=[])
        try:
            table = Table.from_dict(data)
        except TableError as exc:
            raise DamagedTable("sec-input.store.damaged", detail=exc.msg) from exc
        for raw in entries:
            try:
                check_shape(raw)  # the rows were read without it (from_dict checks a whole log)
                table.submit(raw)
            except Exception:  # the first entry that cannot be replayed ends what can be read
                break
        return table.to_json()

    def _read_table(self, table_id: str, lenient: bool = False) -> tuple[Any, int, Msg | None]:
        """(table file dict, revision, problem): the rows as a table file, or what is wrong with them.

        ``lenient``: stop the log at the first unreadable entry instead of reporting it.
        """
        data, rev, problem, _ = self._read_log(table_id, lenient)
        return data, rev, problem

    def _read_log(self, table_id: str, lenient: bool = False) -> tuple[Any, int, Msg | None, StoredLog]:
        """``_read_table``, and the stored bodies of the entries in force with the checkpoint."""
        with self._lock:
            head = self._read(
                "SELECT game, name, created, header, rev, checkpoint FROM tables WHERE id = ?", (table_id,)
            )
            if not head:
                raise TableError("store.no_such_table", id=table_id)
            rows = self._read(
                "SELECT seq, body, undone FROM entries WHERE table_id = ? ORDER BY seq", (table_id,)
            )
        game, name, created, header_text, rev, saved = head[0]
        log = StoredLog(bodies=[], checkpoint=saved)
        try:
            header = _header(header_text)
        except StoreError as exc:
            return None, rev, exc.msg, log
        entries: list[Any] = []
        redo: list[Any] = []
        for seq, body, undone in rows:
            try:
                # Table.from_dict checks the shape of the whole log, these rows with it.
                entry = load_json(body, shape=False) if isinstance(body, str | bytes) else None
            except (InputLimitError, ValueError):
                entry = None
            if not isinstance(entry, dict):
                if lenient:
                    break
                return None, rev, msg("sec-input.store.bad_entry_row", n=seq + 1), log
            (redo if undone else entries).append(entry)
            if not undone:
                log.bodies.append(body)
        data = {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "id": table_id,
            "game": game,
            "name": name,
            "created": created,
            "options": header["options"],
            "players": header["players"],
            "entries": entries,
            "redo": redo[::-1],
        }
        return data, rev, None, log

    def rename(self, table_id: str, name: str) -> None:
        name = " ".join(name.split())
        if not name:
            raise TableError("store.empty_name")
        self._write(("UPDATE tables SET name = ?, updated = ? WHERE id = ?", (name[:80], _now(), table_id)))

    def delete(self, table_id: str) -> None:
        self._write(
            ("DELETE FROM entries WHERE table_id = ?", (table_id,)),
            ("DELETE FROM tables WHERE id = ?", (table_id,)),
        )

    def export_json(self, table_id: str) -> str:
        """The table file of a stored table; DamagedTable if it is damaged (see ``salvage``)."""
        return self.open(table_id).to_json()

    def import_json(self, text: str | bytes) -> Table:
        """Import a table file; a table already stored under the same id is kept, the import gets a new id."""
        table = Table.from_json(text)
        if self.exists(table.id):
            table.id = uuid.uuid4().hex
        return self.create(table)


# Tables with an entry row that is not JSON, and the first such position.
_BAD_ROWS = "SELECT table_id, MIN(seq) FROM entries WHERE NOT json_valid(body) GROUP BY table_id"
_BAD_ROWS_OF = (
    "SELECT table_id, MIN(seq) FROM entries WHERE table_id IN ({marks}) AND NOT json_valid(body)"
    " GROUP BY table_id"
)


def _like(text: str) -> str:
    """``text`` as a LIKE pattern matching it anywhere (its own % and _ taken literally)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _table_filters(finished: bool | None, search: str, games: tuple[str, ...]) -> tuple[str, tuple[Any, ...]]:
    """The WHERE clause of ``Store.list``'s filters."""
    clauses: list[str] = []
    args: list[Any] = []
    if finished is not None:
        clauses.append("finished = ?")
        args.append(int(finished))
    text = " ".join(search.split())
    if text:
        # The header holds the players' names (and the options: a rare false match, harmless).
        found = ["name LIKE ? ESCAPE '\\'", "header LIKE ? ESCAPE '\\'"]
        args += [_like(text), _like(text)]
        if games:
            found.append(f"game IN ({', '.join('?' * len(games))})")
            args += games
        clauses.append("(" + " OR ".join(found) + ")")
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args)


def _resume_point(game_id: Any, log: StoredLog) -> tuple[list[str] | None, BaseModel | None]:
    """The log's digests and the checkpoint's state if it was made from this very log."""
    try:
        game = get_game(game_id)
    except (UnknownGame, TypeError):  # the replay names the unknown game
        return None, None
    digests = checkpoint.chain(checkpoint.game_root(game), log.bodies)
    return digests, checkpoint.load(log.checkpoint, digests[-1], game)


def _header(text: Any) -> dict[str, Any]:
    """The header column (options and players), or StoreError naming it damaged."""
    try:
        header = load_json(text) if isinstance(text, str | bytes) else None
    except (InputLimitError, ValueError):
        header = None
    if (
        not isinstance(header, dict)
        or not isinstance(header.get("options"), dict)
        or not isinstance(header.get("players"), list)
        or not all(isinstance(p, dict) and isinstance(p.get("name"), str) for p in header["players"])
    ):
        raise StoreError("sec-input.store.bad_table_row")
    return {"options": header["options"], "players": header["players"]}


def _damaged_info(row: tuple[Any, ...], problem: Msg) -> TableInfo:
    """A list entry for a table whose row cannot be read: enough to name it, export or delete it."""
    text = [str(v) if v is not None else "" for v in row]
    return TableInfo(
        id=text[0],
        name=text[1] or text[0],
        game_id=text[2],
        players=[],
        created=text[4],
        updated=text[5],
        entries=row[6] if isinstance(row[6], int) else 0,
        finished=False,
        problem=problem,
    )
