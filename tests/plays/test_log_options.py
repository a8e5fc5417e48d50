"""A play logged from a calculator with its options (Dragon's expansions): checked by the game's
own options model and stored whole, as a table's play stores them; bad options log nothing."""

from __future__ import annotations

import pytest

from companion.core.calc import CalcInputError
from companion.store import Store

DRAGON = {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def test_options_are_stored_whole_with_the_games_defaults(store):
    play = store.log_calculated("dragon-final", DRAGON, options={"great_wall": True}, date="2026-05-31")
    assert play.options == {"large_privilege_cost": 7, "great_wall": True, "super_events": False}
    [stored] = store.plays()
    assert stored.options == play.options
    # Without options the play says nothing of them, as before.
    assert store.log_calculated("dragon-final", DRAGON).options == {}


@pytest.mark.parametrize(
    "options",
    [{"great_wall": "maybe"}, {"wall": True}, {"large_privilege_cost": 5}, ["great_wall"]],
)
def test_options_the_game_does_not_have_are_refused(store, options):
    with pytest.raises(CalcInputError) as err:
        store.log_calculated("dragon-final", DRAGON, options=options)
    assert err.value.msg.key == "plays.calc.bad_options"
    assert "{" not in err.value.msg.render("es")
    assert store.plays() == []


def test_a_chinatown_play_takes_no_dragon_options(store):
    data = {"players": [{"name": n, "money": 10_000, "shops": 0} for n in ("Ana", "Ben", "Carla")]}
    with pytest.raises(CalcInputError):
        store.log_calculated("chinatown-final", data, options={"great_wall": True})
    assert store.log_calculated("chinatown-final", data, options={}).options == {"first_player": None}
