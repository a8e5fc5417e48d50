"""A pytest plugin that counts, per browser test file, the costly steps of its tests: page loads
(``Page.goto`` and ``Page.reload``), taps (``Mouse.click``: every ``tap_on``, a tap into a text
field, a tap outside a dialog) and turns of the mouse wheel (``Mouse.wheel``: the kit's
``scrolled_to`` and ``tap_on`` when the control is off the screen, ``scroll_by``, a test's own),
and where each wheel turn came from (the test file's line). A page the kit scrolls by Playwright's
own request (``scroll_into_view_if_needed``) is not a wheel and is not counted. Nothing is
changed in what the tests do. Appends one JSON line per file to ``$BROWSER_STEPS_OUT``
(default: browser_steps.jsonl in the temporary folder) when pytest ends.

Run one or two files at a time (the machine's two cores), from the repository's root:
    PYTHONPATH=.:tests:benchmarks python -m pytest -q -p no:randomly -p browser_steps \\
        tests/browser/test_insights_browser.py
"""

from __future__ import annotations

import json
import os
import tempfile
import traceback
from collections import defaultdict
from pathlib import Path
from typing import Any

COUNTS: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
NOW = {"file": "?"}


def _caller() -> str:
    """The test file's line (not the kit's) that led to this call."""
    for frame in reversed(traceback.extract_stack()[:-3]):
        if "/tests/" in frame.filename and not frame.filename.endswith("ui_browser_kit.py"):
            return f"{Path(frame.filename).name}:{frame.lineno}"
    return "?"


def _counted(method: Any, kind: str, where: bool = False) -> Any:
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        COUNTS[NOW["file"]][kind] += 1
        if where:
            COUNTS[NOW["file"]][f"{kind}@{_caller()}"] += 1
        return method(self, *args, **kwargs)

    return call


def pytest_configure(config: Any) -> None:
    from playwright.sync_api._generated import Mouse, Page

    Page.goto = _counted(Page.goto, "loads")
    Page.reload = _counted(Page.reload, "loads")
    Mouse.click = _counted(Mouse.click, "taps")
    Mouse.wheel = _counted(Mouse.wheel, "wheels", where=True)


def pytest_runtest_setup(item: Any) -> None:
    NOW["file"] = Path(str(item.fspath)).name
    COUNTS[NOW["file"]]["tests"] += 1


def pytest_unconfigure(config: Any) -> None:
    out = os.environ.get("BROWSER_STEPS_OUT", str(Path(tempfile.gettempdir()) / "browser_steps.jsonl"))
    with open(out, "a") as f:
        for name, counts in COUNTS.items():
            f.write(json.dumps({"file": name, **counts}) + "\n")
