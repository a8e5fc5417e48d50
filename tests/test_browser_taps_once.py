"""The browser tests tap once: a lost tap is a bug a user meets, so no test may hide one by tapping
again. Read from the test files' syntax (no browser needed):

- the only pointer clicks are the kit's own: ``tap_on`` (one ``page.mouse.click`` once the
  control is at rest and uncovered) and ``dismiss`` (a tap outside a dialog); no test calls
  Playwright's ``click``/``tap``/``dblclick`` on a locator;
- no tap is made in an ``except`` handler (a second tap after the first one's failure);
- no test scrolls by Playwright's own request (``scroll_into_view_if_needed``): only the wheel
  scrolls (the kit's ``scrolled_to``), since that request moves the page's copy of a list while
  Flutter's picture stays, and the next wheel turn was spent on the disagreement
  (docs/PERFORMANCE.md, "Wheel turns, taps and loads counted").
"""

from __future__ import annotations

import ast
from pathlib import Path

BROWSER = Path(__file__).parent / "browser"
HOSTED = Path(__file__).parent / "hosted"  # the workers' browser tests (issue 28) tap the same way


def browser_test_files() -> list[Path]:
    """Every file that drives Chromium: tests/browser and tests/hosted."""
    return sorted([*BROWSER.glob("*.py"), *HOSTED.glob("*.py")])


CLICKS = {"click", "tap", "dblclick", "dispatch_event"}
TAPS = {"tap_on", "tap_once", "tap", "on", "dismiss"} | CLICKS
KIT_CLICKERS = {"tap_on", "dismiss"}  # ui_browser_kit.py: the one place a pointer goes down


def _called(node: ast.Call) -> str | None:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def _clicks_outside_the_kit(path: Path) -> list[str]:
    """Playwright clicks (``x.click()``, ``page.mouse.click()``...) outside the kit's two clickers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {
        id(n)
        for fn in ast.walk(tree)
        if isinstance(fn, ast.FunctionDef) and path.name == "ui_browser_kit.py" and fn.name in KIT_CLICKERS
        for n in ast.walk(fn)
    }
    return [
        f"{path.name}:{node.lineno}: {ast.unparse(node)[:80]}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in CLICKS
        and id(node) not in allowed
    ]


def _taps_in_handlers(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno}: {ast.unparse(node)[:80]}"
        for handler in ast.walk(tree)
        if isinstance(handler, ast.ExceptHandler)
        for node in ast.walk(handler)
        if isinstance(node, ast.Call) and _called(node) in TAPS
    ]


def _page_scrolls(path: Path) -> list[str]:
    """Scrolls by Playwright's own request (``x.scroll_into_view_if_needed()``), anywhere."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path.name}:{node.lineno}: {ast.unparse(node)[:80]}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and _called(node) == "scroll_into_view_if_needed"
    ]


def test_every_browser_test_file_is_marked_browser():
    """`-m browser` (make screenshots, the README's browser command) runs them all: the Quick
    score file had no mark, so its screenshots were never retaken."""
    unmarked = [
        p.name
        for p in sorted(BROWSER.glob("test_*.py"))
        if "pytestmark = pytest.mark.browser" not in p.read_text(encoding="utf-8")
    ]
    assert not unmarked, f"browser test files without pytestmark = pytest.mark.browser: {unmarked}"


def test_only_the_wheel_scrolls():
    found = [line for path in browser_test_files() for line in _page_scrolls(path)]
    assert not found, "a page scroll request, not the wheel (scrolled_to):\n" + "\n".join(found)


def test_only_the_kit_clicks_and_it_clicks_once_per_tap():
    found = [line for path in browser_test_files() for line in _clicks_outside_the_kit(path)]
    assert not found, "clicks outside tap_on/dismiss:\n" + "\n".join(found)


def test_no_tap_is_made_again_after_a_failure():
    found = [line for path in browser_test_files() for line in _taps_in_handlers(path)]
    assert not found, "a tap in an except handler (a retry):\n" + "\n".join(found)


def test_the_checks_find_a_retry(tmp_path):
    bad = tmp_path / "test_bad_browser.py"
    bad.write_text(
        "def test_x(page):\n"
        "    try:\n"
        "        tap_on(page.get_by_role('button'))\n"
        "    except AssertionError:\n"
        "        tap_on(page.get_by_role('button'))\n"
        "    page.get_by_role('button').click()\n"
        "    page.get_by_text('Total').first.scroll_into_view_if_needed()\n",
        encoding="utf-8",
    )
    assert len(_taps_in_handlers(bad)) == 1
    assert len(_clicks_outside_the_kit(bad)) == 1
    assert len(_page_scrolls(bad)) == 1
