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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from companion.core import Table
from companion.share.live import Access, LiveRefusal
from companion.share.offers import (
    ACCEPT,
    ACCEPTED,
    DECLINE,
    DECLINED,
    SEEN,
    SEEN_STATUS,
    TRADE_KINDS,
    WITHDRAW,
    WITHDRAWN,
    Offer,
    check_answer,
    check_offer,
    lapsed,
)
from companion.store.trade_offers import TradeOffers

if TYPE_CHECKING:
    from companion.ui.hub import TableHub

CLOSED_AS = {DECLINE: DECLINED, WITHDRAW: WITHDRAWN, SEEN: SEEN_STATUS}
T = TypeVar("T")


def offers_for(hub: TableHub) -> TradeOffers:
    """The trade offers kept in this hub's store (one object per hub)."""
    return hub.kept(TradeOffers)


def table_offers(hub: TableHub, table: Table) -> tuple[Offer, ...]:
    """The offers a screen of ``table`` shows: none outside trading (no query then)."""
    if table.prompt is None or table.prompt.kind not in TRADE_KINDS:
        return ()
    start = trading_since(table)
    return tuple(o for o in offers_for(hub).of_table(table.id) if o.basis_version >= start)


def moving_on(hub: TableHub, action: Callable[[Table], T]) -> Callable[[Table], T]:
    """``action`` (an entry, undo, redo, an answer), then, still under the table's lock, the
    table's open offers it moved past for good closed as stale in the store (``lapsed``), so
    the store and the host's list stop carrying them. Only where offers can be: a change that
    moved the version from or to a trading step (one read of the offers, a write only when one
    lapsed); any other change of any game touches no offer."""

    def run(table: Table) -> T:
        version, was_trading = table.version, _trading(table)
        done = action(table)
        if table.version != version and (was_trading or _trading(table)):
            desk = offers_for(hub)
            desk.lapse(lapsed(table, desk.of_table(table.id)))
        return done

    return run


class _Opened:
    """The tables whose offers this hub has checked since it opened them (one set per hub)."""

    def __init__(self, _store: object) -> None:
        self.ids: set[str] = set()
        self.lock = threading.Lock()


def lapse_on_open(hub: TableHub, table_id: str) -> None:
    """Once per table a hub opens (a game with trades only): close as stale the open offers
    the table has moved past for good. ``moving_on`` closes them at each trading move since stop
    57; offers kept before it, on a table moved on since, stayed open until the next trading move
    (or for good, past the last trading). One read of the offers, a write only when one lapsed."""
    from companion.ui.gameui import ui_for

    opened = hub.kept(_Opened)
    with opened.lock:
        if table_id in opened.ids:
            return
        opened.ids.add(table_id)
    if not TRADE_KINDS & set(ui_for(hub.get(table_id).game_id).seat_forms):
        return
    desk = offers_for(hub)
    hub.quietly(table_id, lambda table: desk.lapse(lapsed(table, desk.of_table(table_id))))


def _trading(table: Table) -> bool:
    return table.prompt is not None and table.prompt.kind in TRADE_KINDS


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
    if action != ACCEPT:  # from the status checked (a stale offer is declined or withdrawn too)
        if not desk.close(offer_id, CLOSED_AS[action], found.status):
            raise LiveRefusal("live.offer.gone")
        return None
    if not desk.close(offer_id, ACCEPTED):  # withdrawn or answered meanwhile (another worker)
        raise LiveRefusal("live.offer.gone")
    try:
        return table.submit(table.parse_entry(json.loads(found.entry)))
    except Exception:
        desk.reopen(offer_id)
        raise
