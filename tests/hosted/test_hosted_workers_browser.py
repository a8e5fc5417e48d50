"""Two ``companion serve --hosted`` workers on one PostgreSQL, in Debian's Chromium (one tap per
action, no retries). The host's phone opens the app through a front door (tests/hosted/workers.py,
``Front``: worker A while it lives, then B), gets a fresh space, creates a Dragon table and opens
its Share screen. A viewer's phone and a seat's phone (browser contexts of their own: spaces of
their own) open the viewer and seat links on worker B. The host's taps on A reach both; the seat's
tap on B reaches the host. Worker A is then killed (SIGKILL): the host's page reconnects through
the front door to B and is still the host of its own space (no new space, no refusal), the table
holds every acknowledged entry, and play goes on. Worker B then stops on SIGTERM with phones
connected: status 0.

The delays (tap to the other phone's websocket message carrying the new last entry, both stamped
by the browser's one clock) are printed, never asserted: docs/PERFORMANCE.md reports them.
"""

from __future__ import annotations

import json
import re
import signal
import statistics
from typing import Any

from hosted.test_workers_browser import (
    FRAME_TIMES,
    SEEN_AT,
    TAP_TIMES,
    explained,
    last_entry_text,
    tap_and_wait,
)
from hosted.workers import Front, workers
from test_dragon_taps_browser import _Nth, chosen_tap
from test_hosted_browser import qr_on_screen
from ui_browser_kit import PHONE, enable_semantics, on_screen, screen_texts, tap_on, wait_until

from companion.core import Table
from companion.i18n import translate
from companion.store.share_links import ShareLinks
from companion.store.spaces import SpaceKey, Spaces

HOST_TAPS = 3  # host taps before the seat's own, and again after the takeover


def phone(browser: Any, url: str) -> Any:
    """A phone of its own (a browser context: its own storage, so its own space) at ``url``, its
    taps and websocket messages stamped."""
    page = browser.new_context(viewport=PHONE).new_page()
    page.add_init_script(TAP_TIMES + FRAME_TIMES)
    page.goto(url)
    enable_semantics(page)
    return page


def kept_key(page: Any) -> SpaceKey | None:
    raw = page.evaluate("localStorage.getItem('flutter.com.tablecompanion.space')")
    return SpaceKey.parse(json.loads(raw)) if raw else None


def space_count(spaces: Spaces) -> int:
    return int(spaces._run("SELECT COUNT(*) FROM spaces")[0][0])


def seen_by(page: Any, tapped: float, before: Table, after: Table) -> float:
    """ms from the tap to ``page``'s websocket message naming the new last entry."""
    said = last_entry_text(after)
    wanted = None if said == last_entry_text(before) else said
    seen = wait_until(lambda: page.evaluate(SEEN_AT, [tapped, wanted]), what=f"{said!r} on another phone")
    return seen - tapped


def at_a_seat(table: Table) -> bool:
    """A seat's question is up (not a deal, not a question to the whole table)."""
    return table.prompt.seat is not None and bool(table.prompt.choices) and not table.prompt.auto


def after_host_taps(table: Table, taps: int) -> Table:
    """The table as it will stand after ``taps`` first-taps on the host's phone and then any
    more that lead to a seat's question (the seat phone's turn)."""
    ahead = Table.from_json(table.to_json())
    done = 0
    while done < taps or not at_a_seat(ahead):
        for entry in chosen_tap(ahead, _Nth(0)).entries:
            ahead.submit(entry)
        done += 1
    return ahead


def create_dragon_table(host: Any, spaces: Spaces, space_id: str) -> Table:
    tap_on(host.get_by_role("button", name="New table").first)
    dragon = translate("dragon.title", "en")
    tap_on(host.get_by_role("checkbox", name=dragon))
    host.get_by_role("checkbox", name=dragon, checked=True).wait_for(timeout=60000)
    tap_on(host.get_by_role("button", name=re.compile("^" + translate("ui.setup.start", "en"))).first)
    [listed] = wait_until(lambda: spaces.store(space_id).list(), what="the table in the host's space")
    return spaces.store(space_id).open(listed.id)


def test_two_hosted_workers_host_on_a_phones_on_b_then_a_killed(browser, pg_url, tmp_path):
    spaces = Spaces(pg_url)
    with workers(pg_url, tmp_path, hosted=True) as (a, b), Front([a, b]) as front:
        door = f"http://localhost:{front.port}"  # not the workers' 127.0.0.1: links must say it
        host = phone(browser, f"{door}/")
        pages = {"host": host}
        with explained(tmp_path, pages, [a, b]):
            play(browser, spaces, door, a, b, front, pages)
        for page in pages.values():
            page.context.close()
    spaces.close()


def play(
    browser: Any, spaces: Spaces, door: str, a: Any, b: Any, front: Front, pages: dict[str, Any]
) -> None:
    host = pages["host"]
    on_screen(host, "New table")
    key = wait_until(lambda: kept_key(host), what="the host's space key kept")
    table = create_dragon_table(host, spaces, key.space_id)
    store = spaces.store(key.space_id)

    def stored() -> Table:
        return store.open(table.id)

    tap_on(host.get_by_role("button", name=translate("ui.live.share", "en")).first)
    shown = wait_until(lambda: qr_on_screen(host), what="the viewer link's QR code")  # as a phone scans it
    links = ShareLinks(store).links(table.id, len(table.players))
    assert shown == f"{door}/join/{key.space_id}/{links[0].token}"
    host.goto(f"{door}/table/{table.id}")  # back at the table (a reload: a new session on A)
    enable_semantics(host)
    while not at_a_seat(table):  # the deal and the table's questions, before the guests come
        table, _ = tap_and_wait(host, table, stored)
    seat = after_host_taps(table, HOST_TAPS).prompt.seat
    viewer = pages["viewer"] = phone(browser, f"{b.url}/join/{key.space_id}/{links[0].token}")
    guest = pages["seat"] = phone(browser, f"{b.url}/join/{key.space_id}/{links[1 + seat].token}")
    viewer.get_by_text(translate("ui.live.viewer", "en")).wait_for(timeout=60000)
    guest.get_by_text(translate("ui.live.seat", "en", name=table.players[seat].name)).wait_for(timeout=60000)
    spaces_before = space_count(spaces)

    delays = host_taps(host, [viewer, guest], table, stored)
    table = stored()
    assert table.prompt.seat == seat
    before = table
    table, tapped = tap_and_wait(guest, table, stored, own=True)  # the seat's own entry, on B
    back = seen_by(host, tapped, before, table)
    assert front.routed == {a.port: front.routed[a.port]}  # the host was on A all along

    acknowledged = stored()
    a.proc.send_signal(signal.SIGKILL)
    a.proc.wait()
    assert stored().entries == acknowledged.entries  # 0 acknowledged entries lost
    wait_until(lambda: front.routed.get(b.port, 0) >= 1, what="the host's page to reconnect through B")
    after_kill = host_taps(host, [viewer, guest], stored(), stored)  # the host's taps, through B
    assert kept_key(host) == key  # the same space, its key still on the phone
    refused = [translate(f"ui.space.{why}", "en") for why in ("refused", "locked", "too_many_new")]
    assert not any(r in t for t in screen_texts(host) for r in refused)
    table = stored()
    assert table.entries[: acknowledged.version] == acknowledged.entries
    assert table.version >= acknowledged.version + HOST_TAPS
    assert space_count(spaces) == spaces_before  # nobody got a new space
    ms = [d for pair in delays + after_kill for d in pair]
    print(
        f"hosted, tap on A -> viewer and seat on B ({len(ms)} updates, ms): median"
        f" {statistics.median(ms):.0f}, max {max(ms):.0f}; seat on B -> host on A {back:.0f} ms;"
        f" after A was killed (host on B) {[round(d) for pair in after_kill for d in pair]}"
    )
    b.proc.send_signal(signal.SIGTERM)  # systemd's stop, phones connected
    assert b.proc.wait(30) == 0


def host_taps(host: Any, watchers: list[Any], table: Table, stored: Any) -> list[tuple[float, ...]]:
    """HOST_TAPS taps on the host's phone; each one's delay to every watcher."""
    delays = []
    for _ in range(HOST_TAPS):
        before = table
        table, tapped = tap_and_wait(host, table, stored)
        delays.append(tuple(seen_by(w, tapped, before, table) for w in watchers))
    return delays
