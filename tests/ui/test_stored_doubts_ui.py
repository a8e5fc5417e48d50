"""A play kept with a score the game cannot give (typed before the score bounds, restored from a
backup) is said on its card in the play log, and on the game's statistics, which count it as
typed, with its Edit one tap away; corrected, the statistics say nothing more."""

from __future__ import annotations

import json

import pytest
from ui_testkit import new_hub, started

from companion.store.backup import backup_json, checksum, restore


@pytest.fixture
def hub(tmp_path):
    hub = new_hub(tmp_path / "app")
    s = hub.store.__class__(tmp_path / "from.sqlite3")
    players = [{"name": "Ana", "vp": 40, "track": 3}, {"name": "Ben", "vp": 30, "track": 2}]
    s.log_calculated("dragon-final", {"players": players}, date="2026-11-02")
    raw = json.loads(backup_json(s))
    s.close()
    raw["plays"][0]["seats"][0]["score"] = 4100  # a digit too many, kept from before the bounds
    raw["plays"][0]["seconds"] = 2700  # 45 minutes: its length is a record too
    raw.pop("checksum")
    raw["checksum"] = checksum(raw)
    restore(hub.store, json.dumps(raw))
    return hub


async def test_the_log_card_says_it(hub):
    [play] = hub.store.plays()
    h = await started(hub, "/plays")
    assert h.by_key(f"play-{play.id}-doubt").value == (
        "Ana's score of 4,100 is more than In the Year of the Dragon allows (at most 366): check it."
    )
    assert h.has(f"play-edit-{play.id}")
    h.close()


async def test_the_statistics_say_it_and_its_edit_corrects_it(hub):
    [play] = hub.store.plays()
    h = await started(hub, "/stats/dragon", prefs={"table_companion.lang": "es"})
    assert h.by_key("stats-doubts-text").value.startswith(
        "1 partida de En el año del dragón tiene una puntuación que el juego no permite."
    )
    assert "4100" in h.by_key("stats-scores").value.replace(".", "")  # counted as typed
    await h.click(f"stats-doubt-edit-{play.id}")
    await h.type_text("edit-score-0", "41")
    await h.click("play-edit-save")
    assert hub.store.play(play.id).seats[0].score == 41
    assert not h.has("stats-doubts") and "41" in h.by_key("stats-scores").value
    h.close()


async def test_a_record_it_holds_says_it_with_its_edit(hub):
    [play] = hub.store.plays()
    h = await started(hub, "/stats/dragon")
    said = "Ana's 4,100 is more than the game can give: check it."
    assert h.by_key("record-dragon-high_win-doubt").value == said
    assert h.by_key("record-dragon-margin-doubt").value == said  # its margin reads the 4100 too
    # its length is a record too, and not what is wrong
    assert h.has("record-dragon-longest") and not h.has("record-dragon-longest-doubt")
    await h.click("record-dragon-high_win-doubt-edit")
    await h.type_text("edit-score-0", "41")
    await h.click("play-edit-save")
    assert hub.store.play(play.id).seats[0].score == 41
    assert not h.has("record-dragon-high_win-doubt") and not h.has("record-dragon-margin-doubt")
    h.close()
