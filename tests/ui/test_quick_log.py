"""Quick score's "Log this play" for the games without a table: Chinatown's final scores logged
with money as the score, and Dragon's note when the listing order split a tie."""

from __future__ import annotations

import pytest
from test_chinatown_ui import fill_final
from ui_testkit import new_hub, started


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
    assert note.startswith("Equal VP and the same track space: Ana, Ben") and "Ana, listed first" in note
    await h.type_text("quick-track-1", "5")  # Ben further on the track: no note
    await h.click("quick-compute")
    assert not h.has("quick-stack-0")
    h.close()
