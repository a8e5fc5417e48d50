"""A Chinatown trade offered from one phone and accepted on another, in Chromium (issue 25): Ana's
phone (its own browser context) steps $10,000 to Ben and sends the offer; Ben's phone reads it
and accepts it; the store holds the trade. Sent from the bottom of her long form, the offer's
line is in view on her phone without scrolling back up. One tap each."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from table_files import newest
from test_live_browser import device, frames_quiet
from test_table_taps_browser import Taps, chip, question_in_view
from ui_browser_kit import PHONE, enable_semantics, on_screen, served, tap_on, wait_until

from companion.core import Table
from companion.i18n import translate
from companion.store import Store
from companion.store.share_links import ShareLinks

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")  # skip the module without Playwright


def seed(folder: Path) -> tuple[str, list]:
    store = Store(folder / "tables.sqlite3")
    rng = random.Random(7)
    table = store.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    while table.prompt.kind != "trade":
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])
    links = ShareLinks(store).links(table.id, 3)
    store.close()
    return table.id, links


def test_ana_offers_ben_10000_and_ben_accepts_on_his_phone(tmp_path, browser):
    table_id, (_, ana, ben, _) = seed(tmp_path)
    with served(tmp_path) as url:
        base = url.rstrip("/")
        table = newest(tmp_path, table_id)
        a, a_frames = device(browser, base, f"/join/{ana.token}")
        b, _ = device(browser, base, f"/join/{ben.token}")
        on_screen(a, translate("ui.chinatown.seat_trade", "en"))
        frames_quiet(a, a_frames)
        tap_on(chip(a, translate("ui.chinatown.party_b", "en", name="Ben")))  # with Ben
        more = a.get_by_role("button", name=translate("ui.chinatown.money_more", "en", unit=10_000)).first
        tap_on(more)  # Ana gives Ben $10,000
        send = a.get_by_role("button", name=translate("ui.chinatown.offer_send", "en"))
        wait_until(lambda: send.is_enabled(), what="Send the offer enabled")
        tap_on(send)
        cash = translate("chinatown.give.money", "en", amount=10_000)
        said = translate("ui.chinatown.offer_you_gift", "en", giver="Ana", what=cash)
        on_screen(b, said)
        assert newest(tmp_path, table_id).version == table.version  # an offer is not an entry
        tap_on(b.get_by_role("button", name=translate("ui.chinatown.offer_accept", "en")))
        after = wait_until(
            lambda: (t := newest(tmp_path, table_id)).version == table.version + 1 and t, what="the trade"
        )
        assert after.entries[-1].kind == "trade"
        assert after.state.money[1] == table.state.money[1] + 10_000
        for page in (a, b):
            page.context.close()


def spanish_phone(browser, url: str, route: str):
    """A phone (its own browser context) whose stored language is Spanish from the start."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.add_init_script("localStorage.setItem('flutter.table_companion.lang', JSON.stringify('es'));")
    page.goto(url + route)
    enable_semantics(page)
    return page


def test_the_offer_sent_from_the_bottom_of_the_form_is_in_view(tmp_path, browser):
    """Ana scrolls down her long form to "Enviar la oferta"; after the tap, "Ofreces a Ben ..."
    is wholly on her screen: her phone brought it into view (it is above the form)."""
    _, (_, ana, _, _) = seed(tmp_path)
    with served(tmp_path) as url:
        a = spanish_phone(browser, url.rstrip("/"), f"/join/{ana.token}")
        on_screen(a, translate("ui.chinatown.seat_trade", "es"))
        taps = Taps()
        taps.on(chip(a, translate("ui.chinatown.party_b", "es", name="Ben")))
        taps.on(a.get_by_role("button", name=translate("ui.chinatown.money_more", "es", unit=10_000)).first)
        send = a.get_by_role("button", name=translate("ui.chinatown.offer_send", "es"))
        wait_until(lambda: send.is_enabled(), what="Enviar la oferta enabled")
        taps.on(send)
        assert taps.scrolls == 1, "the Send button was on the first screen: nothing to bring back"
        cash = translate("chinatown.give.money", "es", amount=10_000)
        question_in_view(a, translate("ui.chinatown.offer_yours_gift", "es", receiver="Ben", what=cash))
        a.context.close()
