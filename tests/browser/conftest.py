"""The Chromium that every browser test drives: Debian's, launched by Playwright (never downloaded)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import CHROME_ARGS, chromium


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    exe = chromium()
    if exe is None:
        pytest.skip("Debian chromium is not installed")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, headless=True, args=CHROME_ARGS)
        yield b
        b.close()
