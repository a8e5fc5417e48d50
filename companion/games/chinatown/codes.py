"""Compact codes for free-form entries (QR snapshots): dealt hands, kept buildings, drawn tiles.

A set of building cards is coded by its rank among the combinations of the cards it was
chosen from; a handful of shop tiles by its rank among the multisets the bag could give.
A trade has no single code (None here: the core escapes it); from snapshot format 2 it travels
as digits (``trade_digits``): each give's giver, receiver, buildings among the giver's, tiles
and money in units up to the giver's money.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import comb

from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import (
    DealBuildings,
    DrawTiles,
    Give,
    KeepBuildings,
    Trade,
    TradingDone,
)
from companion.games.chinatown.rules import dealing
from companion.games.chinatown.state import ChinatownState


# ---- combinations ------------------------------------------------------------------------
def rank_combination(pool: list[int], chosen: tuple[int, ...]) -> int:
    """Lexicographic rank of ``chosen`` (a subset of the sorted ``pool``) among its size's subsets."""
    index = {c: i for i, c in enumerate(pool)}
    positions = sorted(index[c] for c in chosen)
    n, k, rank, prev = len(pool), len(positions), 0, -1
    for i, x in enumerate(positions):
        for y in range(prev + 1, x):
            rank += comb(n - 1 - y, k - 1 - i)
        prev = x
    return rank


def unrank_combination(pool: list[int], k: int, rank: int) -> tuple[int, ...]:
    out: list[int] = []
    start, n = 0, len(pool)
    for i in range(k):
        for y in range(start, n):
            count = comb(n - 1 - y, k - 1 - i)
            if rank < count:
                out.append(pool[y])
                start = y + 1
                break
            rank -= count
    return tuple(out)


# ---- multisets of shop tiles -------------------------------------------------------------
def _caps(bag: dict[str, int]) -> tuple[int, ...]:
    return tuple(bag.get(s, 0) for s in DATA.shop_ids)


@cache
def _multisets(caps: tuple[int, ...], total: int) -> int:
    """How many ways the types in ``caps`` (each at most its cap) can make ``total`` tiles."""
    if not caps:
        return 1 if total == 0 else 0
    return sum(_multisets(caps[1:], total - x) for x in range(min(caps[0], total) + 1))


def rank_tiles(bag: dict[str, int], tiles: tuple[str, ...]) -> tuple[int, int]:
    caps = _caps(bag)
    counts = [tiles.count(s) for s in DATA.shop_ids]
    rank, left = 0, len(tiles)
    for i, c in enumerate(counts):
        rank += sum(_multisets(caps[i + 1 :], left - x) for x in range(c))
        left -= c
    return rank, _multisets(caps, len(tiles))


def unrank_tiles(bag: dict[str, int], total: int, rank: int) -> tuple[str, ...]:
    caps = _caps(bag)
    out: list[str] = []
    left = total
    for i, shop in enumerate(DATA.shop_ids):
        for x in range(min(caps[i], left) + 1):
            count = _multisets(caps[i + 1 :], left - x)
            if rank < count:
                out.extend([shop] * x)
                left -= x
                break
            rank -= count
    return tuple(out)


# ---- the game's hooks --------------------------------------------------------------------
def _deal_radix(state: ChinatownState) -> int:
    dealt, _, _ = dealing(state)
    radix, size = 1, len(state.deck)
    for _ in range(state.n):
        radix *= comb(size, dealt)
        size -= dealt
    return radix


def _keep_radix(state: ChinatownState) -> int:
    _, kept, _ = dealing(state)
    return comb(len(state.deck), kept)


def entry_code(state: ChinatownState, entry: object) -> tuple[int, int] | None:
    if state.phase == "buildings" and state.dealt is None:
        fresh = not state.kept
        base = _deal_radix(state) if fresh else 0
        per_seat = _keep_radix(state)
        radix = base + state.n * per_seat
        if isinstance(entry, DealBuildings) and fresh and len(entry.hands) == state.n:
            value, scale, pool = 0, 1, list(state.deck)
            for hand in entry.hands:
                if not set(hand) <= set(pool):
                    return None
                value += rank_combination(pool, hand) * scale
                scale *= comb(len(pool), len(hand))
                pool = [c for c in pool if c not in hand]
            return value, radix
        if (
            isinstance(entry, KeepBuildings)
            and 0 <= entry.seat < state.n
            and set(entry.buildings) <= set(state.deck)
            and len(entry.buildings) == dealing(state)[1]
        ):
            return base + entry.seat * per_seat + rank_combination(state.deck, entry.buildings), radix
        return None
    if state.phase == "tiles" and isinstance(entry, DrawTiles):
        if any(entry.tiles.count(s) > state.bag.get(s, 0) for s in set(entry.tiles)):
            return None
        return rank_tiles(state.bag, entry.tiles)
    if state.phase == "trade" and isinstance(entry, TradingDone):
        return 0, 1
    return None


def entry_from_code(state: ChinatownState, value: int) -> object | None:
    if state.phase == "buildings" and state.dealt is None:
        dealt, kept, _ = dealing(state)
        base = _deal_radix(state) if not state.kept else 0
        if value < base:
            hands, pool = [], list(state.deck)
            for _ in range(state.n):
                size = comb(len(pool), dealt)
                hand = unrank_combination(pool, dealt, value % size)
                value //= size
                hands.append(hand)
                pool = [c for c in pool if c not in hand]
            return DealBuildings(hands=tuple(hands))
        seat, rank = divmod(value - base, _keep_radix(state))
        return KeepBuildings(seat=seat, buildings=unrank_combination(state.deck, kept, rank))
    if state.phase == "tiles":
        _, _, count = dealing(state)
        return DrawTiles(seat=state.order()[state.drawn], tiles=unrank_tiles(state.bag, count, value))
    if state.phase == "trade" and value == 0:
        return TradingDone()
    return None


# ---- trades as digits (snapshot format 2) ------------------------------------------------
MAX_GIVES = 8  # gives in one trade, and tiles in one give: a larger one travels as JSON
MAX_TILES = 12


def _owned(state: ChinatownState, seat: int) -> list[int]:
    return sorted(b for b, s in state.owner.items() if s == seat)


def _money_radix(state: ChinatownState, seat: int) -> int:
    return max(state.money[seat], 0) // DATA.money_unit + 1


def trade_digits(state: ChinatownState, entry: object) -> list[tuple[int, int]] | None:
    """A trade as (value, radix) digits; None for what they cannot hold (the core then sends JSON)."""
    if state.phase != "trade" or not isinstance(entry, Trade) or not 1 <= len(entry.gives) <= MAX_GIVES:
        return None
    n, shops = state.n, DATA.shop_ids
    out = [(len(entry.gives) - 1, MAX_GIVES)]
    for g in entry.gives:
        if not (0 <= g.giver < n and 0 <= g.receiver < n) or g.giver == g.receiver:
            return None
        owned = _owned(state, g.giver)
        units, rest = divmod(g.money, DATA.money_unit)
        if (
            not set(g.buildings) <= set(owned)
            or len(g.tiles) > MAX_TILES
            or any(t not in shops for t in g.tiles)
            or rest
            or not 0 <= units < _money_radix(state, g.giver)
        ):
            return None
        out += [(g.giver, n), ((g.receiver - g.giver - 1) % n, n - 1)]
        out += [(len(g.buildings), len(owned) + 1)]
        out += [(rank_combination(owned, g.buildings), comb(len(owned), len(g.buildings)))]
        out += [(len(g.tiles), MAX_TILES + 1), *((shops.index(t), len(shops)) for t in g.tiles)]
        out += [(units, _money_radix(state, g.giver))]
    return out


def trade_from_digits(state: ChinatownState, take: Callable[[int], int]) -> Trade | None:
    if state.phase != "trade":
        return None
    n, shops, gives = state.n, DATA.shop_ids, []
    for _ in range(take(MAX_GIVES) + 1):
        giver = take(n)
        receiver = (giver + 1 + take(n - 1)) % n
        owned = _owned(state, giver)
        k = take(len(owned) + 1)
        buildings = unrank_combination(owned, k, take(comb(len(owned), k)))
        tiles = tuple(shops[take(len(shops))] for _ in range(take(MAX_TILES + 1)))
        money = take(_money_radix(state, giver)) * DATA.money_unit
        gives.append(Give(giver=giver, receiver=receiver, buildings=buildings, tiles=tiles, money=money))
    return Trade(gives=tuple(gives))
