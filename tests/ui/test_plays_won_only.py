"""A BoardGameGeek play logged with its winners alone, at 412 px in English and Spanish: the import
previews it as a game to add (a play with neither scores nor a winner is refused, saying why);
the play log shows "won" / "no score" and says only who won was logged; the statistics count it
for plays and wins and say "no scores" where no score is left, never a 0; the player's page too."""

from __future__ import annotations

import pytest
from ui_testkit import new_hub, pick_file, started, until

PAGE = """<?xml version="1.0" encoding="utf-8"?>
<plays username="ana" userid="7" total="2" page="1">
<play id="9101" date="2026-02-01" quantity="1" length="0" incomplete="0" nowinstats="0" location="">
 <item name="Chinatown" objecttype="thing" objectid="47"/>
 <players>
  <player username="" userid="0" name="Ana" score="" win="1"/>
  <player username="" userid="0" name="Zoë" score="" win="0"/>
  <player username="" userid="0" name="Yann" score="" win="0"/>
 </players>
</play>
<play id="9102" date="2026-02-03" quantity="1" length="0" incomplete="0" nowinstats="0" location="">
 <item name="Chinatown" objecttype="thing" objectid="47"/>
 <players><player name="Ana" score="" win="0"/><player name="Zoë" score="" win="0"/><player name="Yann" win="0"/></players>
</play>
</plays>
"""

SAID = {
    "en": {
        "summary": "New games: 1 · already in the log: 0 · not brought in: 1.",
        "refused": "Not brought in: 3 Feb 2026, Chinatown: it has no scores and no winner marked.",
        "won": "won",
        "no_score": "no score",
        "unscored": "No scores: only who won was logged",
        "scores": "Scores: none, only who won was logged in these games",
        "line": "1 game, 1 won (100%), no scores",
        "page": "Chinatown: played 1, won 1 (100%), no scores",
        "month": "Feb 2026: 1 play, no scores, win rate 33%",
    },
    "es": {
        "summary": "Partidas nuevas: 1 · ya en el registro: 0 · no traídas: 1.",
        "refused": "No se trae: 3 feb 2026, Chinatown: no tiene puntos ni ganador marcado.",
        "won": "ganó",
        "no_score": "sin puntos",
        "unscored": "Sin puntos: solo se anotó quién ganó",
        "scores": "Puntuación: ninguna, en estas partidas solo se anotó quién ganó",
        "line": "1 partida, 1 ganada (100\u00a0%), sin puntos",
        "page": "Chinatown: jugó 1, ganó 1 (100\u00a0%), sin puntos",
        "month": "Feb 2026: 1 partida, sin puntos, victorias 33\u00a0%",
    },
}


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_play_with_its_winners_alone_is_brought_in_and_shown_won_and_no_score(tmp_path, lang):
    hub = new_hub(tmp_path)
    said, prefs = SAID[lang], {"table_companion.lang": lang}
    h = await started(hub, "/plays", prefs=prefs)
    pick_file(h, PAGE.encode(), "plays.xml")
    await h.click("plays-import-bgg")
    await until(h, "import-summary")
    assert h.by_key("import-summary").value == said["summary"]
    assert h.by_key("import-refused-0").value == said["refused"]
    await h.click("import-confirm")
    await until(h, "plays-status")
    [play] = hub.store.plays("chinatown")
    assert [s.score for s in play.seats] == [None, None, None]
    cells = [h.by_key(f"play-bgg-9101-score-{seat}") for seat in range(3)]
    assert [c.value for c in cells] == [said["won"], said["no_score"], said["no_score"]]
    assert all(c.width >= 96 for c in cells)  # "sin puntos" on one line beside the name
    # the cup is seen, not read: a screen reader heard "won" twice, the cup's then the score's
    assert h.by_key("play-bgg-9101-cup-0").semantics_label is None
    assert not h.has("play-bgg-9101-cup-1")
    assert h.by_key("play-bgg-9101-unscored").value == said["unscored"]
    h.close()

    ana = hub.store.find_player("Ana")
    h = await started(hub, "/stats/chinatown", prefs=prefs)
    assert h.by_key("stats-scores").value == said["scores"]
    assert not h.has("stats-unscored")  # every play without scores: the line above says it all
    assert h.by_key(f"stats-line-{ana.id}").controls[1].value == said["line"]
    assert h.by_key("stats-month-2026-02").value.casefold() == said["month"].casefold()
    assert not h.has("stats-month-chart")  # no average to draw
    h.close()
    h = await started(hub, f"/player/{ana.id}", prefs=prefs)
    assert h.by_key("player-game-chinatown").value == said["page"]
    h.close()


async def test_a_game_with_scored_plays_and_one_without_says_how_many_are_left_out(tmp_path):
    hub = new_hub(tmp_path)
    store = hub.store
    money = (("Ana", 420000), ("Zoë", 380000), ("Yann", 300000))
    data = {"players": [{"name": n, "money": m, "shops": 0} for n, m in money]}
    store.log_calculated("chinatown-final", data, date="2026-01-10")
    h = await started(hub, "/plays")
    pick_file(h, PAGE.encode(), "plays.xml")
    await h.click("plays-import-bgg")
    await until(h, "import-summary")
    await h.click("import-confirm")
    await until(h, "plays-status")
    h.close()
    h = await started(hub, "/stats/chinatown")
    # the average over the 3 scores of the play that kept them: (420 + 380 + 300) / 3 thousand
    assert h.by_key("stats-scores").value == (
        "Money at the end: $367,000 on average, best $420,000, worst $300,000"
    )
    assert h.by_key("stats-unscored").value == "1 game logged with only who won is left out of the scores"
    assert h.has("stats-month-chart")  # January has an average; February is left off the line
    chart = h.by_key("stats-month-chart")
    assert [len(s.points) for s in chart.data_series] == [1]
    h.close()
