"""A stale writer is refused: no acknowledged entry is ever overwritten.

Before, a second connection that had read the table earlier deleted every row from its
position on when it wrote (two apps, or two servers, on one data folder).
"""

from __future__ import annotations

import json
import multiprocessing
import time

import pytest
from security.input_helpers import short_table
from security.store_workers import writer

from companion.core import Table
from companion.store import Store, StoreConflict
from companion.ui.hub import TableHub

pytestmark = pytest.mark.usefixtures("store_backend")  # on SQLite and PostgreSQL


def _step(table: Table) -> None:
    """One legal entry (the app's own when the prompt is automatic)."""
    prompt = table.prompt
    table.auto() if prompt.auto else table.submit(prompt.choices[0])


@pytest.fixture
def two_stores(tmp_path):
    a, b = Store(tmp_path / "t.sqlite3"), Store(tmp_path / "t.sqlite3")
    yield a, b
    a.close()
    b.close()


def test_a_stale_writer_is_refused_and_nothing_acknowledged_is_lost(two_stores):
    a, b = two_stores
    table_a = a.create(short_table("dayu", undo=0))
    table_b = b.open(table_a.id)  # opened before A goes on
    for _ in range(5):
        _step(table_a)
    shown = table_a.to_dict()
    before = table_b.version
    with pytest.raises(StoreConflict) as refused:
        _step(table_b)
    assert "reloaded" in refused.value.msg.render()
    assert table_b.version == before  # the refused entry never became visible
    assert a.open(table_a.id).to_dict() == shown  # A's five entries are all there
    again = b.open(table_a.id)  # after reading again, B writes normally
    _step(again)
    assert a.open(table_a.id).version == len(shown["entries"]) + 1


@pytest.mark.parametrize("change", ["undo", "redo"])
def test_stale_undo_and_redo_are_refused(two_stores, change):
    a, b = two_stores
    table_a = a.create(short_table("dragon", undo=2))
    table_b = b.open(table_a.id)
    _step(table_a)  # clears the redo stack in the store
    shown = a.open(table_a.id).to_dict()
    with pytest.raises(StoreConflict):
        table_b.undo() if change == "undo" else table_b.redo()
    assert a.open(table_a.id).to_dict() == shown


def test_a_deleted_table_refuses_a_writer(two_stores):
    a, b = two_stores
    table_a = a.create(short_table("chinatown", undo=0))
    b.delete(table_a.id)
    with pytest.raises(StoreConflict):
        _step(table_a)


def test_one_store_two_table_objects(tmp_path):
    """The revision is kept per Table object: a second, older copy in the same process is refused too."""
    store = Store(tmp_path / "t.sqlite3")
    first = store.create(short_table("dayu", undo=0))
    second = store.open(first.id)
    _step(first)
    with pytest.raises(StoreConflict):
        _step(second)


def test_the_hub_reloads_the_table_on_conflict(two_stores):
    a, b = two_stores
    hub = TableHub(b)
    table = a.create(short_table("dayu", undo=0))
    stale = hub.get(table.id)
    _step(table)
    _step(table)
    with pytest.raises(StoreConflict):
        hub.change(table.id, _step)
    fresh = hub.get(table.id)
    assert fresh is not stale and fresh.to_dict() == a.open(table.id).to_dict()
    hub.change(table.id, _step)  # the next tap goes through
    assert a.open(table.id).version == table.version + 1


def test_two_processes_submitting_to_one_table(tmp_path):
    """Every acknowledged entry is in the table afterwards; every other submit raised StoreConflict."""
    db = tmp_path / "t.sqlite3"
    store = Store(db)
    table = store.create(Table.new("dayu", ["Ana", "Ben", "Carla", "Dong"]))
    store.close()
    ctx = multiprocessing.get_context("spawn")
    start_at = time.time() + 2.0  # both started (spawn takes a moment) before either writes
    attempts = 150
    outs = [tmp_path / f"w{i}.json" for i in range(2)]
    procs = [
        ctx.Process(target=writer, args=(str(db), table.id, attempts, seed, start_at, str(out)))
        for seed, out in enumerate(outs)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    results = [json.loads(out.read_text()) for out in outs]
    print("acknowledged", [len(r["acked"]) for r in results], "conflicts", [r["conflicts"] for r in results])
    final = Store(db).open(table.id)
    logged = [e.model_dump(mode="json") for e in final.entries]
    acked = [(a[0], json.dumps(a[1], sort_keys=True)) for r in results for a in r["acked"]]
    assert len({seq for seq, _ in acked}) == len(acked)  # no position acknowledged twice
    for seq, body in acked:
        assert json.dumps(logged[seq], sort_keys=True) == body
    assert len(acked) == final.version  # the log is exactly the acknowledged entries
    for r in results:
        assert len(r["acked"]) + r["conflicts"] == attempts or final.finished


async def test_a_tap_on_a_table_changed_elsewhere_reloads_it_and_says_so(tmp_path, monkeypatch):
    from ui_testkit import new_hub, started

    from companion.ui.shell import SessionShell

    apps: list[SessionShell] = []
    start = SessionShell.start

    async def recorded(self: SessionShell) -> None:
        apps.append(self)
        await start(self)

    monkeypatch.setattr(SessionShell, "start", recorded)
    hub = new_hub(tmp_path)
    table = hub.create(short_table("dayu", undo=0))
    h = await started(hub, route=f"/table/{table.id}")
    app = apps[0]
    other = Store(tmp_path / "tables.sqlite3")  # a second app on the same folder
    elsewhere = other.open(table.id)
    _step(elsewhere)
    stale_prompt = hub.get(table.id).prompt
    tapped = app.open.deal() if stale_prompt.auto else app.open.submit(stale_prompt.choices[0])
    assert not tapped
    assert "reloaded" in app.state.notice.text
    assert hub.get(table.id).to_dict() == other.open(table.id).to_dict()  # the screen shows what is stored
    prompt = hub.get(table.id).prompt
    assert app.open.deal() if prompt.auto else app.open.submit(prompt.choices[0])  # the next tap goes through
    assert other.open(table.id).version == elsewhere.version + 1
    h.close()
