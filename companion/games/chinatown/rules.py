"""setup() and apply(): each entry checked against the game's rules, then the next state and its effects.

The Table has checked the entry's kind and seat against the prompt (whose turn it is, who may
still keep their cards): the handlers check what only the game knows, such as a card that was
not dealt, a tile not held, a building owned by someone else, or a count that is wrong. They
work on a clone, so an illegal entry raises RuleViolation and leaves the caller's state exactly
as it was.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from typing import Any

from companion.core import Effect, Msg, RuleViolation, TableError, msg
from companion.core.ties import winner_line
from companion.games.chinatown.data import BOARD, BUILDINGS, DATA
from companion.games.chinatown.entries import (
    ChooseFirst,
    DealBuildings,
    DonePlacing,
    DrawTiles,
    Give,
    KeepBuildings,
    PlaceTile,
    Trade,
    TradingDone,
)
from companion.games.chinatown.income import Business, find_businesses
from companion.games.chinatown.options import ChinatownOptions
from companion.games.chinatown.scoring import score
from companion.games.chinatown.state import ChinatownState
from companion.games.chinatown.text import business_msg, income_msg, shop_name, tiles_text

Effects = list[Effect]
# A handler takes the entry of its own type: the table's key says which, the type checker
# cannot, so the entry is Any here (each handler's own signature is precise).
Handler = Callable[[ChinatownState, Any, Effects], None]


def dealing(state: ChinatownState) -> tuple[int, int, int]:
    """(cards dealt, cards kept, tiles drawn) per player this year."""
    d = DATA.dealing[state.n]
    return d.dealt[state.year], d.kept[state.year], d.tiles[state.year]


def setup(options: ChinatownOptions, players: list[str]) -> ChinatownState:
    first = options.first_player
    if first is not None and first >= len(players):
        raise TableError("chinatown.err.first_option", first=first + 1, n=len(players))
    return ChinatownState(
        players=list(players),
        first=first,
        phase="first" if first is None else "buildings",
        deck=list(range(1, BUILDINGS + 1)),
        hands=[{} for _ in players],
        bag={s.id: s.tiles for s in DATA.shop_types},
        money=[DATA.starting_money] * len(players),
    )


def apply(state: ChinatownState, entry: object) -> tuple[ChinatownState, Effects]:
    """The entry's handler on a clone; the Table has checked that the prompt asks for this entry."""
    handler = _HANDLERS.get(type(entry))
    if handler is None:
        raise RuleViolation("core.entry", "core.entry.malformed", detail=type(entry).__name__)
    new = state.clone()
    effects: Effects = []
    handler(new, entry, effects)
    return new, effects


# ---- checks shared by several entries ----------------------------------------------------
def _player(state: ChinatownState, seat: int, rule: str) -> int:
    """A seat named inside an entry (the first player, a trade's giver or receiver)."""
    if not 0 <= seat < state.n:
        raise RuleViolation(rule, "chinatown.err.seat", seat=seat)
    return seat


def _name(state: ChinatownState, seat: int) -> str:
    return state.players[seat]


def _known_shop(shop: str, rule: str) -> None:
    if shop not in DATA.shops:
        raise RuleViolation(rule, "chinatown.err.unknown_shop", shop=shop)


# ---- first player ------------------------------------------------------------------------
def _first(state: ChinatownState, e: ChooseFirst, fx: Effects) -> None:
    state.first = _player(state, e.first, "chinatown.setup.first_player")
    state.phase = "buildings"
    fx.append(
        Effect(
            rule_id="chinatown.setup.first_player",
            msg=msg("chinatown.fx.first", player=_name(state, state.first)),
            seat=state.first,
        )
    )


# ---- building cards ----------------------------------------------------------------------
def _deal(state: ChinatownState, e: DealBuildings, fx: Effects) -> None:
    rule = "chinatown.buildings.deal"
    dealt, _, _ = dealing(state)
    if len(e.hands) != state.n or any(len(h) != dealt for h in e.hands):
        raise RuleViolation(rule, "chinatown.err.deal_count", n=dealt, players=state.n)
    cards = [c for h in e.hands for c in h]
    if len(set(cards)) != len(cards):
        raise RuleViolation(rule, "chinatown.err.card_twice")
    deck = set(state.deck)
    for c in cards:
        if c not in deck:
            raise RuleViolation(rule, "chinatown.err.not_in_deck", building=c)
    state.dealt = [list(h) for h in e.hands]
    state.deck = sorted(deck - set(cards))
    fx.append(Effect(rule_id=rule, msg=msg("chinatown.fx.dealt", n=dealt, year=state.year_label)))


def _keep(state: ChinatownState, e: KeepBuildings, fx: Effects) -> None:
    rule = "chinatown.buildings.keep"
    seat = e.seat  # the one in turn order (app-dealt), or one of those still to keep: the prompt's
    _, kept, _ = dealing(state)
    if len(e.buildings) != kept or len(set(e.buildings)) != kept:
        raise RuleViolation(rule, "chinatown.err.keep_count", n=kept, player=_name(state, seat))
    if state.dealt is not None:
        hand = state.dealt[seat]
        for b in e.buildings:
            if b not in hand:
                raise RuleViolation(rule, "chinatown.err.not_dealt", building=b, player=_name(state, seat))
        # Returned cards go back into the deck, which is reshuffled before the next deal.
        state.deck = sorted(set(state.deck) | (set(hand) - set(e.buildings)))
    else:
        deck = set(state.deck)
        for b in e.buildings:
            if b not in deck:
                raise RuleViolation(rule, "chinatown.err.not_in_deck", building=b)
        state.deck = sorted(deck - set(e.buildings))
    state.kept[seat] = list(e.buildings)
    for b in e.buildings:
        state.owner[b] = seat
    fx.append(
        Effect(
            rule_id=rule,
            seat=seat,
            msg=msg("chinatown.fx.kept", player=_name(state, seat), buildings=list(e.buildings)),
        )
    )
    if len(state.kept) == state.n:
        if state.dealt is not None:
            fx.append(Effect(rule_id="chinatown.buildings.return", msg=msg("chinatown.fx.returned")))
        state.dealt = None
        state.kept = {}
        state.phase = "tiles"
        state.drawn = 0


# ---- shop tiles --------------------------------------------------------------------------
def _draw(state: ChinatownState, e: DrawTiles, fx: Effects) -> None:
    rule = "chinatown.tiles.draw"
    seat = e.seat  # the next to draw in turn order: the prompt's seat
    _, _, count = dealing(state)
    if len(e.tiles) != count:
        raise RuleViolation(rule, "chinatown.err.draw_count", n=count, player=_name(state, seat))
    for shop, k in Counter(e.tiles).items():
        _known_shop(shop, rule)
        if state.bag.get(shop, 0) < k:
            raise RuleViolation(
                rule, "chinatown.err.bag_empty", shop=shop_name(shop), left=state.bag.get(shop, 0)
            )
    for shop in e.tiles:
        _move_count(state.bag, state.hands[seat], shop)
    state.drawn += 1
    fx.append(
        Effect(
            rule_id=rule,
            seat=seat,
            msg=msg("chinatown.fx.drew", player=_name(state, seat), tiles=tiles_text(e.tiles)),
        )
    )
    if state.drawn == state.n:
        state.phase = "trade"


def _move_count(source: dict[str, int], target: dict[str, int], shop: str) -> None:
    source[shop] -= 1
    if source[shop] == 0:
        del source[shop]
    target[shop] = target.get(shop, 0) + 1


# ---- trades ------------------------------------------------------------------------------
def _trade(state: ChinatownState, e: Trade, fx: Effects) -> None:
    _check_trade(state, e.gives)
    for g in e.gives:
        for b in g.buildings:
            state.owner[b] = g.receiver  # the shop on it, if any, goes with it
        for shop in g.tiles:
            _move_count(state.hands[g.giver], state.hands[g.receiver], shop)
        state.money[g.giver] -= g.money
        state.money[g.receiver] += g.money
        fx.append(Effect(rule_id="chinatown.trade", seat=g.giver, msg=describe_give(state, g)))


def _check_trade(state: ChinatownState, gives: tuple[Give, ...]) -> None:
    """Every give is checked against the holdings before the trade: nobody gives what they lack."""
    rule = "chinatown.trade.holdings"
    buildings_given: set[int] = set()
    tiles_given: dict[int, Counter[str]] = {}
    money_given: dict[int, int] = {}
    for g in gives:
        giver = _player(state, g.giver, "chinatown.trade")
        _player(state, g.receiver, "chinatown.trade")
        if giver == g.receiver:
            raise RuleViolation("chinatown.trade", "chinatown.err.self_trade", player=_name(state, giver))
        if not (g.buildings or g.tiles or g.money):
            raise RuleViolation("chinatown.trade", "chinatown.err.empty_give", player=_name(state, giver))
        if g.money < 0 or g.money % DATA.money_unit:
            raise RuleViolation("chinatown.trade.money", "chinatown.err.money_unit", unit=DATA.money_unit)
        for b in g.buildings:
            if b in buildings_given:
                raise RuleViolation(rule, "chinatown.err.building_twice", building=b)
            if state.owner.get(b) != giver:
                raise RuleViolation(rule, "chinatown.err.not_owner", building=b, player=_name(state, giver))
            buildings_given.add(b)
        for shop in g.tiles:
            _known_shop(shop, rule)
        tiles_given.setdefault(giver, Counter()).update(g.tiles)
        money_given[giver] = money_given.get(giver, 0) + g.money
    for giver, tiles in tiles_given.items():
        for shop, k in tiles.items():
            if state.hands[giver].get(shop, 0) < k:
                raise RuleViolation(
                    rule, "chinatown.err.no_tile", shop=shop_name(shop), player=_name(state, giver)
                )
    for giver, amount in money_given.items():
        if amount > state.money[giver]:
            raise RuleViolation(rule, "chinatown.err.no_money", player=_name(state, giver))


def describe_give(state: ChinatownState, g: Give, key: str = "chinatown.fx.give") -> Msg:
    """One side of a trade: the effect line ("Ana gives Ben: ...."), or ``key`` for the entry label."""
    return msg(key, giver=_name(state, g.giver), receiver=_name(state, g.receiver), what=give_parts(state, g))


def give_parts(state: ChinatownState, g: Give) -> list[Msg]:
    """What one side of a trade hands over: each building (with its shop), the tiles, the money."""
    parts: list[Msg] = []
    for b in g.buildings:
        if b in state.shop:
            parts.append(msg("chinatown.give.building_shop", building=b, shop=shop_name(state.shop[b])))
        else:
            parts.append(msg("chinatown.give.building", building=b))
    if g.tiles:
        parts.append(msg("chinatown.give.tiles", tiles=tiles_text(g.tiles), n=len(g.tiles)))
    if g.money:
        parts.append(msg("chinatown.give.money", amount=g.money))
    return parts


def _trading_done(state: ChinatownState, e: TradingDone, fx: Effects) -> None:
    state.phase = "place"
    state.placer = -1
    fx.append(Effect(rule_id="chinatown.place.order", msg=msg("chinatown.fx.trading_done")))
    _next_placer(state, fx)


# ---- placing -----------------------------------------------------------------------------
def can_place(state: ChinatownState, seat: int) -> bool:
    return bool(state.hands[seat]) and state.has_vacant(seat)


def _place(state: ChinatownState, e: PlaceTile, fx: Effects) -> None:
    rule = "chinatown.place"
    seat = e.seat  # the placer in turn order: the prompt's seat
    _known_shop(e.shop, rule)
    if state.hands[seat].get(e.shop, 0) < 1:
        raise RuleViolation(rule, "chinatown.err.no_tile", shop=shop_name(e.shop), player=_name(state, seat))
    if e.building not in BOARD.buildings:
        raise RuleViolation(rule, "chinatown.err.no_building", building=e.building)
    if state.owner.get(e.building) != seat:
        raise RuleViolation(rule, "chinatown.err.not_owner", building=e.building, player=_name(state, seat))
    if e.building in state.shop:
        raise RuleViolation(
            rule, "chinatown.err.occupied", building=e.building, shop=shop_name(state.shop[e.building])
        )
    state.hands[seat][e.shop] -= 1
    if state.hands[seat][e.shop] == 0:
        del state.hands[seat][e.shop]
    state.shop[e.building] = e.shop
    fx.append(
        Effect(
            rule_id=rule,
            seat=seat,
            msg=msg(
                "chinatown.fx.placed", player=_name(state, seat), shop=shop_name(e.shop), building=e.building
            ),
        )
    )
    if not can_place(state, seat):  # nothing left to decide: move on without a "done" tap
        _next_placer(state, fx)


def _done_placing(state: ChinatownState, e: DonePlacing, fx: Effects) -> None:
    _next_placer(state, fx)


def _next_placer(state: ChinatownState, fx: Effects) -> None:
    """The next player in turn order who can place a tile; when none is left, income is paid."""
    order = state.order()
    for pos in range(state.placer + 1, state.n):
        if can_place(state, order[pos]):
            state.placer = pos
            return
    _pay_income(state, fx)


# ---- income and the year -----------------------------------------------------------------
# One shared effect per business (effects are frozen): the same businesses are paid year after
# year, and a review replays the years of a game thousands of times.
@functools.lru_cache(maxsize=4096)
def _income_effect(b: Business[int], name: str) -> Effect:
    return Effect(
        rule_id=b.rule_id,
        seat=b.owner,
        msg=income_msg(name, business_msg(b.shop, b.buildings, b.size, b.complete, b.income)),
    )


def _pay_income(state: ChinatownState, fx: Effects) -> None:
    paid = [0] * state.n
    for b in find_businesses(state.owner, state.shop):
        paid[b.owner] += b.income
        fx.append(_income_effect(b, _name(state, b.owner)))
    for seat in range(state.n):
        state.money[seat] += paid[seat]
        fx.append(
            Effect(
                rule_id="chinatown.income",
                seat=seat,
                msg=msg(
                    "chinatown.fx.income_total",
                    player=_name(state, seat),
                    amount=paid[seat],
                    year=state.year_label,
                ),
            )
        )
    state.income.append(paid)
    state.money_by_year.append(list(state.money))
    state.year += 1
    state.placer = 0
    if state.year == len(DATA.years):
        state.phase = "over"
        fx.append(Effect(rule_id="chinatown.end", msg=msg("chinatown.fx.game_over")))
        # the last line names the winner, as the final scores decide it (ties included)
        fx.append(Effect(rule_id="chinatown.end.tie_break", msg=winner_line(score(state))))
    else:
        state.phase = "buildings"
        fx.append(Effect(rule_id="chinatown.year", msg=msg("chinatown.fx.new_year", year=state.year_label)))


_HANDLERS: dict[type[object], Handler] = {
    ChooseFirst: _first,
    DealBuildings: _deal,
    KeepBuildings: _keep,
    DrawTiles: _draw,
    Trade: _trade,
    TradingDone: _trading_done,
    PlaceTile: _place,
    DonePlacing: _done_placing,
}
