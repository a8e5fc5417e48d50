"""A player's page says the plays its figures count with a score their game cannot give (typed
before the score bounds, or restored from a backup), in the play log's words, each with its Edit
one tap away, as the game's Statistics do; corrected, the page says nothing more."""

from __future__ import annotations

import pytest
from plays_insights_helpers import make_play
from ui_testkit import new_hub, started


@pytest.fixture
def hub(tmp_path):
    hub = new_hub(tmp_path)
    store = hub.store
    ana, ben, dai = (store.create_player(n).id for n in ("Ana", "Ben", "Dai"))
    seats = [("Ana", ana, 40), ("Ben", ben, 4100)]  # Ben's typo: Ana's margin and records read it
    store.restore_play(make_play("dragon", "2026-11-02T20:00:00+00:00", seats, winners=[0], play_id="typo"))
    money = [("Ana", ana, 13_500_000), ("Ben", ben, 900_000), ("Dai", dai, 800_000)]
    store.restore_play(make_play("chinatown", "2026-11-03T20:00:00+00:00", money, play_id="rich"))
    fine = [("Ana", ana, 30), ("Ben", ben, 25)]
    store.restore_play(make_play("dayu", "2026-11-04T20:00:00+00:00", fine, play_id="fine"))
    hub.ids = {"Ana": ana, "Ben": ben, "Dai": dai}
    return hub


async def test_the_player_s_page_says_them_and_an_edit_corrects_one(hub):
    h = await started(hub, f"/player/{hub.ids['Ana']}")
    assert h.by_key("player-page-doubts-text").value == (
        "2 of Ana's plays have a score their game can't give. The figures here count them as typed:"
        " correct them with Edit."
    )
    assert h.by_key("player-page-doubt-typo").value == (
        "2 Nov 2026: Ben's score of 4,100 is more than In the Year of the Dragon allows (at most 366): check it."
    )
    assert h.by_key("player-page-doubt-rich").value == (
        "3 Nov 2026: Ana's score of $13,500,000 is more than Chinatown allows (at most $7,170,000): check it."
    )
    assert not h.has("player-page-doubt-fine")
    await h.click("player-page-doubt-edit-typo")
    await h.type_text("edit-score-1", "41")
    await h.click("play-edit-save")
    assert hub.store.play("typo").seats[1].score == 41
    assert not h.has("player-page-doubt-typo")
    assert h.by_key("player-page-doubts-text").value.startswith("1 of Ana's plays has a score its game")
    h.close()


async def test_said_in_spanish_and_nothing_once_corrected(hub):
    h = await started(hub, f"/player/{hub.ids['Dai']}", prefs={"table_companion.lang": "es"})
    assert h.by_key("player-page-doubts-text").value.startswith(
        "1 partida de Dai tiene una puntuación que su juego no permite."
    )
    await h.click("player-page-doubt-edit-rich")
    await h.type_text("edit-score-0", "1350000")
    await h.click("play-edit-save")
    assert not h.has("player-page-doubts") and h.has("player-page-head")
    h.close()


async def test_a_record_held_by_such_a_play_says_it_in_spanish_with_its_edit(hub):
    h = await started(hub, f"/player/{hub.ids['Ana']}", prefs={"table_companion.lang": "es"})
    # whose: Ben's 4100 beside Ana's win, not Ana's score
    said = "La puntuación de Ben, 4.100, es más de lo que permite el juego: revísala."
    assert h.by_key("record-dragon-high_win-doubt").value == said
    assert h.by_key("record-chinatown-high_win-doubt").value.startswith("La puntuación de ")
    assert h.has("record-dayu-high_win") and not h.has("record-dayu-high_win-doubt")
    await h.click("record-dragon-high_win-doubt-edit")
    await h.type_text("edit-score-1", "41")
    await h.click("play-edit-save")
    assert hub.store.play("typo").seats[1].score == 41
    assert not h.has("record-dragon-high_win-doubt") and h.has("record-chinatown-high_win-doubt")
    h.close()
