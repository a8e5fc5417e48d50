"""A damaged Chinatown rules file stops the program at import: each check of the board and the
game data refuses the kind of damage it is for (the figures are the rulebook's: 85 buildings,
119 adjacent pairs inside the districts, 12 shop types of max + 3 tiles, 90 tiles in the bag)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from companion.core.data import rules_data_dir
from companion.games.chinatown.data import Board, GameData


def raw(name: str) -> dict:
    return json.loads((rules_data_dir() / "chinatown" / name).read_text(encoding="utf-8"))


def adjacent(board: dict, building: int) -> list[int]:
    return board["buildings"][str(building)]["adjacent"]


def refused(model, data: dict, why: str) -> None:
    with pytest.raises(ValidationError, match=why):
        model.model_validate(data)


def test_the_files_as_shipped_pass() -> None:
    Board.model_validate(raw("board.json"))
    GameData.model_validate(raw("game.json"))


def test_neighbours_across_a_street_are_refused() -> None:
    board = raw("board.json")
    assert board["buildings"]["16"]["district"] != board["buildings"]["1"]["district"]
    adjacent(board, 1).append(16)
    adjacent(board, 16).append(1)
    refused(Board, board, "1 and 16 are in different districts")


def test_a_lost_pair_of_neighbours_is_refused() -> None:
    board = raw("board.json")
    adjacent(board, 1).remove(2)
    adjacent(board, 2).remove(1)
    refused(Board, board, "expected 119 adjacent pairs, found 118")


def test_a_building_placed_off_its_grid_cell_is_refused() -> None:
    board = raw("board.json")
    board["buildings"]["1"]["col"] = 0
    refused(Board, board, "building 1 is misplaced in district 1")


def test_adjacency_lists_must_match_the_district_grid() -> None:
    board = raw("board.json")
    # 1 and 4 are diagonal on district 1's grid; swap the pair 1-2 for 1-4: still 119 pairs
    adjacent(board, 1).remove(2)
    adjacent(board, 2).remove(1)
    adjacent(board, 1).append(4)
    adjacent(board, 4).append(1)
    refused(Board, board, "building 1: adjacency differs from the district grid")


def _shop(data: dict, shop_id: str) -> dict:
    return next(s for s in data["shop_types"] if s["id"] == shop_id)


def test_shop_types_must_be_twelve_different_ones() -> None:
    data = raw("game.json")
    data["shop_types"][1]["id"] = data["shop_types"][0]["id"]
    refused(GameData, data, "12 distinct shop types")


def test_every_shop_size_needs_its_income() -> None:
    data = raw("game.json")
    shop = _shop(data, "photo")
    shop["max"], shop["tiles"] = 7, 10  # no complete income for a 7-tile shop
    refused(GameData, data, "photo: no complete income for size 7")
    data = raw("game.json")
    del data["income"]["incomplete"]["2"]
    refused(GameData, data, "an incomplete size has no income")


def test_the_bag_holds_ninety_tiles() -> None:
    data = raw("game.json")
    shop = _shop(data, "photo")
    shop["max"], shop["tiles"] = 4, 7  # a consistent type, one tile too many in the bag
    refused(GameData, data, "the bag must hold 90 tiles")


def test_no_year_keeps_more_cards_than_it_deals() -> None:
    data = raw("game.json")
    data["dealing"]["3"]["kept"][0] = 8
    refused(GameData, data, "3 players: more kept than dealt")


def test_the_cards_kept_over_the_game_fit_in_the_deck() -> None:
    data = raw("game.json")
    data["dealing"]["3"]["kept"] = data["dealing"]["3"]["dealt"]  # 37 cards each: 111 of 85
    refused(GameData, data, "3 players: the deck or the bag runs out")
