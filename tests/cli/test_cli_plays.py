"""`companion plays`, `stats`, `log`, `backup`, `restore`: output in both languages, bad input one line and exit 2."""

from __future__ import annotations

import csv
import io
import json

import pytest
from plays_helpers import finished_game

from companion.cli import main
from companion.store import Store


@pytest.fixture
def data(tmp_path):
    store = Store(tmp_path / "tables.sqlite3")
    ana = store.create_player("Ana")
    for seed in (0, 1, 2):
        table = finished_game(seed)
        store.create(table, [ana.id] + [None] * (len(table.players) - 1))
    store.close()
    return tmp_path


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
    assert ("Persons lost to" if lang == "en" else "Personas perdidas por") in out
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
    assert len(capsys.readouterr().out.splitlines()) == 1
    assert main(["log", "chinatown-income", str(board), "--data", str(data)]) == 2
    assert "final result" in capsys.readouterr().err
