"""Entries out of turn are refused by the Table alone (the engines trust it since issue 13), so a
file, a file's redo stack and Redo must all go through the Table's checks: a forged seat, a keep
entered twice, or a marker out of order is refused there, never applied."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion.core import RuleViolation, Table, TableError
from companion.store import Store


def _chinatown_file() -> dict[str, Any]:
    """A 3-player Chinatown table after everyone kept and drew (Ben is the first player)."""
    t = Table.new("chinatown", ["Ana", "Ben", "Carla"], {"first_player": 1})
    for seat, first in ((0, 1), (1, 10), (2, 20)):
        t.submit({"kind": "keep_buildings", "seat": seat, "buildings": list(range(first, first + 5))})
    draws = ((1, ["tea_house"] * 3 + ["laundry"] * 4), (2, ["photo"] * 6 + ["seafood"]), (0, ["florist"] * 7))
    for seat, tiles in draws:
        t.submit({"kind": "draw_tiles", "seat": seat, "tiles": tiles})
    return t.to_dict()


def _refused(data: dict[str, Any]) -> TableError:
    with pytest.raises(TableError) as refused:
        Table.from_dict(data)
    return refused.value


def test_a_file_drawing_out_of_turn_is_refused_naming_the_entry_and_the_player() -> None:
    data = _chinatown_file()
    data["entries"][3]["seat"] = 0  # Ana draws before Ben, the first player
    refused = _refused(data)
    assert refused.msg.key == "core.file.bad_entry" and refused.msg.args["n"] == 4
    assert "Ben" in refused.msg.args["detail"]


def test_a_file_keeping_twice_is_refused() -> None:
    data = _chinatown_file()
    data["entries"][1]["seat"] = 0  # Ana keeps a second time; Ben never keeps
    refused = _refused(data)
    assert refused.msg.args["n"] == 2 and "Ben" in refused.msg.args["detail"]


def test_a_file_placing_markers_out_of_order_is_refused() -> None:
    t = Table.new("dayu", ["Ana", "Ben", "Cy"])
    data = t.to_dict()
    data["entries"] = [
        {"kind": "marker", "player": 0, "place": 0},
        {"kind": "marker", "player": 2, "place": 1},
    ]
    refused = _refused(data)
    assert refused.msg.args["n"] == 2 and "Ben" in refused.msg.args["detail"]


def test_a_redo_stack_out_of_turn_is_refused_on_import_and_in_the_store(tmp_path) -> None:
    data = _chinatown_file()
    forged = dict(data["entries"][-1], seat=1)  # Ben draws again instead of Ana
    data["entries"], data["redo"] = data["entries"][:-1], [forged]
    refused = _refused(data)
    assert refused.msg.key == "sec-input.core.file.bad_redo" and refused.msg.args["n"] == 6
    store = Store(tmp_path / "t.sqlite3")
    with pytest.raises(TableError):
        store.import_json(json.dumps(data))
    assert store.list() == []


def test_redo_checks_the_entry_again() -> None:
    """A redo stack changed after the import (as a damaged store row could) is refused by Redo."""
    data = _chinatown_file()
    table = Table.from_dict(data)
    table.undo(2)
    table._redo[-1] = table._redo[-1].model_copy(update={"seat": 0})  # Ana draws in Carla's turn
    with pytest.raises(RuleViolation) as refused:
        table.redo()
    assert refused.value.rule_id == "chinatown.tiles.draw" and refused.value.msg.args["player"] == "Carla"
    assert table.version == 4 and table.can_redo()
