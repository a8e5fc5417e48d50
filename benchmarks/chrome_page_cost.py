"""What Chromium spends, by process kind, on one page of the browser tests: a page load to a Dragon
table at rest, one tap of the Dragon tap test (a ``Taps.on``, its entries stored and the next
question on screen), a page left at rest, and a page at rest with a text field's caret blinking
(a Chinatown trade's money field). CPU read from /proc for every process this script starts
(benchmarks/browser_tests_cpu.py's ``Census``); medians of the loads and taps.

    PYTHONPATH=.:tests python benchmarks/chrome_page_cost.py            # the kit's switches
    PYTHONPATH=.:tests python benchmarks/chrome_page_cost.py --playwright-features
        # without the kit's --disable-features: Playwright's own list, as before 2026-12-06
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from browser_tests_cpu import Census  # noqa: E402
from random_play import play_until  # noqa: E402
from table_files import stored  # noqa: E402
from test_dragon_taps_browser import chosen_tap, month_start, tap_name  # noqa: E402
from test_table_taps_browser import Taps, chip, phone, question_in_view, stored_after, ui  # noqa: E402
from ui_browser_kit import CHROME_ARGS, asked, chromium, on_screen, served, tap_on, type_into  # noqa: E402

from companion.core import Table  # noqa: E402

CENSUS = Census(os.getpid())


def cpu_of(action: Callable[[], object]) -> dict[str, float]:
    """The CPU each process kind spent while ``action`` ran (this script's own process left out)."""
    CENSUS.look()
    before = CENSUS.by_kind()
    action()
    CENSUS.look()
    after = CENSUS.by_kind()
    return {k: v - before.get(k, 0.0) for k, v in after.items() if k != "python"}


def medians(rows: list[dict[str, float]]) -> str:
    kinds = sorted({k for r in rows for k in r}, key=lambda k: -statistics.median(r.get(k, 0) for r in rows))
    total = statistics.median(sum(r.values()) for r in rows)
    parts = [f"{k} {statistics.median(r.get(k, 0.0) for r in rows):.2f}" for k in kinds]
    return f"{total:.2f} s ({', '.join(p for p in parts if not p.endswith(' 0.00'))})"


def dragon(browser, loads: int, taps: int, rest: float) -> None:
    data = Path(tempfile.mkdtemp()) / "data"
    table = stored(data, month_start(5, 2))
    rng, counter = random.Random(5), Taps()
    with served(data, deal_seed=5) as url:
        pages: list = []

        def load() -> None:
            pages.append(phone(browser, url + f"table/{table.id}", "en"))
            question_in_view(pages[-1], asked(table))

        loaded = [cpu_of(load) for _ in range(loads)]
        for page in pages[:-1]:
            page.close()
        page = pages[-1]
        print(f"a page load to a Dragon table at rest: {medians(loaded)}")
        time.sleep(1)
        print(f"that page at rest for {rest:.0f} s: {medians([cpu_of(lambda: time.sleep(rest))])}")
        tables = [table]

        def one_tap(control: object, made: int) -> None:
            """Tap, wait for the tap's entries to be stored and the next question at rest."""
            before = tables[-1].version
            counter.on(control)
            while tables[-1].version < before + made:
                tables.append(stored_after(data, tables[-1]))
            question_in_view(page, asked(tables[-1]))

        tapped = []
        for _ in range(taps):
            now = tables[-1]
            if now.prompt.auto:
                control, made = page.get_by_role("button", name=ui("en", "play.deal")), 1
            else:
                tap = chosen_tap(now, rng)
                control = page.get_by_role("button", name=tap_name(now, tap, "en"), exact=True).first
                made = len(tap.entries)
            tapped.append(cpu_of(partial(one_tap, control, made)))
        print(f"one tap, to the next question at rest: {medians(tapped)}")
        page.close()


def caret(browser, rest: float) -> None:
    data = Path(tempfile.mkdtemp()) / "data"
    start = Table.new("chinatown", ["Ana", "Ben", "Carla", "Dai"])
    table = stored(
        data, play_until(start, random.Random(2), lambda t: t.state.year == 2 and t.state.phase == "trade")
    )
    with served(data) as url:
        page = phone(browser, url + f"table/{table.id}", "en")
        on_screen(page, ui("en", "chinatown.trading_done"))
        tap_on(chip(page, ui("en", "chinatown.party_a", name="Ben")))
        on_screen(page, "Ben gives Ana")
        tap_on(chip(page, ui("en", "chinatown.party_b", name="Carla")))
        on_screen(page, "Ben gives Carla")
        type_into(page, "Money from Carla", "3")
        time.sleep(1)
        print(
            f"a page at rest for {rest:.0f} s, the caret in a field: {medians([cpu_of(lambda: time.sleep(rest))])}"
        )
        page.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--taps", type=int, default=5)
    parser.add_argument("--rest", type=float, default=4.0, help="seconds of each look at rest")
    parser.add_argument(
        "--playwright-features", action="store_true", help="leave out the kit's --disable-features"
    )
    args = parser.parse_args()
    switches = [
        a for a in CHROME_ARGS if not (args.playwright_features and a.startswith("--disable-features="))
    ]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), headless=True, args=switches)
        try:
            dragon(browser, args.loads, args.taps, args.rest)
            caret(browser, args.rest)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
