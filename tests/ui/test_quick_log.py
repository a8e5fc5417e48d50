"""Quick score's "Log this play" for the games without a table: Chinatown's final scores logged
with money as the score, and Dragon's note when the listing order split a tie."""

from __future__ import annotations

import importlib
from datetime import datetime

import pytest
from pinned_clock import pin_clock
from test_chinatown_ui import fill_final
from ui_testkit import new_hub, started

from companion.ui import log_play

record = importlib.import_module("companion.plays.record")  # the module (the package names a function so)


@pytest.fixture
def hub(tmp_path):
    return new_hub(tmp_path)


async def test_chinatown_final_scores_are_logged_with_money_as_the_score(hub):
    ana = hub.store.create_player("Ana")
    h = await started(hub, "/quick/chinatown")
    await fill_final(h, [("Ana", 760000, 7), ("Ben", 820000, 3), ("", 500000, 9)])
    await h.click("ct-f-score")
    await h.click("quick-log-play")
    [play] = hub.store.plays()
    assert (play.game, play.source) == ("chinatown", "calculator")
    assert [(s.name, s.score, s.winner) for s in play.seats] == [
        ("Ana", 760000, False),
        ("Ben", 820000, True),
        ("Player 3", 500000, False),
    ]
    assert play.seats[0].player_id == ana.id and play.seats[2].player_id is None  # "Player 3" unlinked
    assert h.has("quick-logged") and not h.has("quick-log-play")
    assert hub.store.stats("chinatown").best == 820000
    h.close()


async def test_chinatown_result_changed_after_scoring_is_not_logged(hub):
    h = await started(hub, "/quick/chinatown")
    await fill_final(h, [("Ana", 760000, 7), ("Ben", 820000, 3), ("Carla", 500000, 9)])
    await h.click("ct-f-score")
    await h.type_text("ct-f-money-0", "990000")  # typed after scoring: the result shown is stale
    await h.click("quick-log-play")
    assert h.has("quick-log-error") and hub.store.plays() == []
    await h.click("ct-f-score")
    await h.click("quick-log-play")
    [play] = hub.store.plays()
    assert play.winners == ["Ana"] and play.seats[0].score == 990000
    h.close()


async def test_dragon_quick_score_says_when_the_listing_order_split_a_tie(hub):
    h = await started(hub, "/quick/dragon")
    assert len(h.keys("quick-player-")) == 2
    for i, name in enumerate(("Ana", "Ben")):
        await h.type_text(f"quick-name-{i}", name)
        await h.type_text(f"quick-vp-{i}", "12")
        await h.type_text(f"quick-track-{i}", "4")
    await h.click("quick-compute")
    note = h.by_key("quick-stack-0").value
    assert (
        note.startswith("Equal VP and the same person-track space: Ana, Ben") and "Ana, listed first" in note
    )
    # and the tie line gives each place on the track: the same space, the one listed first higher
    assert (
        h.by_key("quick-tie-detail").value == "Ana wins the tie: 1st on the person track, ahead of Ben (2nd)."
    )
    await h.type_text("quick-track-1", "5")  # Ben further on the track: no note
    await h.click("quick-compute")
    assert not h.has("quick-stack-0")
    h.close()


async def test_log_this_play_takes_the_day_typed_and_refuses_one_to_come(hub, monkeypatch):
    # The clock pinned (the app's and the rules' "today"): read apart from the app's, the test's
    # own today is the next day in a run across midnight (tests/pinned_clock.py)
    pin_clock(monkeypatch, datetime(2026, 11, 20, 18, 30).astimezone(), log_play, record)
    h = await started(hub, "/quick/chinatown")
    await fill_final(h, [("Ana", 760000, 7), ("Ben", 820000, 3), ("Carla", 500000, 9)])
    await h.click("ct-f-score")
    assert h.by_key("quick-log-date").value == "2026-11-20"  # today unless changed
    await h.type_text("quick-log-date", "2999-01-01")
    await h.click("quick-log-play")
    assert (
        h.by_key("quick-log-error").value == "2999-01-01 is in the future; give the day the game was played."
    )
    await h.type_text("quick-log-date", "31/05/2026")
    await h.click("quick-log-play")
    assert "2026-05-31" in h.by_key("quick-log-error").value and hub.store.plays() == []
    await h.type_text("quick-log-date", "2026-05-30")
    await h.click("quick-log-play")
    [play] = hub.store.plays()
    assert play.date.startswith("2026-05-30") and not h.has("quick-log-error")
    assert [p.id for p in hub.store.plays(since="2026-05-30", until="2026-05-30")] == [play.id]
    h.close()


async def test_log_this_play_with_today_by_default(hub):
    from datetime import UTC, datetime, timedelta

    h = await started(hub, "/quick/dayu")
    await h.click("dy-q-0-vp-3")
    await h.click("quick-log-play")
    [play] = hub.store.plays()
    when = datetime.fromisoformat(play.date)
    assert timedelta(0) <= datetime.now(UTC) - when < timedelta(days=1)  # today's noon UTC, or now
    assert play.options == {}  # Da Yu's setup option is how the app was used: not asked
    assert not h.has("log-option-opening-chosen")
    h.close()


async def test_dragon_play_is_logged_with_the_expansions_chosen(hub):
    h = await started(hub, "/quick/dragon")
    await h.type_text("quick-name-0", "Ana")
    await h.type_text("quick-vp-0", "30")
    await h.click("quick-compute")
    # The chips show the game's defaults: the newer edition, no expansions.
    assert (
        h.by_key("log-option-great_wall-False").selected
        and h.by_key("log-option-large_privilege_cost-7").selected
    )
    assert h.by_key("log-option-super_events-True").label.semantics_label == "Super Events (expansion): On"
    await h.click("log-option-great_wall-True")
    await h.click("log-option-super_events-True")
    assert (
        h.by_key("log-option-great_wall-True").selected
        and not h.by_key("log-option-great_wall-False").selected
    )
    await h.type_text("quick-log-date", "2026-05-29")
    await h.click("quick-log-play")
    [play] = hub.store.plays()
    assert play.options == {"large_privilege_cost": 7, "great_wall": True, "super_events": True}
    assert play.date.startswith("2026-05-29") and play.seats[0].score == 30
    h.close()
