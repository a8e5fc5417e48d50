"""Two ``companion serve`` workers on one PostgreSQL, driven in Debian's Chromium (one tap per
entry, no retries): the host plays on worker A and a viewer on worker B sees every entry; then
worker A is killed (SIGKILL) mid-game and both phones carry on through worker B, nothing lost.

Both workers listen on 127.0.0.1, so the host's page is the host (LAN mode); the viewer of the
second test sends a proxy's header from an untrusted address, which makes it a remote guest
(companion/ui/guard.py), as a phone across the Internet is. Each tap's delay to the viewer's
update is taken in the browsers (the host's pointerdown, the viewer's websocket message carrying
the new last entry) and printed: the figure goes to docs/PERFORMANCE.md, nothing is timed here.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "browser"))  # the browser tests' kit
from hosted.kit import dragon_at_a_choice
from hosted.workers import Front, workers
from test_dragon_taps_browser import first_tap
from ui_browser_kit import PHONE, auto_label, enable_semantics, settled, tap_on, wait_until

from companion.core import Table
from companion.i18n import translate
from companion.store import Store
from companion.store.share_links import ShareLinks
from companion.ui.i18n import Tr
from companion.ui.views.history import entry_label

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")  # skip the module without Playwright

TAPS = 10
# The host's taps and the viewer's websocket messages, stamped by the page's clock
# (performance.timeOrigin + now: one clock for every page of the browser).
TAP_TIMES = """
window.__taps = [];
window.addEventListener('pointerdown', () => window.__taps.push(performance.timeOrigin + performance.now()), true);
"""
FRAME_TIMES = """
window.__frames = [];
window.WebSocket = class extends window.WebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (e) => {
      const at = performance.timeOrigin + performance.now();
      const body = typeof e.data === 'string' ? Promise.resolve(e.data)
        : (e.data instanceof Blob ? e.data.arrayBuffer() : Promise.resolve(e.data))
            .then((b) => new TextDecoder().decode(b));
      body.then((text) => window.__frames.push([at, text]));
    });
  }
};
"""
# The first message after ``since`` holding ``text`` (null: any message after it); its time.
SEEN_AT = """([since, text]) => {
  const hit = window.__frames.find(([at, body]) => at > since && (text === null || body.includes(text)));
  return hit ? hit[0] : null;
}"""


def seeded(url: str) -> tuple[Table, Any]:
    """A Dragon table at its first choice in the workers' database, and its viewer link."""
    store = Store(url)
    try:
        table = dragon_at_a_choice(store)
        return table, ShareLinks(store).links(table.id, len(table.players))[0]
    finally:
        store.close()


def newest(url: str, table_id: str) -> Table:
    store = Store(url)
    try:
        return store.open(table_id)
    finally:
        store.close()


def phone(browser: Any, url: str, script: str, headers: dict[str, str] | None = None) -> Any:
    page = browser.new_context(viewport=PHONE, extra_http_headers=headers or {}).new_page()
    page.add_init_script(script)
    page.goto(url)
    enable_semantics(page)
    return page


@contextlib.contextmanager
def explained(folder: Path, pages: dict[str, Any], running: list[Any]) -> Iterator[None]:
    """On a failure: each page's screenshot in ``folder`` and the workers' last lines, in the message."""
    try:
        yield
    except Exception as exc:
        for name, page in pages.items():
            with contextlib.suppress(Exception):
                page.screenshot(path=str(folder / f"{name}.png"))
        said = "\n".join(f"--- worker {w.name}:\n{w.said()[-1500:]}" for w in running)
        raise AssertionError(f"{exc}\n(screenshots in {folder})\n{said}") from exc


def last_entry_text(table: Table) -> str:
    i = table.version - 1
    return translate("ui.play.last", "en", label=entry_label(Tr("en"), table, i, table.entries[i]))


def tap_and_wait(page: Any, table: Table, stored: Any, own: bool = False) -> tuple[Table, float]:
    """The first tap on screen at ``table``'s question (or "Deal"), made on ``page`` (``own``:
    the phone of the seat asked, whose buttons leave its name out): the table once stored, and
    the browser's time of the tap."""
    if table.prompt.auto:
        target, made = page.get_by_role("button", name=auto_label(table, "en")), 1
    else:
        name, made = first_tap(table, "en", own=own)
        # a question to the table (who is oldest) names its buttons with a line of explanation
        named = name if table.prompt.seat is not None else re.compile(f"^{re.escape(name)}( |$)")
        target = page.get_by_role("button", name=named, exact=True).first
    target.wait_for(timeout=60000)
    settled(page, quiet=0.4)
    tap_on(target)
    tapped = page.evaluate("window.__taps.at(-1)")
    after = wait_until(
        lambda: (t := stored()).version >= table.version + made and t, what="the tap's entries stored"
    )
    return after, tapped


def play_one(host: Any, viewer: Any, url: str, table: Table) -> tuple[Table, float]:
    """One tap on the host's phone: the table as stored after it, and the ms from the tap to the
    viewer's websocket message with the new last entry (any message when it reads as before)."""
    after, tapped = tap_and_wait(host, table, lambda: newest(url, table.id))
    said = last_entry_text(after)
    wanted = None if table.version and said == last_entry_text(table) else said
    seen = wait_until(lambda: viewer.evaluate(SEEN_AT, [tapped, wanted]), what=f"{said!r} on the viewer")
    return after, seen - tapped


def test_an_entry_on_worker_a_reaches_the_viewer_on_worker_b(browser, pg_url, tmp_path):
    table, viewer_link = seeded(pg_url)
    with workers(pg_url, tmp_path) as (a, b):
        host = phone(browser, f"{a.url}/table/{table.id}", TAP_TIMES)
        viewer = phone(browser, f"{b.url}/join/{viewer_link.token}", FRAME_TIMES)
        viewer.get_by_text("Viewer").wait_for(timeout=60000)
        delays = []
        for _ in range(TAPS):
            table, delay = play_one(host, viewer, pg_url, table)
            delays.append(delay)
        print(
            f"tap on A -> viewer on B, {TAPS} taps (ms): median {statistics.median(delays):.0f},"
            f" p90 {statistics.quantiles(delays, n=10)[-1]:.0f}, all {[round(d) for d in delays]}"
        )
        assert "relay:" not in a.said() + b.said()  # no lost connection, no failed notice
        for page in (host, viewer):
            page.context.close()


def test_worker_a_killed_mid_game_both_phones_carry_on_through_worker_b(browser, pg_url, tmp_path):
    table, viewer_link = seeded(pg_url)
    with workers(pg_url, tmp_path) as (a, b), Front([a, b]) as front:
        host = phone(browser, f"{front.url}/table/{table.id}", TAP_TIMES)
        remote = {"X-Forwarded-For": "203.0.113.9"}  # a proxy nobody trusted: a remote phone
        viewer = phone(browser, f"{front.url}/join/{viewer_link.token}", FRAME_TIMES, remote)
        viewer.get_by_text("Viewer").wait_for(timeout=60000)
        with explained(tmp_path, {"host": host, "viewer": viewer}, [a, b]):
            carry_on(host, viewer, pg_url, table, a, b, front)
        for page in (host, viewer):
            page.context.close()


def carry_on(host: Any, viewer: Any, pg_url: str, table: Table, a: Any, b: Any, front: Front) -> None:
    """Three taps through A, A killed, three more through B."""
    for _ in range(3):
        table, _delay = play_one(host, viewer, pg_url, table)
    assert front.routed == {a.port: front.routed[a.port]}  # everything went to A so far
    acknowledged = newest(pg_url, table.id)
    os.kill(a.proc.pid, signal.SIGKILL)
    a.proc.wait()
    kept = newest(pg_url, table.id)
    assert kept.entries == acknowledged.entries  # 0 acknowledged entries lost
    # both pages reconnect through the front door, to B: the host at its table, the viewer
    # as a viewer again (its link kept in the browser's storage)
    wait_until(lambda: front.routed.get(b.port, 0) >= 2, what="both phones to reconnect to B")
    for _ in range(3):
        table, _delay = play_one(host, viewer, pg_url, table)
    assert viewer.get_by_text("Viewer").count() == 1
    assert table.entries[: kept.version] == kept.entries and table.version > kept.version
    assert "not trusted" in b.said()  # B took the viewer as the remote phone it is
