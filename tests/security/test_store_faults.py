"""Damaged rows and unusable files: one clear StoreError, the healthy tables stay in reach.

Before, one damaged header row made Store.list() raise TypeError or JSONDecodeError (Home
failed, every table out of reach); a damaged entry raised JSONDecodeError; a file that is
not a database, a read-only folder or a full disk raised raw sqlite3 errors.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from security.input_helpers import short_table
from ui_testkit import new_hub, started

from companion.cli import main
from companion.core import Table
from companion.store import DamagedTable, Store, StoreError
from companion.ui.shell import SessionShell

# Both backends; the faults of an SQLite file itself are marked sqlite_only (tests/store_backends.py).
pytestmark = pytest.mark.usefixtures("store_backend")


def _raw(path, sql, *args):
    """Damage a row behind the app's back (a second connection, as another program would)."""
    db = Store(path)
    db._write((sql, args))
    db.close()


@pytest.fixture
def stocked(tmp_path):
    """A store with three tables: (path, store, [healthy, to damage, to damage])."""
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    tables = [
        store.create(short_table(g, seed=1, entries=20, undo=2)) for g in ("dragon", "chinatown", "dayu")
    ]
    yield path, store, tables
    store.close()


@pytest.mark.parametrize(
    "header", ["not json", '{"players": 5}', '{"options": {}, "players": [7]}', "[" * 5000]
)
def test_a_damaged_header_row_is_named_and_the_others_listed(stocked, header):
    path, store, (healthy, bad, other) = stocked
    _raw(path, "UPDATE tables SET header = ? WHERE id = ?", header, bad.id)
    infos = {i.id: i for i in store.list()}
    assert set(infos) == {healthy.id, bad.id, other.id}
    assert infos[healthy.id].problem is None and infos[healthy.id].players == ["Ana", "Ben", "Carla"]
    assert infos[bad.id].problem is not None and infos[bad.id].name == bad.name
    with pytest.raises(DamagedTable) as refused:
        store.open(bad.id)
    assert "damaged" in refused.value.msg.render() and "players" in refused.value.msg.render()
    assert store.open(healthy.id).to_dict() == healthy.to_dict()


def test_a_damaged_entry_row_says_which_and_the_rest_can_be_exported(stocked):
    path, store, (_healthy, bad, _other) = stocked
    _raw(path, "UPDATE entries SET body = ? WHERE table_id = ? AND seq = 7", "{oops", bad.id)
    info = {i.id: i for i in store.list()}[bad.id]
    assert info.problem is not None and "8" in info.problem.render()
    with pytest.raises(DamagedTable) as refused:
        store.open(bad.id)
    assert "entry 8" in refused.value.msg.render()
    saved = Table.from_json(store.salvage(bad.id))  # what can still be read: the first 7 entries
    assert saved.entries == bad.entries[:7]
    assert store.import_json(store.salvage(bad.id)).version == 7


def test_an_illegal_stored_entry_is_a_damaged_table(stocked):
    """As the old Redo could leave it: legal JSON, but not an entry the rules allow there."""
    path, store, (_healthy, bad, _other) = stocked
    body = json.dumps(bad.entries[3].model_dump(mode="json"))
    _raw(path, "UPDATE entries SET body = ? WHERE table_id = ? AND seq = 12", body, bad.id)
    with pytest.raises(DamagedTable) as refused:
        store.open(bad.id)
    assert "13" in refused.value.msg.render()
    assert Table.from_json(store.salvage(bad.id)).version == 12


@pytest.mark.sqlite_only  # PostgreSQL's typed columns refuse such a row at the write
def test_wrong_types_in_a_row_still_list(stocked):
    path, store, (healthy, bad, _other) = stocked
    _raw(path, "UPDATE tables SET entries = 'many', game = 7 WHERE id = ?", bad.id)
    infos = {i.id: i for i in store.list()}
    assert infos[bad.id].problem is not None and infos[healthy.id].problem is None


@pytest.mark.sqlite_only  # a file
def test_a_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "tables.sqlite3"
    path.write_bytes(os.urandom(4096))
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert refused.value.msg.key == "sec-input.store.not_a_database"
    assert str(path) in refused.value.msg.render()


def test_a_folder_that_is_a_file(tmp_path):
    (tmp_path / "data").write_text("")
    with pytest.raises(StoreError) as refused:
        Store(tmp_path / "data" / "tables.sqlite3")
    assert refused.value.msg.key == "sec-input.store.cannot_open"


def _list_as_nobody(path: str, modules: list[str]) -> str:  # pragma: no cover - in the child
    """Open the store at ``path`` without root's rights: its tables, or its error key, as text.
    ``modules`` are loaded first, as root: ``nobody`` cannot read an interpreter's library kept
    under /root, so a module the store loads lazily (difflib) would fail to import after."""
    for name in modules:
        with contextlib.suppress(Exception):
            importlib.import_module(name)
    os.setuid(65534)
    try:
        return str(Store(Path(path)).list())
    except StoreError as exc:
        return exc.msg.key
    except BaseException as exc:
        return f"escaped: {exc!r}"


def _as_nobody(path: Path) -> str:
    """``_list_as_nobody`` in a child of multiprocessing's fork server: a fresh, single-threaded
    process forks it (a fork of this threaded test process is deprecated on Python 3.12), and
    no program is run as ``nobody`` (who cannot run an interpreter kept under /root)."""
    with multiprocessing.get_context("forkserver").Pool(1) as pool:
        return pool.apply(_list_as_nobody, (str(path), [*_loaded_here(), *LOADED_LATE]))


# What the store may load on first use that a test run alone has not loaded yet (strptime reads
# a stored time): without it the test passed in its file and failed on its own.
LOADED_LATE = ("_strptime", "difflib")


def _loaded_here() -> list[str]:
    """The standard library's and the app's modules this process has loaded (a fork's child had
    them all)."""
    top = sys.stdlib_module_names | {"companion"}
    return sorted(m for m in list(sys.modules) if m.split(".")[0] in top and not m.startswith("__"))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (the fork server)")
@pytest.mark.sqlite_only  # a folder's permissions
def test_a_read_only_folder():
    tmp_path = Path(tempfile.mkdtemp(prefix="companion-ro-"))  # pytest's own folders are root's only
    tmp_path.chmod(0o755)
    folder = tmp_path / "ro"
    folder.mkdir()
    made = Store(folder / "tables.sqlite3")
    made.create(short_table("dayu"))
    made.close()
    empty = tmp_path / "ro-empty"
    empty.mkdir()
    for f in (folder, empty, folder / "tables.sqlite3"):
        f.chmod(0o555)
    try:
        if os.getuid() == 0:
            got = [_as_nobody(f / "tables.sqlite3") for f in (folder, empty)]
        else:
            got = []
            for f in (folder, empty):
                try:
                    got.append(str(Store(f / "tables.sqlite3").list()))
                except StoreError as exc:
                    got.append(exc.msg.key)
        assert got == ["sec-input.store.read_only", "sec-input.store.cannot_open"]
    finally:
        for f in (folder, empty):
            f.chmod(0o755)
        shutil.rmtree(tmp_path)


def _fill_disk(store: Store) -> None:
    """The disk is full from now on: SQLite may not grow the file by one more page."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")


@pytest.mark.sqlite_only  # SQLite's page limit as the full disk
def test_a_full_disk_loses_nothing_acknowledged(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    table = store.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
    _fill_disk(store)
    with pytest.raises(StoreError) as refused:
        for _ in range(2_000):
            prompt = table.prompt
            table.auto() if prompt.auto else table.submit(prompt.choices[0])
    assert refused.value.msg.key == "sec-input.store.disk_full"
    shown = table.to_dict()  # what the players saw: every acknowledged entry
    assert Store(path).open(table.id).to_dict() == shown
    store._db.execute("PRAGMA max_page_count = 1000000")  # space again: the table goes on
    prompt = table.prompt
    table.auto() if prompt.auto else table.submit(prompt.choices[0])
    assert Store(path).open(table.id).version == len(shown["entries"]) + 1


def test_the_cli_shows_a_store_error_as_one_line(monkeypatch, capsys, tmp_path):
    """StoreError is a TableError: every command that meets it prints one line and exits 2."""
    import companion.cli as cli

    def broken(_args):
        raise StoreError("sec-input.store.disk_full", path=str(tmp_path))

    monkeypatch.setattr(cli, "replay", broken)
    assert main(["replay", "x.json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "out of space" in err


async def test_home_lists_a_damaged_table_and_exports_what_can_be_read(tmp_path):
    hub = new_hub(tmp_path)
    healthy = hub.store.create(short_table("dragon", seed=1))
    bad = hub.store.create(short_table("dayu", seed=1, entries=20, undo=0))
    _raw(tmp_path / "tables.sqlite3", "UPDATE entries SET body = 'x' WHERE table_id = ? AND seq = 5", bad.id)
    h = await started(hub)
    assert h.keys(f"open-{healthy.id}") and h.keys(f"open-{bad.id}")
    await h.click(f"export-{bad.id}")
    assert Table.from_json(h.by_key("export-text").value).entries == bad.entries[:5]
    h.close()


@pytest.mark.sqlite_only  # SQLite's page limit as the full disk
async def test_a_full_disk_during_a_tap_is_a_notice(tmp_path, monkeypatch):
    apps: list[SessionShell] = []
    start = SessionShell.start

    async def recorded(self: SessionShell) -> None:
        apps.append(self)
        await start(self)

    monkeypatch.setattr(SessionShell, "start", recorded)
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
    _fill_disk(hub.store)
    h = await started(hub, route=f"/table/{table.id}")
    app, app_table = apps[0], hub.get(table.id)
    for _ in range(2_000):  # play on through the app's own taps until the disk refuses
        prompt = app_table.prompt
        if not (app.open.deal() if prompt.auto else app.open.submit(prompt.choices[0])):
            break
    assert app.state.notice is not None and "out of space" in app.state.notice.text
    assert Store(tmp_path / "tables.sqlite3").open(table.id).version == app_table.version
    h.close()


def test_an_illegal_undone_row_cuts_the_redo_stack_and_the_table_opens(stocked):
    """An undone row the old code stored without checks: the table opens, redo stops before it."""
    path, store, (_healthy, bad, _other) = stocked
    redo = bad.redo_entries  # two undone entries, the next one to redo last
    body = json.dumps(bad.entries[0].model_dump(mode="json"))  # never legal again at the end
    last = bad.version + 1  # rows from bad.version on are undone; this one would be redone second
    _raw(path, "UPDATE entries SET body = ? WHERE table_id = ? AND seq = ?", body, bad.id, last)
    table = store.open(bad.id)
    assert table.version == bad.version
    assert table.redo_entries == [redo[-1]]  # the legal part of the stack
    assert table.redo(2) == 1


async def test_opening_a_damaged_table_in_the_app_says_what_is_wrong(tmp_path):
    hub = new_hub(tmp_path)
    bad = hub.store.create(short_table("chinatown", seed=1, entries=20, undo=0))
    _raw(tmp_path / "tables.sqlite3", "UPDATE entries SET body = '[' WHERE table_id = ? AND seq = 2", bad.id)
    h = await started(hub, route=f"/table/{bad.id}")
    text = h.by_key("missing").value
    assert "damaged" in text and "entry 3" in text and "Export" in text
    h.close()
