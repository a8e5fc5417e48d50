"""A store written by the code before tables.rev existed (commit 2f35f04) opens, and goes on.

tests/security/data/store_2f35f04.sqlite3 was written by that code: three tables (dragon,
chinatown, dayu), 25 random legal entries each, the last 3 undone.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.store import Store, StoreConflict

OLD = Path(__file__).parent / "data" / "store_2f35f04.sqlite3"


@pytest.fixture
def old_store(tmp_path):
    path = tmp_path / "tables.sqlite3"
    shutil.copy(OLD, path)
    return path


def test_the_old_store_has_no_revision_column():
    db = sqlite3.connect(f"file:{OLD}?immutable=1", uri=True)  # leaves the file and its folder untouched
    assert "rev" not in {row[1] for row in db.execute("PRAGMA table_info(tables)")}
    assert db.execute("PRAGMA user_version").fetchone()[0] == 0
    db.close()


def test_an_old_store_opens_with_every_entry_and_redo(old_store):
    store = Store(old_store)
    infos = {i.id: i for i in store.list()}
    assert set(infos) == {"dragon-old", "chinatown-old", "dayu-old"}
    for table_id, info in infos.items():
        assert info.problem is None and info.entries == 22
        table = store.open(table_id)
        assert table.version == 22 and len(table.redo_entries) == 3
        assert table.redo(3) == 3  # the redo stack replays with every check
        assert store.open(table_id).version == 25


def test_a_migrated_store_refuses_stale_writers_too(old_store):
    first, second = Store(old_store), Store(old_store)  # the second sees the migration done
    a, b = first.open("dayu-old"), second.open("dayu-old")
    a.redo()
    with pytest.raises(StoreConflict):
        b.redo()
    assert Store(old_store).open("dayu-old").version == 23
