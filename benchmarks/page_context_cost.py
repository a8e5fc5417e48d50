"""What a second page load of the same served app costs in Chromium's CPU (every process this
script starts, by kind), by how the page's browser context is made: (a) a new context, as the
kit's pages are; (b) the same context, the first page closed; (c) the same, its storage cleared
between pages; (e) the same, an earlier page still open; (f) the same page loaded again;
(d1) a persistent context (a profile on disk), the first page closed; (d2) a new browser on that
warm profile each time; (d3) new contexts with ``--disk-cache-dir``. A load is the kit's: the
probes installed, Home loaded, Flutter's semantics on, the screen settled. Medians of ``--loads``
loads after a first one. "compile" is the renderer's thread pool (V8 compiles the app's
WebAssembly there, with Liftoff: the kit runs ``--liftoff-only``).

    PYTHONPATH=.:tests python benchmarks/page_context_cost.py [--loads 5] [--variants abcefd]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from browser_tests_cpu import Census  # noqa: E402
from ui_browser_kit import (  # noqa: E402
    CARET_PROBE,
    CHROME_ARGS,
    PHONE,
    WIRE_PROBE,
    chromium,
    enable_semantics,
    served,
    settled,
)

TICK = os.sysconf("SC_CLK_TCK")
CENSUS = Census(os.getpid())
CLEAR = """async () => { localStorage.clear(); sessionStorage.clear();
  for (const d of await indexedDB.databases()) indexedDB.deleteDatabase(d.name); }"""


def compile_threads() -> float:
    """CPU of the renderers' thread pools ("ThreadPoolForeg...") alive now."""
    total = 0.0
    for pid, kind in CENSUS.kinds.items():
        if kind != "chromium renderer":
            continue
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                if stat[stat.index("(") + 1 : stat.rindex(")")].startswith("ThreadPoolForeg"):
                    fields = stat.rsplit(")", 1)[1].split()
                    total += (int(fields[11]) + int(fields[12])) / TICK
        except OSError:
            pass
    return total


def cpu_of(action: Callable[[], object]) -> dict[str, float]:
    CENSUS.look()
    before, pool = CENSUS.by_kind(), compile_threads()
    action()
    CENSUS.look()
    spent = {k: v - before.get(k, 0.0) for k, v in CENSUS.by_kind().items() if k != "python"}
    return {**spent, "compile": compile_threads() - pool}


def report(name: str, rows: list[dict[str, float]]) -> None:
    total = statistics.median(sum(v for k, v in r.items() if k != "compile") for r in rows)
    kinds = sorted({k for r in rows for k in r}, key=lambda k: -statistics.median(r.get(k, 0) for r in rows))
    parts = [
        f"{k.removeprefix('chromium ')} {statistics.median(r.get(k, 0.0) for r in rows):.2f}" for k in kinds
    ]
    print(f"{name}: {total:.2f} s ({', '.join(p for p in parts if not p.endswith(' 0.00'))})", flush=True)


def load(context, url: str):
    page = context.new_page()
    page.add_init_script(CARET_PROBE)
    page.add_init_script(WIRE_PROBE)
    page.goto(url)
    enable_semantics(page)
    settled(page)
    return page


def second_loads(n: int, context_of: Callable[[], object], after: Callable[[object], None], url: str):
    """``n`` loads, each in ``context_of()``, after a first one; ``after`` ends each page."""
    after(load(context_of(), url))
    rows = []
    pages: list = []
    for _ in range(n):
        rows.append(cpu_of(lambda: pages.append(load(context_of(), url))))
        after(pages[-1])
    return rows


def shared(p, url: str, n: int, variants: str) -> None:
    browser = p.chromium.launch(executable_path=chromium(), headless=True, args=CHROME_ARGS)
    if "a" in variants:
        rows = second_loads(
            n, lambda: browser.new_context(viewport=PHONE), lambda pg: pg.context.close(), url
        )
        report("(a) a new context each load", rows)
    for key, name, clear in (
        ("b", "(b) one context, the page closed", False),
        ("c", "(c) one context, storage cleared", True),
    ):
        if key in variants:
            context = browser.new_context(viewport=PHONE)

            def end(page, clear: bool = clear) -> None:
                if clear:
                    page.evaluate(CLEAR)
                page.close()

            rows = second_loads(n, lambda context=context: context, end, url)
            report(name, rows)
            context.close()
    if "e" in variants:
        context = browser.new_context(viewport=PHONE)
        kept = load(context, url)
        report(
            "(e) one context, an earlier page open",
            second_loads(n, lambda: context, lambda pg: pg.close(), url),
        )
        kept.close()
        context.close()
    if "f" in variants:
        page = load(browser.new_context(viewport=PHONE), url)

        def again() -> None:
            page.evaluate(CLEAR)
            page.goto("about:blank")
            page.goto(url)
            enable_semantics(page)
            settled(page)

        report("(f) the same page loaded again, storage cleared", [cpu_of(again) for _ in range(n)])
        page.context.close()
    browser.close()


def on_disk(p, url: str, n: int) -> None:
    profile = tempfile.mkdtemp()

    def persistent():
        return p.chromium.launch_persistent_context(
            profile, executable_path=chromium(), headless=True, args=CHROME_ARGS, viewport=PHONE
        )

    context = persistent()
    report(
        "(d1) a persistent context, the page closed",
        second_loads(n, lambda: context, lambda pg: pg.close(), url),
    )
    context.close()
    contexts: list = []

    def fresh():
        contexts.append(persistent())
        return contexts[-1]

    report(
        "(d2) a new browser on the warm profile", second_loads(n, fresh, lambda pg: contexts[-1].close(), url)
    )
    cache = tempfile.mkdtemp()
    browser = p.chromium.launch(
        executable_path=chromium(), headless=True, args=[*CHROME_ARGS, f"--disk-cache-dir={cache}"]
    )
    rows = second_loads(n, lambda: browser.new_context(viewport=PHONE), lambda pg: pg.context.close(), url)
    report("(d3) new contexts, --disk-cache-dir", rows)
    browser.close()
    held = sum(f.stat().st_size for f in Path(cache).rglob("*") if f.is_file())
    print(f"    --disk-cache-dir holds {held // 1024} KB after them (a new context's cache is in memory)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--variants", default="abcefd")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    data = Path(tempfile.mkdtemp()) / "data"
    with served(data) as url, sync_playwright() as p:
        shared(p, url, args.loads, args.variants)
        if "d" in args.variants:
            on_disk(p, url, args.loads)


if __name__ == "__main__":
    main()
