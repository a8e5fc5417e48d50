"""A Chinatown game played without the app, logged from its final-scoring calculator
(``Store.log_calculated("chinatown-final", ...)``): money is the seat's score, the tie-break
and a shared victory are kept, and the statistics find it."""

from __future__ import annotations

import pytest

from companion.core.calc import CalcInputError
from companion.games.chinatown.calc import chinatown_final
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def game(*players):
    return {"players": [{"name": n, "money": m, "shops": s} for n, m, s in players]}


def test_logged_with_money_as_the_score_and_found_by_the_statistics(store):
    ana = store.create_player("Ana")
    data = game(("Ana", 760000, 7), ("Ben", 820000, 3), ("Carla", 500000, 9))
    play = store.log_calculated(
        "chinatown-final", data, chinatown_final(data), date="2026-05-30", player_ids=[ana.id, None, None]
    )
    assert (play.game, play.source, play.tie_break) == ("chinatown", "calculator", None)
    assert [(s.name, s.score, s.place, s.winner) for s in play.seats] == [
        ("Ana", 760000, 2, False),
        ("Ben", 820000, 1, True),
        ("Carla", 500000, 3, False),
    ]
    assert play.date.startswith("2026-05-30")
    [stored] = store.plays(game="chinatown")
    assert stored.id == play.id and [s.score for s in stored.seats] == [760000, 820000, 500000]
    stats = store.stats("chinatown")
    assert (stats.plays, stats.seats, stats.wins) == (1, 3, 1)
    assert (stats.best, stats.worst) == (820000, 500000)
    assert stats.average == pytest.approx((760000 + 820000 + 500000) / 3)
    mine = store.stats("chinatown", ana.id)
    assert (mine.plays, mine.wins, mine.best) == (1, 0, 760000)
    assert [p.id for p in store.plays(player=ana.id)] == [play.id]
    # The money, as a figure by the rule that ends the game ("Points from End of the game").
    money = next(f for f in stats.figures if f.name == "points" and f.key == "chinatown.end")
    assert money.total == 760000 + 820000 + 500000


def test_the_tie_break_by_tiles_and_a_shared_victory_are_logged(store):
    by_tiles = store.log_calculated(
        "chinatown-final", game(("Ana", 760000, 7), ("Ben", 760000, 9), ("Carla", 0, 0))
    )
    assert by_tiles.winners == ["Ben"] and by_tiles.tie_break == "chinatown.score.tie_break"
    assert [s.place for s in by_tiles.seats] == [2, 1, 3]
    shared = store.log_calculated(
        "chinatown-final", game(("Ana", 760000, 7), ("Ben", 760000, 7), ("Carla", 0, 0))
    )
    assert sorted(shared.winners) == ["Ana", "Ben"] and [s.place for s in shared.seats] == [1, 1, 3]
    assert store.stats("chinatown").wins == 3


def test_bad_input_or_a_result_not_the_inputs_logs_nothing(store):
    data = game(("Ana", 760000, 7), ("Ben", 820000, 3), ("Carla", 500000, 9))
    result = chinatown_final(data)
    result["ranking"] = ["Ana", "Ben", "Carla"]  # not what the calculator says
    with pytest.raises(CalcInputError) as err:
        store.log_calculated("chinatown-final", data, result)
    assert err.value.msg.key == "plays.calc.not_its_result"
    with pytest.raises(CalcInputError) as err:
        store.log_calculated("chinatown-final", game(("Ana", 765000, 7), ("Ben", 0, 0), ("Carla", 0, 0)))
    assert err.value.msg.key == "chinatown.calc.final.bad_player"
    with pytest.raises(CalcInputError) as err:
        store.log_calculated("chinatown-final", data, date="2999-01-01")
    assert err.value.msg.key == "plays.calc.future_date"
    assert store.plays() == []
