"""The Chromium that every browser test drives: Debian's, launched by Playwright (never downloaded);
the fixture is ui_browser_kit's ``browser``."""

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import (
    browser,  # noqa: F401  (the fixture)
    close_stopped_pages,
)


@pytest.fixture(autouse=True)
def no_page_left_spinning(request: Any) -> Iterator[None]:
    """After each test, close the pages it left open on an app it has stopped: the kept pages of
    a module's served app stay (their server still runs), a dead page's spinner does not."""
    yield
    driven = request.node.funcargs.get("browser")
    if driven is not None:
        close_stopped_pages(driven)
