import json

import pytest
from pydantic import ValidationError

from companion.core.data import rules_data_dir
from companion.games.chinatown.data import ADJACENCY, BOARD, DATA, Board, GameData


def test_board_has_85_buildings_in_6_districts():
    assert sorted(BOARD.buildings) == list(range(1, 86))
    sizes = {d.id: sum(n is not None for row in d.rows for n in row) for d in BOARD.districts}
    assert sizes == {1: 15, 2: 12, 3: 15, 4: 16, 5: 12, 6: 15}


def test_adjacency_is_symmetric_with_119_pairs_and_never_crosses_a_street():
    pairs = {(min(a, b), max(a, b)) for a, ns in ADJACENCY.items() for b in ns}
    assert len(pairs) == 119
    for a, b in pairs:
        assert a in ADJACENCY[b]
        assert BOARD.buildings[a].district == BOARD.buildings[b].district


@pytest.mark.parametrize(
    ("building", "neighbours"),
    [
        (5, {4, 9}),
        (21, {18, 20}),
        (34, {31, 35}),
        (39, {38, 42}),
        (52, {48, 51, 53}),
        (65, {64, 68}),
        (66, {63, 67}),
        (82, {78, 81}),
        (85, {81, 84}),
    ],
)
def test_the_easy_to_get_wrong_places(building, neighbours):
    assert set(ADJACENCY[building]) == neighbours


def test_shop_types_90_tiles_max_plus_3():
    assert len(DATA.shop_types) == 12
    assert sum(s.tiles for s in DATA.shop_types) == 90
    assert {s.max for s in DATA.shop_types} == {3, 4, 5, 6}
    assert DATA.shops["photo"].tiles == 6 and DATA.shops["restaurant"].tiles == 9


@pytest.mark.parametrize(("players", "kept", "tiles"), [(3, 75, 81), (4, 76, 84), (5, 75, 85)])
def test_dealing_totals_per_game(players, kept, tiles):
    d = DATA.dealing[players]
    assert players * sum(d.kept) == kept
    assert players * sum(d.tiles) == tiles
    assert all(a - b == 2 for a, b in zip(d.dealt, d.kept, strict=True))  # always two returned


def test_income_table():
    assert DATA.income.incomplete == {1: 10000, 2: 20000, 3: 40000, 4: 60000, 5: 80000}
    assert DATA.income.complete == {3: 50000, 4: 80000, 5: 110000, 6: 140000}
    assert DATA.starting_money == 50000


def _raw(name):
    return json.loads((rules_data_dir() / "chinatown" / name).read_text(encoding="utf-8"))


def test_board_file_keeps_its_provenance():
    assert any("Z-Man 2014" in p for p in _raw("board.json")["provenance"])


def test_asymmetric_adjacency_is_rejected():
    raw = _raw("board.json")
    raw["buildings"]["1"]["adjacent"] = [2]  # drops 3, which still lists 1
    with pytest.raises(ValidationError, match="symmetric"):
        Board.model_validate(raw)


def test_missing_building_is_rejected():
    raw = _raw("board.json")
    del raw["buildings"]["85"]
    with pytest.raises(ValidationError):
        Board.model_validate(raw)


def test_wrong_tile_count_is_rejected():
    raw = _raw("game.json")
    raw["shop_types"][0]["tiles"] = 7
    with pytest.raises(ValidationError, match="max \\+ 3"):
        GameData.model_validate(raw)


def test_deck_running_out_is_rejected():
    raw = _raw("game.json")
    raw["dealing"]["5"]["dealt"] = [5, 5, 5, 5, 5, 9]
    with pytest.raises(ValidationError):
        GameData.model_validate(raw)
