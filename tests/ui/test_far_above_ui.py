"""A score far above what usually wins the game in the log (350 typed for 35) is said before it is kept:
above "Log this play" on Quick score (which still logs it, one tap), and under its field in the
Edit dialog, where Save again keeps it."""

from __future__ import annotations

import pytest
from ui_testkit import new_hub, started

WARNING = (
    "Ana's 350 is more than three times the usual winning score logged for In the Year of the Dragon"
    " (45): a digit too many?"
)


@pytest.fixture
def hub(tmp_path):
    hub = new_hub(tmp_path)
    for n, ana in enumerate((40, 52, 61, 38, 45)):
        players = [{"name": "Ana", "vp": ana, "track": 3}, {"name": "Ben", "vp": 30, "track": 2}]
        hub.store.log_calculated("dragon-final", {"players": players}, date=f"2026-11-0{n + 1}")
    return hub


async def test_quick_score_says_it_and_logs_it_all_the_same(hub):
    h = await started(hub, "/quick/dragon")
    for i, (name, vp) in enumerate((("Ana", "350"), ("Ben", "30"))):
        await h.type_text(f"quick-name-{i}", name)
        await h.type_text(f"quick-vp-{i}", vp)
        await h.type_text(f"quick-track-{i}", str(3 - i))
    await h.click("quick-compute")
    assert h.by_key("quick-far-0").value == WARNING and not h.has("quick-far-1")
    await h.click("quick-log-play")
    assert h.has("quick-logged")
    assert hub.store.plays()[0].seats[0].score == 350
    h.close()


async def test_edit_says_it_under_the_field_and_save_again_keeps_it(hub):
    play = hub.store.plays()[0]
    h = await started(hub, "/plays")
    await h.click(f"play-edit-{play.id}")
    await h.type_text("edit-score-0", "350")
    await h.click("play-edit-save")
    assert h.by_key("edit-score-0").helper == f"{WARNING} Tap Save again to keep it."
    assert h.by_key("edit-score-1").helper is None
    assert hub.store.play(play.id).seats[0].score == 45  # not yet
    await h.click("play-edit-save")
    assert hub.store.play(play.id).seats[0].score == 350
    h.close()
