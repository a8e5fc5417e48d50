"""A finished game's Scores and Play screens as the table reads them (issue 25, branch gameend):
Dragon's final scoring leads each player's card on Scores, the months folded under one line;
Play leads with the result, a line per player in the ranking's order, the last entry's final
scoring right under it, and no turn order on the players' cards."""

import random
import re

import flet as ft
import pytest
from flet_harness import Harness
from random_play import play_to_end
from ui_testkit import new_hub, started

from companion.core import Table
from companion.games.dragon.public import final_rule
from companion.i18n import format_score, translate
from companion.ui.hub import TableHub
from companion.ui.views.play import MAX_WHY

PREFS = "table_companion.lang"


def finished(hub: TableHub, game: str, seed: int, options: dict | None = None) -> Table:
    """A 3-player game of ``game`` played to its end at random (seed ``seed``), stored on ``hub``."""
    table = hub.create(Table.new(game, ["Ana", "Ben", "Carla"], options or {}))
    play_to_end(table, random.Random(seed))
    assert table.prompt is None
    return table


def body_keys(h: Harness) -> list[str]:
    return [c.key for c in h.by_key("play-body").controls]


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_dragon_scores_lead_with_the_final_scoring_and_fold_the_months(tmp_path, lang):
    hub = new_hub(tmp_path)
    table = finished(hub, "dragon", 5, {"great_wall": True})
    board = table.scoreboard
    h = await started(hub, route=f"/table/{table.id}/scores", prefs={PREFS: lang})
    for row in board.rows:
        final = [(k, line) for k, line in enumerate(row.breakdown) if final_rule(line.rule_id)]
        months = [(k, line) for k, line in enumerate(row.breakdown) if not final_rule(line.rule_id)]
        assert len(final) == 3 and len(months) > 5  # persons, monks, leftovers; the months' lines
        _, subtotal, *lines, node = h.by_key(f"breakdown-{row.seat}").content.controls
        fold = node.content  # a node of its own for a screen reader: a button that opens it
        points = translate("ui.play.points", lang, n=sum(line.points for _, line in final))
        assert subtotal.value == translate("ui.scores.final_part", lang, points=points)
        # the final lines first, in the engine's order, each with its rule
        assert [line.content.controls[1].key for line in lines] == [f"line-{row.seat}-{k}" for k, _ in final]
        # under a heading that says final scoring, no line says "Final:" again
        said = [line.content.controls[0].value for line in lines]
        assert not [text for text in said if re.match(r"\w+:", text)], said
        # the months under one line that says what they add up to, folded
        assert isinstance(fold, ft.ExpansionTile) and not fold.expanded
        points = translate("ui.play.points", lang, n=sum(line.points for _, line in months))
        assert fold.title.value == translate("ui.scores.rounds_fold.dragon", lang, points=points)
        assert [line.content.controls[1].key for line in fold.controls] == [
            f"line-{row.seat}-{k}" for k, _ in months
        ]
    h.close()
    # the fold is the end's: during a game there is no final scoring to lead with, every line shows
    playing = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    rng = random.Random(5)
    while len(playing.scoreboard.rows[0].breakdown) < 3:
        step = playing.prompt
        playing.auto(rng) if step.auto else playing.submit(rng.choice(step.choices))
    h = await started(hub, route=f"/table/{playing.id}/scores", prefs={PREFS: lang})
    assert not h.keys("rounds-") and not h.keys("final-part-")
    _, *lines = h.by_key("breakdown-0").content.controls
    assert len(lines) == len(playing.scoreboard.rows[0].breakdown)
    h.close()


@pytest.mark.parametrize(("game", "seed"), [("dragon", 5), ("chinatown", 3), ("dayu", 39)])
async def test_play_leads_with_the_result_a_line_per_player(tmp_path, game, seed):
    hub = new_hub(tmp_path)
    table = finished(hub, game, seed, {"great_wall": True} if game == "dragon" else None)
    board = table.scoreboard
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFS: "es"})
    keys = body_keys(h)
    assert keys[0] == "finished-card"
    for place, name in enumerate(board.ranking, 1):
        row = h.by_key(f"final-place-{place}")
        total = board.row(name).total
        said = format_score(total, board.unit, "es") if board.unit == "money" else f"{total}\u00a0PV"
        assert [c.value for c in row.controls if isinstance(c, ft.Text)] == [f"{place}.", name, said]
    # Dragon's last entry, its final scoring first, right under the result (not under the board)
    assert (keys[1] == "why") == (game == "dragon")
    h.close()


async def test_dragon_play_at_the_end_says_the_final_scoring_and_no_turn_order(tmp_path):
    hub = new_hub(tmp_path)
    table = finished(hub, "dragon", 5, {"great_wall": True})
    _, _, effects = table.last
    finals = [fx for fx in effects if final_rule(fx.rule_id)]
    assert len(effects) > 12 and effects.index(finals[0]) >= 12  # left for History, before
    h = await started(hub, route=f"/table/{table.id}")
    said = [h.by_key(f"why-{k}-text").value for k in range(1, len(finals) + 1) if h.has(f"why-{k}-text")]
    assert said == [fx.msg.render("en") for fx in finals]  # right after the entry's own line
    assert not h.keys("head-place-")  # "#2 in order": the turn order is over
    assert all(h.has(f"total-{seat}") for seat in range(3))
    h.close()


@pytest.mark.parametrize(("game", "seed"), [("dragon", 5), ("chinatown", 3)])
async def test_play_at_the_end_keeps_every_line_in_place(tmp_path, game, seed):
    """Once the game is over, the last entry's card and the last round's summary say every line
    on Play: past the first few, folded under "And 11 more" (a tap opens them there), where
    during the game they sent the table to History ("11 more in the history")."""
    hub = new_hub(tmp_path)
    table = finished(hub, game, seed, {"great_wall": True} if game == "dragon" else None)
    _, _, effects = table.last
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFS: "es"})
    sent_off = {
        translate(k, "es", n=n) for k in ("ui.play.more", "ui.foresight.happened_more") for n in range(1, 99)
    }
    assert not sent_off & set(h.texts())
    fold = h.by_key("why-more")
    assert isinstance(fold, ft.ExpansionTile) and not fold.expanded
    folded = fold.controls
    shown = [c for c in h.by_key("why").content.controls if getattr(c, "content", None) is not fold]
    assert fold.title.value == translate("ui.fold.more", "es", n=len(folded))
    # every effect is said once on the card (the entry's own "Rule:" line stands for its own)
    assert len(shown) == 1 + MAX_WHY and len(folded) > 10  # the entry's label, its first lines
    assert len(shown) - 1 + len(folded) >= len(effects) - 1  # every effect (one "Rule:" may say several)
    if game == "dragon":  # month 12's "What happened": 4 lines, then the rest in place
        happened = h.by_key("hindsight-more")
        assert isinstance(happened, ft.ExpansionTile) and len(happened.controls) == 9
        assert happened.title.value == translate("ui.fold.more", "es", n=9)
    h.close()
