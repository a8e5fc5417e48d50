"""`companion stats` (a game, or --player) flags the plays its figures count with a score the game
cannot give, as `companion plays`, the Statistics screen and a player's page do."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.store import Store
from companion.store.backup import backup_json, checksum, restore


def _restored(tmp_path, ana: int) -> str:
    """A store (in tmp_path/to) restored from a backup whose first Dragon play has Ana at ``ana``
    (a backup keeps a score out of the bounds), Ana and Ben linked: that play's id."""
    s = Store(tmp_path / "from.sqlite3")
    players = [{"name": "Ana", "vp": 40, "track": 3}, {"name": "Ben", "vp": 30, "track": 2}]
    s.log_calculated("dragon-final", {"players": players}, date="2026-11-02")
    s.log_calculated("dragon-final", {"players": players}, date="2026-11-03")
    raw = json.loads(backup_json(s))
    s.close()
    raw["plays"][0]["seats"][0]["score"] = ana
    raw.pop("checksum")
    raw["checksum"] = checksum(raw)
    (tmp_path / "to").mkdir()
    store = Store(tmp_path / "to" / "tables.sqlite3")
    restore(store, json.dumps(raw))
    people = [store.create_player("Ana").id, store.create_player("Ben").id]
    for logged in store.plays():
        store.link_play(logged.id, people)
    store.close()
    return raw["plays"][0]["id"]


@pytest.mark.parametrize("who", [[], ["--player", "Ana"]])
def test_a_game_s_stats_flag_the_play_with_its_correction(tmp_path, capsys, who) -> None:
    play = _restored(tmp_path, 4100)
    assert main(["stats", "dragon", *who, "--data", str(tmp_path / "to"), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    head = out.index(
        "1 play of In the Year of the Dragon has a score the game can't give."
        " The figures above count it as typed:"
    )
    assert "Ana 4100\u00a0VP" in out[head + 1]
    assert out[head + 2] == (
        "  Ana's score of 4,100 is more than In the Year of the Dragon allows (at most 366): check it."
        f" Correct it with: companion play {play[:8]} --scores (one score per player, in seat order)."
    )
    assert len(out) == head + 3
    assert main(["stats", "dragon", *who, "--data", str(tmp_path / "to"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["out_of_bounds"] == [play]


def test_a_player_s_page_flags_it_in_spanish(tmp_path, capsys) -> None:
    play = _restored(tmp_path, 4100)
    assert main(["stats", "--player", "Ben", "--data", str(tmp_path / "to"), "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert (
        "1 partida de Ben tiene una puntuación que su juego no permite."
        " Las cifras de arriba la cuentan tal como se anotó:\n"
    ) in out
    assert f"companion play {play[:8]} --scores" in out
    assert main(["stats", "--player", "Ben", "--data", str(tmp_path / "to"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["out_of_bounds"] == [play]


def test_scores_within_the_bounds_are_not_flagged(tmp_path, capsys) -> None:
    _restored(tmp_path, 366)
    assert main(["stats", "dragon", "--data", str(tmp_path / "to"), "--lang", "en"]) == 0
    assert "can't give" not in capsys.readouterr().out
    assert main(["stats", "dragon", "--data", str(tmp_path / "to"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["out_of_bounds"] == []


@pytest.mark.parametrize("who", [["dragon"], []])
def test_a_record_held_by_such_a_play_is_flagged(tmp_path, capsys, who) -> None:
    play = _restored(tmp_path, 4100)
    assert main(["stats", *who, "--records", "--data", str(tmp_path / "to"), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    high = next(i for i, line in enumerate(out) if line.startswith("  Highest winning score: 4,100"))
    assert out[high + 1] == (
        "    Ana's 4,100 is more than the game can give: check it."
        f" Correct it with: companion play {play[:8]} --scores (one score per player, in seat order)."
    )
    assert sum("can give" in line for line in out) == 2  # the highest score and the margin, no other
    assert main(["stats", *who, "--records", "--data", str(tmp_path / "to"), "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["records"]["dragon"]
    assert {r["kind"] for r in found if r["doubtful"]} == {"high_win", "margin"}
    assert {(r["doubt_name"], r["doubt_score"]) for r in found if r["doubtful"]} == {("Ana", 4100)}
