"""Foresight for Chinatown: what a trade does to each party's income, and what a shop tile on an
empty building would add, before anything is confirmed.

Both are the rule: the trade goes through the engine's own ``rules.apply`` on a copy (an
illegal trade is refused with the same RuleViolation), and income is the engine's own
``find_businesses``. Nothing here reads or shows a player's money total, which stays secret;
only the money that changes hands in the trade, which the whole table hears.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.core import Effect, Msg, RuleViolation, msg
from companion.games.chinatown import flow, rules
from companion.games.chinatown.data import ADJACENCY, DATA
from companion.games.chinatown.entries import Trade
from companion.games.chinatown.income import (
    RULE_COMPLETE,
    RULE_INCOMPLETE,
    RULE_OVERSIZE,
    Business,
    find_businesses,
    income_by_owner,
    income_totals,
)
from companion.games.chinatown.state import ChinatownState
from companion.games.chinatown.text import buildings_text, shop_name

Change = Literal["new", "grows", "completes", "splits", "shrinks", "gone", "changes"]
RULE_OF: dict[str, str] = {
    "completes": RULE_COMPLETE,
    "splits": RULE_OVERSIZE,
}


class BusinessChange(BaseModel):
    """One business of a party that the trade changes (several, when businesses join or split)."""

    model_config = ConfigDict(frozen=True)

    shop: str
    before: tuple[tuple[int, ...], ...]  # the buildings of each business before the trade
    after: tuple[tuple[int, ...], ...]
    income_before: int
    income_after: int
    change: Change
    effect: Effect


class PartyPreview(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    income_before: int  # this year's income if it were paid on the board as it stands
    income_after: int
    money: int  # money received in the trade, less money given (never the player's total)
    changes: list[BusinessChange]
    line: Effect


class TradePreview(BaseModel):
    model_config = ConfigDict(frozen=True)

    parties: list[PartyPreview]  # every giver and receiver, in seat order
    gives: list[Effect]  # the engine's own words for each give


def trade_preview(state: ChinatownState, trade: Trade) -> TradePreview:
    """Each party's income before and after ``trade``, business by business, and the money moved.

    Raises the RuleViolation the Table gives when the trade is not legal now: outside the
    trading phase (or after the game), the Table's own refusal; else the engine's.
    """
    prompt = flow.prompt(state)
    if prompt is None:
        raise RuleViolation("core.game_over", "core.entry.game_over")
    refusal = prompt.kind_refusal(trade.kind)
    if refusal is not None:
        raise refusal
    after, gives = rules.apply(state, trade)
    money: dict[int, int] = {}
    for g in trade.gives:
        money[g.giver] = money.get(g.giver, 0) - g.money
        money[g.receiver] = money.get(g.receiver, 0) + g.money
    # Only the parties' buildings matter to the parties' income: the same rule on a smaller board.
    old = find_businesses({b: s for b, s in state.owner.items() if s in money}, state.shop)
    new = find_businesses({b: s for b, s in after.owner.items() if s in money}, after.shop)
    old_income, new_income = income_by_owner(old), income_by_owner(new)
    parties = []
    for seat in sorted(money):
        changes = business_changes(
            [b for b in old if b.owner == seat], [b for b in new if b.owner == seat], seat
        )
        before, now = old_income.get(seat, 0), new_income.get(seat, 0)
        line = Effect(
            rule_id="chinatown.income",
            seat=seat,
            msg=msg(
                "foresight.chinatown.party",
                player=state.players[seat],
                before=before,
                after=now,
                diff=now - before,
                money=money_msg(money[seat]),
            ),
        )
        parties.append(
            PartyPreview(
                seat=seat,
                income_before=before,
                income_after=now,
                money=money[seat],
                changes=changes,
                line=line,
            )
        )
    return TradePreview(parties=parties, gives=gives)


def business_changes(
    before: list[Business[int]], after: list[Business[int]], seat: int
) -> list[BusinessChange]:
    """Pair the businesses before and after that share a building (same shop type): each
    connected family that differs is one change."""
    # Businesses of one moment never share a building, so each old one starts its own family.
    families: list[tuple[list[Business[int]], list[Business[int]]]] = [([b], []) for b in before]
    for a in after:
        hits = [f for f in families if any(_touch(a, x) for x in f[0] + f[1])]
        if not hits:
            families.append(([], [a]))
            continue
        keep = hits[0]
        for other in hits[1:]:  # a business that now joins two old ones merges their families
            keep[0].extend(other[0])
            keep[1].extend(other[1])
            families.remove(other)
        keep[1].append(a)
    out = []
    for old, new in families:
        if {b.buildings for b in old} == {b.buildings for b in new}:
            continue
        change = _kind(old, new)
        shop = (old or new)[0].shop
        income_before, income_after = sum(b.income for b in old), sum(b.income for b in new)
        out.append(
            BusinessChange(
                shop=shop,
                before=tuple(b.buildings for b in old),
                after=tuple(b.buildings for b in new),
                income_before=income_before,
                income_after=income_after,
                change=change,
                effect=Effect(
                    rule_id=RULE_OF.get(change, RULE_INCOMPLETE),
                    seat=seat,
                    msg=msg(
                        f"foresight.chinatown.change.{change}",
                        shop=shop_name(shop),
                        before=_groups(old),
                        after=_groups(new),
                        income_before=income_before,
                        income_after=income_after,
                        max=DATA.shops[shop].max,
                    ),
                ),
            )
        )
    out.sort(key=lambda c: min(b for group in c.before + c.after for b in group))
    return out


def _touch(a: Business[int], b: Business[int]) -> bool:
    return a.shop == b.shop and bool(set(a.buildings) & set(b.buildings))


def _kind(old: list[Business[int]], new: list[Business[int]]) -> Change:
    if not old:
        return "new"
    if not new:
        return "gone"
    if any(b.split for b in new) and not any(b.split for b in old):
        return "splits"
    size_old, size_new = sum(b.size for b in old), sum(b.size for b in new)
    if size_new > size_old:
        complete_old = sum(b.complete for b in old)
        return "completes" if sum(b.complete for b in new) > complete_old else "grows"
    return "shrinks" if size_new < size_old else "changes"


def _groups(businesses: list[Business[int]]) -> str:
    return " + ".join(buildings_text(b.buildings) for b in businesses) or "—"


def money_msg(n: int) -> Msg:
    if n > 0:
        return msg("foresight.chinatown.money_in", amount=n)
    if n < 0:
        return msg("foresight.chinatown.money_out", amount=-n)
    return msg("foresight.chinatown.money_none")


# ---- a tapped empty building ------------------------------------------------------------


class TileOption(BaseModel):
    """What one shop type on the building would do for its owner's income this year."""

    model_config = ConfigDict(frozen=True)

    shop: str
    in_hand: bool  # the owner holds a tile of this type now
    business: tuple[int, ...]  # the buildings of the business the tile would belong to
    complete: bool
    gain: int  # how much the owner's income would rise
    effect: Effect


class BuildingPreview(BaseModel):
    model_config = ConfigDict(frozen=True)

    building: int
    seat: int
    options: list[TileOption]  # the tiles the owner holds first, then the best gain first
    line: Effect


def building_preview(state: ChinatownState, building: int) -> BuildingPreview:
    """For an owned empty building: which business a shop tile would start, extend or complete for
    its owner, and by how much the owner's income would rise. The options are the tile types the
    owner holds and the types of the owner's businesses next door (a tile a trade could bring)."""
    seat = state.owner.get(building)
    if seat is None:
        raise RuleViolation("chinatown.place", "foresight.chinatown.err.unowned", building=building)
    if building in state.shop:
        raise RuleViolation(
            "chinatown.place",
            "chinatown.err.occupied",
            building=building,
            shop=shop_name(state.shop[building]),
        )
    # Only the owner's buildings matter to the owner's income: the same rule on a smaller board.
    mine_only = {b: s for b, s in state.owner.items() if s == seat}
    base = income_totals(mine_only, state.shop).get(seat, 0)
    near = {state.shop[n] for n in ADJACENCY[building] if n in state.shop and mine_only.get(n) == seat}
    options = []
    for shop in DATA.shop_ids:
        if shop not in near and not state.hands[seat].get(shop, 0):
            continue
        board = {**state.shop, building: shop}
        found = find_businesses(mine_only, board)
        mine = next(b for b in found if building in b.buildings)
        group = _group(state.owner, board, building)
        gain = income_by_owner(found).get(seat, 0) - base
        kind = (
            "splits"
            if mine.split
            else "complete"
            if mine.complete
            else "joins"
            if len(group) > 1
            else "alone"
        )
        options.append(
            TileOption(
                shop=shop,
                in_hand=state.hands[seat].get(shop, 0) > 0,
                business=group,
                complete=mine.complete,
                gain=gain,
                effect=Effect(
                    rule_id=mine.rule_id,
                    seat=seat,
                    msg=msg(
                        f"foresight.chinatown.tile.{kind}",
                        shop=shop_name(shop),
                        buildings=buildings_text(group),
                        size=len(group),
                        max=DATA.shops[shop].max,
                        gain=gain,
                    ),
                ),
            )
        )
    options.sort(key=lambda o: (not o.in_hand, -o.gain, DATA.shop_ids.index(o.shop)))
    best = next((o for o in options if o.in_hand), None)
    line = Effect(
        rule_id="chinatown.place",
        seat=seat,
        msg=msg(
            "foresight.chinatown.building" if best else "foresight.chinatown.building_no_tile",
            building=building,
            player=state.players[seat],
            shop=shop_name(best.shop) if best else "",
            gain=best.gain if best else 0,
        ),
    )
    return BuildingPreview(building=building, seat=seat, options=options, line=line)


def _group(owner: dict[int, int], board: dict[int, str], building: int) -> tuple[int, ...]:
    """The buildings joined to ``building``: same shop, same owner, side by side (an oversize
    group, which find_businesses pays as several businesses, is listed whole)."""
    shop, who = board[building], owner[building]
    group, queue = {building}, [building]
    while queue:
        for nxt in ADJACENCY[queue.pop()]:
            if nxt not in group and board.get(nxt) == shop and owner.get(nxt) == who:
                group.add(nxt)
                queue.append(nxt)
    return tuple(sorted(group))
