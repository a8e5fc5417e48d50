"""The play log says how a tie on the best total was decided as the table's scores screen does,
derived from the table while it is kept; a Quick score play (no table) says the same from the
tie-break figure the play keeps (a play without one names who tied and the rule:
tests/plays/test_quick_tie.py)."""

from __future__ import annotations

import pytest
from ui_testkit import finished_on_hub as finished
from ui_testkit import new_hub, started

# A Da Yu game whose random play (seed 39) ends with Ana and Carla on the best total
# (tests/ui/test_scores_screen.py holds the same game's line on the scores screen).
TIED_SEED = 39
TIE_LINES = {
    "en": "Carla wins the tie: 5 flood cards, ahead of Ana (3).",
    "es": "Carla gana el desempate: 5 cartas de inundación, por delante de Ana (3).",
}


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_play_from_a_table_says_the_tables_tie_line(tmp_path, lang):
    hub = new_hub(tmp_path)
    table = finished(hub, "dayu", ("Ana", "Ben", "Carla"), seed=TIED_SEED)
    [play] = hub.store.plays("dayu")
    assert play.table_id == table.id and play.tie_break
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})
    assert h.by_key(f"play-{play.id}-tie").value == TIE_LINES[lang]
    h.close()


async def test_a_quick_score_play_names_each_tied_players_figure(tmp_path):
    hub = new_hub(tmp_path)
    hub.store.log_calculated(
        "dragon-final",
        {"players": [{"name": "Cy", "vp": 10, "palaces": []}, {"name": "Ben", "vp": 10, "palaces": []}]},
        date="2026-04-20T10:00:00+00:00",
    )
    [play] = hub.store.plays("dragon")
    [winner] = play.winners
    h = await started(hub, "/plays")
    # both on space 0 of the person track: the one listed first is higher in the stack
    assert winner == "Cy"
    assert (
        h.by_key(f"play-{play.id}-tie").value
        == "Cy wins the tie: 1st on the person track, ahead of Ben (2nd)."
    )
    h.close()
