"""`companion export-plays`, `bgstats-link`, `import-bgstats`: files written, one confirm, refusals one line."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

from companion.cli import main
from companion.store import Store


def test_export_for_bg_stats_and_boardgamegeek(data, capsys):
    out = data / "bgstats.json"
    assert main(["export-plays", "--format", "bgstats", "--out", str(out), "--data", str(data)]) == 0
    assert "plays in it: 3" in capsys.readouterr().out
    plays = json.loads(out.read_text(encoding="utf-8"))
    assert len(plays) == 3 and {p["game"]["name"] for p in plays} >= {"Chinatown"}
    assert main(["export-plays", "--format", "bgg", "--game", "chinatown", "--data", str(data)]) == 0
    root = ET.fromstring(capsys.readouterr().out)
    assert [i.get("objectid") for i in root.iter("item")] == ["47"]
    ident = plays[0]["sourcePlayId"][:8]
    assert main(["export-plays", "--format", "bgstats", "--play", ident, "--data", str(data)]) == 0
    assert json.loads(capsys.readouterr().out)["sourcePlayId"] == plays[0]["sourcePlayId"]
    assert main(["bgstats-link", ident, "--data", str(data)]) == 0
    link = capsys.readouterr().out.strip()
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B") and "\n" not in link


def test_import_asks_once_then_a_second_import_adds_nothing(data, tmp_path, capsys, monkeypatch):
    exported = data / "out.json"
    assert main(["export-plays", "--format", "bgstats", "--out", str(exported), "--data", str(data)]) == 0
    other = tmp_path / "other"
    other.mkdir()
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["import-bgstats", str(exported), "--data", str(other), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert "Partidas nuevas: 3" in out and "Jugadores nuevos que recordar: Ana" in out
    assert "¿Las añadimos? (s/n)" in out and "No se ha añadido nada." in out
    assert Store(other / "tables.sqlite3").plays() == []  # answered no: nothing changed
    monkeypatch.setattr("sys.stdin", io.StringIO("s\n"))
    assert main(["import-bgstats", str(exported), "--data", str(other), "--lang", "es"]) == 0
    assert "Partidas añadidas: 3." in capsys.readouterr().out
    assert main(["import-bgstats", str(exported), "--data", str(other), "--yes"]) == 0
    out = capsys.readouterr().out
    assert "New plays: 0 · already in the log: 3" in out and "Nothing to add." in out
    assert len(Store(other / "tables.sqlite3").plays()) == 3


def test_a_foreign_play_is_one_line_and_a_damaged_file_exit_2(data, tmp_path, capsys):
    foreign = tmp_path / "catan.json"
    foreign.write_text(
        json.dumps(
            {
                "game": {"name": "Catan", "bggId": 13},
                "playDate": "2025-01-01 20:00:00",
                "players": [{"name": "Ana", "score": 10, "winner": True}, {"name": "Ben", "score": 8}],
            }
        ),
        encoding="utf-8",
    )
    assert main(["import-bgstats", str(foreign), "--data", str(data), "--yes"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "Not brought in: 1 Jan 2025, Catan: this app only keeps In the Year of the Dragon,"
        " Chinatown and Da Yu."
    )
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"plays": [', encoding="utf-8")
    assert main(["import-bgstats", str(damaged), "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "can't be brought in: it isn't JSON" in err
    assert main(["import-bgstats", str(tmp_path / "missing.json"), "--data", str(data)]) == 2
    assert len(Store(data / "tables.sqlite3").plays()) == 3
