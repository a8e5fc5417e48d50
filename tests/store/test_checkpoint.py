"""A stored table opens from its checkpoint only when the checkpoint was made from its very log."""

import json
import random
import sqlite3

import pytest

from companion.core import Table
from companion.store import Store, checkpoint, sqlite_store

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]


def complete_dragon(seed: int = 1, players: int = 5) -> Table:
    rng = random.Random(seed)
    table = Table.new("dragon", NAMES[:players], {"large_privilege_cost": 7})
    while (prompt := table.prompt) is not None:
        if prompt.auto:
            table.auto(rng)
        else:
            table.submit(rng.choice(prompt.choices))
    return table


@pytest.fixture(scope="module")
def played() -> Table:
    return complete_dragon()


@pytest.fixture
def path(tmp_path):
    return tmp_path / "t.sqlite3"


def column(path, table_id: str) -> str | None:
    store = Store(path)  # through the store: the same on both backends
    try:
        return store._read("SELECT checkpoint FROM tables WHERE id = ?", (table_id,))[0][0]
    finally:
        store.close()


def doctor(path, table_id: str, yuan: int) -> None:
    """Give seat 0 ``yuan`` in the stored checkpoint, keeping its digest."""
    saved = json.loads(column(path, table_id))
    saved["state"]["players"][0]["yuan"] = yuan
    write(path, table_id, json.dumps(saved))


def write(path, table_id: str, text: str | None) -> None:
    store = Store(path)
    store._write(("UPDATE tables SET checkpoint = ? WHERE id = ?", (text, table_id)))
    store.close()


def test_a_table_opens_from_its_checkpoint_and_rebuilds_the_rest_on_demand(path, played):
    Store(path).create(Table.from_dict(played.to_dict()))
    opened = Store(path).open(played.id)
    assert opened.state == played.state
    assert [opened.state_at(v) for v in range(0, opened.version + 1, 37)] == [
        played.state_at(v) for v in range(0, played.version + 1, 37)
    ]
    assert opened.history == played.history
    assert opened.to_dict() == played.to_dict()
    doctor(path, played.id, 999)  # only a checkpoint taken as it is can show this
    assert Store(path).open(played.id).state.players[0].yuan == 999


def test_undo_and_new_entries_after_opening_from_a_checkpoint(path, played):
    store = Store(path)
    store.create(Table.from_dict(played.to_dict()))
    opened = store.open(played.id)
    opened.undo(3)  # back into states the checkpoint skipped
    assert opened.state == played.state_at(played.version - 3)
    assert column(path, played.id) is None  # the undone log has no checkpoint
    opened.redo(2)
    assert opened.state == played.state_at(played.version - 1)
    assert Store(path).open(played.id).state == opened.state  # from the redo's checkpoint
    opened.redo()
    assert opened.state == played.state and opened.history == played.history


@pytest.mark.parametrize(
    "damage",
    [
        "not json",
        json.dumps({"digest": "0" * 64, "state": {}}),
        json.dumps(["a list"]),
        "{}",
        None,
    ],
)
def test_a_damaged_checkpoint_is_ignored_and_the_log_replayed(path, played, damage):
    Store(path).create(Table.from_dict(played.to_dict()))
    write(path, played.id, damage)
    assert Store(path).open(played.id).state == played.state


def test_a_state_the_model_refuses_is_ignored(path, played):
    Store(path).create(Table.from_dict(played.to_dict()))
    doctor(path, played.id, "lots")  # type: ignore[arg-type]
    assert Store(path).open(played.id).state == played.state


def test_a_checkpoint_of_another_log_is_ignored(path, played):
    Store(path).create(Table.from_dict(played.to_dict()))
    doctor(path, played.id, 999)
    db = Store(path)  # the same entry written differently: another log as far as the digest knows
    body = db._read("SELECT body FROM entries WHERE table_id = ? AND seq = 5", (played.id,))[0][0]
    spaced = json.dumps(json.loads(body), indent=2)
    db._write(("UPDATE entries SET body = ? WHERE table_id = ? AND seq = 5", (spaced, played.id)))
    db.close()
    assert Store(path).open(played.id).state == played.state


def test_a_checkpoint_of_other_rules_code_is_ignored(path, played, monkeypatch):
    Store(path).create(Table.from_dict(played.to_dict()))
    doctor(path, played.id, 999)
    monkeypatch.setattr(checkpoint, "game_root", lambda game: "other rules")
    assert Store(path).open(played.id).state == played.state


def test_each_entry_writes_the_checkpoint_of_its_state(path):
    store = Store(path)
    table = store.create(Table.new("dragon", NAMES[:3], {"large_privilege_cost": 7}))
    rng = random.Random(3)
    for _ in range(40):
        prompt = table.prompt
        table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
        saved = json.loads(column(path, table.id))
        assert table.game.state_from_dict(saved["state"]) == table.state
    assert Store(path).open(table.id).state == table.state


@pytest.mark.sqlite_only  # an SQLite file of schema 2
def test_a_version_2_store_gets_the_column_without_logging_its_plays_again(path, played):
    store = Store(path)
    store.create(Table.from_dict(played.to_dict()))
    assert len(store.plays()) == 1
    store.close()
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE tables DROP COLUMN checkpoint")
    db.execute("PRAGMA user_version = 2")
    db.close()
    again = Store(path)
    assert len(again.plays()) == 1
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == sqlite_store.SCHEMA_VERSION
    assert again.open(played.id).state == played.state


def test_a_restored_backup_opens_from_its_checkpoint(path, tmp_path, played):
    """Restoring writes each table's checkpoint, as creating one does (it waited for the next
    entry before), so the restored table opens without a replay."""
    from companion.store.backup import backup_json, restore

    source = Store(tmp_path / "source.sqlite3")
    source.create(Table.from_dict(played.to_dict()))
    restore(Store(path), backup_json(source))
    assert column(path, played.id) is not None
    doctor(path, played.id, 999)  # shows the open took the checkpoint, not a replay
    assert Store(path).open(played.id).state.players[0].yuan == 999


def test_the_checkpoint_is_the_state_as_pydantic_writes_it_and_loads_back_equal(played):
    """Written after every entry, on the path of a tap (issue 25): the state is pydantic's own
    JSON text (``model_dump_json``, a fifth of the time of ``json.dumps(model_dump())``), the
    same JSON value as before, and it loads back as the very state, non-ASCII names included."""
    table = Table.new("dragon", ["Ána", "Bén", "Çarla"], {"large_privilege_cost": 7})
    for state in (played.state, table.state):
        text = checkpoint.dump("d1", state)
        assert text.endswith(f', "state": {state.model_dump_json()}}}')
        assert json.loads(text) == {"digest": "d1", "state": state.model_dump(mode="json")}
        assert checkpoint.load(text, "d1", played.game) == state
        assert checkpoint.load(text, "d2", played.game) is None  # another log's checkpoint
