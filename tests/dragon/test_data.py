"""The rules data: validated files, and the rulebook's numbers and examples about persons."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from companion.core.data import rules_data_dir
from companion.games.dragon.data import RULES, ActionsFile, PersonsFile
from companion.games.dragon.public import row_deal


def value(tile: str) -> int:
    return RULES.faces[tile].value


def symbols(tile: str) -> int:
    return RULES.faces[tile].symbols


def test_person_value_examples_from_the_rulebook() -> None:
    assert value("tax_collector:young") + value("scholar:young") == 7
    assert value("tax_collector:young") + value("farmer:young") == 7
    assert value("scholar:young") + value("farmer:young") == 8


def test_person_symbol_examples_from_the_rulebook() -> None:
    assert RULES.cards["taxes"].base + 2 * symbols("tax_collector:young") == 2 + 3 + 3
    assert RULES.cards["build"].base + 2 * symbols("craftsman:young") == 3
    assert (symbols("farmer:young"), symbols("farmer:old")) == (1, 2)
    assert symbols("warrior:old") == 2
    assert (symbols("scholar:young"), symbols("scholar:old")) == (2, 3)
    assert symbols("healer:young") == 1
    assert (symbols("monk:young"), symbols("monk:old")) == (1, 2)
    assert 2 * symbols("court_lady:young") == 2


def test_young_only_types_have_no_old_tile() -> None:
    for kind in ("craftsman", "court_lady", "tax_collector"):
        assert f"{kind}:old" not in RULES.tile_ids
    assert len(RULES.tile_ids) == 15


@pytest.mark.parametrize(
    ("players", "split", "young_only"), [(5, (6, 4), 10), (4, (5, 3), 8), (3, (4, 2), 6), (2, (3, 1), 4)]
)
def test_tile_counts_by_player_count(players: int, split: tuple[int, int], young_only: int) -> None:
    supply = RULES.supply(players)
    assert (supply["monk:young"], supply["monk:old"]) == split
    assert supply["court_lady:young"] == young_only


def test_group_sizes_and_privileges() -> None:
    assert RULES.group_sizes(2) == [4, 3]
    assert RULES.group_sizes(5) == [2, 2, 1, 1, 1]
    assert RULES.actions.privileges.small.cost == 2
    assert sorted(RULES.actions.privileges.large.cost_by_edition.values()) == [6, 7]
    assert sorted(RULES.shuffled_events) == sorted(
        ["tribute", "drought", "festival", "mongol", "contagion"] * 2
    )


def test_the_event_row_is_dealt_from_month_3_with_the_ten_shuffled_tiles() -> None:
    first, tiles = row_deal()  # what the event-row form offers, month by month
    assert first == 3 and first + len(tiles) - 1 == RULES.setup.months
    assert tiles == RULES.shuffled_events


def test_a_damaged_data_file_is_refused() -> None:
    persons = json.loads((rules_data_dir() / "dragon/persons.json").read_text(encoding="utf-8"))
    persons["types"][0]["removed_per_missing_player"]["young"] = 5
    with pytest.raises(ValidationError):
        PersonsFile.model_validate(persons)
    actions = json.loads((rules_data_dir() / "dragon/actions.json").read_text(encoding="utf-8"))
    actions["group_sizes"]["3"] = [3, 3, 2]
    with pytest.raises(ValidationError):
        ActionsFile.model_validate(actions)
