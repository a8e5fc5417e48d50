"""A play already in the log with a score the game cannot give (typed before the score bounds,
or restored from a backup, which keeps it) is found by the store and named with its game and
bound, "check it"; the CLI's list says it under the play with the command that corrects it."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.plays.bounds import stored_doubt
from companion.store import Store
from companion.store.backup import backup_json, checksum, restore


def _restored(tmp_path, ana: int) -> Store:
    """A store restored from a backup whose Dragon play has Ana at ``ana`` (the backup keeps it)."""
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
    return store


def test_a_stored_score_above_the_bound_is_found_and_named(tmp_path) -> None:
    store = _restored(tmp_path, 4100)
    [doubtful] = store.plays_out_of_bounds("dragon")
    assert doubtful.seats[0].score == 4100
    said = stored_doubt(doubtful)
    assert said is not None
    assert said.render("en") == (
        "Ana's score of 4,100 is more than In the Year of the Dragon allows (at most 366): check it."
    )
    assert said.render("es").startswith("La puntuación de Ana, 4.100, es más de lo que permite En el año")
    others = [p for p in store.plays() if p.id != doubtful.id]
    assert [stored_doubt(p) for p in others] == [None]
    assert store.plays_out_of_bounds("chinatown") == []
    assert store.plays_out_of_bounds("dragon", since="2026-11-04") == []


def test_a_score_within_the_bound_is_not_doubted(tmp_path) -> None:
    store = _restored(tmp_path, 366)
    assert store.plays_out_of_bounds("dragon") == []
    assert all(stored_doubt(p) is None for p in store.plays())


def test_the_cli_list_flags_it_with_the_correction(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    store = _restored(tmp_path, 4100)
    [doubtful] = store.plays_out_of_bounds("dragon")
    store.close()
    assert main(["plays", "--data", str(tmp_path / "to"), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    flagged = [n for n, line in enumerate(out) if "more than In the Year of the Dragon allows" in line]
    assert len(flagged) == 1 and "Ana 4100\u00a0VP" in out[flagged[0] - 1]
    assert f"companion play {doubtful.id[:8]} --scores" in out[flagged[0]]


def test_chinatown_s_is_said_in_money() -> None:
    """Chinatown's scores are money: its flag says them with the sign, in the reader's format."""
    from companion.plays.models import PlayRecord, PlaySeat

    seats = [
        PlaySeat(seat=0, name="Ana", score=13_500_000, place=1, winner=True),
        PlaySeat(seat=1, name="Ben", score=900_000, place=2, winner=False),
        PlaySeat(seat=2, name="Dai", score=800_000, place=3, winner=False),
    ]
    play = PlayRecord(id="p", source="bgg", game="chinatown", date="2026-03-25T12:00:00+00:00", seats=seats)
    said = stored_doubt(play)
    assert said is not None
    assert said.render("en") == (
        "Ana's score of $13,500,000 is more than Chinatown allows (at most $7,170,000): check it."
    )
    assert said.render("es") == (
        "La puntuación de Ana, 13.500.000\u00a0$, es más de lo que permite Chinatown (como mucho 7.170.000\u00a0$):"
        " revísala."
    )
