"""What a new user's walk through BoardGameGeek plays in Chromium at 412 px found on the play log
and its Edit dialog (docs/DECISIONS.md, "A walk through BoardGameGeek plays"): a shared win said
in Spanish with a plural verb."""

from __future__ import annotations

import pytest
from ui_testkit import new_hub, started

from companion.store.plays_import import import_plays, plan_bgg

PAGE = """<?xml version="1.0" encoding="utf-8"?>
<plays username="ana" userid="7" total="2" page="1">
<play id="9201" date="2026-03-07" quantity="1" length="0" incomplete="0" nowinstats="0" location="">
 <item name="Chinatown" objecttype="thing" objectid="47"/>
 <players>
  <player username="" userid="0" name="Ana" score="" win="1"/>
  <player username="" userid="0" name="Zoë" score="" win="1"/>
  <player username="" userid="0" name="Bruno" score="" win="0"/>
 </players>
</play>
<play id="9202" date="2026-03-08" quantity="1" length="0" incomplete="0" nowinstats="0" location="">
 <item name="In the Year of the Dragon" objecttype="thing" objectid="31594"/>
 <players>
  <player username="" userid="0" name="Íñigo" score="" win="1"/>
  <player username="" userid="0" name="Bruno" score="" win="0"/>
  <player username="" userid="0" name="Ana" score="" win="0"/>
  <player username="" userid="0" name="Zoë" score="" win="0"/>
 </players>
</play>
</plays>
""".encode()


def hub_with_plays(tmp_path):
    hub = new_hub(tmp_path)
    plan = plan_bgg(hub.store, PAGE)
    import_plays(hub.store, plan.plays, plan.names)
    return hub


@pytest.mark.parametrize(
    ("lang", "shared", "alone"),
    [("en", "Won: Ana, Zoë", "Won: Íñigo"), ("es", "Ganaron: Ana, Zoë", "Ganó: Íñigo")],
)
async def test_a_shared_win_is_said_with_a_plural_verb(tmp_path, lang, shared, alone):
    """Spanish said "Ganó: Ana, Zoë" ("he won: Ana, Zoë") under a shared win (step es_03)."""
    hub = hub_with_plays(tmp_path)
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})
    assert h.by_key("play-bgg-9201-winners").value == shared
    assert h.by_key("play-bgg-9202-winners").value == alone
    h.close()


@pytest.mark.parametrize(
    ("lang", "missing", "bad"),
    [
        (
            "en",
            "Bruno has no score: type one for every player (scores can be corrected, not removed).",
            '"x2" isn\'t a whole number.',
        ),
        (
            "es",
            "Bruno no tiene puntos: escribe los de cada jugador (los puntos se pueden corregir, no quitar).",
            '"x2" no es un número entero.',
        ),
    ],
)
async def test_a_refused_score_is_said_under_its_field(tmp_path, lang, missing, bad):
    """A Dragon play's Edit runs past the screen (seats, scores, edition, expansions, day, place):
    the refusal said at its end was out of sight above Save, which seemed to do nothing (steps
    07, 10). It is said under the seat's field now, whole, and nothing is stored."""
    hub = hub_with_plays(tmp_path)
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})
    await h.click("play-edit-bgg-9202")
    await h.type_text("edit-score-0", "44")
    await h.click("play-edit-save")
    assert h.by_key("edit-score-1").error == missing  # Bruno, the first seat left empty
    assert h.by_key("edit-score-1").error_max_lines >= 3  # the whole line at 412 px, not one
    assert h.by_key("edit-score-0").error is None and not h.has("play-edit-note")
    for seat, typed in ((1, "30"), (2, "41"), (3, "x2")):
        await h.type_text(f"edit-score-{seat}", typed)
    await h.click("play-edit-save")
    assert h.by_key("edit-score-3").error == bad and h.by_key("edit-score-1").error is None
    assert not hub.store.play("bgg-9202").scored  # nothing stored while a seat is refused
    await h.type_text("edit-score-3", "39")
    await h.click("play-edit-save")
    assert not h.has("play-edit")  # saved, closed
    assert [s.score for s in hub.store.play("bgg-9202").seats] == [44, 30, 41, 39]
    h.close()


async def test_a_save_for_scores_alone_says_nothing_of_expansions(tmp_path):
    """BGG records no edition or expansions; Edit's chips show the game's defaults. A Save for the
    scores alone wrote them ("7 yuan, no expansions") as if the group had said so, and Statistics'
    "By expansions" counted the play as the base game. Only a chip tapped is written."""
    hub = hub_with_plays(tmp_path)
    h = await started(hub, "/plays")
    await h.click("play-edit-bgg-9202")
    for seat, typed in enumerate(("44", "30", "41", "39")):
        await h.type_text(f"edit-score-{seat}", typed)
    await h.click("play-edit-save")
    play = hub.store.play("bgg-9202")
    assert play.scored and play.options == {}  # the expansions still not said
    await h.click("play-edit-bgg-9202")
    await h.click("edit-option-great_wall-True")  # said now
    await h.click("play-edit-save")
    assert hub.store.play("bgg-9202").options["great_wall"] is True
    h.close()


async def test_one_chip_tapped_says_that_option_alone(tmp_path):
    """Once one chip was tapped, Save wrote every option, the untouched ones at the game's
    defaults ("7 yuan", "Super Events: Off") as if the group had said them, and Statistics counted
    the play as "The Great Wall" alone. Only what was tapped is written; with an expansion still not
    said, the play stays in "Expansions not said" until it is."""
    hub = hub_with_plays(tmp_path)
    h = await started(hub, "/plays")
    await h.click("play-edit-bgg-9202")
    await h.click("edit-option-great_wall-True")
    await h.click("play-edit-save")
    assert hub.store.play("bgg-9202").options == {"great_wall": True}
    splits = {s.key: s.plays for s in hub.store.by_expansion("dragon")}
    assert splits.get("great_wall") is None and splits["unsaid"] == sum(splits.values())
    await h.click("play-edit-bgg-9202")
    assert h.by_key("edit-option-great_wall-True").selected  # said before: shown so
    assert not h.by_key("edit-option-super_events-False").selected  # never said: no chip chosen
    await h.click("edit-option-super_events-False")
    await h.click("play-edit-save")
    assert hub.store.play("bgg-9202").options == {"great_wall": True, "super_events": False}
    splits = {s.key: s.plays for s in hub.store.by_expansion("dragon")}
    assert splits["great_wall"] == 1 and splits.get("unsaid", 0) == sum(splits.values()) - 1
    h.close()
