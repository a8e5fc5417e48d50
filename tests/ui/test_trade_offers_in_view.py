"""A trade offer's news is brought into view on the seats' phones (issue 25: every question in
view): Ana sends from the bottom of her long form and her phone scrolls to "You offer Ben ...";
Ben's phone scrolls to the offer as it arrives (not under a dialog: once he closes it); Ana's
to "Ben declined your offer"; after a Decline or "Seen" the card goes and the phone scrolls to
the offers and the form where it stood. A new card is scrolled to once the browser has laid it
out (a scroll sent with the update finds no control under the key: ui/in_view.py)."""

from __future__ import annotations

import flet as ft
from test_live_share import app_of, direct
from test_trade_offers import ana_offers_ben, close, trading

from companion.i18n import translate
from companion.ui.games.chinatown.offers import SECTION_TOP


def _texts(control) -> list[ft.Text]:
    """The texts inside ``control``, in order."""
    if isinstance(control, ft.Text):
        return [control]
    inner = getattr(control, "controls", None) or [getattr(control, "content", None)]
    return [t for c in inner if c is not None for t in _texts(c)]


def scrolls(h) -> list[str]:
    return [args.get("scroll_key") for name, args in h.conn.calls if name == "scroll_to"]


async def laid_out(h, target: str) -> None:
    """What the browser says once it has laid the card out: its size."""
    (drawn,) = [c for c in h.controls() if isinstance(c.key, ft.ScrollKey) and c.key.value == target]
    await h.session.dispatch_event(drawn._i, "size_change", {"w": 380.0, "h": 160.0})
    await h.flush()


async def test_sent_arrived_declined_and_seen_offers_are_brought_into_view(tmp_path, year_played):
    hub, table, host, (a, b, c) = await trading(tmp_path, "es", year_played)
    a0, b0, c0 = len(scrolls(a)), len(scrolls(b)), len(scrolls(c))
    offer = await ana_offers_ben(hub, table, a)
    card = f"offer-{offer.id}"
    assert scrolls(a)[a0:] == []  # not before the browser has drawn the card
    await laid_out(a, card)
    assert scrolls(a)[a0:] == [card]
    await laid_out(a, card)  # laid out again (it grew): no second scroll
    await b.flush(pause=0.01)
    await laid_out(b, card)
    assert scrolls(b)[b0:] == [card]  # it arrived on Ben's phone
    await b.click(f"offer-decline-{offer.id}")
    assert scrolls(b)[b0:] == [card, SECTION_TOP]  # his card went: the offers and the form
    await a.flush(pause=0.01)
    assert scrolls(a)[a0:] == [card, card]  # "Ben declined your offer": on the page already
    await a.click(f"offer-seen-{offer.id}")
    assert scrolls(a)[a0:] == [card, card, SECTION_TOP]
    await c.flush(pause=0.01)
    assert scrolls(c)[c0:] == []  # Carla's phone, no party to it, stays where it is
    close(host, a, b, c)


async def test_an_offer_arriving_under_a_dialog_is_brought_into_view_once_it_is_closed(tmp_path, year_played):
    hub, table, host, (a, b, c) = await trading(tmp_path, "en", year_played)
    await direct(b, lambda: app_of(b).dialogs.show_rule("chinatown.trade"))
    b0 = len(scrolls(b))
    offer = await ana_offers_ben(hub, table, a)
    await b.flush(pause=0.01)
    await laid_out(b, f"offer-{offer.id}")
    assert scrolls(b)[b0:] == []  # never under a dialog
    await b.click("rule-dialog-close")
    await b.flush(pause=0.01)
    assert b.open_dialogs() == [] and scrolls(b)[b0:] == [f"offer-{offer.id}"]
    close(host, a, b, c)


async def test_an_offer_arriving_on_the_hosts_screen_is_brought_into_view(tmp_path, year_played):
    """The host's screen, scrolled down its trade form, did not move when an offer arrived: its
    line above the form stayed out of view (the seats' phones already scrolled to theirs). It is
    scrolled to once laid out, not under a dialog (once the dialog is closed), and an offer
    going (withdrawn on Ana's phone) moves nothing."""
    hub, table, host, (a, b, c) = await trading(tmp_path, "es", year_played)
    h0 = len(scrolls(host))
    offer = await ana_offers_ben(hub, table, a)
    await host.flush(pause=0.01)
    line = f"offer-{offer.id}"
    assert host.has(f"offer-text-{offer.id}") and scrolls(host)[h0:] == []  # not before laid out
    await laid_out(host, line)
    assert scrolls(host)[h0:] == [line]
    # what the scroll brings to the top holds the list's heading: it was left under the app bar
    (target,) = [c for c in host.controls() if isinstance(c.key, ft.ScrollKey) and c.key.value == line]
    shown = [t.value for t in _texts(target)]
    assert shown[0] == translate("ui.chinatown.offers_open", "es") and len(shown) == 2, shown
    await laid_out(host, line)  # laid out again: no second scroll
    await direct(host, lambda: app_of(host).dialogs.show_rule("chinatown.trade"))
    await a.click(f"offer-withdraw-{offer.id}")
    await host.flush(pause=0.01)
    assert not host.has(f"offer-text-{offer.id}") and scrolls(host)[h0:] == [line]
    again = await ana_offers_ben(hub, table, a)
    await host.flush(pause=0.01)
    await laid_out(host, f"offer-{again.id}")
    assert scrolls(host)[h0:] == [line]  # never under a dialog
    await host.click("rule-dialog-close")
    await host.flush(pause=0.01)
    assert host.open_dialogs() == [] and scrolls(host)[h0:] == [line, f"offer-{again.id}"]
    close(host, a, b, c)
