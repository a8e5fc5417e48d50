"""The trade preview and the building preview equal the income the engine then pays.

Random games stop at each trade phase; random legal trades are previewed, then made, trading
ends and nobody places a tile, so the year's income is paid on exactly the board the preview saw.
"""

from __future__ import annotations

import random

import pytest
from chinatown_helpers import new_table, play_random, random_trade

from companion.core import RuleViolation, Table
from companion.games.chinatown import GAME, building_preview, trade_preview
from companion.games.chinatown.data import ADJACENCY, DATA
from companion.games.chinatown.entries import DonePlacing, Give, PlaceTile, Trade, TradingDone
from companion.games.chinatown.state import ChinatownState

TRADES = 500


def pay_now(state: ChinatownState) -> list[int]:
    """The income the engine pays when trading ends (if still trading) and nobody places another tile."""
    if state.phase == "trade":
        state, _ = GAME.apply(state, TradingDone())
    while state.phase == "place":
        state, _ = GAME.apply(state, DonePlacing(seat=state.order()[state.placer]))
    return state.income[-1]


def positions(phase: str, seed: int):
    """States at the start of each ``phase`` in random games, forever (with a fresh game each time)."""
    rng = random.Random(seed)
    game = 0
    while True:
        game += 1
        table = new_table(rng.randint(3, 5))
        while (prompt := table.prompt) is not None:
            state = table.state
            if state.phase == phase:
                yield state, rng
            if prompt.auto:
                table.auto(rng)
            elif prompt.kind == "keep_buildings" and prompt.choices is None:
                raise AssertionError("the app deals in these games")
            elif prompt.kind == "trade":
                trade = random_trade(state, rng)
                table.submit(trade if trade is not None and rng.random() < 0.5 else TradingDone())
            else:
                table.submit(rng.choice(prompt.choices))


def test_trade_preview_equals_the_income_paid_after_the_trade():
    checked = changed = 0
    for state, rng in positions("trade", seed=15):
        trade = random_trade(state, rng)
        if trade is None:
            continue
        preview = trade_preview(state, trade)
        after, _ = GAME.apply(state, trade)
        paid_before, paid_after = pay_now(state), pay_now(after)
        parties = {p.seat for p in preview.parties}
        assert parties == {g.giver for g in trade.gives} | {g.receiver for g in trade.gives}
        for p in preview.parties:
            assert p.income_before == paid_before[p.seat]
            assert p.income_after == paid_after[p.seat]
            assert p.money == after.money[p.seat] - state.money[p.seat]
            assert (
                sum(c.income_after - c.income_before for c in p.changes) == p.income_after - p.income_before
            )
            changed += bool(p.changes)
        for seat in set(range(state.n)) - parties:
            assert paid_before[seat] == paid_after[seat]
        checked += 1
        if checked == TRADES:
            break
    assert changed > TRADES // 4, "too few trades changed a business: the test would prove little"


def test_building_preview_equals_the_income_after_placing():
    checked = 0
    for state, _ in positions("place", seed=16):
        seat = state.order()[state.placer]
        base = pay_now(state)[seat]
        for building in state.vacant_of(seat)[:2]:
            preview = building_preview(state, building)
            assert preview.seat == seat
            for option in preview.options:
                held = state
                if not option.in_hand:  # a tile of a business next door, as a trade could bring it
                    held = state.clone()
                    held.hands[seat][option.shop] = 1
                placed, _ = GAME.apply(held, PlaceTile(seat=seat, shop=option.shop, building=building))
                assert pay_now(placed)[seat] == base + option.gain, (building, option.shop)
                assert building in option.business
                checked += 1
        if checked >= 300:
            break


def hand_state() -> ChinatownState:
    s = GAME.setup(GAME.options_model(first_player=0), ["Ana", "Ben", "Carla"])
    s.phase = "trade"
    s.owner = {1: 0, 2: 0, 5: 1, 6: 1}
    return s


def test_a_trade_that_completes_a_business_is_named_and_shows_no_money_totals():
    s = hand_state()
    shop = next(x.id for x in DATA.shop_types if x.max == 3)
    a, b = 1, next(iter(ADJACENCY[1]))
    c = next(n for n in ADJACENCY[b] if n not in (a, b))
    s.owner = {a: 0, b: 0, c: 1}
    s.shop = {a: shop, b: shop, c: shop}
    preview = trade_preview(
        s, Trade(gives=(Give(giver=1, receiver=0, buildings=(c,)), Give(giver=0, receiver=1, money=10_000)))
    )
    ana, ben = preview.parties
    assert [ch.change for ch in ana.changes] == ["completes"]
    assert ana.changes[0].effect.rule_id == "chinatown.income.complete"
    assert [ch.change for ch in ben.changes] == ["gone"]
    assert (ana.money, ben.money) == (-10_000, 10_000)
    text = ana.line.msg.render("en")
    assert "pays $10,000" in text
    assert str(s.money[0]) not in text.replace("10,000", "")  # nothing about Ana's own total


def test_an_illegal_trade_is_refused_with_the_engine_rule():
    s = hand_state()
    with pytest.raises(RuleViolation) as err:
        trade_preview(s, Trade(gives=(Give(giver=0, receiver=1, buildings=(5,)),)))
    assert err.value.rule_id == "chinatown.trade.holdings"


def test_building_preview_refuses_an_unowned_or_built_building():
    s = hand_state()
    with pytest.raises(RuleViolation):
        building_preview(s, 3)
    s.shop = {1: DATA.shop_ids[0]}
    with pytest.raises(RuleViolation):
        building_preview(s, 1)


def _path(length: int) -> list[int]:
    """Buildings in a row, each next to the one before (from the board's adjacency)."""

    def grow(path: list[int]) -> list[int] | None:
        if len(path) == length:
            return path
        for n in sorted(ADJACENCY[path[-1]]):
            if n not in path and (found := grow([*path, n])):
                return found
        return None

    return next(p for b in sorted(ADJACENCY) if (p := grow([b])))


def test_a_trade_that_takes_a_business_past_its_maximum_splits_it():
    s = hand_state()
    shop = next(x for x in DATA.shop_types if x.max == 3)
    a, b, c, d = _path(4)
    s.owner = {a: 0, b: 0, c: 0, d: 1}
    s.shop = {a: shop.id, b: shop.id, c: shop.id, d: shop.id}
    ana = trade_preview(s, Trade(gives=(Give(giver=1, receiver=0, buildings=(d,)),))).parties[0]
    assert [ch.change for ch in ana.changes] == ["splits"]
    split = ana.changes[0]
    assert split.effect.rule_id == "chinatown.income.oversize"
    assert ana.income_after == DATA.income.complete[3] + DATA.income.incomplete[1] == split.income_after
    # On the map: a fourth tile on d, owned by Ana, would split the business the same way.
    s.owner[d] = 0
    del s.shop[d]
    s.hands[0] = {shop.id: 1}
    option = next(o for o in building_preview(s, d).options if o.shop == shop.id)
    assert option.business == tuple(sorted((a, b, c, d)))
    assert option.gain == ana.income_after - ana.income_before
    assert option.effect.msg.key == "foresight.chinatown.tile.splits"


def _any_trade(state: ChinatownState, rng: random.Random) -> Trade:
    """A random trade, legal or not: holdings the givers have, or a building someone else owns."""
    trade = random_trade(state, rng)
    others = [b for b, o in state.owner.items() if o != 0]
    if trade is None or (others and rng.random() < 0.3):
        b = rng.choice(others) if others else 1
        return Trade(gives=(Give(giver=0, receiver=1, buildings=(b,)),))
    return trade


def _refusal(e: RuleViolation) -> tuple[str, str, str]:
    return e.rule_id, e.msg.render("en"), e.msg.render("es")


def test_every_trade_preview_equals_the_table_after_the_trade():
    """At every point of random games (each phase, the game's end included), a random trade is
    previewed and checked by the Table: both refuse it with the same rule and words, or the
    preview's figures are those of the Table's state after it."""
    rng = random.Random(24)
    seen: dict[str, int] = {}

    def compare(table: Table) -> None:
        state = table.state
        trade = _any_trade(state, rng)
        preview = refused = after = table_refused = None
        try:
            preview = trade_preview(state, trade)
        except RuleViolation as e:
            refused = _refusal(e)
        try:
            _, after, _ = table.check(trade)
        except RuleViolation as e:
            table_refused = _refusal(e)
        assert refused == table_refused, (state.phase, trade)
        key = f"{state.phase}:{'refused' if refused else 'previewed'}"
        seen[key] = seen.get(key, 0) + 1
        if preview is None:
            return
        paid_before, paid_after = pay_now(state), pay_now(after)
        for p in preview.parties:
            assert (p.income_before, p.income_after) == (paid_before[p.seat], paid_after[p.seat])
            assert p.money == after.money[p.seat] - state.money[p.seat]
        for seat in set(range(state.n)) - {p.seat for p in preview.parties}:
            assert paid_before[seat] == paid_after[seat]

    for game in range(12):
        table = new_table(3 + game % 3)
        compare(table)
        play_random(table, rng, on_step=compare)
    assert {"place:refused", "tiles:refused", "buildings:refused", "over:refused"} <= set(seen)
    assert seen["trade:previewed"] > 50 and seen["trade:refused"] > 10, seen
