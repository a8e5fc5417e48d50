"""The Chinatown final-scoring calculator (``companion calc chinatown-final``): most money wins,
then most shop tiles on the board, then a shared victory (docs/decisions/chinatown.md, 16)."""

import pytest

from companion.core.calc import CalcInputError
from companion.core.registry import calculators
from companion.games.chinatown.calc import BOX_TILES, MAX_MONEY, chinatown_final, render_chinatown_final
from companion.games.chinatown.data import DATA


def game(*players):
    return {"players": [{"name": n, "money": m, "shops": s} for n, m, s in players]}


def test_most_money_wins_and_each_total_is_the_money():
    result = chinatown_final(game(("Ana", 760000, 7), ("Ben", 820000, 2), ("Carla", 500000, 12)))
    assert result["ranking"] == ["Ben", "Ana", "Carla"] and result["shared"] == ["Ben"]
    # Seats stay in input order; each total is the money, with one line saying so.
    assert [(p["name"], p["total"], p["shops"]) for p in result["players"]] == [
        ("Ana", 760000, 7),
        ("Ben", 820000, 2),
        ("Carla", 500000, 12),
    ]
    [line] = result["players"][0]["breakdown"]
    assert (line["points"], line["rule_id"], line["label"]["key"]) == (
        760000,
        "chinatown.end",
        "chinatown.calc.final.money",
    )


def test_equal_money_goes_to_the_most_shop_tiles():
    result = chinatown_final(
        game(("Ana", 760000, 7), ("Ben", 760000, 9), ("Carla", 900000, 0), ("Dai", 0, 0))
    )
    assert result["ranking"] == ["Carla", "Ben", "Ana", "Dai"]  # the tiles decide between Ben and Ana only
    result = chinatown_final(game(("Ana", 760000, 9), ("Ben", 760000, 7), ("Carla", 10000, 30)))
    assert result["ranking"] == ["Ana", "Ben", "Carla"] and result["shared"] == ["Ana"]


def test_equal_money_and_tiles_is_a_shared_victory():
    result = chinatown_final(game(("Ana", 760000, 7), ("Ben", 760000, 7), ("Carla", 760000, 6)))
    assert result["shared"] == ["Ana", "Ben"] and result["ranking"] == ["Ana", "Ben", "Carla"]
    en = render_chinatown_final(result, "en")
    assert "Shared victory: Ana, Ben" in en


def test_same_ranking_as_the_engine_on_random_positions():
    """The calculator ranks with the engine's own rule: checked against a plain reading of it."""
    import random

    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(3, 5)
        players = [(f"P{i}", rng.choice([0, 1, 2]) * 10000, rng.choice([0, 1, 2])) for i in range(n)]
        result = chinatown_final(game(*players))
        best = max((m, s) for _, m, s in players)
        assert result["shared"] == [name for name, m, s in players if (m, s) == best]
        keys = [next((m, s) for name2, m, s in players if name2 == name) for name in result["ranking"]]
        assert keys == sorted(keys, reverse=True)


def test_render_formats_money_for_the_reader_without_rule_ids():
    result = chinatown_final(game(("Ana", 760000, 7), ("Ben", 760000, 1), ("Carla", 50000, 0)))
    en = render_chinatown_final(result, "en")
    assert "1. Ana: $760,000 (7 shop tiles on the board)" in en
    assert "2. Ben: $760,000 (1 shop tile on the board)" in en
    assert "Winner: Ana" in en and "chinatown." not in en and "{" not in en
    es = render_chinatown_final(result, "es")
    assert "1. Ana: 760.000\xa0$ (7 losetas de tienda en el tablero)" in es
    assert "Gana: Ana" in es and "chinatown." not in es and "{" not in es


def test_registered_for_the_cli():
    found = calculators()["chinatown-final"]
    assert (found.run, found.render) == (chinatown_final, render_chinatown_final)


def test_bounds_come_from_the_game_data():
    assert BOX_TILES == sum(s.tiles for s in DATA.shop_types) == 90
    assert MAX_MONEY % DATA.money_unit == 0
    # The box's numbers themselves are fine.
    players = [("Ana", MAX_MONEY, BOX_TILES // 2), ("Ben", 0, 0), ("Carla", 0, 0), ("Dai", 0, 0)]
    assert chinatown_final(game(*players))["shared"] == ["Ana"]


THREE = [("Ana", 760000, 7), ("Ben", 700000, 5), ("Carla", 650000, 9)]


def with_player(i, **change):
    data = game(*THREE)
    data["players"][i].update(change)
    return data


@pytest.mark.parametrize(
    ("data", "key", "said"),
    [
        ("nonsense", "chinatown.calc.final.bad_root", '"players"'),
        ({"players": {}}, "chinatown.calc.final.bad_root", '"players"'),
        (game(*THREE[:2]), "chinatown.calc.final.bad_count", "3 to 5 players, not 2"),
        (
            game(*THREE, ("Dai", 0, 0), ("Eli", 0, 0), ("Fay", 0, 0)),
            "chinatown.calc.final.bad_count",
            "not 6",
        ),
        (with_player(1, money=765000), "chinatown.calc.final.bad_player", "multiple of $10,000"),
        (with_player(1, money=-10000), "chinatown.calc.final.bad_player", "not -10000"),
        (with_player(1, money=MAX_MONEY + DATA.money_unit), "chinatown.calc.final.bad_player", "$12,850,000"),
        (with_player(1, money="760000"), "chinatown.calc.final.bad_player", 'not "760000"'),
        (with_player(1, money=True), "chinatown.calc.final.bad_player", "not true"),
        (with_player(1, money=7.5e5), "chinatown.calc.final.bad_player", "not 750000.0"),
        (with_player(2, shops=-1), "chinatown.calc.final.bad_player", "Player 3: shops"),
        (with_player(2, shops=BOX_TILES + 1), "chinatown.calc.final.bad_player", "from 0 to 90, not 91"),
        (with_player(2, shops=None), "chinatown.calc.final.bad_player", "not —"),
        (with_player(0, name=""), "chinatown.calc.final.bad_player", "Player 1: each player needs a name"),
        (with_player(0, name=3), "chinatown.calc.final.bad_player", "needs a name"),
        (
            with_player(2, name=" ana "),
            "chinatown.calc.final.bad_player",
            "Player 3: each player needs a name",
        ),
        (with_player(0, shop=3), "chinatown.calc.final.bad_player", 'unknown field "shop"'),
        ({"players": ["Ana", "Ben", "Carla"]}, "chinatown.calc.final.bad_player", "Player 1"),
        (
            game(("Ana", 0, 40), ("Ben", 0, 40), ("Carla", 0, 0)),  # 80 tiles: 3 players keep 75 buildings
            "chinatown.calc.final.too_many_shops",
            "80 shop tiles on the board, but a 3-player game has at most 75",
        ),
    ],
)
def test_bad_input_is_refused_with_one_clear_message(data, key, said):
    with pytest.raises(CalcInputError) as err:
        chinatown_final(data)
    assert err.value.msg.key == key
    assert said in err.value.msg.render("en")
    es = err.value.msg.render("es")
    assert "{" not in es and es != err.value.msg.render("en")


def test_a_long_or_hostile_value_is_shown_short_and_inert():
    with pytest.raises(CalcInputError) as err:
        chinatown_final(with_player(0, money="\x1b[2J" + "9" * 500))
    text = err.value.msg.render("en")
    assert "\x1b" not in text and len(text) < 200
