"""What a main screen costs while nothing happens: each screen opened in Chromium (the kit's
switches, phone size), left to settle, then ``--idle`` seconds read: the CPU of each Chromium
process kind (benchmarks/browser_tests_cpu.py's ``Census``) and the frames the app asked for
(``FRAMES``). The Rules screens are read with their search field focused (a tap into it), Share also
with a seat's QR code shown.

With ``--taps N``: N pairs of taps on Home ("Play log", then Back), made as the kit makes them
(the mouse's click, then the pointer lifted off the controls) and as a finger (a touch on a page
made with touch): the Chromium CPU and frames of each tap and the 2 s after it, medians.

    PYTHONPATH=.:tests python benchmarks/idle_frames.py [--idle 5] [--only home,rules] [--taps 4]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests"), str(ROOT / "tests" / "browser")]

from browser_tests_cpu import Census  # noqa: E402
from plays_insights_helpers import make_play  # noqa: E402
from random_play import play_until  # noqa: E402
from table_files import stored  # noqa: E402
from ui_browser_kit import (  # noqa: E402
    CHROME_ARGS,
    OFF_CONTROLS,
    PHONE,
    chromium,
    enable_semantics,
    page_in,
    resting_box,
    served,
    settled,
    tap_on,
)

from companion.core import Table  # noqa: E402
from companion.store import Store  # noqa: E402

CENSUS = Census(os.getpid())
# Frames counted in the page: Flutter's web engine asks the browser for a frame
# (requestAnimationFrame) only when it has something to draw, so wrapping requestAnimationFrame
# counts the frames the app asked for (none while nothing moves; the kit's own waits ask for
# frames too, so the idle look makes none of its calls).
FRAMES = """
window.__tcFrames = 0;
const raf = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = cb => raf(t => { window.__tcFrames++; return cb(t); });
"""


def fill(data: Path) -> dict[str, str]:
    data.mkdir(parents=True, exist_ok=True)
    ids = {}
    ids["dragon"] = stored(
        data,
        play_until(
            Table.new("dragon", ["Ana", "Ben", "Carla"]), random.Random(3), lambda t: t.state.month >= 3
        ),
    ).id
    ids["chinatown"] = stored(
        data,
        play_until(
            Table.new("chinatown", ["Ana", "Ben", "Carla", "Dai"]),
            random.Random(2),
            lambda t: t.state.year == 2 and t.state.phase == "trade",
        ),
    ).id
    ids["dayu"] = stored(data, Table.new("dayu", ["Ana", "Ben", "Carla"])).id
    store = Store(data / "tables.sqlite3")
    try:
        people = {
            n: store.create_player(n, c).id for n, c in (("Ana", "green"), ("Ben", "blue"), ("Carla", "red"))
        }
        rng = random.Random(31)
        for k in range(12):
            play = make_play(
                "dayu",
                f"2026-{1 + k // 2:02d}-{1 + k % 2 * 9:02d}T20:00:00+00:00",
                [(n, people[n], rng.randint(14, 40)) for n in people],
                seconds=3600,
            )
            store.restore_play(play)
    finally:
        store.close()
    return ids


def idle(page, seconds: float) -> tuple[dict[str, float], int]:
    time.sleep(1.0)
    page.evaluate("window.__tcFrames = 0")
    CENSUS.look()
    before = CENSUS.by_kind()
    time.sleep(seconds)
    CENSUS.look()
    after = CENSUS.by_kind()
    frames = page.evaluate("window.__tcFrames")
    return {k: after[k] - before.get(k, 0.0) for k in after if k.startswith("chromium")}, frames


def taps(browser, url: str, touch: bool, pairs: int) -> tuple[float, float]:
    """Median CPU and frames of a tap (``pairs`` times "Play log" then Back) and the 2 s after it."""
    page = browser.new_page(viewport=PHONE, has_touch=touch)
    page.add_init_script(FRAMES)
    page.goto(url)
    enable_semantics(page)
    settled(page)
    seen = []
    for _ in range(pairs):
        for name in ("Play log", "Back"):
            box = resting_box(page.get_by_role("button", name=name, exact=True))
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            time.sleep(0.5)
            page.evaluate("window.__tcFrames = 0")
            CENSUS.look()
            before = sum(v for k, v in CENSUS.by_kind().items() if k.startswith("chromium"))
            if touch:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.click(x, y)
                page.mouse.move(*OFF_CONTROLS)
            time.sleep(2.0)
            frames = page.evaluate("window.__tcFrames")
            CENSUS.look()
            seen.append(
                (sum(v for k, v in CENSUS.by_kind().items() if k.startswith("chromium")) - before, frames)
            )
    page.close()
    return statistics.median(c for c, _ in seen), statistics.median(f for _, f in seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--only", default="")
    parser.add_argument("--arg", action="append", default=[], help="an extra Chromium switch")
    parser.add_argument("--taps", type=int, default=0, help="pairs of taps, by mouse and by touch")
    args = parser.parse_args()
    data = Path(tempfile.mkdtemp()) / "data"
    ids = fill(data)
    screens = {
        "home": ("", None),
        "dragon": (f"table/{ids['dragon']}", None),
        "chinatown": (f"table/{ids['chinatown']}", None),
        "dayu": (f"table/{ids['dayu']}", None),
        "history": (f"table/{ids['dragon']}/history", None),
        "rules": ("rules", lambda page: page.get_by_role("textbox").first),
        "table-rules": (f"table/{ids['dragon']}/rules", lambda page: page.get_by_role("textbox").first),
        "stats": ("stats", None),
        "plays": ("plays", None),
        "share": (f"table/{ids['dragon']}/share", None),
        "share-qr": (  # a seat's QR code shown
            f"table/{ids['dragon']}/share",
            lambda page: page.get_by_role("button", name=re.compile(r"^Show .+'s QR code$")).first,
        ),
        "settings": ("settings", None),
    }
    only = [s for s in args.only.split(",") if s]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, served(data) as url:
        browser = p.chromium.launch(executable_path=chromium(), headless=True, args=CHROME_ARGS + args.arg)
        for touch in (False, True) * (2 if args.taps else 0):
            cpu, frames = taps(browser, url, touch, args.taps)
            print(
                f"a tap by {'touch' if touch else 'mouse'}: {cpu:.2f} s CPU, {frames:.0f} frames asked",
                flush=True,
            )
        for name, (path, focus) in screens.items():
            if only and name not in only:
                continue
            page = page_in(browser, url + path, "en")
            page.add_init_script(FRAMES)  # from the next load on: loaded again at once
            page.reload()
            enable_semantics(page)
            settled(page)
            if focus:  # the field focused, or the QR shown
                tap_on(focus(page))
                settled(page)
            cpu, frames = idle(page, args.idle)
            total = sum(cpu.values())
            parts = ", ".join(
                f"{k.split()[-1]} {v:.2f}"
                for k, v in sorted(cpu.items(), key=lambda kv: -kv[1])
                if v >= 0.005
            )
            print(
                f"{name:12s} {args.idle:.0f} s idle: {total:.2f} s CPU ({parts}); {frames} frames asked",
                flush=True,
            )
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
