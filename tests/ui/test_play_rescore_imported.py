"""Edit on a play brought in from BoardGameGeek, at 412 px in English and Spanish: a play logged
with its winners alone offers a score field per seat, empty, under a line saying the typed scores
decide who won; a seat left empty is refused by its name; the scores saved make the best score the
winner, whoever BGG marked, and the log shows them. A finished table's play offers no score field
and says why (docs/DECISIONS.md, "Scores typed into an imported play")."""

from __future__ import annotations

import pytest
from plays_helpers import finished_game
from ui_testkit import new_hub, started

from companion.store.plays_import import import_plays, plan_bgg

PAGE = b"""<?xml version="1.0" encoding="utf-8"?>
<plays username="ana" userid="7" total="1" page="1">
<play id="9101" date="2026-02-01" quantity="1" length="0" incomplete="0" nowinstats="0" location="">
 <item name="Chinatown" objecttype="thing" objectid="47"/>
 <players>
  <player username="" userid="0" name="Ana" score="" win="1"/>
  <player username="" userid="0" name="Zo\xc3\xab" score="" win="0"/>
  <player username="" userid="0" name="Yann" score="" win="0"/>
 </players>
</play>
</plays>
"""

SAID = {
    "en": {
        "hint": "Only who won was logged for this game. Type everyone's score to add them: the best "
        "score then wins, even if someone else was marked as the winner. Leave them all empty to "
        "keep just who won.",
        "missing": "Yann has no score: type one for every player (scores can be corrected, not removed).",
        "table": "This game's scores come from its table, so they can't be changed here.",
        "cell": "$420,000",
    },
    "es": {
        "hint": "En esta partida solo se anotó quién ganó. Escribe los puntos de cada jugador para "
        "añadirlos: entonces gana la mejor puntuación, aunque se hubiera marcado a otro como "
        "ganador. Déjalos todos vacíos para guardar solo quién ganó.",
        "missing": "Yann no tiene puntos: escribe los de cada jugador (los puntos se pueden corregir, no quitar).",
        "table": "Los puntos de esta partida vienen de su mesa, así que aquí no se pueden cambiar.",
        "cell": "420.000\u00a0$",
    },
}


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_bgg_play_with_its_winners_alone_gets_its_scores_typed_in(tmp_path, lang):
    hub = new_hub(tmp_path)
    plan = plan_bgg(hub.store, PAGE)
    import_plays(hub.store, plan.plays, plan.names)
    said = SAID[lang]
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})  # 412 px wide
    assert h.has("play-bgg-9101-unscored")
    await h.click("play-edit-bgg-9101")
    assert h.by_key("edit-scores-winners").value == said["hint"]
    assert [h.by_key(f"edit-score-{seat}").value for seat in range(3)] == ["", "", ""]
    await h.click("play-edit-save")  # nothing typed: nothing changes, the dialog closes
    assert not hub.store.play("bgg-9101").scored
    await h.click("play-edit-bgg-9101")
    await h.type_text("edit-score-0", "380000")
    await h.type_text("edit-score-1", "420,000")
    await h.click("play-edit-save")
    assert h.by_key("edit-score-2").error == said["missing"]  # refused under its field, the dialog stays
    assert not hub.store.play("bgg-9101").scored
    await h.type_text("edit-score-2", "300000")
    await h.click("play-edit-save")
    play = hub.store.play("bgg-9101")
    # BGG marked Ana; the scores typed say Zoë won, and they decide
    assert [(s.score, s.place, s.winner) for s in play.seats] == [
        (380000, 2, False),
        (420000, 1, True),
        (300000, 3, False),
    ]
    assert not h.has("play-bgg-9101-unscored")
    assert h.by_key("play-bgg-9101-winners").value.endswith("Zoë")
    assert h.by_key("play-bgg-9101-score-1").value == said["cell"]
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_finished_tables_play_offers_no_scores_and_says_why(tmp_path, lang):
    hub = new_hub(tmp_path)
    table = hub.store.create(finished_game(2))  # its play is logged
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})
    await h.click(f"play-edit-{table.id}")
    assert h.by_key("edit-scores-table").value == SAID[lang]["table"]
    assert not h.has("edit-score-0") and not h.has("edit-scores-winners")
    h.close()


DRAGON_PAGE = PAGE.replace(
    b'name="Chinatown" objecttype="thing" objectid="47"',
    b'name="In the Year of the Dragon" objecttype="thing" objectid="31594"',
)


async def test_a_bgg_plays_expansions_are_said_on_the_log(tmp_path):
    """BGG records no expansions: Edit offers the game's option chips, none of them chosen (the
    game's defaults, "7 yuan" and "Off", showed as said though nothing was)."""
    hub = new_hub(tmp_path)
    plan = plan_bgg(hub.store, DRAGON_PAGE)
    import_plays(hub.store, plan.plays, plan.names)
    h = await started(hub, "/plays")
    await h.click("play-edit-bgg-9101")
    chips = [k for k in h.keys("edit-option-") if not k.endswith("-rows")]
    assert len(chips) > 4 and not any(h.by_key(k).selected for k in chips), chips
    await h.click("edit-option-great_wall-True")
    await h.click("play-edit-save")
    assert hub.store.play("bgg-9101").options["great_wall"] is True
    h.close()
