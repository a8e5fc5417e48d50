"""The month summaries agree with the engine's own records of the same game."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from dragon_expansion_helpers import random_x_table
from dragon_helpers import random_table, step_random

from companion.core.foresight import table_history
from companion.games.dragon import round_summaries
from companion.games.dragon.data import RULES


def played(seed: int, combo: tuple[bool, bool] | None):
    table, rng = random_table(seed) if combo is None else random_x_table(seed, *combo)
    while table.prompt is not None:
        step_random(table, rng)
    return table


@pytest.mark.parametrize("combo", [None, (True, True)])
@pytest.mark.parametrize("seed", range(4))
def test_month_summaries_match_the_scores_releases_and_order(seed, combo):
    table = played(seed, combo)
    states, effects, entries = table_history(table)
    summaries = round_summaries(states, effects, entries)
    final = table.state
    assert [s.round for s in summaries] == list(range(1, RULES.setup.months + 1))
    previous = [0] * len(final.players)
    for summary, totals in zip(summaries, final.by_round, strict=True):
        for sr in summary.seats:
            # The VP gained in a month, by source, add up to the change of the running total.
            assert sr.points == totals[sr.seat] - previous[sr.seat]
            assert sum(e.msg.args["vp"] for e in sr.gained) == sr.points
            assert sr.line.msg.render("en") and "{" not in sr.line.msg.render("es")
        previous = totals
        first, last = summary.entries
        assert first <= last
        # The order that follows is the order of the next month's actions.
        if summary.round < RULES.setup.months:
            nxt = next(s for s in states[last + 1 :] if s.phase == "actions")
            assert summary.order == nxt.order
    # Every person released in the game is lost in exactly one month's summary.
    for seat, p in enumerate(final.players):
        lost = sum(
            len(e.msg.args["tiles"])
            for s in summaries
            for e in s.seats[seat].lost
            if e.msg.key == "foresight.hindsight.persons_lost"
        )
        assert lost == len(p.released)
    # The entries of the months follow each other without a gap.
    assert all(a.entries[1] + 1 == b.entries[0] for a, b in pairwise(summaries))


def test_the_event_shows_what_it_did_and_what_it_cost():
    table = played(11, None)
    states, effects, entries = table_history(table)
    summaries = round_summaries(states, effects, entries)
    tribute = [s for s in summaries if s.title.rule_id == "dragon.event.tribute"]
    assert tribute
    for s in tribute:
        assert any(e.rule_id == "dragon.event.tribute" for e in s.happened)
        paid = [e.msg.args["paid"] for e in s.happened if e.msg.key.startswith("dragon.fx.tribute")]
        lines = [sr.line.msg.render("en") for sr in s.seats]
        assert sum(paid) == sum(int(m.group(1)) for t in lines if (m := re.search(r"−(\d+)\u00a0yuan", t)))


@pytest.mark.parametrize("combo", [None, (True, True)])
def test_the_month_is_said_once_in_the_title_not_in_each_item(combo):
    table = played(5, combo)
    summaries = round_summaries(*table_history(table))
    for lang, word in (("en", "Month"), ("es", "Mes")):
        for s in summaries:
            assert s.title.msg.render(lang).startswith(f"{word} {s.round} ")
            items = [e.msg.render(lang) for sr in s.seats for e in [*sr.gained, *sr.lost]]
            items += [e.msg.render(lang) for e in s.happened if e.msg.key.startswith("dragon.fx.event")]
            assert all(word.lower() not in t.lower() and "{" not in t for t in items), items
    sources = {
        e.msg.args["label"].key.rsplit(".", 1)[1] for s in summaries for sr in s.seats for e in sr.gained
    }
    assert {"palaces", "privileges"} <= sources


@pytest.mark.parametrize("combo", [None, (True, True)])
def test_each_seat_s_floors_and_palaces_lost_to_decay_are_in_its_month(combo):
    """History tells each floor decay takes (a floor for each palace an effect names, and a
    one-floor palace's is the palace): the month's summary says them on the seat's line and as a "Decay" item citing the rule."""
    table = played(2, combo)
    states, effects, entries = table_history(table)
    said = 0
    for s in round_summaries(states, effects, entries):
        first, last = s.entries
        fx = [e for entry in effects[first : last + 1] for e in entry]
        for sr in s.seats:
            mine = [e for e in fx if e.seat == sr.seat and e.rule_id == "dragon.decay"]
            floors = sum(len(e.msg.args["palaces"]) for e in mine)
            palaces = sum(len(e.msg.args["palaces"]) for e in mine if e.msg.key == "dragon.fx.decay_lost")
            items = [e for e in sr.lost if e.rule_id == "dragon.decay"]
            line = sr.line.msg.render("en")
            assert (re.search(rf"−{floors}\u00a0floors?\b", line) is not None) == bool(floors), (
                s.round,
                line,
            )
            assert (re.search(rf"−{palaces}\u00a0palaces?\b", line) is not None) == bool(palaces), (
                s.round,
                line,
            )
            assert len(items) == bool(floors)
            if floors:
                said += 1
                es = sr.line.msg.render("es")
                assert re.search(rf"−{floors}\u00a0pisos?\b", es)
                assert (re.search(rf"−{palaces}\u00a0palacios?\b", es) is not None) == bool(palaces)
                assert re.match(r"Decay: −\d+\u00a0floors?\b", items[0].msg.render("en"))
                assert re.match(r"Deterioro: −\d+\u00a0pisos?\b", items[0].msg.render("es"))
    assert said
