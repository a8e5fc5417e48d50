"""SQLite store: one row per table, one row per entry.

Each change of a table is committed before the table shows it (the store is the table's
Journal), so a crash or a killed app loses nothing a player saw. Undo only flags an entry;
undone entries stay until a new entry replaces them, and reopening a table restores its
redo stack too. WAL mode lets a viewer read while the host writes.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.core import Table, TableError
from companion.core.table import FILE_FORMAT, FILE_VERSION

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


def default_data_dir() -> Path:
    """FLET_APP_STORAGE_DATA when Flet sets it (built apps, `flet run`), else the user data folder."""
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA")
    if flet_dir:
        return Path(flet_dir)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "table-companion"


class TableInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    game_id: str
    players: list[str]
    created: str
    updated: str
    entries: int
    finished: bool


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    def __init__(self, path: str | Path | None = None) -> None:
        if path is None:
            path = default_data_dir() / "tables.sqlite3"
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        # Flet runs handlers on the event loop and pubsub in a thread pool: one shared
        # connection, serialised by the lock.
        self._db = sqlite3.connect(str(self.path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # ---- transactions ---------------------------------------------------------------
    def _write(self, *statements: tuple[str, tuple[Any, ...]]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self._db.execute(sql, args)
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # ---- the Journal protocol (called by Table before a change is visible) -----------
    def appended(self, table: Table, entry: BaseModel, state: BaseModel) -> None:
        seq = table.version
        finished = int(table.game.prompt(state) is None)
        self._write(
            ("DELETE FROM entries WHERE table_id = ? AND seq >= ?", (table.id, seq)),
            (
                "INSERT INTO entries (table_id, seq, body) VALUES (?, ?, ?)",
                (table.id, seq, json.dumps(entry.model_dump(mode="json"), ensure_ascii=False)),
            ),
            (
                "UPDATE tables SET updated = ?, entries = ?, finished = ? WHERE id = ?",
                (_now(), seq + 1, finished, table.id),
            ),
        )

    def undone(self, table: Table) -> None:
        seq = table.version - 1
        self._write(
            ("UPDATE entries SET undone = 1 WHERE table_id = ? AND seq = ?", (table.id, seq)),
            (
                "UPDATE tables SET updated = ?, entries = ?, finished = 0 WHERE id = ?",
                (_now(), seq, table.id),
            ),
        )

    def redone(self, table: Table) -> None:
        seq = table.version
        self._write(
            ("UPDATE entries SET undone = 0 WHERE table_id = ? AND seq = ?", (table.id, seq)),
            ("UPDATE tables SET updated = ?, entries = ? WHERE id = ?", (_now(), seq + 1, table.id)),
        )

    # ---- tables ---------------------------------------------------------------------
    def create(self, table: Table) -> Table:
        """Store a table (with the entries it already has) and attach the journal."""
        data = table.to_dict()
        header = json.dumps({"options": data["options"], "players": data["players"]}, ensure_ascii=False)
        rows = [
            (
                "INSERT INTO entries (table_id, seq, body, undone) VALUES (?, ?, ?, ?)",
                (table.id, i, json.dumps(e, ensure_ascii=False), int(undone)),
            )
            for i, (e, undone) in enumerate(
                [(e, False) for e in data["entries"]] + [(e, True) for e in reversed(data["redo"])]
            )
        ]
        self._write(
            (
                "INSERT INTO tables (id, game, name, created, updated, header, entries, finished)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.game_id,
                    table.name,
                    table.created,
                    _now(),
                    header,
                    table.version,
                    int(table.finished),
                ),
            ),
            *rows,
        )
        table.journal = self
        return table

    def list(self) -> list[TableInfo]:
        """All stored tables, the most recently changed first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, name, game, header, created, updated, entries, finished FROM tables"
                " ORDER BY updated DESC, created DESC"
            ).fetchall()
        return [
            TableInfo(
                id=r[0],
                name=r[1],
                game_id=r[2],
                players=[p["name"] for p in json.loads(r[3])["players"]],
                created=r[4],
                updated=r[5],
                entries=r[6],
                finished=bool(r[7]),
            )
            for r in rows
        ]

    def exists(self, table_id: str) -> bool:
        with self._lock:
            return self._db.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone() is not None

    def open(self, table_id: str) -> Table:
        """Rebuild a stored table by replaying its log; its redo stack comes back too."""
        with self._lock:
            head = self._db.execute(
                "SELECT game, name, created, header FROM tables WHERE id = ?", (table_id,)
            ).fetchone()
            if head is None:
                raise TableError("store.no_such_table", id=table_id)
            rows = self._db.execute(
                "SELECT body, undone FROM entries WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
        header = json.loads(head[3])
        data = {
            "format": FILE_FORMAT,
            "version": FILE_VERSION,
            "id": table_id,
            "game": head[0],
            "name": head[1],
            "created": head[2],
            "options": header["options"],
            "players": header["players"],
            "entries": [json.loads(b) for b, undone in rows if not undone],
            "redo": [json.loads(b) for b, undone in reversed(rows) if undone],
        }
        table = Table.from_dict(data)
        table.journal = self
        return table

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
        return self.open(table_id).to_json()

    def import_json(self, text: str | bytes) -> Table:
        """Import a table file; a table already stored under the same id is kept, the import gets a new id."""
        table = Table.from_json(text)
        if self.exists(table.id):
            table.id = uuid.uuid4().hex
        return self.create(table)
