"""Issue 13: ``player_view(state, seat | None)``, what a seat or the public may see.

Dragon and Da Yu hide nothing: every view is the whole table. Chinatown's money, each year's
income, the app-dealt hands and the deck's cards are one player's (or nobody's) until the game
is over; its view takes them out of the state, the scoreboard and the history's lines.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1]))

from chinatown_helpers import play_random
from dragon_helpers import random_table, step_random

from companion.core import PlayerView, Table, registry
from companion.core.protocol import open_view
from companion.games.chinatown.entries import Trade
from companion.games.chinatown.hindsight import round_summaries
from companion.games.chinatown.income import find_businesses
from companion.games.chinatown.view import SeenState

SEATS = (None, 0, 1, 2)


class Stop(Exception):
    pass


def chinatown_dealt_in_year_two() -> Table:
    """3 players, the app's deal of the second year kept by the first player only; one income paid."""
    table = Table.new("chinatown", ["Ana", "Ben", "Carla"], {"first_player": 0})

    def stop(t: Table) -> None:
        if t.state.year == 1 and t.state.dealt is not None and len(t.state.kept) == 1:
            raise Stop

    with contextlib.suppress(Stop):
        play_random(table, random.Random(3), trades=2, table_keeps=0.0, on_step=stop)
    assert table.state.year == 1 and all(table.state.income[0]), "one income paid to everybody"
    return table


def test_a_game_without_secrets_shows_everything_to_everyone():
    table, rng = random_table(4, n=3)
    for _ in range(60):
        step_random(table, rng)
    effects = [fx for _, _, fxs in table.history for fx in fxs]
    assert not registry.spec("dragon").hidden_information and not registry.spec("dayu").hidden_information
    for seat in SEATS:
        view = table.view(seat)
        assert type(view) is PlayerView and view.state is table.state  # nothing copied
        assert view.scoreboard == table.scoreboard and view.effects(effects) == effects
    assert open_view(table.game, table.state, 1) == table.view(1)


def test_chinatown_money_in_hand_hands_and_deck_are_secret_during_play():
    table = chinatown_dealt_in_year_two()
    state = table.state
    assert registry.spec("chinatown").hidden_information
    for seat in SEATS:
        view = table.view(seat)
        assert view == registry.spec("chinatown").player_view(state, seat)
        seen = view.state
        assert isinstance(seen, SeenState)

        def mine(values, seat=seat):
            return [v if s == seat else None for s, v in enumerate(values)]

        assert seen.money == mine(state.money)
        assert seen.income == state.income  # public: the board paid it (docs/decisions/chinatown.md)
        assert seen.money_by_year == [mine(year) for year in state.money_by_year]
        assert seen.dealt == mine(state.dealt)  # the first player's hand too, once kept
        assert seen.deck is None and seen.deck_left == len(state.deck)
        assert (seen.owner, seen.shop, seen.hands, seen.kept) == (
            state.owner,
            state.shop,
            state.hands,
            state.kept,
        )
        board = view.scoreboard
        assert [r.seat for r in board.rows] == ([] if seat is None else [seat])
        assert board.hidden == [s for s in range(3) if s != seat] and not board.ranking and not board.shared
        assert [bool(series) for series in board.by_round] == [s == seat for s in range(3)]
        if seat is not None:
            assert board.rows[0] == table.scoreboard.rows[seat]  # one's own row, whole


def test_chinatown_history_and_round_cards_keep_income_and_bills_but_never_money_in_hand():
    """Income paid and the bills handed over are public; no line or round card carries a
    player's money in hand (their total), which only their own view holds."""
    table = chinatown_dealt_in_year_two()
    effects = [fx for _, _, fxs in table.history for fx in fxs]
    states = [table.state_at(i) for i in range(table.version + 1)]
    summaries = round_summaries(states, [f for _, _, f in table.history], table.entries)
    paid = [
        fx for fx in effects if fx.msg.key.startswith(("chinatown.fx.business_", "chinatown.fx.income_total"))
    ]
    trades = [fx for fx in effects if fx.rule_id == "chinatown.trade"]
    assert paid and trades and len(summaries[0].seats) == 3
    for seat in SEATS:
        view = table.view(seat)
        assert view.effects([*paid, *trades]) == [*paid, *trades]
        for summary in summaries:
            shown = view.summary(summary)
            assert [sr.points for sr in shown.seats] == [sr.points for sr in summary.seats]  # income
            assert shown == summary
    # what a round card and a history line hold never names a total
    totals = {m for m in table.state.money} | {m for year in table.state.money_by_year for m in year}
    public = {fx.msg.args.get("amount") for fx in [*paid, *trades]} | {
        sr.points for s in summaries for sr in s.seats
    }
    for summary in summaries:
        words = json.dumps(summary.model_dump(mode="json"))
        for total in totals - public:
            assert f": {total}" not in words and f"{total}," not in words


def test_chinatown_shows_everything_once_the_game_is_over():
    table = chinatown_dealt_in_year_two()
    play_random(table, random.Random(4), trades=1)
    effects = [fx for _, _, fxs in table.history for fx in fxs]
    for seat in SEATS:
        view = table.view(seat)
        assert view.scoreboard == table.scoreboard and view.effects(effects) == effects
        assert view.state.money == table.state.money and view.state.deck == table.state.deck


def test_every_api_surface_with_per_seat_figures_keeps_money_in_hand_to_its_owner():
    """The view's state, scoreboard, effects and round summaries, and the Table's own view: for
    each seat (and the public), no other seat's money in hand nor money after a year."""
    table = chinatown_dealt_in_year_two()
    state = table.state
    states = [table.state_at(i) for i in range(table.version + 1)]
    summaries = round_summaries(states, [f for _, _, f in table.history], table.entries)
    effects = [fx for _, _, fxs in table.history for fx in fxs]
    for seat in SEATS:
        view = table.view(seat)
        others = [s for s in range(3) if s != seat]
        assert all(view.state.money[s] is None for s in others)
        assert all(year[s] is None for year in view.state.money_by_year for s in others)
        assert view.state.income == state.income  # public
        assert all(not view.scoreboard.by_round[s] for s in others)
        assert {r.seat for r in view.scoreboard.rows} <= {seat}
        # every per-seat number the summaries and effects carry is income or a bill, never a total
        numbers = {sr.points for s in summaries for sr in view.summary(s).seats}
        numbers |= {v for fx in view.effects(effects) for v in fx.msg.args.values() if isinstance(v, int)}
        incomes = {a for year in state.income for a in year} | {
            sum(y[s] for y in state.income) for s in range(3)
        }
        bills = {g.money for e in table.entries if isinstance(e, Trade) for g in e.gives}
        board = {b.income for b in find_businesses(state.owner, state.shop)}
        allowed = incomes | bills | board | set(range(0, 13))  # small counts: years, buildings, tiles
        totals = {state.money[s] for s in others} | {y[s] for y in state.money_by_year for s in others}
        assert not (numbers - allowed) & totals
