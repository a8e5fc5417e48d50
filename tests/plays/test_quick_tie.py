"""A tied play without its table (Quick score, or a table deleted) says how the tie was decided
with each tied player's figure, as the game's calculator and scoreboard say it: Dragon's place on
the person track, Chinatown's shop tiles on the board, Da Yu's flood cards. Each game keeps that
figure with every play (companion/plays/figures.py ``TIE_FIGURES``)."""

from __future__ import annotations

import random

import pytest
from random_play import play_to_end

from companion.core import Table
from companion.core.registry import calculators
from companion.plays.record import record
from companion.plays.ties import figures_tie
from companion.store import Store
from companion.ui.i18n import Tr
from companion.ui.repos import PlaysRepo
from companion.ui.views.play_tie import tie_text

DRAGON = {
    "players": [
        {"name": "Ana", "vp": 40, "track": 5},
        {"name": "Ben", "vp": 40, "track": 9},
        {"name": "Carla", "vp": 12, "track": 20},
        {"name": "Dai", "vp": 40, "track": 5},
    ]
}
CHINATOWN = {
    "players": [
        {"name": "Ana", "money": 760000, "shops": 7},
        {"name": "Ben", "money": 760000, "shops": 9},
        {"name": "Carla", "money": 100000, "shops": 12},
    ]
}
DAYU = {
    "players": [
        {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 6}], "flood_cards": []},
        {"name": "Ben", "vp_cards": [{"frame": "red", "vp": 4}], "flood_cards": [{"points": 2}]},
    ]
}
SAID = {
    "dragon-final": (
        DRAGON,
        "Ben wins the tie: 2nd on the person track, ahead of Ana (3rd) and Dai (4th).",
        "Ben gana el desempate: 2.º en el marcador de personas, por delante de Ana (3.º) y Dai (4.º).",
    ),
    "chinatown-final": (CHINATOWN, "Ben wins the tie: 9 shop tiles on the board, ahead of Ana (7).", None),
    "dayu-final": (DAYU, "Ben wins the tie: 1 flood card, ahead of Ana (0).", None),
}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


@pytest.mark.parametrize("calculator", list(SAID))
def test_a_tied_quick_score_play_says_each_tied_players_figure(store, calculator):
    data, en, es = SAID[calculator]
    play = store.log_calculated(calculator, data)
    assert play.tie_break is not None
    calc = calculators()[calculator]
    expected = calc.render(calc.run(data), "en").splitlines()[-1]
    listed = store.plays()[0]  # the play log's page: read without the figures
    assert listed.id == play.id and listed.figures == []
    said = tie_text(Tr("en"), PlaysRepo(store), listed)
    assert said == en == expected  # the calculator's own last line: the same words
    if es is not None:
        assert tie_text(Tr("es"), PlaysRepo(store), listed) == es


def test_a_play_without_the_figure_names_the_rule_alone(store):
    """A play logged before the figure was kept: who tied on what and the rule, no figures."""
    play = store.log_calculated("dragon-final", DRAGON)
    bare = play.model_copy(update={"figures": [f for f in play.figures if f.name != "track_place"]})
    assert figures_tie(bare) is None
    assert figures_tie(play) is not None


@pytest.mark.parametrize(("game", "seed"), [("dragon", 5), ("dayu", 39)])
def test_a_table_plays_figures_say_what_its_scoreboard_says(game, seed):
    """A tied table's play, its table gone: the figures kept give the very line the table gave."""
    table = Table.new(game, ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(seed))
    assert table.scoreboard.tie_detail is not None
    assert figures_tie(record(table)) == table.scoreboard.tie_detail


def test_a_chinatown_tables_play_keeps_its_shop_tiles():
    table = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(1))
    kept = {f.seat: f.value for f in record(table).figures if f.name == "shop_tiles"}
    assert kept == {s: table.state.tiles_on_board(s) for s in range(3)}
