"""The year summaries agree with the income the engine paid, and show no money total."""

from __future__ import annotations

import random

from chinatown_helpers import new_table, play_random

from companion.core.foresight import table_history
from companion.games.chinatown import round_summaries
from companion.games.chinatown.data import DATA


def test_year_summaries_match_the_income_paid_and_the_trades():
    for seed in range(3):
        rng = random.Random(seed)
        table = new_table(rng.randint(3, 5))
        play_random(table, rng, trades=3)
        states, effects, entries = table_history(table)
        summaries = round_summaries(states, effects, entries)
        final = table.state
        assert [s.round for s in summaries] == list(DATA.years)
        for year, summary in enumerate(summaries):
            for sr in summary.seats:
                assert sr.points == final.income[year][sr.seat]
                assert sum(e.msg.args["amount"] for e in sr.gained) == sr.points
                # Income, gives and money handed over: never the player's money total (it is secret).
                assert set(sr.line.msg.args) == {"player", "income", "trades", "money"}
        # The money handed over in trades adds up to nothing across the table.
        for summary in summaries:
            assert sum(_net(sr) for sr in summary.seats) == 0
        first, last = summaries[0].entries[0], summaries[-1].entries[1]
        assert (first, last) == (0, table.version - 1)


def _net(sr) -> int:
    money = sr.line.msg.args["money"]
    amount = money.args.get("amount", 0)
    return amount if money.key.endswith("money_in") else -amount
