"""A damaged Dragon rules file stops the program when the rules are loaded: each check refuses
the kind of damage it is for, within one file (a young-only type with old tiles, a fixed month's
tile missing, the wall's groups and tiles) or across files (the wall card, the Charter, the
super event's month, the event tiles for twelve months, the starting palaces)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.core.data import DataError, rules_data_dir
from companion.games.dragon.data import RULES, EventsFile, PersonsFile, Rules, WallFile


def raw(name: str) -> dict:
    return json.loads((rules_data_dir() / "dragon" / name).read_text(encoding="utf-8"))


def test_a_young_only_type_holds_no_old_tiles() -> None:
    persons = raw("persons.json")
    craftsman = next(t for t in persons["types"] if t["id"] == "craftsman")
    assert craftsman["old"] is None
    craftsman["tiles_5p"]["old"] = 1
    with pytest.raises(ValidationError, match="craftsman: a young-only type has no old tiles"):
        PersonsFile.model_validate(persons)


def test_the_fixed_months_tiles_are_among_the_event_tiles() -> None:
    events = raw("events.json")
    events["tiles"]["peace"] = 1  # months 1 and 2 are both Peace
    with pytest.raises(ValidationError, match="fixed month tile peace is not among the tiles"):
        EventsFile.model_validate(events)


def test_the_wall_deals_one_group_per_player_and_each_bonus_once() -> None:
    wall = raw("wall.json")
    wall["group_sizes"]["4"] = [3, 3, 2]
    with pytest.raises(ValidationError, match="wall group sizes for 4 players must be 4 groups"):
        WallFile.model_validate(wall)
    wall = raw("wall.json")
    wall["tiles"].append(dict(wall["tiles"][0]))
    with pytest.raises(ValidationError, match="each wall tile bonus appears once"):
        WallFile.model_validate(wall)


def test_the_large_privilege_costs_what_an_edition_prints() -> None:
    assert RULES.large_cost(6) == 6 and RULES.large_cost(7) == 7
    with pytest.raises(ValueError, match="large privilege cost 5"):
        RULES.large_cost(5)


@pytest.fixture
def damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str, Callable[[dict], None]], None]:
    """Load the rules from a copy of rules_data/ with one Dragon file changed by ``change``."""
    copy = tmp_path / "rules_data"
    shutil.copytree(rules_data_dir() / "dragon", copy / "dragon")
    monkeypatch.setenv("COMPANION_RULES_DATA", str(copy))

    def damage(name: str, change: Callable[[dict], None]) -> None:
        path = copy / "dragon" / name
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")

    return damage


def test_the_copy_of_the_files_loads_as_the_rules(damaged) -> None:
    damaged("setup.json", lambda d: None)
    assert Rules().group_sizes(3) == RULES.group_sizes(3)


@pytest.mark.parametrize(
    ("name", "change", "why"),
    [
        ("wall.json", lambda d: d["group_sizes"].update({"2": [4, 3]}), "must use all 8 cards"),
        ("wall.json", lambda d: d["card"].update({"id": "build"}), "the wall card must be a new card"),
        ("super_events.json", lambda d: d["charter"].pop("healer"), "a benefit for every person type"),
        ("super_events.json", lambda d: d.update({"month": 13}), "the super event lies outside the year"),
        ("events.json", lambda d: d["tiles"].update({"tribute": 3}), "13 event tiles for 12 months"),
        ("setup.json", lambda d: d.update({"palaces": [4, 2]}), "a starting palace is taller than allowed"),
    ],
)
def test_files_that_disagree_with_each_other_are_refused(damaged, name, change, why) -> None:
    damaged(name, change)
    with pytest.raises(ValueError, match=why):
        Rules()


def test_a_missing_or_broken_file_is_named(damaged) -> None:
    damaged("setup.json", lambda d: None)
    folder = rules_data_dir() / "dragon"
    (folder / "scoring.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(DataError, match=r"scoring\.json: not valid JSON"):
        Rules()
    (folder / "scoring.json").unlink()
    with pytest.raises(DataError, match=r"missing rules data file .*scoring\.json"):
        Rules()
