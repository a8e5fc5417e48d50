"""The served app in Spanish and in the qps pseudo-locale, at phone size: Play, Scores, History
and Settings in Spanish, Play in qps (screenshots es_*.png and qps_play.png)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from urllib.parse import unquote

import msgpack
import pytest
from flet.messaging.protocol import MessageAction

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import enable_semantics, new_phone_page, on_screen, served, shot, tap_on

from companion.core import Table
from companion.i18n import translate
from companion.store import Store

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")


def stored_tables(data_dir) -> tuple[Table, Table]:
    """A Chinatown table part-way (money to show) and a finished Dragon game with both expansions."""
    store = Store(data_dir / "tables.sqlite3")
    try:
        rng = random.Random(5)
        dragon = Table.new(
            "dragon",
            ["Ana", "Ben", "Carla", "Dai"],
            {"great_wall": True, "super_events": True},
            name="Domingo",
        )
        while (p := dragon.prompt) is not None:
            dragon.auto(rng) if p.auto else dragon.submit(rng.choice(p.choices))
        going = Table.new("dragon", ["Ana", "Ben", "Carla"], {"great_wall": True, "super_events": True})
        for _ in range(40):
            p = going.prompt
            going.auto(rng) if p.auto else going.submit(rng.choice(p.choices))
        return store.create(dragon), store.create(going)
    finally:
        store.close()


def page_in(browser, lang: str):
    """A phone-size page whose stored language setting is ``lang`` before the app starts.

    SharedPreferences live in localStorage on the web; the script runs before each load."""
    page = new_phone_page(browser)
    page.add_init_script(f"localStorage.setItem('flutter.table_companion.lang', JSON.stringify('{lang}'))")
    return page


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    """The two tables in one served app for both tests (they add no entry)."""
    data = tmp_path_factory.mktemp("i18n")
    finished, going = stored_tables(data)
    with served(data) as url:
        yield url, finished, going


def asked_of_device(page) -> tuple[list[str], list[str]]:
    """The addresses of the page's websockets from now on, and the methods the server invokes on
    its services over them (reading a stored setting through SharedPreferences is "get")."""
    urls: list[str] = []
    asked: list[str] = []

    def frame(payload) -> None:
        if isinstance(payload, bytes) and payload[:1] == b"\x00":  # Flet's messages, not data channels
            action, body = msgpack.unpackb(payload[1:], strict_map_key=False, ext_hook=lambda _, d: d)
            if action == MessageAction.INVOKE_METHOD.value:
                asked.append(body.get("name"))

    def opened(ws) -> None:
        urls.append(ws.url)
        ws.on("framereceived", frame)

    page.on("websocket", opened)
    return urls, asked


def play_screen_in(browser, url: str, table, lang: str, watch: list | None = None):
    """A page in ``lang`` loaded at ``table``'s play screen, once its banner is drawn (``watch``
    gets what ``asked_of_device`` gives for the page)."""
    page = page_in(browser, lang)
    if watch is not None:
        watch.extend(asked_of_device(page))
    page.goto(url + f"table/{table.id}")
    enable_semantics(page)
    page.get_by_text(table.banner.render(lang)).first.wait_for(timeout=60000)
    return page


def test_spanish_screens(browser, app):
    url, finished, going = app
    watched: list = []
    page = play_screen_in(browser, url, going, "es", watched)
    # the stored language went with the websocket's handshake: the first screen was drawn in it
    # without asking the device (companion/ui/sent_settings.py)
    sockets, asked = watched
    assert '"es"' in unquote(sockets[0]) and "get" not in asked, (sockets, asked)
    # Flutter's own back button speaks the reader's language too (it said "Back")
    back = page.get_by_role("button", name="Atrás")
    back.wait_for(timeout=10000)
    shot(page, "es_play")
    # the other screens by taps inside the app, not by loading it again: Back goes Home
    tap_on(back)
    tap_on(page.get_by_role("button", name=re.compile(r"(^|\s)Domingo\s")).first)  # its Home card
    tap_on(page.get_by_role("tab", name=translate("ui.nav.scores", "es")))
    # the Scores screen's own button (the play screen of a finished game names the winner too)
    on_screen(page, translate("ui.review.ask", "es"))
    page.get_by_text(finished.scoreboard.ranking[0]).first.wait_for(timeout=60000)
    shot(page, "es_scores")
    tap_on(page.get_by_role("tab", name="Historial"))
    page.wait_for_url(f"**/table/{finished.id}/history", timeout=60000)  # the app went to History
    # the list of entries paints after the bar: its last round's header on screen (2 s were
    # sometimes too few, and the picture showed the Scores screen under History's tab)
    last_round = page.get_by_role("button", name=re.compile(r"^Mes 12 .*cómo fue")).first
    last_round.wait_for(timeout=60000)
    page.wait_for_timeout(1000)
    shot(page, "es_history")
    # the last round's header unfolded: its summary under it
    tap_on(last_round)
    on_screen(page, "Qué pasó")
    shot(page, "history_rounds_es")
    tap_on(back)
    tap_on(page.get_by_role("button", name=translate("ui.nav.settings", "es"), exact=True))  # Home's app bar
    page.get_by_role("checkbox", name="Español").wait_for(timeout=60000)
    shot(page, "es_settings")
    page.close()


def test_pseudo_locale_play_screen(browser, app):
    url, _, going = app
    page = play_screen_in(browser, url, going, "qps")
    shot(page, "qps_play")
    page.close()
