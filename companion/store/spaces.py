"""The registry of a hosted server's private spaces, and each space's own store.

A space is a group's private corner of a public server: its tables, players, plays, statistics
and backups. Isolation is by construction: every space has a store of its own (SQLite: the file
``<data folder>/spaces/<id>/tables.sqlite3``; PostgreSQL: the schema ``space_<id>``), so no
query of one space can ever read another's rows, and none of the store's code needs a filter.

A browser keeps its space's key, ``<space id>.<secret>``. The registry keeps only the secret's
SHA-256 (a stolen registry opens no space) and compares digests in constant time. Rotating the
secret gives a new key and refuses the old one: every other device is signed out.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import shutil
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from companion.store.connection import DATABASE_ENV, Connection, SqliteConnection, is_url
from companion.store.space_limits import SpaceLimits
from companion.store.space_store import SpaceStore, SpaceUsage
from companion.store.sqlite_store import StoreError, default_data_dir

ID_BYTES = 8  # 16 hex characters: public, only needs to be unique
SECRET_BYTES = 32  # 256 bits: 43 URL-safe characters
_ID = re.compile(r"[0-9a-f]{16}")
_SECRET = re.compile(r"[A-Za-z0-9_-]{43}")
_KEY_CHARS = 16 + 1 + 43

REGISTRY = """
CREATE TABLE IF NOT EXISTS spaces (
    id          TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL,         -- SHA-256 of the secret, hex; never the secret
    created     DOUBLE PRECISION NOT NULL,  -- seconds since 1970 (PostgreSQL's REAL is too coarse)
    rotated     DOUBLE PRECISION
) WITHOUT ROWID;
"""


class UnknownSpace(StoreError):
    """No space has this id."""


@dataclass(frozen=True)
class SpaceKey:
    space_id: str  # public, random: names the space's file or schema
    secret: str  # what proves the browser may open it

    def text(self) -> str:
        """What the browser keeps (and a recovery link carries)."""
        return f"{self.space_id}.{self.secret}"

    @classmethod
    def parse(cls, text: object) -> SpaceKey | None:
        """The key in ``text``, or None for anything that is not exactly one."""
        if not isinstance(text, str) or len(text) != _KEY_CHARS or text[16] != ".":
            return None
        space_id, secret = text[:16], text[17:]
        if not (_ID.fullmatch(space_id) and _SECRET.fullmatch(secret)):
            return None
        return cls(space_id, secret)


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _new_secret() -> str:
    return secrets.token_urlsafe(SECRET_BYTES)


class Spaces:
    """The spaces of one server: ``location`` is a data folder (SQLite) or a postgresql:// URL;
    None: $TC_DATABASE when it is a URL (a file named there: its folder), else the default data
    folder. Safe from several threads; several processes on one location see the same spaces."""

    def __init__(self, location: str | Path | None = None, limits: SpaceLimits | None = None) -> None:
        if location is None or str(location) == "":
            chosen = os.environ.get(DATABASE_ENV)
            location = (chosen if is_url(chosen) else Path(chosen).parent) if chosen else default_data_dir()
        self.limits = limits or SpaceLimits()
        self.url = str(location) if is_url(location) else None
        self.folder = Path(location) if self.url is None else None
        self._lock = threading.Lock()
        self._stores: dict[str, SpaceStore] = {}
        self._db = self._registry()

    def _registry(self) -> Connection:
        if self.url is not None:
            from companion.store.postgres import PgConnection

            db: Connection = PgConnection(self.url, schema="public")
        else:
            assert self.folder is not None
            self.folder.mkdir(parents=True, exist_ok=True)
            db = SqliteConnection(self.folder / "spaces.sqlite3")
            db.setup()
        try:
            db.executescript(REGISTRY)
        except db.Error as exc:
            raise db.store_error(exc) from exc
        return db

    def _run(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        with self._lock:
            try:
                return list(self._db.execute(sql, args).fetchall())
            except self._db.Error as exc:
                raise self._db.store_error(exc) from exc

    def create(self) -> SpaceKey:
        """A new space (its store is made when first opened)."""
        key = SpaceKey(secrets.token_hex(ID_BYTES), _new_secret())
        self._run(
            "INSERT INTO spaces (id, secret_hash, created) VALUES (?, ?, ?)",
            (key.space_id, _digest(key.secret), time.time()),
        )
        return key

    def check(self, key: SpaceKey) -> bool:
        """True only for a known space whose current secret this is."""
        rows = self._run("SELECT secret_hash FROM spaces WHERE id = ?", (key.space_id,))
        stored = str(rows[0][0]) if rows else _digest("")  # compared all the same: no timing tell
        return hmac.compare_digest(stored, _digest(key.secret)) and bool(rows)

    def rotate(self, space_id: str) -> SpaceKey:
        """A new secret for the space: its old key (on every other device) is refused from now on."""
        key = SpaceKey(space_id, _new_secret())
        with self._lock:
            try:
                changed = self._db.execute(
                    "UPDATE spaces SET secret_hash = ?, rotated = ? WHERE id = ?",
                    (_digest(key.secret), time.time(), space_id),
                ).rowcount
            except self._db.Error as exc:
                raise self._db.store_error(exc) from exc
        if changed != 1:
            raise UnknownSpace("store.space.unknown", id=space_id)
        return key

    def exists(self, space_id: str) -> bool:
        return bool(self._run("SELECT 1 FROM spaces WHERE id = ?", (space_id,)))

    def store(self, space_id: str) -> SpaceStore:
        """The space's own store, opened once per process (and made on its first open)."""
        with self._lock:
            found = self._stores.get(space_id)
        if found is not None:
            return found
        if not _ID.fullmatch(space_id) or not self.exists(space_id):
            raise UnknownSpace("store.space.unknown", id=space_id[:32])
        opened = self._open(space_id)
        with self._lock:
            kept = self._stores.setdefault(space_id, opened)
        if kept is not opened:  # another thread opened it meanwhile
            opened.close()
        return kept

    def _open(self, space_id: str) -> SpaceStore:
        if self.url is not None:
            return SpaceStore(self.url, space_id=space_id, limits=self.limits, schema=f"space_{space_id}")
        assert self.folder is not None
        path = self.folder / "spaces" / space_id / "tables.sqlite3"
        return SpaceStore(path, space_id=space_id, limits=self.limits)

    def release(self, space_id: str) -> None:
        """Close the space's store if this process has it open (the next ``store`` opens it
        again): an SQLite space holds 3 open files, so a server evicts the spaces gone idle."""
        with self._lock:
            store = self._stores.pop(space_id, None)
        if store is not None:
            store.close()

    def delete(self, space_id: str) -> None:
        """Forget a space and everything in it (its file, or its schema). Its key is refused at
        once everywhere; another process that had its store open gets store errors from it."""
        if not _ID.fullmatch(space_id) or not self.exists(space_id):
            raise UnknownSpace("store.space.unknown", id=space_id[:32])
        self.release(space_id)
        with self._lock:  # the registry's one connection: no other statement inside this transaction
            self._db.begin(exclusive=True)
            try:
                self._db.execute("DELETE FROM spaces WHERE id = ?", (space_id,))
                if self.url is not None:  # the id is 16 hex characters: a safe name as it is
                    self._db.execute(f"DROP SCHEMA IF EXISTS space_{space_id} CASCADE")
                self._db.commit()
            except self._db.Error as exc:
                self._db.rollback()
                raise self._db.store_error(exc) from exc
        if self.folder is not None:
            shutil.rmtree(self.folder / "spaces" / space_id, ignore_errors=True)

    def usage(self, space_id: str) -> SpaceUsage:
        """The space's tables and bytes stored (what its budget counts)."""
        return self.store(space_id).usage()

    def close(self) -> None:
        """Close the spaces' stores and the registry (a PostgreSQL server's shared pool stays
        for other Spaces of the process: postgres.close_shared_pools)."""
        with self._lock:
            stores, self._stores = list(self._stores.values()), {}
        for store in stores:
            store.close()
        self._db.close()
