"""`companion import-bgg`: BoardGameGeek's plays XML in, refusals one line each, the players to
add, one confirm; the app's own BGG export adds nothing to the store it came from."""

from __future__ import annotations

import io

from companion.cli import main
from companion.store import Store

PAGE = """<?xml version="1.0" encoding="utf-8"?>
<plays username="ana" userid="7" total="2" page="1">
<play id="501" date="2025-03-01" quantity="1" length="60" incomplete="0" nowinstats="0" location="">
 <item name="Chinatown" objecttype="thing" objectid="47"/>
 <players>
  <player username="" userid="0" name="Ana" startposition="1" color="" score="520" new="0" rating="0" win="1"/>
  <player username="" userid="0" name="Íñigo" startposition="2" color="" score="480" new="0" rating="0" win="0"/>
  <player username="" userid="0" name="Zoë" startposition="3" color="" score="300" new="0" rating="0" win="0"/>
 </players>
</play>
<play id="502" date="2025-03-02" quantity="1" length="0" incomplete="0" nowinstats="0" location="">
 <item name="CATAN" objecttype="thing" objectid="13"/>
 <players><player name="Ana" score="10" win="1"/><player name="Ben" score="8" win="0"/></players>
</play>
</plays>
"""


def test_import_bgg_lists_what_it_leaves_asks_once_and_adds_nothing_twice(tmp_path, capsys, monkeypatch):
    data = tmp_path / "store"
    data.mkdir()
    file = tmp_path / "plays.xml"
    file.write_text(PAGE, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    assert main(["import-bgg", str(file), "--data", str(data), "--lang", "es"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "No se trae: 2 mar 2025, CATAN: esta aplicación solo guarda En el año del dragón, Chinatown y Da Yu."
    )
    assert "Partidas nuevas: 1" in out[1] and "no traídas: 1" in out[1]
    assert out[2] == "Jugadores nuevos que recordar: Ana, Íñigo, Zoë."
    assert "No se ha añadido nada." in out[-1]
    assert Store(data / "tables.sqlite3").plays() == []  # answered no: nothing changed
    assert main(["import-bgg", str(file), "--data", str(data), "--yes"]) == 0
    assert "Plays added: 1. New players remembered: 3." in capsys.readouterr().out
    [play] = Store(data / "tables.sqlite3").plays()
    assert (play.id, play.source, play.seconds) == ("bgg-501", "bgg", 3600)
    assert all(s.player_id for s in play.seats)
    assert main(["import-bgg", str(file), "--data", str(data), "--yes"]) == 0
    out = capsys.readouterr().out
    assert "New plays: 0 · already in the log: 1" in out and "Nothing to add." in out

    # the log exported for BGG comes back to the same store as nothing new
    exported = tmp_path / "out.xml"
    assert main(["export-plays", "--format", "bgg", "--out", str(exported), "--data", str(data)]) == 0
    assert main(["import-bgg", str(exported), "--data", str(data), "--yes"]) == 0
    assert "New plays: 0 · already in the log: 1 · not brought in: 0" in capsys.readouterr().out


def test_a_foreign_or_dangerous_file_is_one_line_on_stderr_exit_2(tmp_path, capsys):
    data = tmp_path / "store"
    data.mkdir()
    bomb = tmp_path / "bomb.xml"
    bomb.write_text('<!DOCTYPE p [<!ENTITY a "aaaa">]><plays>&a;</plays>', encoding="utf-8")
    assert main(["import-bgg", str(bomb), "--data", str(data)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "can't be brought in: it declares entities or a DTD" in err
    json_file = tmp_path / "bgstats.json"
    json_file.write_text('{"plays": []}', encoding="utf-8")
    assert main(["import-bgg", str(json_file), "--data", str(data)]) == 2
    assert "it isn't XML" in capsys.readouterr().err
    assert main(["import-bgg", str(tmp_path / "missing.xml"), "--data", str(data)]) == 2
    assert Store(data / "tables.sqlite3").plays() == []
