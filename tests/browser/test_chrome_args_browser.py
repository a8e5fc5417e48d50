"""The kit's Chromium switches do what they say: the page's window preloads no address-bar WebUI
(a renderer process of its own per page, docs/PERFORMANCE.md), and the kit's --disable-features,
which replaces Playwright's own, still holds every feature Playwright turns off. And a kit tap
looks its control up twice, not five times (each lookup matches a role and a name over the
whole accessibility DOM: docs/PERFORMANCE.md, "Page contexts, measured; a tap's lookups")."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import (
    CHROME_ARGS,
    PLAYWRIGHT_DISABLED_FEATURES,
    UNSEEN_WINDOW_FEATURES,
    chromium,
    new_phone_page,
    tap_on,
)

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


class Counted:
    """A locator that counts the calls made on it (each one looks the control up again)."""

    def __init__(self, locator: Any) -> None:
        self.locator, self.calls = locator, []

    @property
    def page(self) -> Any:
        return self.locator.page

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.locator, name)
        if not callable(found):
            return found

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return found(*args, **kwargs)

        return counted


def test_a_tap_looks_its_control_up_twice(browser):
    """One wait at rest (which also says whether anything covers the control) and one last look
    at the point just before the pointer goes down; the tap lands once."""
    page = new_phone_page(browser)
    try:
        page.set_content(
            "<button aria-label='Go' style='position:absolute; left:100px; top:300px; width:120px;"
            " height:48px' onclick='window.taps = (window.taps || 0) + 1'>Go</button>"
        )
        button = Counted(page.get_by_role("button", name="Go"))
        tap_on(button)
        assert page.evaluate("window.taps") == 1
        assert len(button.calls) == 2, (
            f"the tap looked its control up {len(button.calls)} times: {button.calls}"
        )
    finally:
        page.close()
