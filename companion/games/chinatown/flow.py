"""prompt(), banner(), describe() and auto_entry(): who enters what now, and what the app can do itself."""

from __future__ import annotations

import functools
import random
from itertools import combinations

from companion.core import Msg, Pick, Prompt, msg
from companion.core.offers import offer, offerer
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import (
    ChooseFirst,
    DealBuildings,
    DonePlacing,
    DrawTiles,
    KeepBuildings,
    PlaceTile,
    Trade,
    TradingDone,
)
from companion.games.chinatown.rules import can_place, dealing, describe_give
from companion.games.chinatown.state import ChinatownState
from companion.games.chinatown.text import seat_name, shop_name, tiles_text


def prompt(state: ChinatownState) -> Prompt | None:
    if state.phase == "over":
        return None
    if state.phase == "first":
        return Prompt(
            seat=None,
            kind="first_player",
            msg=msg("chinatown.prompt.first"),
            choices=[ChooseFirst(first=s) for s in range(state.n)],
            kinds=("first_player",),
            auto=True,
            rule_ids=("chinatown.setup.first_player",),
        )
    if state.phase == "buildings":
        return _buildings_prompt(state)
    if state.phase == "tiles":
        seat = state.order()[state.drawn]
        _, _, count = dealing(state)
        return Prompt(
            seat=seat,
            kind="draw_tiles",
            msg=msg("chinatown.prompt.draw", player=state.players[seat], n=count),
            choices=None,
            kinds=("draw_tiles",),
            auto=True,
            rule_ids=("chinatown.tiles.draw",),
            turn_rule="chinatown.tiles.draw",
        )
    if state.phase == "trade":
        return Prompt(
            seat=None,
            kind="trade",
            msg=msg("chinatown.prompt.trade"),
            choices=None,
            kinds=("trade", "trading_done"),
            rule_ids=("chinatown.trade", "chinatown.trade.holdings"),
        )
    seat = state.order()[state.placer]
    return Prompt(
        seat=seat,
        kind="place_tile",
        msg=msg("chinatown.prompt.place", player=state.players[seat]),
        choices=placement_choices(state, seat),
        kinds=("place_tile", "done_placing"),
        rule_ids=("chinatown.place", "chinatown.place.order"),
        turn_rule="chinatown.place.order",
    )


def _buildings_prompt(state: ChinatownState) -> Prompt:
    dealt, kept, _ = dealing(state)
    rules = ("chinatown.buildings.deal", "chinatown.buildings.keep")
    if state.dealt is not None:
        seat = state.order()[len(state.kept)]
        hand = state.dealt[seat]
        return Prompt(
            seat=seat,
            kind="keep_buildings",
            msg=msg(
                "chinatown.prompt.keep_dealt", player=state.players[seat], k=kept, n=len(hand), cards=hand
            ),
            choices=[_keep(seat, c) for c in combinations(hand, kept)],
            kinds=("keep_buildings",),
            rule_ids=rules,
            turn_rule="chinatown.buildings.keep",
            picks=(
                Pick(
                    kind="keep_buildings",
                    items=tuple(hand),
                    labels=tuple(msg("chinatown.pick.building", n=n) for n in hand),
                    min=kept,
                    max=kept,
                    field="buildings",
                    entry={"kind": "keep_buildings", "seat": seat},
                    msg=msg("chinatown.pick.keep", k=kept),
                ),
            ),
        )
    # Cards the table dealt itself: each player enters what they keep, in any order.
    waiting = tuple(s for s in state.order() if s not in state.kept)
    if state.kept:
        return Prompt(
            seat=None,
            kind="keep_buildings",
            msg=msg("chinatown.prompt.keep_table", k=kept, players=[state.players[s] for s in waiting]),
            choices=None,
            kinds=("keep_buildings",),
            rule_ids=rules,
            seats=waiting,
            turn_rule="chinatown.buildings.keep",
        )
    return Prompt(
        seat=None,
        kind="buildings",
        msg=msg("chinatown.prompt.buildings", year=state.year_label, n=dealt, k=kept),
        choices=None,
        kinds=("deal_buildings", "keep_buildings"),
        auto=True,
        rule_ids=rules,
        seats=waiting,
        turn_rule="chinatown.buildings.keep",
    )


def placement_choices(state: ChinatownState, seat: int) -> list[PlaceTile | DonePlacing]:
    """One choice per (tile type in hand, vacant building owned), then 'done'."""
    hand = state.hands[seat]
    shops = tuple(s for s in DATA.shop_ids if hand.get(s, 0) > 0)
    return list(_placements(seat, shops, tuple(state.vacant_of(seat))))


# The placement step is asked for again after every tile placed, and a review replays it thousands
# of times: the choices are shared frozen entries (pydantic's validation was most of the time), and
# the list for one hand and set of lots is made once.
@functools.lru_cache(maxsize=4096)
def _placements(
    seat: int, shops: tuple[str, ...], vacant: tuple[int, ...]
) -> tuple[PlaceTile | DonePlacing, ...]:
    return (*(_place_tile(seat, s, b) for s in shops for b in vacant), offer(DonePlacing, seat=seat))


_place_tile = offerer(PlaceTile, "seat", "shop", "building")
_keep = offerer(KeepBuildings, "seat", "buildings")  # the same for the cards dealt by the app


def standing(state: ChinatownState) -> Msg:
    """The year and phase, without the first player."""
    if state.phase == "over":
        return msg("chinatown.banner.over")
    phase = Msg(key=f"chinatown.phase.{state.phase}")
    return msg(
        "chinatown.banner.no_first",
        phase=phase,
        year=state.year_label,
        round=state.year + 1,
        rounds=len(DATA.years),
    )


def turn_order(state: ChinatownState) -> tuple[int, ...]:
    """The seats this step asks one after another, the one asked now first, as the prompts ask
    them: the dealt building cards kept in turn order; the shop tiles drawn in turn order
    (chinatown.tiles.draw); the tiles placed in turn order by those who can still place one
    (rules._next_placer skips the others, and no one's placing changes who can: a tile goes on
    its owner's own vacant lot). Empty for any other step."""
    order = state.order()
    if state.phase == "buildings" and state.dealt is not None:
        return tuple(order[len(state.kept) :])
    if state.phase == "tiles":
        return tuple(order[state.drawn :])
    if state.phase == "place":
        later = [s for s in order[state.placer + 1 :] if can_place(state, s)]
        return (order[state.placer], *later)
    return ()


def banner(state: ChinatownState) -> Msg:
    if state.phase == "over":
        return msg("chinatown.banner.over")
    args = {"year": state.year_label, "round": state.year + 1, "rounds": len(DATA.years)}
    phase = Msg(key=f"chinatown.phase.{state.phase}")
    if state.first is None:  # not chosen yet: "first player ?" would only repeat the phase
        return msg("chinatown.banner.no_first", phase=phase, **args)
    seats = turn_order(state)
    if seats:  # asked one after another: the order, as Dragon's banner says it ("Ben, then Ana")
        who = [state.players[s] for s in seats]
        order = (
            msg("chinatown.banner.order", first=who[0], rest=", ".join(who[1:])) if len(who) > 1 else who[0]
        )
        return msg("chinatown.banner.turns", phase=phase, order=order, **args)
    if state.phase == "buildings":  # the table dealt them: each keeps theirs, in no order
        return msg("chinatown.banner.turns", phase=phase, order=_keeping(state), **args)
    first = state.players[state.first]
    return msg("chinatown.banner", phase=phase, first=first, **args)


def _keeping(state: ChinatownState) -> Msg:
    """Who answers while the building cards the table dealt are kept, in any order: everyone
    before the first has entered theirs, then those still to."""
    dealt, kept, _ = dealing(state)
    if not state.kept:
        return msg("chinatown.banner.keep_all", n=dealt, k=kept)
    waiting = [state.players[s] for s in state.order() if s not in state.kept]
    return msg("chinatown.banner.keep_left", k=kept, players=waiting)


def describe(state: ChinatownState, entry: object) -> Msg:
    if isinstance(entry, ChooseFirst):
        return msg("chinatown.entry.first", player=seat_name(state, entry.first))
    if isinstance(entry, DealBuildings):
        return msg("chinatown.entry.deal", n=len(entry.hands[0]) if entry.hands else 0)
    if isinstance(entry, KeepBuildings):
        return msg(
            "chinatown.entry.keep", player=seat_name(state, entry.seat), buildings=list(entry.buildings)
        )
    if isinstance(entry, DrawTiles):
        return msg("chinatown.entry.draw", player=seat_name(state, entry.seat), tiles=tiles_text(entry.tiles))
    if isinstance(entry, Trade):
        return msg(
            "chinatown.entry.trade",
            gives=[describe_give(state, g, "chinatown.entry.give") for g in entry.gives],
        )
    if isinstance(entry, TradingDone):
        return msg("chinatown.entry.trading_done")
    if isinstance(entry, PlaceTile):
        return msg("chinatown.entry.place", shop=shop_name(entry.shop), building=entry.building)
    if isinstance(entry, DonePlacing):
        return msg("chinatown.entry.done_placing", player=seat_name(state, entry.seat))
    return msg("chinatown.entry.unknown")


def auto_entry(state: ChinatownState, rng: random.Random) -> ChooseFirst | DealBuildings | DrawTiles | None:
    """The app draws the first player, deals building cards, or draws shop tiles from the bag."""
    if state.phase == "first":
        return ChooseFirst(first=rng.randrange(state.n))
    if state.phase == "buildings" and state.dealt is None and not state.kept:
        dealt, _, _ = dealing(state)
        deck = list(state.deck)
        rng.shuffle(deck)
        return DealBuildings(hands=tuple(tuple(deck[i * dealt : (i + 1) * dealt]) for i in range(state.n)))
    if state.phase == "tiles":
        _, _, count = dealing(state)
        bag = [shop for shop in DATA.shop_ids for _ in range(state.bag.get(shop, 0))]
        return DrawTiles(seat=state.order()[state.drawn], tiles=tuple(rng.sample(bag, count)))
    return None


def nearest_fact(state: ChinatownState, entry: object) -> DealBuildings | KeepBuildings | None:
    """The legal deal (or keep of cards the table dealt itself) closest to a logged one the state
    no longer allows (a review replaying a different keep returned other cards to the deck): each
    card no longer in the deck is swapped for the lowest deck card no hand holds; every other card
    stays where it was dealt."""
    if isinstance(entry, KeepBuildings) and state.dealt is None:
        swapped = _swapped(state, (entry.buildings,))
        return None if swapped is None else KeepBuildings(seat=entry.seat, buildings=swapped[0])
    if not isinstance(entry, DealBuildings):
        return None
    hands = _swapped(state, entry.hands)
    return None if hands is None else DealBuildings(hands=hands)


def _swapped(state: ChinatownState, hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...] | None:
    deck = set(state.deck)
    dealt = {c for hand in hands for c in hand}
    spare = sorted(deck - dealt)
    made = []
    for hand in hands:
        mine = []
        for card in hand:
            if card in deck:
                mine.append(card)
            elif spare:
                mine.append(spare.pop(0))
            else:
                return None
        made.append(tuple(mine))
    return tuple(made)
