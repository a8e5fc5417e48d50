"""Trades offered from the seats' phones during Chinatown's trading (issue 25).

A seat's phone writes up a trade it is a party to (the host's trade form, its own seat fixed)
and sends it to the other party's phone, which shows it in the game's words ("Ana offers you
the Restaurant tile for $30,000.") with Accept and Decline; the offerer may withdraw it, and is
told when it is declined. The host's trade form lists the open offers. An offer made on a table
since moved on says why it can no longer be accepted, and offers no Accept; the host's list
leaves it out. The commands are
the session's (``TableModel.offer``, ``answer_offer``: ui/offer_desk.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import Prompt
from companion.core.msg import join_list
from companion.games.chinatown.public import ChinatownState, Give, Trade, give_parts
from companion.share.offers import ACCEPT, DECLINE, DECLINED, OPEN, SEEN, STALE, WITHDRAW, Offer, stale_msg
from companion.ui.games.chinatown.forms import own_trade_form, trade_form
from companion.ui.gameui import state_as
from companion.ui.i18n import Tr
from companion.ui.in_view import scroll_key, use_due_scroll
from companion.ui.table_model import TableModel
from companion.ui.widgets import button, card, heading, small

SECTION_TOP = "ct-seat-trade"  # the ScrollKey of a seat's offers and trade form


def offer_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """A seat's phone during trading: the offers it made or was made, then the trade form that
    sends a new one."""
    seat = model.seat
    assert seat is not None  # GameUI.seat_forms: a seat's phone only
    return SeatOffers(model, seat)


@ft.component
def SeatOffers(model: TableModel, seat: int) -> ft.Control:
    """The offers and the form, bringing into view what this phone must read next: an offer
    just sent from the bottom of the form, one just arrived, one just declined; after this
    phone's Withdraw, Decline or "Seen", the offers left and the form where its card was (an
    Accept moves the table on: the Play screen scrolls to the question). Never under a dialog:
    once it is closed. The answers column is drawn afresh when the table moves on, and this with
    it: the offers a screen opens with are not news."""
    shown = [o for o in model.offers if _shown_to(o, seat)]
    now = tuple((o.id, o.status) for o in shown)
    before = ft.use_ref(now)  # the offers last drawn
    answered = ft.use_ref("")  # the offer this phone last answered (its card goes)
    column = ft.Column(spacing=8, key=scroll_key(SECTION_TOP))
    aim, drawn, bring = use_due_scroll(column, model.dialog_open)

    def news() -> None:
        was, before.current = before.current, now
        target = _news(dict(was or ()), dict(now), answered.current or "")
        if target is not None:
            aim(target)
        else:
            bring()

    def answer(offer_id: str, action: str) -> None:
        answered.current = offer_id
        if model.answer_offer is not None:
            model.answer_offer(offer_id, action)

    ft.use_effect(news, [now, model.dialog_open])
    cards = [offer_card(model, o, seat, answer, drawn(f"offer-{o.id}")) for o in shown]
    column.controls = [*cards, own_trade_form(model, seat)]
    return column


def _news(was: dict[str, str], now: dict[str, str], answered: str) -> tuple[str, bool] | None:
    """What to bring into view, and whether it stands on the page already: the newest card new
    or changed since the last draw (new ones wait for the browser to lay them out); else, when
    the card this phone answered is gone, the top of the offers and the form."""
    for offer_id, status in reversed(now.items()):
        if was.get(offer_id) != status:
            return f"offer-{offer_id}", offer_id in was
    if answered in was and answered not in now:
        return SECTION_TOP, True
    return None


def host_trade_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """The host's trade form, with the open offers above it."""
    return ft.Column([HostOffers(model), trade_form(model, prompt)], spacing=8)


@ft.component
def HostOffers(model: TableModel) -> ft.Control:
    """Above the host's trade form: the offers the players' phones are weighing, those that can
    still be accepted (a stale one is its parties' to read, on their phones). An offer arriving
    while the host is scrolled down is brought into view, as on the seats' phones: once the
    browser has laid its line out, never under a dialog (once it is closed). The list a screen
    opens with is not news, nor is an offer going (answered or withdrawn on the phones)."""
    shown = (
        []
        if model.guest
        else [o for o in model.offers if o.status == OPEN and stale_msg(model.table, o) is None]
    )
    now = tuple(o.id for o in shown)
    before = ft.use_ref(now)  # the offers last drawn
    column = ft.Column(spacing=8)
    aim, drawn, bring = use_due_scroll(column, model.dialog_open)

    def news() -> None:
        was, before.current = before.current or (), now
        new = [offer_id for offer_id in now if offer_id not in was]
        if new:  # the newest arrival: drawn by this update, scrolled to once laid out
            aim((f"offer-{new[-1]}", False))
        else:
            bring()

    ft.use_effect(news, [now, model.dialog_open])
    if shown:
        top = heading(model.tr("chinatown.offers_open"))
        lines = [
            _host_line(model, o, drawn(f"offer-{o.id}"), top if i == 0 else None) for i, o in enumerate(shown)
        ]
        column.controls = [card(*lines, key="ct-offers")]
    return column


def _host_line(
    model: TableModel, o: Offer, laid_out: Callable[[Any], None], top: ft.Control | None
) -> ft.Control:
    """One offer on the host's list, in the table's words ("Ana offers Ben ..."), scrolled to
    once laid out when it is new. The first holds the list's heading (``top``): a scroll brings
    its key to the top of the screen, and the heading above it was left under the app bar."""
    text = ft.Text(offer_text(model, o, None), key=f"offer-text-{o.id}")
    content = text if top is None else ft.Column([top, text], spacing=8)
    line = ft.Container(content=content, key=scroll_key(f"offer-{o.id}"))
    line.on_size_change = laid_out
    return line


def _shown_to(o: Offer, seat: int) -> bool:
    """An offer to or from ``seat``, open or closed as stale (it says why); a declined one to
    its offerer, until seen."""
    if o.status == DECLINED:
        return o.offerer == seat
    return seat in (o.offerer, o.receiver)


def offer_card(
    model: TableModel,
    o: Offer,
    seat: int,
    answer: Callable[[str, str], None],
    laid_out: Callable[[Any], None],
) -> ft.Control:
    """One offer on a party's phone: what it is, why it is stale if it is, and its answers
    (``answer``); ``laid_out``: told its size by the browser (scrolled to once drawn)."""
    tr = model.tr
    items: list[ft.Control] = [ft.Text(offer_text(model, o, seat), key=f"offer-text-{o.id}")]
    why = stale_msg(model.table, o) if o.status in (OPEN, STALE) else None
    if o.status == DECLINED:
        receiver = model.table.players[o.receiver].name
        items.append(ft.Text(tr("chinatown.offer_declined", receiver=receiver), key=f"offer-declined-{o.id}"))
    elif why is not None:
        items.append(small(tr.msg(why), key=f"offer-stale-{o.id}"))
    actions = [_answer(model.tr, o, a, answer) for a in _actions(o, seat, why is None)]
    items.append(ft.Row(actions, wrap=True, spacing=6, run_spacing=6))
    drawn = card(*items, key=scroll_key(f"offer-{o.id}"))
    drawn.on_size_change = laid_out
    return drawn


def _actions(o: Offer, seat: int, fresh: bool) -> list[str]:
    if o.status == DECLINED:
        return [SEEN]
    if o.offerer == seat:
        return [WITHDRAW]
    return [ACCEPT, DECLINE] if fresh else [DECLINE]


_LABELS = {
    ACCEPT: ("chinatown.offer_accept", ft.Icons.CHECK),
    DECLINE: ("chinatown.offer_decline", ft.Icons.CLOSE),
    WITHDRAW: ("chinatown.offer_withdraw", ft.Icons.UNDO),
    SEEN: ("chinatown.offer_seen", ft.Icons.DONE),
}


def _answer(tr: Tr, o: Offer, action: str, answer: Callable[[str, str], None]) -> ft.Control:
    label, icon = _LABELS[action]
    return button(
        tr(label),
        f"offer-{action}-{o.id}",
        lambda _: answer(o.id, action),
        icon=icon,
        filled=action == ACCEPT,
    )


def offer_text(model: TableModel, o: Offer, seat: int | None) -> str:
    """The offer in the game's words, to whoever reads it: "Ana offers you ... for ..." on the
    receiver's phone, "You offer Ben ..." on the offerer's, "Ana offers Ben ..." on the host's."""
    tr, table = model.tr, model.table
    state = state_as(table, ChinatownState)
    trade = Trade.model_validate_json(o.entry)
    what = _parts(tr, state, [g for g in trade.gives if g.giver == o.offerer])
    wants = _parts(tr, state, [g for g in trade.gives if g.giver == o.receiver])
    who = "you" if seat == o.receiver else "yours" if seat == o.offerer else "between"
    shape = "both" if what and wants else "gift" if what else "ask"
    names = {"giver": table.players[o.offerer].name, "receiver": table.players[o.receiver].name}
    return tr(_TEXTS[who, shape], what=what, wants=wants, **names)


_TEXTS = {  # (to whom, what the offer holds) -> its line
    ("you", "both"): "chinatown.offer_you",
    ("you", "gift"): "chinatown.offer_you_gift",
    ("you", "ask"): "chinatown.offer_you_ask",
    ("yours", "both"): "chinatown.offer_yours",
    ("yours", "gift"): "chinatown.offer_yours_gift",
    ("yours", "ask"): "chinatown.offer_yours_ask",
    ("between", "both"): "chinatown.offer_between",
    ("between", "gift"): "chinatown.offer_between_gift",
    ("between", "ask"): "chinatown.offer_between_ask",
}


def _parts(tr: Tr, state: ChinatownState, gives: list[Give]) -> str:
    parts = [tr.msg(m) for g in gives for m in give_parts(state, g)]
    return join_list(tuple(parts), tr.lang)
