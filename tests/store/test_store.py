import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from toy_game import GAME, Add, Start

from companion.core import Table, TableError
from companion.games import register
from companion.store import Store

register(GAME)


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "t.sqlite3")
    yield s
    s.close()


def test_entries_survive_reopening(store, tmp_path):
    t = store.create(Table.new("toy", ["Ana", "Ben"]))
    t.submit(Start(first=1))
    t.submit(Add(seat=1, amount=2))
    t.submit(Add(seat=0, amount=3))
    t.undo()
    again = Store(tmp_path / "t.sqlite3").open(t.id)
    assert again.state == t.state
    assert again.redo_entries == [Add(seat=0, amount=3)]
    again.redo()
    assert again.state.counter == 5


def test_undone_entries_are_kept_until_replaced(store):
    t = store.create(Table.new("toy", ["Ana", "Ben"]))
    t.submit(Start(first=0))
    t.submit(Add(seat=0, amount=1))
    t.submit(Add(seat=1, amount=1))
    t.undo(2)
    assert store.open(t.id).redo_entries == t.redo_entries
    t.submit(Add(seat=0, amount=3))  # replaces both undone entries
    reopened = store.open(t.id)
    assert reopened.redo_entries == []
    assert reopened.state.counter == 3


def _statements(store, monkeypatch) -> list[str]:
    """The store connection's calls from now on, by name (a statement each, BEGIN and COMMIT too)."""
    sent: list[str] = []
    for name in ("begin", "execute", "executemany", "commit"):
        run = getattr(store._db, name)

        def counted(*args, _run=run, _name=name, **kwargs):
            sent.append(_name)
            return _run(*args, **kwargs)

        monkeypatch.setattr(store._db, name, counted)
    return sent


def test_an_entry_is_four_statements_once_no_undone_row_is_left(store, monkeypatch):
    """The claim on the table's revision sets its row too, and the undone rows' DELETE runs only
    while some may be left (docs/DECISIONS.md, "An entry in four statements")."""
    t = store.create(Table.new("toy", ["Ana", "Ben"]))
    t.submit(Start(first=0))
    sent = _statements(store, monkeypatch)
    t.submit(Add(seat=0, amount=1))
    assert sent == ["begin", "execute", "execute", "commit"]  # the claim with the row, the entry
    t.undo()
    del sent[:]
    t.submit(Add(seat=0, amount=2))  # an undone row to make way for: the DELETE again
    assert sent == ["begin", "execute", "execute", "execute", "commit"]
    assert store.open(t.id).state == t.state and store.open(t.id).redo_entries == []


def test_list_rename_delete(store):
    a = store.create(Table.new("toy", ["Ana", "Ben"]))
    b = store.create(Table.new("toy", ["Carla", "Dan", "Eva"], name="Friday"))
    a.submit(Start(first=0))
    infos = {i.id: i for i in store.list()}
    assert infos[b.id].name == "Friday" and infos[b.id].players == ["Carla", "Dan", "Eva"]
    assert infos[a.id].entries == 1 and not infos[a.id].finished
    store.rename(a.id, "  Sunday   club ")
    assert {i.id: i.name for i in store.list()}[a.id] == "Sunday club"
    with pytest.raises(TableError):
        store.rename(a.id, "   ")
    store.delete(b.id)
    assert [i.id for i in store.list()] == [a.id]
    with pytest.raises(TableError) as err:
        store.open(b.id)
    assert err.value.msg.key == "store.no_such_table"


def test_finished_flag_follows_the_game(store):
    t = store.create(Table.new("toy", ["Ana", "Ben"], {"target": 3}))
    t.submit(Start(first=0))
    t.submit(Add(seat=0, amount=3))
    assert store.list()[0].finished
    t.undo()
    assert not store.list()[0].finished


def test_export_and_import(store):
    t = store.create(Table.new("toy", ["Ana", "Ben"]))
    rng = random.Random(1)
    while t.prompt is not None:
        t.auto(rng) if t.prompt.auto else t.submit(rng.choice(t.prompt.choices))
    text = store.export_json(t.id)
    copy = store.import_json(text)  # same id already stored: the import gets its own id
    assert copy.id != t.id and copy.state == t.state
    assert len(store.list()) == 2
    with pytest.raises(TableError):
        store.import_json(text[: len(text) // 2])


CHILD = textwrap.dedent(
    """
    import random, sys
    sys.path[:0] = [{tests!r}, {root!r}]
    from toy_game import GAME
    from companion.games import register
    from companion.core import Table
    from companion.store import Store
    from store_backends import redirect_in_subprocess
    redirect_in_subprocess()  # [postgresql]: the path opens the test's schema
    register(GAME)
    store = Store({db!r})
    rng = random.Random(7)
    while True:
        t = store.create(Table.new("toy", ["Ana", "Ben", "Carla"], {{"target": 50}}))
        while t.prompt is not None:
            t.auto(rng) if t.prompt.auto else t.submit(rng.choice(t.prompt.choices))
            print(t.id, t.version, flush=True)
    """
)


def test_sigkill_loses_no_returned_submit(tmp_path):
    db = tmp_path / "kill.sqlite3"
    root = Path(__file__).resolve().parents[2]
    code = CHILD.format(tests=str(root / "tests"), root=str(root), db=str(db))
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    seen: dict[str, int] = {}
    try:
        for line in proc.stdout:
            table_id, version = line.split()
            seen[table_id] = int(version)
            if sum(seen.values()) >= 400:
                break
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert sum(seen.values()) >= 400, "the child stopped early"
    store = Store(db)
    for table_id, version in seen.items():
        assert store.open(table_id).version >= version
