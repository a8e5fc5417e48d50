"""Random complete games through the prompt (3 to 5 players, random trades) and their invariants.

CHINATOWN_GAMES sets how many games hypothesis plays (default 12; use more for a long run).
"""

import os
import random
from collections import Counter

import pytest
from chinatown_helpers import new_table, play_random, random_trade
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import RuleViolation, Table, codes
from companion.core.rulebook import rule
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import DrawTiles, Give, KeepBuildings, PlaceTile, Trade
from companion.games.chinatown.rules import dealing
from companion.games.chinatown.secrecy import visible_money

GAMES = int(os.environ.get("CHINATOWN_GAMES", "12"))
SETTINGS = settings(
    max_examples=GAMES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def check_invariants(table: Table) -> None:
    s = table.state
    # Money: the start plus every income paid; trades only move it around.
    assert sum(s.money) == DATA.starting_money * s.n + sum(map(sum, s.income))
    assert all(m >= 0 for m in s.money)
    # Tiles: bag + hands + board hold each type's tiles exactly.
    held = Counter(s.bag)
    for hand in s.hands:
        held.update(hand)
    held.update(s.shop.values())
    assert held == Counter({t.id: t.tiles for t in DATA.shop_types})
    # Buildings: owned, in the deck, or out in an app-dealt hand not yet kept; never two of these.
    owned = set(s.owner)
    deck = set(s.deck)
    out = {c for seat, h in enumerate(s.dealt or []) if seat not in s.kept for c in h}
    assert not owned & deck and not owned & out and not deck & out
    assert owned | deck | out == set(range(1, 86))
    assert set(s.shop) <= owned  # a shop always stands on an owned building


def check_codes(table: Table) -> None:
    """Every entry replays from its compact code (or is one of the raw trades)."""
    game = table.game
    state = game.setup(table.options, [p.name for p in table.players])
    for entry in table.entries:
        value, radix = codes.entry_code(game, state, entry)
        if radix == codes.RAW:
            assert isinstance(entry, Trade)
        else:
            assert 0 <= value < radix
            assert codes.entry_from_code(game, state, value) == entry
        state, _ = game.apply(state, entry)
    assert state == table.state


def illegal_entry(table: Table, rng: random.Random):
    s = table.state
    p = table.prompt
    others = [b for b, o in s.owner.items() if p is not None and p.seat is not None and o != p.seat]
    if s.phase == "trade":
        giver = rng.randrange(s.n)
        receiver = (giver + 1) % s.n
        kind = rng.choice(["building", "money", "tile"])
        if kind == "building" and any(o != giver for o in s.owner.values()):
            b = rng.choice([b for b, o in s.owner.items() if o != giver])
            return Trade(
                gives=(Give(giver=giver, receiver=receiver, buildings=(b,)),)
            ), "chinatown.trade.holdings"
        if kind == "tile":
            missing = [t for t in DATA.shop_ids if s.hands[giver].get(t, 0) == 0]
            if missing:
                return (
                    Trade(gives=(Give(giver=giver, receiver=receiver, tiles=(missing[0],)),)),
                    "chinatown.trade.holdings",
                )
        too_much = s.money[giver] + DATA.money_unit
        return Trade(
            gives=(Give(giver=giver, receiver=receiver, money=too_much),)
        ), "chinatown.trade.holdings"
    if s.phase == "place" and others:
        shop = next(iter(s.hands[p.seat]))
        return PlaceTile(seat=p.seat, shop=shop, building=rng.choice(others)), "chinatown.place"
    if s.phase == "tiles":
        _, _, count = dealing(s)
        bag = [t for t, k in s.bag.items() for _ in range(k)]
        return DrawTiles(seat=p.seat, tiles=tuple(rng.sample(bag, count + 1))), "chinatown.tiles.draw"
    if s.phase == "buildings" and s.dealt is None and not s.kept and s.owner:
        _, kept, _ = dealing(s)
        taken = rng.choice(sorted(s.owner))
        cards = (taken, *rng.sample(s.deck, kept - 1))
        return KeepBuildings(seat=0, buildings=cards), "chinatown.buildings.keep"
    return None


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]))
def test_random_games_keep_every_invariant(seed, players):
    rng = random.Random(seed)
    table = new_table(players)
    refusals = []

    def step(t: Table) -> None:
        check_invariants(t)
        if rng.random() < 0.15 and (bad := illegal_entry(t, rng)) is not None:
            entry, rule_id = bad
            before, version = t.state, t.version
            with pytest.raises(RuleViolation) as info:
                t.submit(entry)
            assert info.value.rule_id == rule_id and rule(rule_id, "es") is not None
            assert t.state == before and t.version == version
            refusals.append(rule_id)

    play_random(table, rng, trades=3, on_step=step)
    board = table.scoreboard
    assert board.final and len(board.by_round[0]) == 6
    assert [r.total for r in board.rows] == table.state.money
    assert all(sum(line.points for line in r.breakdown) == r.total for r in board.rows)
    assert visible_money(table.state, None) == dict(enumerate(table.state.money))
    # The ranking follows money, then shop tiles on the board.
    keys = [
        (
            table.state.money[table.state.players.index(n)],
            table.state.tiles_on_board(table.state.players.index(n)),
        )
        for n in board.ranking
    ]
    assert keys == sorted(keys, reverse=True)
    check_codes(table)
    # Export and import: the same table, the same state.
    again = Table.from_json(table.to_json())
    assert again.state == table.state and again.entries == table.entries


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]))
def test_undo_redo_and_reload_mid_game(seed, players):
    rng = random.Random(seed)
    table = new_table(players)
    stop = rng.randrange(20, 120)
    count = 0

    def step(t: Table) -> None:
        nonlocal count
        count += 1
        if count == stop:
            raise StopIteration

    with pytest.raises(StopIteration):
        play_random(table, rng, on_step=step)
    state = table.state
    back = rng.randint(1, table.version)
    assert table.undo(back) == back
    assert table.redo(back) == back
    assert table.state == state
    assert Table.from_json(table.to_json()).state == state
    table.undo(table.version)
    assert table.state == new_table(players).state
    table.redo(10_000)
    assert table.state == state


def test_random_trade_helper_makes_legal_trades():
    rng = random.Random(5)
    table = new_table(4, first_player=0)
    while table.state.phase != "trade":
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    for _ in range(30):
        trade = random_trade(table.state, rng)
        assert trade is not None
        table.submit(trade)
        check_invariants(table)
