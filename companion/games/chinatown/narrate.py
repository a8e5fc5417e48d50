"""What a made entry did, as a sentence naming who did it ("Ana places a Seafood tile on
building 34"): the header of a History entry and the Play screen's "Last:" line. ``describe``
(flow.py) labels a choice before it is made ("Seafood on 34", "Trade: ...")."""

from __future__ import annotations

from companion.core import Msg, msg
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
from companion.games.chinatown.flow import describe
from companion.games.chinatown.rules import describe_give
from companion.games.chinatown.state import ChinatownState
from companion.games.chinatown.text import seat_name, shop_name


def narrate(state: ChinatownState, entry: object) -> Msg:
    """Entry ``entry``, made in ``state``, as a sentence."""
    if isinstance(entry, ChooseFirst | KeepBuildings | DrawTiles):  # its label says who did what already
        return describe(state, entry)
    if isinstance(entry, DealBuildings):
        return msg("chinatown.did.deal", n=len(entry.hands[0]) if entry.hands else 0)
    if isinstance(entry, Trade):
        seats = dict.fromkeys(s for g in entry.gives for s in (g.giver, g.receiver))
        return msg(
            "chinatown.did.trade",
            players=[seat_name(state, s) for s in seats],
            gives=[describe_give(state, g, "chinatown.entry.give") for g in entry.gives],
        )
    if isinstance(entry, TradingDone):
        return msg("chinatown.did.trading_done")
    if isinstance(entry, PlaceTile):
        shop = shop_name(entry.shop)
        return msg(
            "chinatown.did.place", player=seat_name(state, entry.seat), shop=shop, building=entry.building
        )
    if isinstance(entry, DonePlacing):
        return msg("chinatown.did.done_placing", player=seat_name(state, entry.seat))
    return msg("chinatown.entry.unknown")
