"""A table written to, or read back from, the SQLite store in a test's data folder (the folder
a served app is started on)."""

from contextlib import closing
from pathlib import Path

from companion.core import Table
from companion.store import Store


def stored(data: Path, table: Table) -> Table:
    """``table`` saved as a new table in ``data``'s store; the stored copy."""
    with closing(Store(data / "tables.sqlite3")) as store:
        return store.create(table)


def newest(data: Path, table_id: str) -> Table:
    """The table as the store holds it now (after the app's entries)."""
    with closing(Store(data / "tables.sqlite3")) as store:
        return store.open(table_id)
