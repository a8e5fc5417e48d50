"""First-game tips with the table's numbers (Chinatown): which dealt buildings join yours, what
the board would pay now while trading, the placement that raises your income most, and how the
year's income was made.

Pure: reads the state, the prompt and the last entry's effects; see companion/core/tips.py.
"""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.protocol import Effect, Prompt
from companion.core.tips import Tip
from companion.games.chinatown.data import ADJACENCY, DATA
from companion.games.chinatown.income import find_businesses, income_totals
from companion.games.chinatown.state import ChinatownState
from companion.games.chinatown.text import shop_name

KINDS = (
    "chinatown.tip.keep",
    "chinatown.tip.trade",
    "chinatown.tip.place",
    "chinatown.tip.income",
    "chinatown.tip.first",
    "chinatown.tip.deal",
    "chinatown.tip.tiles",
)


def tips(state: ChinatownState, prompt: Prompt | None, effects: list[Effect]) -> list[Tip]:
    out = _opening(state, effects)
    if any(e.msg.key == "chinatown.fx.income_total" for e in effects) and state.income:
        out.append(_income(state))
    if prompt is None:
        return out
    if prompt.kind == "keep_buildings" and prompt.seat is not None and state.dealt is not None:
        for tip in (_keep(state, prompt.seat), _deal(state, prompt.seat)):
            if tip is not None:
                out.append(tip)
    elif prompt.kind == "trade":
        tip = _trade(state)
        if tip is not None:
            out.append(tip)
    elif prompt.kind == "place_tile" and prompt.seat is not None:
        tip = _place(state, prompt.seat)
        if tip is not None:
            out.append(tip)
    return out


def _opening(s: ChinatownState, effects: list[Effect]) -> list[Tip]:
    """After the first player is chosen: the order every step of a year follows; after a
    player draws tiles: the type they hold most of, and what a complete business of it pays."""
    out: list[Tip] = []
    if any(e.msg.key == "chinatown.fx.first" for e in effects) and s.first is not None:
        order = [s.players[i] for i in s.order()]
        text = msg("chinatown.tip.first", player=s.players[s.first], order=order)
        out.append(Tip(text, "chinatown.setup.first_player", "first_player"))
    drew = next((e for e in effects if e.msg.key == "chinatown.fx.drew"), None)
    if drew is not None and drew.seat is not None:
        hand = s.hands[drew.seat]
        most = max(DATA.shop_ids, key=lambda shop: hand.get(shop, 0))  # the first such, in type order
        if hand.get(most, 0):
            size = DATA.shops[most].max
            text = msg(
                "chinatown.tip.tiles",
                player=s.players[drew.seat],
                shop=shop_name(most),
                n=hand[most],
                size=size,
                pay=msg("chinatown.tip.part.yearly", amount=DATA.income.complete[size]),
            )
            out.append(Tip(text, "chinatown.income", "draw_tiles", drew.seat))
    return out


def _deal(s: ChinatownState, seat: int) -> Tip | None:
    """The dealt buildings that touch another dealt one: kept together, they start a group."""
    hand = s.dealt[seat] if s.dealt else []
    paired = [b for b in hand if any(n in hand for n in ADJACENCY[b])]
    if not paired:
        return None
    kept = DATA.dealing[s.n].kept[s.year]
    text = msg("chinatown.tip.deal", player=s.players[seat], dealt=len(hand), buildings=paired, k=kept)
    return Tip(text, "chinatown.buildings.keep", "keep_buildings", seat)


def _keep(s: ChinatownState, seat: int) -> Tip | None:
    """The dealt buildings that touch one the player already owns."""
    hand = s.dealt[seat] if s.dealt else []
    touching = [b for b in hand if any(s.owner.get(n) == seat for n in ADJACENCY[b])]
    if not touching:
        return None
    kept = DATA.dealing[s.n].kept[s.year]
    text = msg(
        "chinatown.tip.keep",
        player=s.players[seat],
        dealt=len(hand),
        buildings=touching,
        k=kept,
        n=len(touching),
    )
    return Tip(text, "chinatown.buildings.keep", "keep_buildings", seat)


def _trade(s: ChinatownState) -> Tip | None:
    """What the board would pay each player now, and the businesses one tile short of complete
    (None while the board pays nobody: the fixed note says more then)."""
    pay = income_totals(s.owner, s.shop)
    if not any(pay.values()):
        return None
    parts = [
        msg("chinatown.tip.part.pay", player=name, amount=pay.get(seat, 0))
        for seat, name in enumerate(s.players)
    ]
    short = sum(
        1 for b in find_businesses(s.owner, s.shop) if not b.complete and b.size == DATA.shops[b.shop].max - 1
    )
    return Tip(msg("chinatown.tip.trade", players=parts, n=short), "chinatown.trade.holdings", "trade")


def _pay(size: int, maximum: int) -> int:
    """What one group of ``size`` tiles of a type of ``maximum`` pays (split when oversize)."""
    full, rest = divmod(size, maximum)
    return full * DATA.income.complete[maximum] + (DATA.income.incomplete[rest] if rest else 0)


def _groups(s: ChinatownState, seat: int) -> dict[int, tuple[int, int]]:
    """building -> (group number, group size) for the player's own tiles, grouped by type."""
    mine = {b: kind for b, kind in s.shop.items() if s.owner.get(b) == seat}
    out: dict[int, tuple[int, int]] = {}
    for start in sorted(mine):
        if start in out:
            continue
        group, todo = {start}, [start]
        while todo:
            for n in ADJACENCY[todo.pop()]:
                if n not in group and mine.get(n) == mine[start]:
                    group.add(n)
                    todo.append(n)
        for b in group:
            out[b] = (start, len(group))
    return out


def _place(s: ChinatownState, seat: int) -> Tip | None:
    """The placement that raises the player's yearly income most (first such, building order)."""
    hand = [shop for shop in DATA.shop_ids if s.hands[seat].get(shop, 0) > 0]
    vacant = s.vacant_of(seat)
    if not hand or not vacant:
        return None
    groups = _groups(s, seat)
    best: tuple[int, str, int] | None = None
    for shop in hand:
        top = DATA.shops[shop].max
        for b in vacant:
            joined = {groups[n] for n in ADJACENCY[b] if n in groups and s.shop[n] == shop}
            size = 1 + sum(size for _, size in joined)
            gain = _pay(size, top) - sum(_pay(size, top) for _, size in joined)
            if best is None or gain > best[0]:
                best = (gain, shop, b)
    assert best is not None
    gain, shop, building = best
    text = msg(
        "chinatown.tip.place", player=s.players[seat], shop=shop_name(shop), building=building, gain=gain
    )
    return Tip(text, "chinatown.income", "place_tile", seat)


def _income(s: ChinatownState) -> Tip:
    """The year's income just paid: each player's, and how much came from complete businesses."""
    paid = s.income[-1]
    complete: list[int] = [0] * s.n
    for b in find_businesses(s.owner, s.shop):
        if b.complete:
            complete[b.owner] += b.income
    parts: list[Msg] = [
        msg(
            "chinatown.tip.part.income_complete" if complete[seat] else "chinatown.tip.part.income",
            player=name,
            amount=paid[seat],
            complete=complete[seat],
        )
        for seat, name in enumerate(s.players)
    ]
    year = DATA.years[len(s.income) - 1]
    return Tip(msg("chinatown.tip.income", year=year, players=parts), "chinatown.income", "income")
