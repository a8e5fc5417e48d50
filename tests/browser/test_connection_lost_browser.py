"""A phone that loses its server says so in its own language, and the app comes back by itself.

Flet's web client covers the whole screen with an English "Working..." on a light page while
its websocket is down; the page's own notice (companion/ui/offline_notice.py) lies over it in
the stored language and theme, and goes once Flet has reconnected. The first load, whose boot
screen said the same "Working...", says "Cargando la mesa…" until the first screen comes.
"""

from __future__ import annotations

import re

import pytest
from ui_browser_kit import (
    PHONE,
    enable_semantics,
    new_phone_page,
    served,
    settled,
    shot,
    tap_on,
    wait_until,
)

from companion.i18n import translate
from companion.ui.offline_notice import LINE, LOADING, NOTICE_ID, TITLE

pytestmark = pytest.mark.browser

# Before the app's scripts: each websocket the page opens is kept (the test closes one, as a
# dropped Wi-Fi would), and whether the notice showed once each one had closed.
SOCKETS = """
(() => {
  const Socket = window.WebSocket;
  window.__tcSockets = [];
  window.__tcShown = [];
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      window.__tcSockets.push(this);
      this.addEventListener('close', () => setTimeout(() => {
        const n = document.getElementById('__NOTICE__');
        window.__tcShown.push(n !== null && !n.hidden);
      }));
    }
  };
})();
""".replace("__NOTICE__", NOTICE_ID)
SPANISH_DARK = (
    "localStorage.setItem('flutter.table_companion.lang', JSON.stringify('es'));"
    "localStorage.setItem('flutter.table_companion.theme', JSON.stringify('dark'));"
)
NOTICE = f"#{NOTICE_ID}"


def notice(page) -> dict | None:
    """The notice as shown: None when absent or hidden."""
    return page.evaluate(
        """id => { const n = document.getElementById(id);
          if (n === null || n.hidden) return null;
          const box = n.getBoundingClientRect();
          return {title: n.querySelector('h2').textContent, line: n.querySelector('p').textContent,
                  theme: n.dataset.theme, lang: n.lang, role: n.getAttribute('role'),
                  width: box.width, height: box.height}; }""",
        NOTICE_ID,
    )


def test_a_lost_connection_is_said_in_the_players_language_and_the_app_comes_back(browser, tmp_path):
    with served(tmp_path / "data") as url:
        page = new_phone_page(browser)
        page.add_init_script(SOCKETS)
        page.add_init_script(SPANISH_DARK)
        page.goto(url)
        enable_semantics(page)
        settled(page)
        assert notice(page) is None  # connected: nothing over the app

        # The connection drops (as when the phone's Wi-Fi blinks): the notice, then Flet is back.
        page.evaluate("window.__tcSockets.at(-1).close()")
        wait_until(lambda: page.evaluate("window.__tcShown.length") == 1, what="the socket closed")
        assert page.evaluate("window.__tcShown") == [True]
        wait_until(
            lambda: (
                page.evaluate("window.__tcSockets.at(-1).readyState === WebSocket.OPEN")
                and notice(page) is None
            ),
            what="reconnected, the notice gone",
        )
        tap_on(page.get_by_role("button", name="Nueva mesa"))  # the app takes taps again
        page.get_by_role("checkbox", name="En el año del dragón").wait_for(timeout=60000)  # New table

    # The server is gone (the laptop serving the table went to sleep): the notice stays up.
    wait_until(lambda: notice(page) is not None, what="the notice shown")
    shown = notice(page)
    assert shown == {
        "title": translate(TITLE, "es"),
        "line": translate(LINE, "es"),
        "theme": "dark",
        "lang": "es",
        "role": "alert",
        "width": PHONE["width"],
        "height": PHONE["height"],
    }
    assert "Working" not in page.locator(NOTICE).inner_text()
    shot(page, "connection_lost_es_dark", settle_ms=300)


def test_the_first_load_says_so_in_the_players_language_until_the_first_screen(browser, tmp_path):
    """Issue 25: before its first screen came, Flet's client showed its boot screen, an English
    "Working..." on a light page, to a Spanish player with a dark theme. The server's answers are
    held (the page's websocket is open, Flutter has started and drawn its boot screen): the
    page says "Cargando la mesa…" in the stored theme; once they pass, the app comes and the
    notice goes."""
    held: list = []
    passing: list = []  # the page's socket, once the server's messages pass

    def hold(ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)
        server.on_message(lambda m: ws.send(m) if passing else held.append(m))
        sockets.append(ws)

    sockets: list = []
    with served(tmp_path / "data") as url:
        page = new_phone_page(browser)
        page.add_init_script(SPANISH_DARK)
        page.route_web_socket(re.compile(r"/ws"), hold)
        page.goto(url)
        for _ in range(600):  # Playwright runs the route's handlers while the page waits
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the server never answered"
        page.wait_for_selector("flt-glass-pane, flutter-view", state="attached", timeout=60000)
        page.wait_for_timeout(800)  # Flutter's boot screen drawn under the notice
        assert notice(page) == {
            "title": translate(LOADING, "es"),
            "line": "",
            "theme": "dark",
            "lang": "es",
            "role": "status",
            "width": PHONE["width"],
            "height": PHONE["height"],
        }
        shot(page, "first_load_es_dark", settle_ms=300)
        passing.append(sockets[0])
        for m in held:
            sockets[0].send(m)
        enable_semantics(page)
        settled(page)
        assert notice(page) is None
        tap_on(page.get_by_role("button", name="Nueva mesa"))  # the app takes taps
        page.get_by_role("checkbox", name="En el año del dragón").wait_for(timeout=60000)
