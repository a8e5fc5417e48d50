"""Small Msg builders shared by the engine, the calculator and the screens."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from companion.core import Msg, msg
from companion.games.chinatown.tables import SHOP_IDS, SHOPS  # plain: the calculator's too

if TYPE_CHECKING:
    from companion.games.chinatown.state import ChinatownState


def seat_name(state: ChinatownState, seat: int | None) -> str:
    """The name of the player in ``seat`` ("?" for a seat the table does not have)."""
    return state.players[seat] if seat is not None and 0 <= seat < state.n else "?"


def shop_name(shop: str) -> Msg:
    return msg(f"chinatown.shop.{shop}")


def business_short(line: Msg) -> Msg:
    """'Take Out 3 (1/5)': a business line (``business_msg``'s) said short, by its shop and
    buildings and how far it is to complete, without what it pays."""
    a = line.args
    return msg(
        "chinatown.business_short", shop=a["shop"], buildings=a["buildings"], size=a["size"], max=a["max"]
    )


def buildings_text(buildings: Iterable[int]) -> str:
    """A business's buildings as on the rulebook's examples, 16-17-19: the form a message keeps
    (stored effects and digests keep it too); the catalogue says it as a list, "16, 17, and 19" /
    "16, 17 y 19" (``{buildings:series}``): "38-41" read as a range of buildings, 38 to 41."""
    return "-".join(str(b) for b in sorted(buildings))


def tile_count(shop: str, k: int, *, always: bool = False) -> Msg:
    """``k`` tiles of one shop type, the one form on every screen: "Photo" for one, "Photo ×2"
    for more (a chip in hand, a player's tiles, the tiles drawn so far); ``always``: "Photo ×1"
    too (the name of a tile's picture shown with its count, "×1" included)."""
    if k == 1 and not always:
        return shop_name(shop)
    return msg("chinatown.tile_count", n=k, shop=shop_name(shop))


def tiles_text(tiles: Iterable[str]) -> list[Msg]:
    """'Photo ×2, Florist': counted, in the order of the shop types."""
    counts = Counter(tiles)
    return [tile_count(shop, counts[shop]) for shop in SHOP_IDS if counts.get(shop, 0) > 0]


INCOME_KEYS = {
    "chinatown.fx.income_complete": "chinatown.fx.business_complete",
    "chinatown.fx.income_incomplete": "chinatown.fx.business_incomplete",
}
"""A business's income line in History (its owner named) -> the same line without the owner."""


def income_msg(player: str, business: Msg) -> Msg:
    """'Ana: +$50,000 from Tea House 16-17-19, complete (3/3)': ``business_msg``'s line in
    History, its earner named in words as Dragon's and Da Yu's lines are (a colour dot alone says
    nothing to a screen reader or to a colour-blind player)."""
    key = next(k for k, v in INCOME_KEYS.items() if v == business.key)
    return msg(key, player=player, **business.args)


def business_of(line: Msg) -> Msg:
    """``income_msg``'s line back as ``business_msg``'s (without its earner); another unchanged."""
    if line.key not in INCOME_KEYS:
        return line
    return msg(INCOME_KEYS[line.key], **{k: v for k, v in line.args.items() if k != "player"})


# One shared message per business (Msgs are frozen): every year's income makes one a business, and a
# review replays the years of a game thousands of times with mostly the same businesses.
@functools.lru_cache(maxsize=4096)
def business_msg(shop: str, buildings: tuple[int, ...], size: int, complete: bool, income: int) -> Msg:
    """'+50,000: Tea House 16-17-19, complete (3/3)'."""
    maximum = SHOPS[shop].max
    return msg(
        "chinatown.fx.business_complete" if complete else "chinatown.fx.business_incomplete",
        amount=income,
        shop=shop_name(shop),
        buildings=buildings_text(buildings),
        size=size,
        max=maximum,
    )
