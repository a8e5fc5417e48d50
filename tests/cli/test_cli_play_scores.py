"""``companion play ID --scores 44 30 41``: the Edit dialog's scores from the command line, for a
play brought in (filled in or corrected); a wrong count, a word or a score no game allows is one
line and exit 2, and changes nothing; a finished table's play keeps its table's scores."""

from __future__ import annotations

import pytest
from plays_helpers import finished_game

from companion.cli import main
from companion.plays.bgstats import plan_import
from companion.store import Store
from companion.store.plays_import import import_plays


@pytest.fixture
def data(tmp_path):
    game = {"name": "In the Year of the Dragon", "bggId": 31594}
    players = [{"name": n, "score": None, "winner": n == "Ana"} for n in ("Ana", "Ben", "Cai")]
    store = Store(tmp_path / "tables.sqlite3")
    plan = plan_import(
        [{"sourcePlayId": "u2", "playDate": "2026-11-02", "game": game, "players": players}], set(), set()
    )
    import_plays(store, plan.plays, plan.names)
    store.close()
    return tmp_path


def _scores(data) -> list[int | None]:
    store = Store(data / "tables.sqlite3")
    try:
        return [s.score for s in store.play("u2").seats]
    finally:
        store.close()


def test_scores_are_filled_in_and_decide_who_won(data, capsys):
    assert main(["play", "u2", "--scores", "38", "44,41", "--data", str(data)]) == 0  # commas too
    out = capsys.readouterr().out
    assert "Ana 38\u00a0VP, Ben 44\u00a0VP, Cai 41\u00a0VP · won: Ben" in out
    assert _scores(data) == [38, 44, 41]


@pytest.mark.parametrize(
    ("scores", "said"),
    [
        (["44", "30"], "--scores 44 30: give one whole number for each of the 3 players"),
        (["44", "lots", "41"], "give one whole number for each of the 3 players, in seat order"),
        (
            ["44", "3000", "41"],
            "Ben's score of 3,000 is more than anyone can score in this game (at most 366)",
        ),
    ],
)
def test_a_bad_list_is_one_line_and_changes_nothing(data, capsys, scores, said):
    assert main(["play", "u2", "--scores", *scores, "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and err.count("\n") == 1 and said in err
    assert _scores(data) == [None, None, None]


def test_spanish_says_it_in_spanish(data, capsys):
    assert main(["play", "u2", "--scores", "1", "2", "--data", str(data), "--lang", "es"]) == 2
    assert "pon un número entero para cada uno de los 3 jugadores" in capsys.readouterr().err


def test_a_tables_play_keeps_its_tables_scores(tmp_path, capsys):
    store = Store(tmp_path / "tables.sqlite3")
    table = store.create(finished_game(2))
    seats = len(store.play(table.id).seats)
    store.close()
    assert main(["play", table.id[:8], "--scores", *["1"] * seats, "--data", str(tmp_path)]) == 2
    assert "A table's game keeps the scores its table gave." in capsys.readouterr().err
