"""The store on PostgreSQL, through psycopg 3 and its connection pool.

The store's SQL is written once, SQLite's way (companion/store/connection.py). Here it is
rewritten for PostgreSQL by a few mechanical rules, each for one SQLite-only construct:

- ``?`` placeholders become psycopg's ``%s`` (and a literal ``%`` is doubled);
- ``INSERT OR IGNORE`` becomes ``INSERT ... ON CONFLICT DO NOTHING``;
- ``LIKE`` becomes ``ILIKE`` (SQLite's LIKE ignores the case of ASCII letters);
- ``CROSS JOIN ... ON`` (SQLite's way to fix the join order) becomes a plain ``JOIN``;
- a table gets SQLite's implicit ``rowid`` (the order rows were written in) as an identity
  column, unless it is ``WITHOUT ROWID``;
- a ``CREATE TRIGGER ... BEGIN ... END`` becomes a PL/pgSQL function and a row trigger calling
  it, with the same condition and the same statements (``IS NOT`` between two values is
  ``IS DISTINCT FROM``); a trigger on DELETE runs BEFORE the row goes (see ``_trigger``).

``json_valid`` (SQLite's JSON check, used to name damaged rows) is a small SQL function here, and
the schema version, SQLite's ``PRAGMA user_version``, is a one-row table. Numbers that PostgreSQL
returns as ``numeric`` (AVG, SUM of big integers) are read as floats, as SQLite gives them.

A hosted server's spaces (companion/store/spaces.py) are one PostgreSQL schema each. Their
connections name their ``schema`` and share one pool per server URL in the process
(``shared_pool``), so a thousand spaces cost the pool's few server connections, not a thousand
pools; a connection is pointed at the space's schema (``SET search_path``) when the space checks
it out, unless it already points there.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

import psycopg
from psycopg import errors
from psycopg.sql import SQL, Identifier
from psycopg.types.numeric import FloatLoader
from psycopg_pool import ConnectionPool

from companion.store.connection import shown_url

CONNECT_SECONDS = 10
POOL_SIZE = 4
# The pool every space of one server shares in a process (hosted mode: one per worker).
SHARED_POOL_SIZE = 10
# Any fixed number: the lock that keeps two processes from creating the schema at once.
SCHEMA_LOCK = 7_402_118

SETUP = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    """CREATE OR REPLACE FUNCTION json_valid(body TEXT) RETURNS BOOLEAN LANGUAGE plpgsql IMMUTABLE AS $$
    BEGIN
        PERFORM body::json;
        RETURN TRUE;
    EXCEPTION WHEN others THEN
        RETURN FALSE;
    END $$""",
)


class Rows:
    """The rows of one statement, read whole (the connection goes back to the pool at once)."""

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return list(self._rows)

    def __iter__(self) -> Any:
        return iter(self._rows)

    def close(self) -> None:
        self._rows = []


class PgConnection:
    """PostgreSQL behind the store (see the module's docstring).

    ``PgConnection(url)``: the URL's own schema (public unless the URL sets search_path), through a
    pool of its own, closed with it. ``PgConnection(url, schema=...)``: that schema (made by
    ``setup``), through the process's shared pool of ``url``, which ``close`` leaves open."""

    Error = psycopg.Error
    IntegrityError = psycopg.IntegrityError

    def __init__(self, url: str, schema: str | None = None) -> None:
        self.where = shown_url(url) if schema is None else f"{shown_url(url)} (schema {schema})"
        self.schema = schema
        self._tx: psycopg.Connection[Any] | None = None
        if schema is not None:
            if not _SCHEMA_NAME.fullmatch(schema):
                raise ValueError(f"not a schema name the store makes: {schema!r}")
            self._pool = shared_pool(url)
            return
        _try_connect(url)
        self._pool = _new_pool(url, POOL_SIZE, "companion-store")

    def setup(self) -> None:
        """What SQLite has built in: the schema version's table and json_valid (and a space's
        schema itself, made on its first open)."""
        self.begin(exclusive=True)
        try:
            if self.schema is not None:
                assert self._tx is not None
                self._tx.execute(SQL("CREATE SCHEMA IF NOT EXISTS {}").format(Identifier(self.schema)))
            for statement in SETUP:
                self.execute(statement)
        except BaseException:
            self.rollback()
            raise
        self.commit()

    def execute(self, sql: str, args: Sequence[Any] = ()) -> Rows:
        trigger = _TRIGGER.match(sql)
        if trigger:
            for statement in _trigger(trigger):
                self._run(statement, None)
            return Rows([], 0)
        return self._run(pg_sql(sql), tuple(args))

    def _run(self, statement: str, args: tuple[Any, ...] | None) -> Rows:
        if self._tx is not None:
            return _rows(self._tx.execute(statement, args))
        with self._pool.connection() as conn:
            self._point(conn)
            return _rows(conn.execute(statement, args))

    def _point(self, conn: psycopg.Connection[Any]) -> None:
        """Point a pooled connection at this space's schema, unless it points there already.
        Outside any transaction: a SET inside one would be undone by its ROLLBACK."""
        if self.schema is not None and _pointed_at(conn) != self.schema:
            conn.execute(SQL("SET search_path TO {}").format(Identifier(self.schema)))
            _remember_schema(conn, self.schema)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Every row through psycopg's own executemany (the rows go in one pipeline, not one round
        trip each), on the open transaction's connection or on one pooled connection."""
        statement, args = pg_sql(sql), [tuple(row) for row in rows]
        if self._tx is not None:
            self._tx.cursor().executemany(statement, args)
            return
        with self._pool.connection() as conn:
            self._point(conn)
            conn.cursor().executemany(statement, args)

    def executescript(self, script: str) -> None:
        """Schema statements (no placeholders), in one transaction with the schema lock held.
        Split at each ``;`` once the ``--`` comments are gone (a comment may hold a ``;``)."""
        own = self._tx is None
        if own:
            self.begin(exclusive=True)
        try:
            for statement in _COMMENT.sub(_uncommented, script).split(";"):
                if statement.strip():
                    self.execute(statement)
        except BaseException:
            if own:
                self.rollback()
            raise
        if own:
            self.commit()

    def begin(self, *, exclusive: bool = False) -> None:
        """A transaction on one connection of the pool. ``exclusive``: also wait for any other
        process creating or migrating the schema (a migration's transaction takes this lock)."""
        conn = self._pool.getconn()
        try:
            self._point(conn)
            conn.execute("BEGIN")
            if exclusive and self.schema is not None:  # one lock per space: spaces migrate side by side
                conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (SCHEMA_LOCK, self.schema))
            elif exclusive:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        except BaseException:
            self._pool.putconn(conn)
            raise
        self._tx = conn

    def commit(self) -> None:
        conn, self._tx = self._tx, None
        if conn is None:
            return
        try:
            conn.execute("COMMIT")
        finally:
            self._pool.putconn(conn)

    def rollback(self) -> None:
        """End a transaction without its changes; a failing ROLLBACK (a lost connection) must not
        hide the error that caused it (the pool then replaces the connection)."""
        conn, self._tx = self._tx, None
        if conn is None:
            return
        with contextlib.suppress(psycopg.Error):
            conn.execute("ROLLBACK")
        self._pool.putconn(conn)

    def schema_work(self) -> contextlib.AbstractContextManager[None]:
        """As SQLite's (store/connection.py): PostgreSQL's commits are synced as configured."""
        return contextlib.nullcontext()

    @property
    def in_transaction(self) -> bool:
        return self._tx is not None

    def close(self) -> None:
        self.rollback()
        if self.schema is None:  # a shared pool serves the other spaces still
            self._pool.close()

    def bytes_stored(self) -> int:
        """The size of the rows the schema's tables hold. Not their files' size: PostgreSQL keeps
        the room of deleted rows for new ones, so deleting tables would never seem to free any."""
        names = [
            r[0]
            for r in self.execute(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
            )
        ]
        if not names:
            return 0
        sizes = SQL(" UNION ALL ").join(
            SQL("SELECT COALESCE(SUM(pg_column_size(t)), 0) AS n FROM {} t").format(Identifier(name))
            for name in names
        )
        query = SQL("SELECT COALESCE(SUM(n), 0) FROM ({}) sizes").format(sizes)
        if self._tx is not None:
            row = self._tx.execute(query).fetchone()
        else:
            with self._pool.connection() as conn:
                self._point(conn)
                row = conn.execute(query).fetchone()
        return int(row[0]) if row else 0

    def columns(self, table: str) -> set[str]:
        rows = self.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ?",
            (table,),
        )
        return {r[0] for r in rows}

    def allow_null(self, table: str, column: str) -> None:
        """Let ``column`` of ``table`` hold NULL (PostgreSQL alters it in place)."""
        self.execute(f"ALTER TABLE {table} ALTER COLUMN {column} DROP NOT NULL")

    def schema_version(self) -> int:
        made = self.execute(
            "SELECT COUNT(*) FROM information_schema.tables"
            " WHERE table_schema = current_schema() AND table_name = 'schema_version'"
        ).fetchall()
        if made != [(1,)]:
            return 0  # a new database: setup() has not made the table yet
        row = self.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return (row[0] or 0) if row else 0

    def set_schema_version(self, version: int) -> None:
        self.execute("DELETE FROM schema_version")
        self.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))

    def retryable(self, exc: Exception) -> bool:
        """Two writers locking rows in crossed order: PostgreSQL ends one, which may run again."""
        return isinstance(exc, errors.DeadlockDetected | errors.SerializationFailure)

    def store_error(self, exc: Exception) -> Exception:
        """One clear StoreError for a PostgreSQL failure, by its kind."""
        from companion.store.sqlite_store import StoreError

        where = self.where
        if isinstance(exc, errors.DiskFull):
            return StoreError("sec-input.store.disk_full", path=where)
        if isinstance(exc, errors.InsufficientPrivilege | errors.ReadOnlySqlTransaction):
            return StoreError("sec-input.store.read_only", path=where)
        if isinstance(exc, errors.DeadlockDetected | errors.LockNotAvailable | errors.SerializationFailure):
            return StoreError("sec-input.store.busy", path=where)
        if type(exc) is psycopg.OperationalError or isinstance(exc, errors.ConnectionException):
            return StoreError("sec-input.store.no_server", path=where, detail=_first_line(exc))
        return StoreError("sec-input.store.failed", path=where, detail=str(exc))


# ---- pools --------------------------------------------------------------------------------
_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
_SHARED: dict[str, ConnectionPool] = {}
_SHARED_GUARD = threading.Lock()
# The schema each pooled connection of a shared pool points at (a replaced connection is a new
# object, so it is pointed again).
_POINTED: weakref.WeakKeyDictionary[psycopg.Connection[Any], str] = weakref.WeakKeyDictionary()
_POINTED_GUARD = threading.Lock()


def _try_connect(url: str) -> None:
    """One plain connection first: a wrong URL or a server down fails now, with the server's
    own reason, instead of the pool retrying in the background until its timeout."""
    psycopg.connect(url, connect_timeout=CONNECT_SECONDS).close()


def _new_pool(url: str, size: int, name: str) -> ConnectionPool:
    pool = ConnectionPool(
        url,
        min_size=1,
        max_size=size,
        kwargs={"autocommit": True},  # transactions are begun and ended by the store
        configure=_configure,
        timeout=CONNECT_SECONDS,
        open=False,
        name=name,
    )
    pool.open(wait=True, timeout=CONNECT_SECONDS)
    return pool


def shared_pool(url: str) -> ConnectionPool:
    """The process's one pool for ``url``, opened on first use (at most SHARED_POOL_SIZE server
    connections, however many spaces use it)."""
    with _SHARED_GUARD:
        pool = _SHARED.get(url)
        if pool is None or pool.closed:
            _try_connect(url)
            pool = _SHARED[url] = _new_pool(url, SHARED_POOL_SIZE, "companion-spaces")
        return pool


def close_shared_pools() -> None:
    """Close every shared pool (a server shutting down, a test ending)."""
    with _SHARED_GUARD:
        pools = list(_SHARED.values())
        _SHARED.clear()
    for pool in pools:
        pool.close()


def _pointed_at(conn: psycopg.Connection[Any]) -> str | None:
    with _POINTED_GUARD:
        return _POINTED.get(conn)


def _remember_schema(conn: psycopg.Connection[Any], schema: str) -> None:
    with _POINTED_GUARD:
        _POINTED[conn] = schema


_COMMENT = re.compile(r"'[^']*'|--[^\n]*")  # a quoted string is matched first, so kept whole


def _uncommented(found: re.Match[str]) -> str:
    return found.group(0) if found.group(0).startswith("'") else ""


def _first_line(exc: Exception) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def _configure(conn: psycopg.Connection[Any]) -> None:
    """Every pooled connection reads ``numeric`` as float (AVG, as SQLite returns it)."""
    conn.adapters.register_loader("numeric", FloatLoader)


def _rows(cursor: psycopg.Cursor[Any]) -> Rows:
    return Rows(cursor.fetchall() if cursor.description else [], cursor.rowcount)


# ---- SQLite's SQL as PostgreSQL's ----------------------------------------------------------
_TOKENS = re.compile(r"'[^']*'|\?|%")
_REWRITES = (
    (re.compile(r"\bLIKE\b"), "ILIKE"),
    (re.compile(r"\bCROSS JOIN\b"), "JOIN"),
    (re.compile(r"\s*\bWITHOUT ROWID\b"), ""),
)
_CREATE_TABLE = re.compile(r"\s*CREATE TABLE IF NOT EXISTS \w+\s*\(\s*")
_NO_ROWID = re.compile(r"\bWITHOUT ROWID\b")
_OR_IGNORE = re.compile(r"\bINSERT OR IGNORE INTO\b")


@functools.lru_cache(maxsize=1024)
def pg_sql(sql: str, placeholders: bool = True) -> str:
    """One SQLite statement as PostgreSQL's (the module's docstring lists the rules)."""
    if _CREATE_TABLE.match(sql) and not _NO_ROWID.search(sql):
        sql = _CREATE_TABLE.sub(r"\g<0>rowid BIGINT GENERATED BY DEFAULT AS IDENTITY, ", sql, count=1)
    for pattern, replacement in _REWRITES:
        sql = pattern.sub(replacement, sql)
    if _OR_IGNORE.search(sql):
        sql = _OR_IGNORE.sub("INSERT INTO", sql).rstrip().rstrip(";") + " ON CONFLICT DO NOTHING"
    if placeholders:
        sql = _TOKENS.sub(
            lambda m: {"?": "%s", "%": "%%"}.get(m.group(0), m.group(0).replace("%", "%%")), sql
        )
    return sql


_TRIGGER = re.compile(
    r"\s*CREATE TRIGGER IF NOT EXISTS (?P<name>\w+)\s+AFTER\s+(?P<event>INSERT|DELETE|UPDATE(?:\s+OF\s+[\w,\s]+?)?)"
    r"\s+ON\s+(?P<table>\w+)\s*(?:WHEN\s+(?P<when>.*?))?\s*\bBEGIN\b(?P<body>.*)\bEND\s*$",
    re.DOTALL,
)
_IS_NOT_VALUE = re.compile(r"\bIS NOT\b(?!\s+NULL\b)")


def _trigger(found: re.Match[str]) -> list[str]:
    """An SQLite trigger as a PL/pgSQL function and the row trigger that calls it."""
    name, event, table = found["name"], " ".join(found["event"].split()), found["table"]
    statements = [pg_sql(s.strip(), placeholders=False) for s in found["body"].split(";") if s.strip()]
    body = "\n".join(f"    {s};" for s in statements)
    when = f" WHEN ({_IS_NOT_VALUE.sub('IS DISTINCT FROM', found['when'])})" if found["when"] else ""
    # PostgreSQL runs AFTER row triggers once the whole statement is done, its cascades too: after
    # a play's delete, the seats' trigger would find its figures gone and the figures' trigger
    # its seats gone. SQLite runs them row by row, as PostgreSQL runs BEFORE triggers.
    timing, result = ("BEFORE", "OLD") if event == "DELETE" else ("AFTER", "NULL")
    return [
        f"CREATE OR REPLACE FUNCTION {name}_fn() RETURNS trigger LANGUAGE plpgsql AS $$\n"
        f"BEGIN\n{body}\n    RETURN {result};\nEND $$",
        f"CREATE OR REPLACE TRIGGER {name} {timing} {event} ON {table} FOR EACH ROW{when}"
        f" EXECUTE FUNCTION {name}_fn()",
    ]
