"""`companion plays`, `stats`, `log`, `backup`, `restore`: output in both languages, bad input one line and exit 2."""

from __future__ import annotations

import csv
import io
import json

import pytest
from plays_helpers import finished_game

from companion.cli import main
from companion.store import Store


def test_plays_lists_the_log_and_filters_it(data, capsys):
    assert main(["plays", "--data", str(data)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
    assert main(["plays", "--data", str(data), "--game", "dayu", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1 and "ganó" in out


def test_plays_as_csv_to_a_file_a_spreadsheet_opens(data, capsys):
    out = data / "log.csv"
    assert main(["plays", "--data", str(data), "--player", "ana", "--csv", "--out", str(out)]) == 0
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM: spreadsheets read it as UTF-8
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert {r["Player"] for r in rows if r["Seat"] == "1"} == {"Ana"}


def test_plays_as_json(data, capsys):
    assert main(["plays", "--data", str(data), "--json"]) == 0
    log = json.loads(capsys.readouterr().out)
    assert log["format"] == "table-companion/plays" and len(log["plays"]) == 3


@pytest.mark.parametrize("lang", ["en", "es"])
def test_stats_in_both_languages(data, capsys, lang):
    assert main(["stats", "dragon", "--data", str(data), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert ("Persons lost to" if lang == "en" else "Personas perdidas:") in out
    assert main(["stats", "chinatown", "--data", str(data), "--player", "Ana", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["plays"] == 1 and all(f["label"] for f in stats["figures"])


@pytest.mark.parametrize(
    "argv",
    [
        ["stats", "chess"],
        ["plays", "--player", "Nobody"],
        ["plays", "--since", "last week"],
        ["restore", "no-such-file.json"],
        ["plays", "--csv", "--out", "/no/such/folder/plays.csv"],
        ["backup", "/no/such/folder/backup.json"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(data, capsys, argv):
    assert main([*argv, "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and err.count("\n") == 1


def test_backup_and_restore(data, tmp_path, capsys):
    file = tmp_path / "backup.json"
    assert main(["backup", str(file), "--data", str(data)]) == 0
    assert main(["restore", str(file), "--data", str(data)]) == 2  # the store is not empty
    assert "--replace" in capsys.readouterr().err
    empty = tmp_path / "empty"
    assert main(["restore", str(file), "--data", str(empty), "--lang", "es"]) == 0
    assert "partidas 3" in capsys.readouterr().out
    file.write_text(file.read_text()[:-10])
    assert main(["restore", str(file), "--data", str(data), "--replace"]) == 2
    assert "Nothing was changed" in capsys.readouterr().err


def test_log_a_game_played_without_the_app(data, tmp_path, capsys):
    board = tmp_path / "final.json"
    board.write_text(json.dumps({"players": [{"name": "Ana", "vp": 30}, {"name": "Ben", "vp": 31}]}))
    assert main(["log", "dragon-final", str(board), "--data", str(data), "--date", "2026-02-01"]) == 0
    assert "Ben" in capsys.readouterr().out
    assert main(["plays", "--data", str(data), "--until", "2026-02-01"]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith("1 Feb 2026  In the Year of the Dragon: ")  # the day alone: no time
    assert main(["plays", "--data", str(data), "--until", "2026-02-01", "--lang", "es"]) == 0
    assert capsys.readouterr().out.startswith("1 feb 2026  ")
    assert main(["log", "chinatown-income", str(board), "--data", str(data)]) == 2
    assert "final result" in capsys.readouterr().err


def test_plays_named_like_players_are_listed_then_linked(tmp_path, capsys):
    store = Store(tmp_path / "tables.sqlite3")
    carla = store.create_player("Carla")
    for seed in (1, 3):  # imported tables: nobody linked
        store.create(finished_game(seed))
    store.close()
    assert main(["link-plays", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Carla: Carla from your players" in out and "2 plays to link" in out
    assert Store(tmp_path / "tables.sqlite3").plays(player=carla.id) == []  # listed, not linked
    assert main(["link-plays", "--data", str(tmp_path), "--yes", "--lang", "es"]) == 0
    assert "2 partidas enlazadas" in capsys.readouterr().out
    assert main(["plays", "--player", "Carla", "--data", str(tmp_path)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_one_play_is_linked_redated_and_deleted_by_its_id(tmp_path, capsys):
    store = Store(tmp_path / "tables.sqlite3")
    store.create_player("Carla")
    store.create(finished_game(1))  # Chinatown: Ana, Ben, Carla
    store.close()
    assert main(["plays", "--ids", "--data", str(tmp_path)]) == 0
    line = capsys.readouterr().out
    ident = line.split()[0]
    assert "$1,050,000" in line or "$" in line  # Chinatown money as money
    assert main(["play", ident, "--seat", "3=carla", "--date", "2026-05-30", "--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "seat 3, Carla: Carla" in out and "30 May 2026  Chinatown" in out  # redated to a day
    assert main(["play", ident, "--seat", "1=Carla", "--data", str(tmp_path)]) == 2  # Carla twice
    assert main(["play", ident, "--seat", "9=Carla", "--data", str(tmp_path)]) == 2
    assert main(["play", ident, "--date", "3026-01-01", "--data", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "two seats" in err and "1 to 3" in err and "future" in err
    assert main(["play", ident, "--delete", "--data", str(tmp_path)]) == 0
    assert main(["plays", "--data", str(tmp_path)]) == 0
    assert "No plays" in capsys.readouterr().out


def test_names_from_a_file_cannot_drive_the_terminal(tmp_path, capsys):
    store = Store(tmp_path / "tables.sqlite3")
    play = store.log_calculated(
        "dragon-final", {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}
    )
    # as an older version's restore let it in: an escape sequence in a seat's name
    store._write(("UPDATE play_seats SET name = ? WHERE play_id = ? AND seat = 0", ("Ana\x1b[2J", play.id)))
    store.close()
    assert main(["plays", "--data", str(tmp_path)]) == 0
    assert "\x1b" not in capsys.readouterr().out


def test_replay_prints_chinatown_money_as_money_and_no_rule_ids(tmp_path, capsys):
    path = tmp_path / "town.json"
    path.write_text(finished_game(1).to_json(), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "+\u2060$" in out and "+50000" not in out and "chinatown." not in out
    assert main(["replay", str(path), "--lang", "es"]) == 0
    assert "1.050.000\xa0$" in capsys.readouterr().out  # Spanish: dots, the symbol after
