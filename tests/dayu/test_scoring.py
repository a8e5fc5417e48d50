"""Da Yu scoring: every flood-card kind, frame bonuses, both tie-breaks; the calculator agrees."""

from __future__ import annotations

import random

import pytest
from dayu_helpers import new_table

from companion.core.calc import CalcInputError
from companion.games.dayu import GAME
from companion.games.dayu.calc import dayu_final, render_dayu_final
from companion.games.dayu.state import FloodCard, VPCard


def one(vp_cards: list[dict], flood: list) -> dict:
    """The calculator's result for Ana (scored) against Ben (nothing)."""
    data = {"players": [{"name": "Ana", "vp_cards": vp_cards, "flood_cards": flood}, {"name": "Ben"}]}
    return dayu_final(data)["players"][0]


@pytest.mark.parametrize(
    ("flood", "points"),
    [
        ("free_move", -2),
        ("free_flip", -2),
        ("exchange", 5),
        ("free_tool", 3),
        ({"points": 4}, 4),
        ({"points": 0}, 0),
    ],
)
def test_each_flood_card_kind_scores_its_points(flood: object, points: int) -> None:
    ana = one([{"frame": "silver", "vp": 2}], [flood])
    assert ana["total"] == 2 + points
    assert ana["breakdown"][-1]["points"] == points


@pytest.mark.parametrize("frame", ["red", "green", "silver"])
def test_frame_bonus_one_point_per_vp_card_of_that_frame(frame: str) -> None:
    cards = [{"frame": frame, "vp": 1}] * 3 + [{"frame": "red" if frame != "red" else "green", "vp": 5}]
    ana = one(cards, [f"{frame}_bonus"])
    assert ana["total"] == 3 + 5 + 3
    assert ana["breakdown"][-1]["rule_id"] == "dayu.flood.frame_bonus"


def test_two_frame_bonus_cards_of_one_colour_add_two_each() -> None:
    cards = [{"frame": "red", "vp": 2}, {"frame": "red", "vp": 0}, {"frame": "green", "vp": 3}]
    ana = one(cards, ["red_bonus", "red_bonus", "green_bonus"])
    # VP 5; red bonus 2 cards x 2 = 4; green bonus 1 card x 1 = 1.
    assert ana["total"] == 5 + 4 + 1
    assert [line["points"] for line in ana["breakdown"]] == [3, 2, 4, 1]


def test_tie_broken_by_more_flood_cards() -> None:
    result = dayu_final(
        {
            "players": [
                {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 6}], "flood_cards": []},
                {"name": "Ben", "vp_cards": [{"frame": "red", "vp": 4}], "flood_cards": [{"points": 2}]},
            ]
        }
    )
    assert [p["total"] for p in result["players"]] == [6, 6]
    assert result["ranking"] == ["Ben", "Ana"] and result["shared"] == ["Ben"]


def test_tie_left_after_flood_cards_is_a_shared_victory() -> None:
    result = dayu_final(
        {
            "players": [
                {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 3}], "flood_cards": ["free_tool"]},
                {"name": "Ben", "vp_cards": [{"frame": "green", "vp": 6}], "flood_cards": [{"points": 0}]},
                {"name": "Cy", "vp_cards": [{"frame": "green", "vp": 1}], "flood_cards": []},
            ]
        }
    )
    assert result["shared"] == ["Ana", "Ben"] and result["ranking"][-1] == "Cy"
    text = render_dayu_final(result, "es")
    assert "Victoria compartida: Ana, Ben" in text
    assert "Shared victory: Ana, Ben" in render_dayu_final(result, "en")


def test_engine_scoreboard_matches_the_calculator() -> None:
    rng = random.Random(5)
    state = new_table(3).state.model_copy(deep=True)
    kinds = ["red_bonus", "green_bonus", "silver_bonus", "free_move", "free_flip", "exchange", "free_tool"]
    players = []
    for seat in state.players:
        seat.vp_cards = [
            VPCard(frame=rng.choice(["red", "green", "silver"]), vp=rng.randint(0, 6)) for _ in range(8)
        ]
        flood = [rng.choice([*kinds, 2]) for _ in range(3)]
        seat.flood = [
            FloodCard(kind="points", points=k)
            if isinstance(k, int)
            else FloodCard(
                kind=k, points={"free_move": -2, "free_flip": -2, "exchange": 5, "free_tool": 3}.get(k, 0)
            )
            for k in flood
        ]
        players.append(
            {
                "name": seat.name,
                "vp_cards": [c.model_dump() for c in seat.vp_cards],
                "flood_cards": [{"points": k} if isinstance(k, int) else k for k in flood],
            }
        )
    board = GAME.score(state)
    result = dayu_final({"players": players})
    assert [r.total for r in board.rows] == [p["total"] for p in result["players"]]
    assert board.ranking == result["ranking"] and not board.final
    assert [line.points for line in board.rows[0].breakdown] == [
        b["points"] for b in result["players"][0]["breakdown"]
    ]


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"players": "Ana"},
        {"players": [{"name": "Ana"}]},
        {"players": [{"name": "Ana"}, {"name": "ana"}]},
        {"players": [{"name": "Ana"}, {"name": ""}]},
        {"players": [{"name": "Ana", "vp_cards": [{"frame": "blue", "vp": 1}]}, {"name": "Ben"}]},
        {"players": [{"name": "Ana", "vp_cards": [{"frame": "red", "vp": 99}]}, {"name": "Ben"}]},
        {"players": [{"name": "Ana", "vp_cards": [{"frame": "red", "vp": True}]}, {"name": "Ben"}]},
        {"players": [{"name": "Ana", "flood_cards": ["free_lunch"]}, {"name": "Ben"}]},
        {"players": [{"name": "Ana", "flood_cards": [{"points": -9}]}, {"name": "Ben"}]},
        {"players": [{"name": "Ana", "flood_cards": "exchange"}, {"name": "Ben"}]},
    ],
)
def test_bad_calculator_input_raises_one_clear_message(data: object) -> None:
    with pytest.raises(CalcInputError) as err:
        dayu_final(data)
    assert err.value.msg.render("en") and "{" not in err.value.msg.render("es").replace('{"points"', "")


@pytest.mark.parametrize("n", [1, 5])
def test_calculator_player_count_comes_from_the_data(n: int) -> None:
    with pytest.raises(CalcInputError) as err:
        dayu_final({"players": [{"name": f"P{i}"} for i in range(n)]})
    assert err.value.msg.key == "dayu.calc.bad_count"
    assert err.value.msg.render("en") == f"Da Yu is for 2 to 4 players, not {n}."
