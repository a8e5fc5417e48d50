"""A backup's play where some players have a score and others none is refused by its day, game
and id, naming a player of each kind (it was "Value error, either every seat has a score or none
has" at "plays.0"); a play logged with who won alone (every score null, schema 10) restores."""

from __future__ import annotations

import json
import time

import pytest

from companion.i18n import format_when
from companion.store import Store, StoreError
from companion.store.backup import backup_json, checksum, restore


@pytest.fixture
def backup(tmp_path) -> dict:
    s = Store(tmp_path / "from.sqlite3")
    players = [{"name": "Ana", "vp": 40, "track": 3}, {"name": "Ben", "vp": 30, "track": 2}]
    s.log_calculated("dragon-final", {"players": players}, date="2026-11-02")
    raw = json.loads(backup_json(s))
    s.close()
    return raw


def _sealed(raw: dict, scores: list[int | None]) -> str:
    for seat, score in zip(raw["plays"][0]["seats"], scores, strict=True):
        seat["score"] = score
    raw["version"] = 4
    raw.pop("checksum")
    raw["checksum"] = checksum(raw)
    return json.dumps(raw)


def test_a_half_scored_play_is_named_with_what_is_wrong(backup, tmp_path) -> None:
    store = Store(tmp_path / "to.sqlite3")
    with pytest.raises(StoreError) as refused:
        restore(store, _sealed(backup, [40, None]))
    assert refused.value.msg.render("en") == (
        f"The backup is damaged (its play of 2 Nov 2026, In the Year of the Dragon (id {backup['plays'][0]['id']})"
        " has a score for Ana but none for Ben, and a play keeps every player's score or only who won)."
        " Nothing was changed."
    )
    assert "tiene puntuación para Ana pero no para Ben" in refused.value.msg.render("es")
    assert store.plays() == []


def test_a_play_with_who_won_alone_restores(backup, tmp_path) -> None:
    store = Store(tmp_path / "to.sqlite3")
    assert restore(store, _sealed(backup, [None, None])) == (0, 1, 0)
    [play] = store.plays()
    assert not play.scored and play.winners == ["Ana"]


@pytest.fixture
def new_york(monkeypatch):
    """This device's clock in New York (UTC-5 in November)."""
    monkeypatch.setenv("TZ", "America/New_York")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_play_is_named_by_the_day_the_log_shows_it(new_york, tmp_path) -> None:
    """Logged at 22:30 on 2 Nov in New York (3 Nov in UTC): the log shows 2 Nov, and so does the
    refusal (it said 2026-11-03, the UTC day)."""
    s = Store(tmp_path / "from.sqlite3")
    players = [{"name": "Ana", "vp": 40, "track": 3}, {"name": "Ben", "vp": 30, "track": 2}]
    s.log_calculated("dragon-final", {"players": players}, date="2026-11-03T03:30:00+00:00")
    [logged] = s.plays()
    raw = json.loads(backup_json(s))
    s.close()
    in_the_log = format_when(logged.date, "en", time=False, day_only=logged.day_only)
    assert in_the_log == "2 Nov 2026"
    with pytest.raises(StoreError) as refused:
        restore(Store(tmp_path / "to.sqlite3"), _sealed(raw, [40, None]))
    assert f"its play of {in_the_log}, In the Year of the Dragon" in refused.value.msg.render("en")
    assert "su partida del 2 nov 2026, En el año del dragón" in refused.value.msg.render("es")
