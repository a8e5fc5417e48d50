"""Test helpers for Chinatown: random legal trades and random complete games through the prompt."""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.core import Table
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import DrawTiles, Give, KeepBuildings, PlaceTile, Trade, TradingDone
from companion.games.chinatown.rules import dealing
from companion.games.chinatown.state import ChinatownState

NAMES = ["Ana", "Ben", "Carla", "Dai", "Eli"]


def step_without_trades(table: Table, rng: random.Random) -> None:
    """One random legal entry through the prompt; trading is always ended at once (no trade)."""
    prompt = table.prompt
    if prompt.auto:
        table.auto(rng)
    elif prompt.kind == "trade":
        table.submit(TradingDone())
    else:
        table.submit(rng.choice(prompt.choices))


def random_trade(state: ChinatownState, rng: random.Random) -> Trade | None:
    """A random legal trade among two or more players (gifts included), or None if nobody holds anything."""
    givers = rng.sample(range(state.n), rng.randint(1, state.n))
    gives = []
    for giver in givers:
        receiver = rng.choice([s for s in range(state.n) if s != giver])
        owned = sorted(b for b, s in state.owner.items() if s == giver)
        hand = [shop for shop, k in sorted(state.hands[giver].items()) for _ in range(k)]
        buildings = tuple(rng.sample(owned, min(len(owned), rng.randint(0, 2))))
        tiles = tuple(rng.sample(hand, min(len(hand), rng.randint(0, 2))))
        units = state.money[giver] // DATA.money_unit
        money = DATA.money_unit * rng.randint(0, min(units, 5)) if rng.random() < 0.6 else 0
        if buildings or tiles or money:
            gives.append(Give(giver=giver, receiver=receiver, buildings=buildings, tiles=tiles, money=money))
    return Trade(gives=tuple(gives)) if gives else None


def play_random(
    table: Table,
    rng: random.Random,
    *,
    trades: int = 2,
    table_keeps: float = 0.3,
    on_step: Callable[[Table], None] | None = None,
) -> None:
    """Play the table to its end with random legal entries, the way players would tap them.

    ``table_keeps`` is the chance that a year's buildings are entered from the physical deck
    instead of dealt by the app; ``trades`` is the most trades entered each year.
    """
    made = 0
    while (prompt := table.prompt) is not None:
        state = table.state
        if prompt.kind == "buildings" and rng.random() < table_keeps:
            table.submit(random_table_keep(state, rng, state.order()[0]))
        elif prompt.kind == "keep_buildings" and prompt.choices is None:
            seat = next(s for s in state.order() if s not in state.kept)
            table.submit(random_table_keep(state, rng, seat))
        elif prompt.auto:
            table.auto(rng)
        elif prompt.kind == "trade":
            trade = random_trade(state, rng) if made < trades else None
            if trade is not None and rng.random() < 0.8:
                table.submit(trade)
                made += 1
            else:
                table.submit(TradingDone())
                made = 0
        else:
            assert prompt.choices, prompt
            table.submit(rng.choice(prompt.choices))
        if on_step is not None:
            on_step(table)


def random_table_keep(state: ChinatownState, rng: random.Random, seat: int) -> KeepBuildings:
    """Buildings ``seat`` keeps this year, as the table enters them from the physical deck."""
    _, kept, _ = dealing(state)
    return KeepBuildings(seat=seat, buildings=tuple(rng.sample(state.deck, kept)))


def new_table(n: int, **options) -> Table:
    return Table.new("chinatown", NAMES[:n], options or None)


def illegal_entry(table: Table, rng: random.Random):
    """A Chinatown entry its rules refuse at this point, with the rule it breaks (or None)."""
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


def with_money(money: list[int], tiles: list[int], phase: str = "over") -> ChinatownState:
    """A state with this money and this many shop tiles on the board for each seat."""
    state: ChinatownState = new_table(len(money)).state
    owner, shop, building = {}, {}, 1
    for seat, n in enumerate(tiles):
        for _ in range(n):
            owner[building], shop[building] = seat, "antiques"
            building += 1
    return state.model_copy(update={"money": money, "owner": owner, "shop": shop, "phase": phase})
