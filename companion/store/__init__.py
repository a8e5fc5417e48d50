"""Persistence of tables and their entry logs in SQLite."""

from companion.store.sqlite_store import (
    DamagedTable,
    Store,
    StoreConflict,
    StoreError,
    TableInfo,
    default_data_dir,
)

__all__ = ["DamagedTable", "Store", "StoreConflict", "StoreError", "TableInfo", "default_data_dir"]
