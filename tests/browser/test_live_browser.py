"""Live share in Chromium: a host and guests in separate browser contexts (separate devices).

One server for the module, with two tables seeded in its store: a Dragon table at its first
player decision, and a Chinatown table whose players' money differs (after a trade). Checks:
the host's entry reaches the viewer; a seat enters its own decision; the viewer has no choice
buttons; a seat's websocket frames never carry another player's money; the snapshot QR code on
the Share screen, read back from a screenshot, imports to the same state and scoreboard.
"""

from __future__ import annotations

import io
import random
import re
import sys
import time
from pathlib import Path

import msgpack
import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from table_files import newest
from test_dragon_taps_browser import first_tap
from ui_browser_kit import (
    PHONE,
    enable_semantics,
    page_in,
    served,
    settled,
    shot,
    tap_on,
    unnamed_fields,
    wait_until,
)

from companion.core import Table
from companion.games.chinatown.entries import Give, Trade
from companion.i18n import translate
from companion.share import decode
from companion.store import Store
from companion.store.share_links import ShareLinks
from companion.ui.views.chrome import GUEST_BAR

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")  # skip the module without Playwright
zxingcpp = pytest.importorskip("zxingcpp")

# Read QR codes only: a QR's modules can also look like a short 1D barcode to the reader.
ONLY_QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)


def seed(folder: Path) -> dict:
    store = Store(folder / "tables.sqlite3")
    rng = random.Random(7)
    dragon = store.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    while dragon.prompt.seat is None or not dragon.prompt.choices:
        dragon.auto(rng) if dragon.prompt.choices is None else dragon.submit(dragon.prompt.choices[0])
    china = store.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    while china.prompt.kind != "trade":
        china.auto(rng) if china.prompt.choices is None else china.submit(china.prompt.choices[0])
    china.submit(Trade(gives=(Give(giver=0, receiver=1, money=30000),)))
    links = ShareLinks(store)
    out = {
        "dragon": dragon.id,
        "china": china.id,
        "dragon_links": links.links(dragon.id, 3),
        "china_links": links.links(china.id, 3),
        "money": list(china.state.money),
    }
    store.close()
    return out


@pytest.fixture(scope="module")
def setup(tmp_path_factory, browser):
    folder = tmp_path_factory.mktemp("live")
    seeded = seed(folder)
    with served(folder) as url:
        yield browser, url.rstrip("/"), folder, seeded


def device(browser, url: str, route: str, viewport=PHONE):
    """A separate phone: its own browser context (own storage, own Flet session)."""
    page = browser.new_context(viewport=viewport).new_page()
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(data)))
    page.goto(url + route)
    enable_semantics(page)
    return page, frames


def frames_quiet(page, frames: list, quiet: float = 1.0, timeout: float = 60.0) -> None:
    """Wait until the server has sent this phone nothing for ``quiet`` seconds (the screen is
    drawn): a tap before that can land on a control Flutter is still laying out. The waiting is
    Playwright's (``page.wait_for_timeout``): the sync API delivers websocket frames to the
    listeners only while a Playwright call runs, never during a plain ``time.sleep``."""
    end = time.monotonic() + timeout
    seen, since = len(frames), time.monotonic()
    while time.monotonic() < end:
        page.wait_for_timeout(50)
        if len(frames) != seen:
            seen, since = len(frames), time.monotonic()
        elif time.monotonic() - since >= quiet:
            return


def frames_until(page, frames: list, check, what: str, timeout: float = 60.0):
    """Wait until ``check(frames)`` is true, letting Playwright deliver the frames meanwhile."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = check(frames)
        if found:
            return found
        page.wait_for_timeout(100)
    raise AssertionError(f"timed out waiting for {what}")


def frames_text(frames: list) -> str:
    out = []
    for f in frames:
        if isinstance(f, str):
            out.append(f)
            continue
        try:
            out.append(repr(msgpack.unpackb(f, strict_map_key=False)))
        except (ValueError, msgpack.ExtraData):  # not one msgpack message: keep the raw text
            out.append(f.decode("utf-8", "replace"))
    return "\n".join(out)


def test_host_viewer_and_seat_on_separate_devices(setup):
    browser, url, folder, seeded = setup
    table_id = seeded["dragon"]
    viewer, *seats = seeded["dragon_links"]
    table = newest(folder, table_id)
    first = table.prompt.seat
    host, _ = device(browser, url, f"/table/{table_id}")
    watcher, _ = device(browser, url, f"/join/{viewer.token}")
    watcher.get_by_text("Viewer").wait_for(timeout=60000)
    watcher.get_by_text(f"Waiting for {table.players[first].name}.").wait_for(timeout=60000)
    move, made = first_tap(table, "en")  # the first tile on screen (the tile and its palace)
    assert watcher.get_by_role("button", name=move, exact=True).count() == 0  # no submit controls
    tap_on(host.get_by_role("button", name=move, exact=True).first)
    after = wait_until(
        lambda: (t := newest(folder, table_id)).version == table.version + made and t, what="host entry"
    )
    nxt = after.prompt.seat
    watcher.get_by_text(f"Waiting for {after.players[nxt].name}.").wait_for(
        timeout=5000
    )  # within a second or so
    shot(watcher, "live-viewer")
    # the seat whose turn it is enters its own decision on its own phone
    phone, _ = device(browser, url, f"/join/{seats[nxt].token}")
    phone.get_by_text(f"Seat: {after.players[nxt].name}").wait_for(timeout=60000)
    choice, made = first_tap(after, "en", own=True)  # on her own phone, without her name
    phone.get_by_role("button", name=choice, exact=True).first.wait_for(timeout=60000)
    shot(phone, "live-seat")
    # the viewer has no choice buttons at all, for this prompt or any other
    assert watcher.get_by_role("button", name=choice, exact=True).count() == 0
    tap_on(phone.get_by_role("button", name=choice, exact=True).first)
    wait_until(lambda: newest(folder, table_id).version == after.version + made, what="seat entry")
    for p in (host, watcher, phone):
        p.context.close()


MATERIAL_BAR = 56  # px: Flutter's toolbar height (kToolbarHeight)
NAME_LINE = 28  # px: a line of the bar's title at the Material size (22 px)


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""
    c = [v / 255 for v in rgb[:3]]
    r, g, b = (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_contrast(picture, box: dict) -> float:
    """The contrast of a line of text with its background in a screenshot: the commonest colour
    of its box against the one farthest from it in luminance (a lower bound: a glyph's thin
    stems are blended with the background at their edges)."""
    clip = picture.crop((box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])).convert(
        "RGB"
    )
    colours = clip.getcolors(clip.width * clip.height)
    assert colours, box
    back = luminance(max(colours)[1])
    ink = max((luminance(c) for _, c in colours), key=lambda lum: abs(lum - back))
    lighter, darker = max(back, ink), min(back, ink)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_seats_bar_is_the_material_height_and_says_whose_phone_at_body_size(setup, theme):
    """Issue 25: a guest's bar was 72 px whatever its title, for "Jugador: X" under the name in
    13 px grey; under a name on one line both lines fit the Material bar (56 px), the player's
    name at body size in the bar's own colour, readable in light and dark (WCAG AA, 4.5:1)."""
    from PIL import Image

    browser, url, folder, seeded = setup
    table = newest(folder, seeded["china"])
    phone = page_in(browser, url + f"/join/{seeded['china_links'][2].token}", "es", theme)
    said = translate("ui.live.seat", "es", name=table.players[1].name)
    role = phone.get_by_text(said).first  # the title, its two lines in one node
    role.wait_for(timeout=60000)
    settled(phone, quiet=0.4)
    box = role.bounding_box()
    assert box is not None
    picture = Image.open(io.BytesIO(phone.screenshot()))
    line = {**box, "y": box["y"] + NAME_LINE, "height": box["height"] - NAME_LINE}  # under the name
    contrast = text_contrast(picture, line)
    print(f"{theme}: the title's lines at {box}, '{said}' at {contrast:.1f}:1")
    assert box["y"] + box["height"] <= MATERIAL_BAR < GUEST_BAR, box
    assert contrast >= 4.5, contrast
    shot(phone, f"live-seat-es-{theme}")
    phone.context.close()


def test_a_revoked_seat_link_on_the_hosts_own_machine_says_so(setup):
    """Issue 25: a seat link opened on the host's machine (every page here is a loopback client,
    as the host's own browser is) became the host's full screen once revoked. It says the link
    no longer works, as a phone's does; the host's own page (no link) stays the host's."""
    browser, url, _folder, seeded = setup
    table_id, ana = seeded["china"], seeded["china_links"][1]
    phone, _ = device(browser, url, f"/join/{ana.token}")
    phone.get_by_text("Seat: Ana").wait_for(timeout=60000)
    host, _ = device(browser, url, f"/table/{table_id}/share")
    revoke = host.get_by_role("button", name=translate("ui.live.revoke", "en", name="Ana"), exact=True)
    tap_on(revoke)
    tap_on(host.get_by_role("button", name=translate("ui.live.revoke_confirm", "en"), exact=True))
    phone.get_by_text(translate("ui.live.revoked", "en")).wait_for(timeout=60000)
    settled(phone, quiet=0.4)  # and it stays: no redraw turns it into the host's screen
    assert phone.get_by_text(translate("ui.live.revoked", "en")).count() == 1
    assert phone.get_by_role("button", name=translate("ui.live.share", "en"), exact=True).count() == 0
    assert revoke.count() == 1  # the host's Share screen, Ana's new link on it
    for p in (phone, host):
        p.context.close()


def test_a_seats_websocket_frames_never_carry_another_players_money(setup):
    browser, url, _folder, seeded = setup
    money = seeded["money"]
    carla_link = seeded["china_links"][3]
    page, frames = device(browser, url, f"/join/{carla_link.token}")
    page.get_by_text("Seat: Carla").wait_for(timeout=60000)
    own = translate("ui.chinatown.money", "en", amount=money[2])

    money_button = page.get_by_role("button", name="Money")
    money_button.wait_for(timeout=60000)
    frames_quiet(page, frames)  # as a person taps: once the screen has stopped changing
    tap_on(money_button)  # one tap, once her card (below the fold) is scrolled to and at rest

    def with_own_money(frames: list) -> str | None:
        text = frames_text(frames)
        return text if own in text else None

    text = frames_until(page, frames, with_own_money, what="frames with her own money")
    for seat in (0, 1):
        assert translate("ui.chinatown.money", "en", amount=money[seat]) not in text
    page.context.close()


def test_the_share_screens_snapshot_qr_imports_to_the_same_table(setup):
    browser, url, folder, seeded = setup
    table_id = seeded["dragon"]
    page, _ = device(browser, url, f"/table/{table_id}/share")
    page.get_by_role("button", name=re.compile(r"^Show .+'s QR code$")).first.wait_for(timeout=60000)
    page.get_by_role("textbox", name="Snapshot code").wait_for(timeout=60000)
    assert unnamed_fields(page) == []  # the join link and code are read out, not an empty box
    shot(page, "live-share")
    page.set_viewport_size({"width": 412, "height": 1900})  # the whole screen at once
    page.get_by_role("button", name="Copy the code").wait_for(timeout=60000)
    page.wait_for_timeout(1200)
    from PIL import Image

    picture = Image.open(io.BytesIO(page.screenshot()))
    texts = [r.text for r in zxingcpp.read_barcodes(picture, formats=ONLY_QR)]
    codes = [t for t in texts if t.startswith("TC")]
    joins = [t for t in texts if "/join/" in t]
    # served on 127.0.0.1 only: no join QR code that other phones could not open, the way to serve said
    assert len(codes) == 1 and joins == [], texts
    assert page.get_by_role("button", name="Serve on the local network").count() == 1
    copy = decode(codes[0])
    original = newest(folder, table_id)
    assert copy.state == original.state and copy.scoreboard == original.scoreboard
    page.context.close()
