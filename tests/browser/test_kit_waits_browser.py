"""The kit's waits watch the app's websocket (ui_browser_kit.WIRE_PROBE): a wait does not end while
an event the page sent has had no answer (for up to ``PENDING_MS``), and its quiet time counts
from the server's last message as from the tree's last change. Made certain by holding the
server's messages to the page (test_taps_browser.HeldSocket), as a busy host does."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from test_taps_browser import HeldSocket
from ui_browser_kit import (
    PENDING_MS,
    SETTLED_QUIET,
    enable_semantics,
    new_phone_page,
    served,
    settled,
    tap_on,
    wait_until,
)

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")

WIRE = "() => [performance.now(), window.__tcWire.event, window.__tcWire.recv, window.__tcTree.last]"


def test_a_wait_ends_after_the_answer_or_once_none_came_in_time(browser, tmp_path):
    with served(tmp_path / "data") as url:
        page = new_phone_page(browser)
        socket = HeldSocket()
        page.route_web_socket(re.compile(r"/ws(\?|$)"), socket.route)  # the address carries the settings
        page.goto(url)
        enable_semantics(page)
        settled(page)
        socket.hold = True  # from here the server's answers wait
        tap_on(page.get_by_role("button", name="New table").first)
        tapped = page.evaluate(WIRE)[1]  # the tap's event went out: the server heard it
        # Playwright hands the socket's messages over only while the test calls into it
        wait_until(lambda: page.wait_for_timeout(50) or socket.waiting, what="the server's answer (held)")
        settled(page)  # no answer came: the wait ends only once PENDING_MS have passed since the event
        now, event, recv, last = page.evaluate(WIRE)
        assert event >= tapped and now - event >= PENDING_MS, (now, event, recv)
        assert now - max(recv, last) >= SETTLED_QUIET * 1000, (now, recv, last)

        socket.release()
        page.get_by_role("textbox", name="Player 1").wait_for(timeout=60000)  # the answer: New table
        settled(page)  # quiet counted from the last message, and no answer due (or too late)
        now, event, recv, last = page.evaluate(WIRE)
        assert recv > event or now - event >= PENDING_MS, (now, event, recv)
        assert now - max(recv, last) >= SETTLED_QUIET * 1000, (now, recv, last)
        page.close()
