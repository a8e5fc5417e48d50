"""Redo entries are checked like any entry: on import (the whole redo stack is replayed with
Table.check) and on redo. Before, a file's redo stack was only parsed, and Redo applied an
illegal entry that then made the stored table impossible to open."""

from __future__ import annotations

import json

import pytest
from security.input_helpers import short_table

from companion.core import RuleViolation, Table, TableError
from companion.store import Store


def _file_with_illegal_redo() -> tuple[str, int]:
    """A Dragon file whose next entry to redo is a legal entry from another position, not offered now."""
    table = short_table("dragon", seed=1, entries=20, undo=0)
    data = table.to_dict()
    legal_now = [c.model_dump(mode="json") for c in table.prompt.choices or []]
    earlier = [e for e in data["entries"] if e not in legal_now and e["kind"] != "event_row"]
    assert earlier, "the seed game needs an entry that is not offered at its end"
    data["redo"] = [earlier[-1]]
    return json.dumps(data), table.version + 1


def test_import_refuses_an_illegal_redo_entry(tmp_path):
    text, position = _file_with_illegal_redo()
    with pytest.raises(TableError) as refused:
        Table.from_json(text)
    assert refused.value.msg.key == "sec-input.core.file.bad_redo"
    assert refused.value.msg.args["n"] == position
    store = Store(tmp_path / "t.sqlite3")
    with pytest.raises(TableError):
        store.import_json(text)
    assert store.list() == []


def test_the_whole_redo_stack_is_checked_not_only_the_next_entry():
    table = short_table("chinatown", seed=2, entries=25, undo=4)
    data = table.to_dict()
    data["redo"][0] = data["redo"][-1]  # the last one to redo repeats the first: illegal by then
    with pytest.raises(TableError):
        Table.from_dict(data)


def test_a_legal_redo_stack_survives_import_and_redoes():
    for game in ("dragon", "chinatown", "dayu"):
        table = short_table(game, seed=3, entries=20, undo=5)
        again = Table.from_json(table.to_json())
        assert again.redo_entries == table.redo_entries
        assert again.redo(5) == 5
        table.redo(5)
        assert again.to_dict() == table.to_dict()


def test_redo_checks_the_entry(tmp_path):
    """An illegal entry on the redo stack is refused by Redo, and the stored table still opens."""
    store = Store(tmp_path / "t.sqlite3")
    table = store.create(short_table("dragon", seed=1, entries=20, undo=0))
    legal_now = list(table.prompt.choices or [])
    illegal = next(e for e in reversed(table.entries) if e not in legal_now and e.kind != "event_row")
    table._redo.append(illegal)  # as a stale redo stack would hold it
    with pytest.raises(RuleViolation):
        table.redo()
    assert store.open(table.id).version == table.version == 20
