"""One hosted space's store: the Store itself, in the space's own SQLite file or PostgreSQL
schema, refusing to grow past the space's budget (companion/store/space_limits.py).

Isolation needs nothing here: the space's store holds only its own rows. The budget hooks into
the three ways a store grows: a table stored (``create``, which ``import_json`` calls too), a
backup restored (``backup.restore_checked``), and entries appended to tables (measured every
MEASURE_EVERY entries: a table's log is bounded, so the overshoot is too).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from companion.core import Table
from companion.store.connection import Connection, SqliteConnection
from companion.store.space_limits import MB, SpaceLimits
from companion.store.sqlite_store import Store, StoreError

MEASURE_EVERY = 50  # entries appended between two measures of the space's size


class SpaceFull(StoreError):
    """The space's budget refuses this: too many tables, or too much stored."""


@dataclass(frozen=True)
class SpaceUsage:
    tables: int
    bytes: int  # what the space's rows take (Connection.bytes_stored)


class SpaceStore(Store):
    """A space's Store (``location``: its SQLite file, or the server URL with ``schema``)."""

    def __init__(
        self, location: str | Path, *, space_id: str, limits: SpaceLimits, schema: str | None = None
    ) -> None:
        self.space_id = space_id
        self.limits = limits
        self._schema = schema
        self._appends = 0
        self._full = False  # the last measure found the space full
        super().__init__(location)

    def _connect(self, location: str | Path) -> Connection:
        if self._schema is not None:
            from companion.store.postgres import PgConnection

            return PgConnection(str(location), schema=self._schema)
        return SqliteConnection(location)

    def usage(self) -> SpaceUsage:
        tables = self._read("SELECT COUNT(*) FROM tables")[0][0]
        try:
            with self._lock:
                stored = self._db.bytes_stored()
        except self._db.Error as exc:
            raise self._db.store_error(exc) from exc
        return SpaceUsage(tables=int(tables), bytes=stored)

    def _admit(
        self, tables: int, statements: Sequence[tuple[str, tuple[Any, ...]]], *, replacing: bool = False
    ) -> None:
        """Refuse what would take the space past its budget: the tables counted, the bytes
        estimated as the text the statements write."""
        size = sum(len(a) for _, args in statements for a in args if isinstance(a, str | bytes))
        used = self.usage()
        self._full = used.bytes >= self.limits.max_bytes  # the entries' next check uses it
        held = 0 if replacing else used.tables
        if held + tables > self.limits.max_tables:
            raise SpaceFull("store.space.too_many_tables", limit=self.limits.max_tables)
        if (0 if replacing else used.bytes) + size > self.limits.max_bytes:
            raise SpaceFull("store.space.full", limit=f"{self.limits.max_bytes / MB:g}")

    def appended(self, table: Table, entry: BaseModel, state: BaseModel) -> None:
        self._appends += 1
        if self._full or self._appends % MEASURE_EVERY == 0:
            # Once full, measured at each entry: deleting a table frees room at once.
            self._full = self.usage().bytes >= self.limits.max_bytes
        if self._full:
            raise SpaceFull("store.space.full", limit=f"{self.limits.max_bytes / MB:g}")
        super().appended(table, entry, state)
