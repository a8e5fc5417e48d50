"""The kit's Chromium switches do what they say: the page's window preloads no address-bar WebUI
(a renderer process of its own per page, docs/PERFORMANCE.md), and the kit's --disable-features,
which replaces Playwright's own, still holds every feature Playwright turns off."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import CHROME_ARGS, PLAYWRIGHT_DISABLED_FEATURES, UNSEEN_WINDOW_FEATURES, chromium

pytestmark = pytest.mark.browser

pytest.importorskip("playwright.sync_api")


def disabled_features(browser: Any) -> list[str]:
    """The features the running browser was told to turn off: the last --disable-features of its
    command line, as chrome://version shows it (Chromium keeps only the last one)."""
    page = browser.new_page()
    try:
        page.goto("chrome://version")
        line = page.locator("#command_line").inner_text()
    finally:
        page.close()
    switches = [a for a in line.split() if a.startswith("--disable-features=")]
    return switches[-1].removeprefix("--disable-features=").split(",") if switches else []


def window_targets(browser: Any) -> list[str]:
    """The browser's targets other than pages and workers (WebUI parts of its windows)."""
    cdp = browser.new_browser_cdp_session()
    try:
        targets = cdp.send("Target.getTargets")["targetInfos"]
    finally:
        cdp.detach()
    return [t["url"] for t in targets if t["type"] not in ("page", "worker", "service_worker")]


def test_a_page_opens_no_address_bar_renderer(browser):
    page = browser.new_page()
    try:
        page.goto("about:blank")
        assert not [u for u in window_targets(browser) if "omnibox" in u]
    finally:
        page.close()
    assert set(UNSEEN_WINDOW_FEATURES) <= set(disabled_features(browser))


def test_the_kit_keeps_every_feature_playwright_disables(browser):
    """A second browser launched without the kit's --disable-features shows Playwright's own."""
    playwrights_own = [a for a in CHROME_ARGS if not a.startswith("--disable-features=")]
    plain = browser.browser_type.launch(executable_path=chromium(), headless=True, args=playwrights_own)
    try:
        wanted = disabled_features(plain)
    finally:
        plain.close()
    assert wanted, "Playwright passed no --disable-features: the kit's list may drop its own"
    missing = sorted(set(wanted) - set(PLAYWRIGHT_DISABLED_FEATURES))
    assert not missing, f"add Playwright's {missing} to ui_browser_kit.PLAYWRIGHT_DISABLED_FEATURES"
