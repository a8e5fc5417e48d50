"""A table refuses what its rules or its file format do not allow, and says which: the app's own
draw when a player must decide, a file past the input limits, an undone entry that is no longer
legal (or kept up to it, for the store's old rows), a name or creation time out of bounds."""

from __future__ import annotations

import json
import random

import pytest

from companion.core import RuleViolation, Table, TableError


def test_the_app_draws_only_when_the_prompt_is_the_components() -> None:
    table = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    table.auto(random.Random(1))  # the first player is drawn
    assert table.state.first is not None
    table.auto(random.Random(1))  # the building cards are dealt
    assert table.prompt.kind == "keep_buildings" and not table.prompt.auto
    with pytest.raises(RuleViolation) as err:
        table.auto(random.Random(1))  # which cards to keep is the player's choice
    assert err.value.msg.key == "core.entry.no_auto"
    assert table.prompt.kind == "keep_buildings" and len(table.entries) == 2


def _undone_file() -> dict:
    """A Dragon file with its last two entries undone: the recruit's pick, then its place."""
    table = Table.new("dragon", ["Ana", "Ben"])
    rng = random.Random(3)
    while table.prompt.kind != "recruit_place":
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    table.submit(table.prompt.choices[0])
    table.undo(2)
    data = table.to_dict()
    assert [r["kind"] for r in data["redo"]] == ["place", "pick"]  # the next one to redo last
    return data


def test_an_undone_entry_that_breaks_the_rules_refuses_the_file() -> None:
    data = _undone_file()
    data["redo"][0]["palace"] = 7  # each player starts with two palaces
    with pytest.raises(TableError) as err:
        Table.from_dict(data)
    assert err.value.msg.key == "sec-input.core.file.bad_redo"
    assert err.value.msg.args["n"] == len(data["entries"]) + 2
    # the store's old rows keep the undone entries up to the illegal one
    table = Table.from_dict(data, legal_redo_only=True)
    assert [e.kind for e in table.redo_entries] == ["pick"]
    table.redo()
    assert table.prompt.kind == "recruit_place"


def test_a_file_past_the_input_limits_is_refused_as_such() -> None:
    data = Table.new("dayu", ["Ana", "Ben"]).to_dict()
    data["options"] = {"x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}
    with pytest.raises(TableError) as err:
        Table.from_dict(data)
    assert err.value.msg.key == "sec-input.core.file.over_limit"
    text = json.dumps(Table.new("dayu", ["Ana", "Ben"]).to_dict()).replace(
        '"entries": []', '"entries": [' + "9" * 40 + "]"
    )
    with pytest.raises(TableError) as err:
        Table.from_json(text)
    assert err.value.msg.key == "sec-input.core.file.over_limit"


@pytest.mark.parametrize(
    ("field", "value", "key"),
    [
        ("name", "x" * 501, "sec-input.core.table.bad_name"),
        ("name", "Club\x1b[2J", "sec-input.core.table.bad_name"),
        ("created", "2026-12-05T14:00:00" + "0" * 60, "sec-input.core.table.bad_created"),
        ("created", "next Tuesday", "sec-input.core.table.bad_created"),
    ],
)
def test_a_name_or_creation_time_out_of_bounds_is_refused(field, value, key) -> None:
    data = Table.new("dragon", ["Ana", "Ben"]).to_dict()
    data[field] = value
    with pytest.raises(TableError) as err:
        Table.from_dict(data)
    assert err.value.msg.key == key
    data[field] = {"name": "Club night", "created": "2026-12-05T14:00:00"}[field]  # sound values pass
    assert Table.from_dict(data).to_dict()[field] == data[field]
