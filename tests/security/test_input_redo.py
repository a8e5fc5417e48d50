"""Redo entries are checked like any entry: on import (the whole redo stack is replayed with
Table.check) and on redo. Before, a file's redo stack was only parsed, and Redo applied an
illegal entry that then made the stored table impossible to open."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel
from security.input_helpers import short_table

from companion.core import RuleViolation, Table, TableError
from companion.store import Store


def _sneaky_entry(table: Table) -> BaseModel:
    """An entry the game's apply() accepts now but the prompt does not offer (as in the issue's report).

    Only Table.check refuses it; the old Redo, which called apply() alone, let it in.
    """
    pool = [e for s in range(3) for e in short_table(table.game_id, seed=s + 10, entries=40, undo=0).entries]
    for entry in pool:
        try:
            table.game.apply(table.state, entry)
        except RuleViolation:
            continue
        try:
            table.check(entry)
        except RuleViolation:
            return entry
    raise AssertionError("no such entry in the pool: pick another seed")


def _file_with_illegal_redo() -> tuple[str, int]:
    table = short_table("dayu", seed=0, entries=20, undo=0)
    data = table.to_dict()
    data["redo"] = [_sneaky_entry(table).model_dump(mode="json")]
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
    table = store.create(short_table("dayu", seed=0, entries=20, undo=0))
    table._redo.append(_sneaky_entry(table))  # as a redo stack read without checks would hold it
    with pytest.raises(RuleViolation):
        table.redo()
    assert table.version == 20
    assert store.open(table.id).version == 20
