"""Persistence of tables and their entry logs in SQLite."""

from companion.store.sqlite_store import Store, TableInfo, default_data_dir

__all__ = ["Store", "TableInfo", "default_data_dir"]
