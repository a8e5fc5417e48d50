"""A damaged Da Yu rules file stops the program at import: each check of game.json refuses the
kind of damage it is for (the three tool piles, a ring of one flood card more than the players,
the flood cards removed and placed, the printed-number kind kept apart, a span's order)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from companion.core.data import rules_data_dir
from companion.games.dayu.data import POINTS_KIND, DayuData


def raw() -> dict:
    return json.loads((rules_data_dir() / "dayu" / "game.json").read_text(encoding="utf-8"))


def refused(data: dict, why: str) -> None:
    with pytest.raises(ValidationError, match=why):
        DayuData.model_validate(data)


def test_the_file_as_shipped_passes() -> None:
    assert DayuData.model_validate(raw()).by_players[3].placed == 4


def test_the_tool_piles_are_silver_green_and_red() -> None:
    data = raw()
    data["piles"].pop("green")
    refused(data, "piles must name silver, green and red")


def test_the_ring_holds_one_flood_card_more_than_the_players() -> None:
    data = raw()
    data["by_players"]["3"] = {"removed": 6, "placed": 3}
    refused(data, "3 players: the ring holds one card more than the players")


def test_no_more_flood_cards_are_used_than_exist() -> None:
    data = raw()
    data["by_players"]["2"] = {"removed": 18, "placed": 3}  # 21 of 20
    refused(data, "2 players: more flood cards removed and placed than exist")


def test_the_printed_number_kind_is_no_bonus() -> None:
    data = raw()
    data["flood_kinds"][POINTS_KIND] = {"points": 1}
    refused(data, "is reserved for cards with a printed number only")


def test_a_span_runs_from_low_to_high() -> None:
    data = raw()
    data["vp_per_face"] = {"low": 6, "high": 0}
    refused(data, "low is above high")
