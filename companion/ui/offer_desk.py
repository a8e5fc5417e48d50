"""Trades offered from a seat's phone, session side (issue 25): what runs under the table's
lock when a phone offers, accepts, declines or withdraws a trade (the rules are in
``companion.share.offers``; the offers are kept in the store, ``companion.store.trade_offers``).

Each action is run by ``OpenTable`` through the hub's ``change``: serialised with the table's
entries in this process, told to the other workers by the relay (ui/relay.py) and to this
process's sessions by the table's topic, so every phone draws the offers again.
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any

from companion.core import Table
from companion.share.live import Access, LiveRefusal
from companion.share.offers import (
    ACCEPT,
    ACCEPTED,
    DECLINE,
    DECLINED,
    OPEN,
    SEEN,
    SEEN_STATUS,
    TRADE_KINDS,
    WITHDRAW,
    WITHDRAWN,
    Offer,
    check_answer,
    check_offer,
)
from companion.store.trade_offers import TradeOffers

if TYPE_CHECKING:
    from companion.ui.hub import TableHub

_DESKS: dict[int, TradeOffers] = {}
_GUARD = threading.Lock()
CLOSED_AS = {DECLINE: DECLINED, WITHDRAW: WITHDRAWN, SEEN: SEEN_STATUS}


def offers_for(hub: TableHub) -> TradeOffers:
    """The trade offers kept in this hub's store (one object per store)."""
    with _GUARD:
        key = id(hub.store)
        if key not in _DESKS:
            _DESKS[key] = TradeOffers(hub.store)
        return _DESKS[key]


def table_offers(hub: TableHub, table: Table) -> tuple[Offer, ...]:
    """The offers a screen of ``table`` shows: none outside trading (no query then)."""
    if table.prompt is None or table.prompt.kind not in TRADE_KINDS:
        return ()
    start = trading_since(table)
    return tuple(o for o in offers_for(hub).of_table(table.id) if o.basis_version >= start)


def trading_since(table: Table) -> int:
    """The version at which this trading began: the entries since are trades. An offer made
    before it (last year's, never answered) is not shown again."""
    start = table.version
    for entry in reversed(table.entries):
        if getattr(entry, "kind", None) not in TRADE_KINDS:
            break
        start -= 1
    return start


def _valid(hub: TableHub, access: Access | None) -> Access | None:
    """``access`` while its link still stands (a revoked seat link offers nothing)."""
    from companion.ui.live import links_for

    return access if access is not None and links_for(hub).valid(access.token) else None


def offer(hub: TableHub, access: Access | None, table: Table, entry: Any, seen: str | None) -> Offer:
    """Under the table's lock: ``access``'s seat offers ``entry`` (a trade) to its other party."""
    trade, receiver = check_offer(_valid(hub, access), table, entry, seen)
    assert access is not None and access.seat is not None
    return offers_for(hub).make(table.id, seen or "", access.seat, receiver, trade.model_dump_json())


def answer(hub: TableHub, access: Access | None, table: Table, offer_id: str, action: str) -> Any:
    """Under the table's lock: accept (the trade entered as any trade is), decline, withdraw,
    or mark a declined offer seen. A refused accept changes nothing, the offer included."""
    desk = offers_for(hub)
    found = desk.find(offer_id)
    check_answer(_valid(hub, access), table, found, action)
    assert found is not None
    if action != ACCEPT:
        if not desk.close(offer_id, CLOSED_AS[action], DECLINED if action == SEEN else OPEN):
            raise LiveRefusal("live.offer.gone")
        return None
    if not desk.close(offer_id, ACCEPTED):  # withdrawn or answered meanwhile (another worker)
        raise LiveRefusal("live.offer.gone")
    try:
        return table.submit(table.parse_entry(json.loads(found.entry)))
    except Exception:
        desk.reopen(offer_id)
        raise
