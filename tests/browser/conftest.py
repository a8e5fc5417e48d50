"""The Chromium that every browser test drives: Debian's, launched by Playwright (never downloaded);
the fixture is ui_browser_kit's ``browser``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # ui_browser_kit beside this file
from ui_browser_kit import browser  # noqa: F401  (the fixture)
