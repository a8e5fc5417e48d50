"""A Chinatown trade worked by hand (issue 30): its worth to each party is what leaving it out gives.

Three players play a seeded game to the trading of the last year (1970) without trading. Ana
then sells Ben one shop tile for $20,000, and nobody places a tile that year. The tile earns
nothing for anyone (it is never placed), so over the rest of the game the trade is worth exactly
+$20,000 to Ana and −$20,000 to Ben: leaving it out gives Ana −$20,000 and Ben +$20,000, and
every later entry stays as it was (nothing replaced, nothing left out).
"""

from __future__ import annotations

import random

from chinatown_helpers import step_without_trades

from companion.core import Table
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import DonePlacing, Give, Trade, TradingDone
from companion.review import review

PRICE = 20_000


def _last_year_trade() -> tuple[Table, int]:
    table = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    rng = random.Random(5)
    while (prompt := table.prompt) is not None:
        state = table.state
        if prompt.kind == "trade" and state.year == len(DATA.years) - 1:
            break
        step_without_trades(table, rng)
    state = table.state
    tile = next(shop for shop, n in sorted(state.hands[0].items()) if n > 0)
    assert state.money[1] >= PRICE
    at = table.version
    table.submit(
        Trade(gives=(Give(giver=0, receiver=1, tiles=(tile,)), Give(giver=1, receiver=0, money=PRICE)))
    )
    table.submit(TradingDone())
    while (prompt := table.prompt) is not None:  # nobody places a tile in 1970
        table.submit(DonePlacing(seat=prompt.seat))
    return table, at


def test_leaving_the_trade_out_gives_its_price_back() -> None:
    table, at = _last_year_trade()
    result = review(table, entries={at})
    found = {}
    for seat in (0, 1):
        (decision,) = result.players[seat].turning_points
        (alt,) = decision.alternatives
        assert alt.entry is None and alt.replaced == alt.dropped == alt.facts_replaced == 0
        found[seat] = alt.delta
        assert alt.total == table.scoreboard.rows[seat].total + alt.delta
    assert found == {0: -PRICE, 1: PRICE}


def test_the_review_lists_it_among_the_turning_points() -> None:
    table, at = _last_year_trade()
    result = review(table, budget=120)  # the first pass (every decision's first alternative) holds it
    assert result.cut
    assert any(d.index == at and d.swing == PRICE for d in result.players[1].turning_points)
    assert any(d.index == at and d.swing == -PRICE for d in result.players[0].turning_points)
