"""``companion serve --hosted`` on SQLite in Chromium: three browser contexts are three phones.

A fresh phone gets its own space and creates a table; another phone gets another space and does
not see it; the recovery link (its QR code read off the first phone's "Your space" screen) opened on a
third phone shows that table. One tap per step, no retries (tap_on)."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import PHONE, enable_semantics, on_screen, screen_texts, served, shot, tap_on, wait_until

from companion.store.spaces import SpaceKey, Spaces

pytestmark = pytest.mark.browser
pytest.importorskip("playwright.sync_api")  # skip the module without Playwright
zxingcpp = pytest.importorskip("zxingcpp")
ONLY_QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)  # not a 1D barcode in its modules


def phone(browser: Any, url: str) -> Any:
    """A new phone: its own browser context (storage), at ``url``."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(url)
    enable_semantics(page)
    return page


def kept_key(page: Any) -> SpaceKey:
    """The space key the phone keeps (SharedPreferences live in localStorage on the web)."""
    raw = page.evaluate("localStorage.getItem('flutter.com.tablecompanion.space')")
    key = SpaceKey.parse(json.loads(raw)) if raw else None
    assert key is not None, f"no space key kept: {raw!r}"
    return key


def qr_on_screen(page: Any) -> str | None:
    """The text of the one QR code on the phone's screen (a screenshot read back), or None."""
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(page.screenshot())), formats=ONLY_QR)
    return found[0].text if len(found) == 1 else None


def tables_of(data: Path, space_id: str) -> list[Any]:
    spaces = Spaces(data)
    try:
        return spaces.store(space_id).list()
    finally:
        spaces.close()


def test_each_phone_has_its_space_and_the_recovery_link_opens_it(browser, tmp_path):
    data = tmp_path / "data"
    with served(data, hosted=True) as url:
        first = phone(browser, url)
        on_screen(first, "New table")
        space = kept_key(first)
        tap_on(first.get_by_role("button", name="New table").first)
        tap_on(first.get_by_role("checkbox", name="Da Yu"))
        first.get_by_role("checkbox", name="Da Yu", checked=True).wait_for(timeout=60000)
        tap_on(first.get_by_role("button", name=re.compile(r"^Start the game")).first)
        [table] = wait_until(lambda: tables_of(data, space.space_id), what="the table in the first space")
        other = phone(browser, url)
        on_screen(other, "New table")
        assert kept_key(other).space_id != space.space_id
        assert not any(table.name in t for t in screen_texts(other)), "another phone sees the table"
        assert tables_of(data, kept_key(other).space_id) == []
        # Back to Home (drawn afresh on arrival, so it knows the space has a table), then
        # Settings, then the space's screen: one tap each, no second load of the app
        tap_on(first.get_by_role("button", name="Back", exact=True).first)
        on_screen(first, "Keep your tables safe")  # a space with a table asks to keep its link
        shot(first, "hosted_home")
        tap_on(first.get_by_role("button", name="Settings").first)
        tap_on(first.get_by_role("button", name="Recovery link and devices").first)
        on_screen(first, "Sign out other devices")
        recovery = wait_until(lambda: qr_on_screen(first), what="the recovery link's QR code")
        assert recovery == f"{url}space#{space.text()}"
        shot(first, "hosted_space")
        third = phone(browser, recovery)  # the landing page keeps the key and opens the app
        on_screen(third, table.name)
        assert kept_key(third) == space
        for page in (first, other, third):
            page.context.close()
