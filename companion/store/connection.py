"""The store's one connection, whatever the database: SQLite (a file, the default) or PostgreSQL (a URL).

The store's modules write one kind of SQL: SQLite's, with ``?`` placeholders, kept to what both
databases understand. A ``Connection`` runs it: ``SqliteConnection`` as it is, ``PgConnection``
(companion/store/postgres.py) after a handful of mechanical rewrites. What differs beyond SQL
text (how a transaction takes the write lock, where the schema version is kept, which columns a
table has, what a driver error means) is a method here, one per database.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

# The environment variable naming the database when no --database (or path) is given.
DATABASE_ENV = "TC_DATABASE"
BUSY_SECONDS = 30
URL_SCHEMES = ("postgresql://", "postgres://")


class Rows(Protocol):
    """What ``execute`` returns: the rows of a read (iterable, fetchone, fetchall)."""

    rowcount: int

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    def __iter__(self) -> Any: ...
    def close(self) -> None: ...


class Connection(Protocol):
    """One database behind the store (see the module's docstring)."""

    where: str  # the file or the URL without its password, for messages

    @property
    def Error(self) -> type[Exception]: ...  # the driver's base error, as drivers name it
    @property
    def IntegrityError(self) -> type[Exception]: ...  # a constraint refused a change
    def setup(self) -> None: ...
    def execute(self, sql: str, args: Sequence[Any] = ()) -> Any: ...  # a Rows (sqlite3's own cursor)
    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...
    def executescript(self, script: str) -> None: ...
    def schema_work(self) -> contextlib.AbstractContextManager[None]: ...  # commits that need no sync
    def begin(self, *, exclusive: bool = False) -> None: ...
    def commit(self) -> None: ...
    def rollback(self) -> None: ...
    @property
    def in_transaction(self) -> bool: ...
    def close(self) -> None: ...
    def columns(self, table: str) -> set[str]: ...
    def allow_null(self, table: str, column: str) -> None: ...  # drop a column's NOT NULL (a migration)
    def schema_version(self) -> int: ...
    def set_schema_version(self, version: int) -> None: ...
    def store_error(self, exc: Exception) -> Exception: ...
    def bytes_stored(self) -> int: ...  # what the store takes (a hosted space's budget)
    def retryable(self, exc: Exception) -> bool: ...  # the same transaction may succeed run again


def is_url(location: str | Path | None) -> bool:
    return isinstance(location, str) and location.startswith(URL_SCHEMES)


def shown_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))


def connect(location: str | Path) -> Connection:
    """The connection for a file path (SQLite) or a postgresql:// URL."""
    if is_url(location):
        from companion.store.postgres import PgConnection

        return PgConnection(str(location))
    return SqliteConnection(location)


def chosen_location(given: str | Path | None, default: Path) -> str | Path:
    """What the store opens: ``given`` (a path or URL), else $TC_DATABASE, else ``default``."""
    if given is not None and str(given) != "":
        return given
    return os.environ.get(DATABASE_ENV) or default


def store_location(folder: Path | None) -> str | Path | None:
    """The store of a data folder: $TC_DATABASE when set (``--database`` sets it), else the
    folder's tables.sqlite3 (None: the default folder's)."""
    chosen = os.environ.get(DATABASE_ENV)
    if chosen:
        return chosen
    return folder / "tables.sqlite3" if folder is not None else None


class SqliteConnection:
    """SQLite through the standard library, as the store always used it."""

    Error = sqlite3.Error
    IntegrityError = sqlite3.IntegrityError

    def __init__(self, path: str | Path) -> None:
        self.where = str(path)
        # A writer waits for another process's transaction (a merge, a restore) rather than failing.
        self._db = sqlite3.connect(
            self.where, check_same_thread=False, isolation_level=None, timeout=BUSY_SECONDS
        )

    def setup(self) -> None:
        """WAL lets a viewer read while the host writes; FULL sync: an acknowledged entry is on disk."""
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")

    def execute(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._db.execute(sql, tuple(args))

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self._db.executemany(sql, rows)

    def executescript(self, script: str) -> None:
        """Run a schema script as one transaction: one commit, so one sync to disk, where each
        statement on its own was one (a new store's schema took 20 to 40 ms before the server
        could listen: docs/PERFORMANCE.md, "Cold start, a second pass"). Inside a transaction
        already, SQLite's executescript commits it first, as before."""
        if self._db.in_transaction:
            self._db.executescript(script)
            return
        try:
            self._db.executescript(f"BEGIN;\n{script}\n;COMMIT;")
        except sqlite3.Error:
            self.rollback()
            raise

    @contextlib.contextmanager
    def schema_work(self) -> Iterator[None]:
        """The store's schema made or brought up to date (its scripts, a migration): committed
        without a sync to disk (``synchronous=NORMAL``). In WAL mode such a commit is whole or
        absent after a power cut, never half made: lost, the work is done again at the next start,
        and the next commit under FULL (an entry a player saw) syncs the WAL with it. A new store
        synced 5 times fewer before the server could listen (docs/PERFORMANCE.md, "Cold start, a
        fifth pass"). The switch to WAL, before, stays synced: a new file has no journal yet."""
        self._db.execute("PRAGMA synchronous=NORMAL")
        try:
            yield
        finally:
            self._db.execute("PRAGMA synchronous=FULL")

    def begin(self, *, exclusive: bool = False) -> None:
        # IMMEDIATE takes the write lock now: the revision read next cannot go stale before COMMIT.
        self._db.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        self._db.execute("COMMIT")

    def rollback(self) -> None:
        """After SQLITE_FULL SQLite may have rolled back already; a failing ROLLBACK must not hide
        the error that caused it."""
        if self._db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")

    @property
    def in_transaction(self) -> bool:
        return self._db.in_transaction

    def close(self) -> None:
        self._db.close()

    def columns(self, table: str) -> set[str]:
        return {row[1] for row in self._db.execute(f"PRAGMA table_info({table})")}

    def allow_null(self, table: str, column: str) -> None:
        """Let ``column`` of ``table`` hold NULL, inside the caller's transaction. SQLite cannot
        alter a column: the table is made again from its own CREATE text without that NOT NULL,
        its rows copied, and every index and trigger that names it (its own, and other tables'
        triggers that read it) dropped before and made again after, as they were (SQLite's
        "generalized ALTER TABLE procedure"; nothing references the tables this is used on)."""
        made = self._db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,))
        sql = made.fetchone()[0]
        pattern = re.compile(rf"(\b{column}\s+INTEGER)\s+NOT\s+NULL", re.IGNORECASE)
        if not pattern.search(sql):
            return  # already nullable (a store made by this version)
        kept = self._db.execute(
            "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL"
            " AND (tbl_name = ? OR (type = 'trigger' AND sql LIKE ?))",
            (table, f"%{table}%"),
        ).fetchall()
        for kind, name, _sql in kept:
            self._db.execute(f'DROP {kind.upper()} "{name}"')
        new = f"{table}_remade"
        body = pattern.sub(r"\1", sql[sql.index("(") :], count=1)
        self._db.execute(f"CREATE TABLE {new} {body}")
        names = ", ".join(row[1] for row in self._db.execute(f"PRAGMA table_info({table})"))
        self._db.execute(f"INSERT INTO {new} ({names}) SELECT {names} FROM {table}")
        self._db.execute(f"DROP TABLE {table}")
        self._db.execute(f"ALTER TABLE {new} RENAME TO {table}")
        for _kind, _name, again in kept:
            self._db.execute(again)

    def schema_version(self) -> int:
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    def set_schema_version(self, version: int) -> None:
        self._db.execute(f"PRAGMA user_version = {int(version)}")

    def bytes_stored(self) -> int:
        """The pages in use, as this connection sees them (the WAL's last commit included); free
        pages left by deleted rows are not counted, since new rows reuse them."""
        pages = self._db.execute("PRAGMA page_count").fetchone()[0]
        free = self._db.execute("PRAGMA freelist_count").fetchone()[0]
        return (int(pages) - int(free)) * int(self._db.execute("PRAGMA page_size").fetchone()[0])

    def retryable(self, exc: Exception) -> bool:
        return False  # a writer waits for the lock (BUSY_SECONDS) instead: SQLite has one writer at a time

    def store_error(self, exc: Exception) -> Exception:
        from companion.store.sqlite_store import _sqlite_error

        return _sqlite_error(exc, Path(self.where))  # type: ignore[arg-type]
