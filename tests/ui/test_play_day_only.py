"""A play known by its day alone (a day typed in Quick score, a BoardGameGeek play) shows its day
alone on its card, in the reader's language; a play with a time shows its time, in this device's
zone (Madrid here, where the noon UTC a day alone is stored at would read 13:00)."""

from __future__ import annotations

import os
import time

import pytest
from ui_testkit import new_hub, started

DRAGON = {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}


@pytest.fixture
def madrid(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Madrid")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(
    ("lang", "day", "timed", "bgg"),
    [
        ("en", "1 Feb 2026", "2 Feb 2026, 20:30", "3 Feb 2026 · 75 minutes"),
        ("es", "1 feb 2026", "2 feb 2026, 20:30", "3 feb 2026 · 75 minutos"),
    ],
)
async def test_a_day_only_play_shows_its_day_alone_on_its_card(tmp_path, madrid, lang, day, timed, bgg):
    hub = new_hub(tmp_path)
    store = hub.store
    typed_day = store.log_calculated("dragon-final", DRAGON, date="2026-02-01")
    typed_time = store.log_calculated("dragon-final", DRAGON, date="2026-02-02T19:30:00+00:00")
    brought = typed_day.model_copy(
        update={"id": "bgg-7", "source": "bgg", "date": "2026-02-03T12:00:00+00:00", "seconds": 75 * 60}
    )
    store.restore_play(brought)
    assert typed_day.day_only and not typed_time.day_only and store.play("bgg-7").day_only
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})
    assert h.by_key(f"play-{typed_day.id}-when").value == day
    assert h.by_key(f"play-{typed_time.id}-when").value == timed
    assert h.by_key("play-bgg-7-when").value == bgg


@pytest.fixture
def mexico(monkeypatch):
    monkeypatch.setenv("TZ", "America/Mexico_City")  # UTC-6: an evening play is the next UTC day
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(
    ("lang", "evening", "day"),
    [
        ("en", "1 game, last on 2 Feb 2026", "2 games, last on 4 Feb 2026"),
        ("es", "1 partida, la última el 2 feb 2026", "2 partidas, la última el 4 feb 2026"),
    ],
)
async def test_the_players_list_says_the_last_play_s_day_on_this_clock(tmp_path, mexico, lang, evening, day):
    """The players list said the stored UTC day, as written ("2026-02-03"): a play ended at 21:00
    in Mexico City was on the next day. Now the reader's day, written as the reader writes it; a
    day-only play (a day typed in Quick score) its own day."""
    hub = new_hub(tmp_path)
    store = hub.store
    ana, ben, cy = (store.create_player(n) for n in ("Ana", "Ben", "Cy"))

    def log(date: str, *seats) -> None:
        players = [{"name": p.name, "vp": 4 - 2 * i} for i, p in enumerate(seats)]
        store.log_calculated(
            "dragon-final", {"players": players}, date=date, player_ids=[p.id for p in seats]
        )

    log("2026-02-03T03:00:00+00:00", ana, ben)  # 2 Feb, 21:00 in Mexico City
    log("2026-02-01", cy, ben)
    log("2026-02-04", cy, ben)  # a day typed: known by its day alone
    h = await started(hub, "/players", prefs={"table_companion.lang": lang})
    assert h.by_key(f"player-played-{ana.id}").value == evening
    assert h.by_key(f"player-played-{cy.id}").value == day
    h.close()
    os.environ["TZ"] = "Pacific/Kiritimati"  # UTC+14: a day-only play's stored noon is 02:00 the next day
    time.tzset()  # (the fixture puts this device's zone back)
    h = await started(hub, "/players", prefs={"table_companion.lang": lang})
    assert h.by_key(f"player-played-{cy.id}").value == day
    h.close()


async def test_a_record_held_by_a_day_only_play_says_its_own_day(tmp_path, monkeypatch):
    """At UTC+14 a day-only play's stored noon UTC is 02:00 on the next day: the record's line said
    that next day."""
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time.tzset()
    try:
        hub = new_hub(tmp_path)
        hub.store.log_calculated("dragon-final", DRAGON, date="2026-02-01")
        h = await started(hub, "/stats/dragon")
        assert h.by_key("record-dragon-high_win").subtitle.value == "Ben · 1 Feb 2026"
        h.close()
    finally:
        monkeypatch.undo()
        time.tzset()
