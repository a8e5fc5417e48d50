"""The host's rules for trades offered from a seat's phone (no Flet, no I/O; issue 25).

During trading a seat may offer another player a trade the two of them make; the other party
accepts or declines on its own phone, the offerer may withdraw it. Who may do what is decided
here, under the table's lock: an offer names its offerer by the link it came through (never by
what the phone says), and is answered only by the party it is addressed to. An offer is made on
the table as its phone showed it (``basis``, the table's stamp); once another entry lands, the
trading ends or the host undoes a step, it is stale and can no longer be accepted (``stale``
says why). Once the table has moved past it for good (``lapsed``), the store closes it as stale:
its parties' phones still say why, the host's list of offers drops it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

from companion.core import RuleViolation, Table
from companion.core.msg import Msg, msg
from companion.share.live import Access, LiveRefusal, stamp

TRADE_KINDS = {"trade"}  # the prompts whose table fact a seat may offer (Chinatown's trading)
ACCEPT, DECLINE, WITHDRAW, SEEN = "accept", "decline", "withdraw", "seen"  # the answers
# An offer's status (store/trade_offers.py): open until answered; declined until its offerer saw it
OPEN, ACCEPTED, DECLINED, WITHDRAWN, SEEN_STATUS = "open", "accepted", "declined", "withdrawn", "seen"
STALE = "stale"  # closed by the table moving past it (``lapsed``); its parties still see why


@runtime_checkable
class Tradable(Protocol):
    """A trade entry (Chinatown's ``entries.Trade``): the rules of who is in it and what can be
    checked before the other party agrees are the game's."""

    @property
    def parties(self) -> frozenset[int]: ...

    def without_money(self, seats: set[int]) -> Any: ...


class Offer(BaseModel):
    """One trade offered from ``offerer``'s phone to ``receiver``'s, made on the table stamped
    ``basis``; ``entry`` is the trade as its entry's JSON."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    table_id: str
    basis: str
    offerer: int
    receiver: int
    entry: str
    status: str = OPEN

    @property
    def basis_version(self) -> int:
        return int(self.basis.split(":", 1)[0])


def _seat_of(access: Access | None, table: Table) -> int:
    if access is None or access.table_id != table.id:
        raise LiveRefusal("live.refused.other_table" if access is not None else "live.refused.no_access")
    if access.seat is None:
        raise LiveRefusal("live.refused.viewer")
    return access.seat


def check_offer(access: Access | None, table: Table, entry: Any, seen: str | None) -> tuple[Any, int]:
    """The parsed trade and the seat it is offered to, if ``access``'s seat may offer it now;
    else raise LiveRefusal (or the engine's RuleViolation: the trade is not legal as it stands)."""
    seat = _seat_of(access, table)
    if seen is None or seen != stamp(table):
        raise LiveRefusal("live.refused.stale")
    if table.prompt is None or table.prompt.kind not in TRADE_KINDS:
        raise LiveRefusal("live.offer.not_trading")
    trade = table.parse_entry(entry)
    if not isinstance(trade, Tradable) or seat not in trade.parties:  # another entry is no one's
        raise LiveRefusal("live.offer.not_yours")  # a phone offering on other players' behalf
    parties = trade.parties
    if len(parties) != 2:
        raise LiveRefusal("live.offer.two_players")
    receiver = next(p for p in parties if p != seat)
    public = trade.without_money({receiver})  # his money is checked when he accepts, on his phone
    if public is not None:
        table.check(public)  # the engine's own reason, before anyone is asked
    return trade, receiver


def check_answer(access: Access | None, table: Table, offer: Offer | None, action: str) -> int:
    """The seat answering ``offer`` (``action``: accept, decline, withdraw, seen), if ``access``
    may; else raise LiveRefusal. An accept is also refused on a stale offer."""
    seat = _seat_of(access, table)
    if offer is None or offer.table_id != table.id:
        raise LiveRefusal("live.offer.gone")
    mine = offer.offerer if action in (WITHDRAW, SEEN) else offer.receiver
    if seat != mine:
        raise LiveRefusal("live.offer.not_to_you" if action != WITHDRAW else "live.offer.not_yours")
    if action == ACCEPT and offer.status in (OPEN, STALE):
        why = stale_msg(table, offer)
        if why is not None:
            raise LiveRefusal(why)
    if offer.status not in _ANSWERABLE[action]:
        raise LiveRefusal("live.offer.gone")
    return seat


# the statuses an answer moves an offer from: a stale one is still declined or withdrawn (its
# card goes from both phones), never accepted
_ANSWERABLE = {ACCEPT: (OPEN,), DECLINE: (OPEN, STALE), WITHDRAW: (OPEN, STALE), SEEN: (DECLINED,)}


def stale_msg(table: Table, offer: Offer) -> Msg | None:
    """Why ``offer`` can no longer be accepted (``stale``), with the engine's reason when the
    trade would also be refused as the table stands now (Ana no longer holds the tile she
    offered); None while the table is as the offer saw it."""
    why = stale(table, offer.basis)
    if why is None and offer.status == STALE:  # closed as the table moved past it: an undo since
        why = "live.offer.stale_entry"  # back to its table does not bring it back (lapsed)
    if why is None or why == "live.offer.stale_phase":
        return msg(why) if why is not None else None
    trade = table.parse_entry(json.loads(offer.entry))  # stored only once checked: a trade
    public = trade.without_money({offer.offerer, offer.receiver}) if isinstance(trade, Tradable) else None
    try:
        if public is not None:  # the holdings alone: the screens showing it would tell the money
            table.check(public)
    except RuleViolation as exc:
        return msg("live.offer.stale_refused", why=msg(why), reason=exc.msg)
    return msg(why)


def stale(table: Table, basis: str) -> str | None:
    """Why an offer made on the table stamped ``basis`` can no longer be accepted (a ``live.``
    key), or None while the table is still as it was."""
    if basis == stamp(table):
        return None
    if table.prompt is None or table.prompt.kind not in TRADE_KINDS:
        return "live.offer.stale_phase"
    if table.version <= int(basis.split(":", 1)[0]):
        return "live.offer.stale_undo"
    return "live.offer.stale_entry"


def lapsed(table: Table, offers: Iterable[Offer]) -> list[str]:
    """The open ``offers`` the table has moved past for good: made on another table than this
    one, at or before its version (another entry came in since; an undo back to it would not
    make the parties' agreement stand again), or on a table undone with no redo left to bring
    it back. An offer undone but still redoable stays open (the host may redo)."""
    now = stamp(table)
    return [
        o.id
        for o in offers
        if o.status == OPEN and o.basis != now and (o.basis_version <= table.version or not table.can_redo())
    ]
