"""A tap on a list the server has already redrawn (issue 25): the phone still shows the old
question while the new one is on its way. The tap must act on what the user saw (checked by the
table's stamp) or be refused where the user looks, never dropped in silence and never given to
whatever the server now has in that place.

The race is made certain, not waited for: the test holds the server's messages to the page (a
Playwright websocket route) from the Undo tap until after the choice tap, as a slow network or
a busy host does."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from test_dragon_taps_browser import first_tap
from ui_browser_kit import enable_semantics, new_phone_page, on_screen, served, tap_on

from companion.core import Table
from companion.i18n import translate
from companion.store import Store
from companion.ui.games.dragon.taps import last_tap_size

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")


def stored(data_dir: Path) -> Table:
    store = Store(data_dir / "tables.sqlite3")
    try:
        return store.open(store.list()[0].id)
    finally:
        store.close()


def seeded(data_dir: Path) -> Table:
    """A Dragon table a few entries in, at a question with several choices after one that had some."""
    store = Store(data_dir / "tables.sqlite3")
    try:
        table = store.create(Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"]))
        rng = random.Random(5)
        while True:
            prompt = table.prompt
            assert prompt is not None
            if table.version >= 3 and not prompt.auto and len(prompt.choices or []) >= 3:
                return table
            table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
    finally:
        store.close()


class HeldSocket:
    """Forwards the app's websocket both ways; while ``hold`` is on, what the server sends waits."""

    def __init__(self) -> None:
        self.hold = False
        self.waiting: list[str | bytes] = []
        self.page_side = None

    def route(self, ws) -> None:
        server = ws.connect_to_server()
        self.page_side = ws
        server.on_message(self._from_server)
        ws.on_message(server.send)

    def _from_server(self, message) -> None:
        if self.hold:
            self.waiting.append(message)
        else:
            self.page_side.send(message)

    def release(self) -> None:
        self.hold = False
        for message in self.waiting:
            self.page_side.send(message)
        self.waiting.clear()


def test_a_tap_on_a_list_redrawn_after_an_undo_is_refused_where_the_user_looks(browser, tmp_path):
    data = tmp_path / "data"
    table = seeded(data)
    shown, _ = first_tap(table, "en", 1)  # the second tile or card on screen, by its name
    taken = last_tap_size(table)  # what Undo takes back: the whole last tap
    with served(data) as url:
        page = new_phone_page(browser)
        socket = HeldSocket()
        page.route_web_socket(
            re.compile(r"/ws(\?|$)"), socket.route
        )  # the address carries the stored settings
        page.goto(url + f"table/{table.id}")
        enable_semantics(page)
        choice = page.get_by_role("button", name=shown, exact=True).first
        choice.wait_for(timeout=60000)
        version = stored(data).version

        socket.hold = True  # from here the phone keeps showing this question
        tap_on(page.get_by_role("button", name="Undo the last move", exact=True).first)
        # wait inside Playwright, which forwards the tap's message through the route only while
        # the test is in one of its calls (a plain sleep left it unsent on a busy machine: the
        # undo never reached the server within 60 s)
        for _ in range(600):
            if stored(data).version == version - taken:
                break
            page.wait_for_timeout(100)
        assert stored(data).version == version - taken, "the undo never reached the server"
        for _ in range(300):  # Playwright hands over the socket's messages while the page waits
            if socket.waiting:
                break
            page.wait_for_timeout(100)
        assert socket.waiting, "the server's redraw after the undo should be held"
        tap_on(choice)  # the list the user sees; the server has redrawn it away
        page.wait_for_timeout(1500)  # the tap reaches the server, which answers (held)
        socket.release()

        on_screen(page, translate("ui.play.tap_lost", "en"))
        after = stored(data)
        assert after.version == version - taken  # nothing entered: not the undone question's choice
        assert after.can_redo()  # and the undone entry is still there to redo
        page.context.close()
