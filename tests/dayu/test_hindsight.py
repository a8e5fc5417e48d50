"""The round summaries agree with the round totals the engine records."""

from __future__ import annotations

import random

from dayu_helpers import new_table, play_random

from companion.core.foresight import table_history
from companion.games.dayu import round_summaries


def test_round_summaries_match_the_round_totals():
    for seed in range(3):
        rng = random.Random(seed)
        table = new_table(rng.randint(2, 4))
        play_random(table, rng)
        states, effects, entries = table_history(table)
        summaries = round_summaries(states, effects, entries)
        totals = table.state.round_totals
        assert len(summaries) == len(totals)
        previous = [0] * len(table.players)
        for summary, row in zip(summaries, totals, strict=True):
            for sr in summary.seats:
                assert sr.points == row[sr.seat] - previous[sr.seat]
                assert sr.line.msg.args["total"] == row[sr.seat]
            previous = row
        captures = sum(
            1 for s in summaries for sr in s.seats for e in sr.gained if e.msg.key == "dayu.fx.capture"
        )
        assert captures == sum(len(p.flood) for p in table.state.players)
