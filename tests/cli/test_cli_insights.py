"""`companion stats --player`, `--records`, `--from/--to`, `--location` and `play --location`
(issue 31): both languages, the figures the store computes, bad input one line and exit 2."""

from __future__ import annotations

import json

import pytest
from plays_insights_helpers import make_play

from companion.cli import main
from companion.store import Store

pytestmark = pytest.mark.usefixtures("store_backend")  # on SQLite and PostgreSQL


@pytest.fixture
def log(tmp_path):
    """Ana and Ben, five Da Yu plays (Ana wins the first three), the last two at the club."""
    store = Store(tmp_path / "tables.sqlite3")
    ana, ben = store.create_player("Ana").id, store.create_player("Ben").id
    for i, (a, b) in enumerate([(30, 20), (31, 20), (25, 24), (10, 20), (12, 20)]):
        play = make_play(
            "dayu",
            f"2026-0{i + 1}-10T20:00:00+00:00",
            [("Ana", ana, a), ("Ben", ben, b)],
            seconds=600 * (i + 1),
            play_id=f"p{i}",
        )
        store.restore_play(play)
        if i >= 3:
            store.set_play_location(play.id, "Club")
    store.close()
    return tmp_path


@pytest.mark.parametrize(
    "lang,words",
    [
        (
            "en",
            [
                "Ana: played 5, won 3",
                "Longest winning streak: 3",
                "2 plays in a row without a win",
                "Rival",
                "vs Ben: 5 plays together, wins 3–2",
            ],
        ),
        (
            "es",
            [
                "Ana: jugó 5, ganó 3",
                "Mejor racha de victorias: 3",
                "2 partidas seguidas sin ganar",
                "Rival",
                "contra Ben: 5 partidas en común, victorias 3–2",
            ],
        ),
    ],
)
def test_the_player_page_in_both_languages(log, capsys, lang, words):
    assert main(["stats", "--player", "ana", "--data", str(log), "--lang", lang]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out


def test_the_player_page_as_json_and_filtered(log, capsys):
    assert main(["stats", "--player", "Ben", "--data", str(log), "--json"]) == 0
    page = json.loads(capsys.readouterr().out)
    assert (page["plays"], page["wins"], page["current_streak"], page["nemesis"]["name"]) == (5, 2, 2, "Ana")
    assert main(["stats", "--player", "Ben", "--data", str(log), "--json", "--location", "club"]) == 0
    assert json.loads(capsys.readouterr().out)["plays"] == 2
    assert (
        main(
            [
                "stats",
                "--player",
                "Ben",
                "--data",
                str(log),
                "--json",
                "--from",
                "2026-02-01",
                "--to",
                "2026-03-31",
            ]
        )
        == 0
    )
    page = json.loads(capsys.readouterr().out)
    assert (page["plays"], page["first_play"]["play_id"], page["last_play"]["play_id"]) == (2, "p1", "p2")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_records_of_a_game_and_of_every_game(log, capsys, lang):
    assert main(["stats", "dayu", "--records", "--data", str(log), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert (
        "Highest winning score: 31\u00a0VP — Ana"
        if lang == "en"
        else "Puntuación ganadora más alta: 31\u00a0PV — Ana"
    ) in out
    assert "(play p1)" in out or "(partida p1)" in out
    assert main(["stats", "--records", "--data", str(log), "--lang", lang, "--location", "Club"]) == 0
    out = capsys.readouterr().out
    assert ("Replay score of the group: 1" if lang == "en" else "Índice de repetición del grupo: 1") in out
    assert "50 min" in out and "31" not in out  # the longest play at the club; Ana's 31 was elsewhere


def test_game_statistics_take_the_date_filter(log, capsys):
    assert main(["stats", "dayu", "--data", str(log), "--json", "--to", "2026-02-28"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert (stats["plays"], stats["best"]) == (2, 31)


def test_play_location_is_set_shown_and_remembered(log, capsys):
    assert main(["play", "p0", "--location", "  café  sol", "--data", str(log), "--lang", "es"]) == 0
    assert "en café sol" in capsys.readouterr().out
    store = Store(log / "tables.sqlite3")
    assert store.play("p0").location == "café sol" and store.locations() == ["café sol", "Club"]
    store.close()
    assert main(["play", "p0", "--location", "", "--data", str(log)]) == 0
    assert "café" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["stats"],
        ["stats", "--player", "Nobody"],
        ["stats", "--records", "--from", "last week"],
        ["play", "p0", "--location", "x" * 60],
    ],
)
def test_bad_input_is_one_line_and_exit_2(log, capsys, argv):
    assert main([*argv, "--data", str(log)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and err.count("\n") == 1
