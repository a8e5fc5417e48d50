"""Form taps benchmark (issue 25): the server's time and the bytes sent for a tap that changes
only a form's draft, measured with the headless harness like benchmarks/ui_bench.py.

Run: python benchmarks/form_tap_bench.py [--runs N] [--root TREE]
Three forms: Chinatown's trade form in the first year (a building chip toggled on and off, the
trade's money stepped), Dragon's Quick score (a palace added and removed, its floors tapped),
and Da Yu's Quick score (a VP card added, then taken back). Each run starts a fresh session and
taps every form the same way; the medians are over all the taps of all runs. ``--root`` runs
another checkout's app with this file (a side-by-side comparison: a tree whose forms redraw the
whole screen through the session's ``refresh()`` against one whose forms redraw alone).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the app is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui"), str(ROOT / "tests"), str(Path(__file__).parent)]

from flet_harness import Harness  # noqa: E402
from test_chinatown_ui import first_year_by_hand, new_chinatown  # noqa: E402
from ui_testkit import new_hub, only_table, started  # noqa: E402

Taps = dict[str, tuple[list[float], list[int]]]  # form: (CPU seconds, bytes) per tap


async def timed_click(h: Harness, key: str, times: list[float], sizes: list[int]) -> None:
    """One tap as the client sends it (``Harness.click``: "select" for a chip): this process's CPU
    time until the last message it caused was sent (as benchmarks/ui_bench.py counts), and the
    bytes sent."""
    before = h.conn.wire_bytes
    stamps: list[float] = []
    send = h.conn.send_message

    def stamped(message: object) -> None:
        send(message)
        stamps.append(time.process_time())

    h.conn.send_message = stamped  # type: ignore[method-assign]
    start = time.process_time()
    await h.click(key)
    h.conn.send_message = send  # type: ignore[method-assign]
    assert stamps, f"tap on {key} sent nothing"
    times.append(stamps[-1] - start)
    sizes.append(h.conn.wire_bytes - before)


async def trade_taps(folder: Path, taps: Taps) -> None:
    hub = new_hub(folder)
    h = await started(hub)
    await new_chinatown(h)
    await first_year_by_hand(h, only_table(hub))
    times, sizes = taps.setdefault("Chinatown trade form", ([], []))
    for _ in range(5):
        for key in ("ct-give-a-b-16", "ct-give-a-b-16", "ct-money-a-plus", "ct-money-a-minus"):
            await timed_click(h, key, times, sizes)
    h.close()


async def quick_taps(folder: Path, taps: Taps) -> None:
    h = await started(new_hub(folder), route="/quick/dragon")
    times, sizes = taps.setdefault("Dragon Quick score", ([], []))
    palaces = len(h.keys("quick-remove-palace-0-"))
    for _ in range(5):
        await timed_click(h, "quick-add-palace-0", times, sizes)
        await timed_click(h, f"quick-floors-0-{palaces}-3", times, sizes)
        await timed_click(h, f"quick-remove-palace-0-{palaces}", times, sizes)
    h.close()
    h = await started(new_hub(folder), route="/quick/dayu")
    times, sizes = taps.setdefault("Da Yu Quick score", ([], []))
    for _ in range(8):
        await timed_click(h, "dy-q-0-vp-3", times, sizes)
        await timed_click(h, "dy-q-0-card-0", times, sizes)
    h.close()


async def main(runs: int) -> None:
    taps: Taps = {}
    for run in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            await trade_taps(Path(tmp) / f"trade-{run}", taps)
            await quick_taps(Path(tmp) / f"quick-{run}", taps)
    print(f"tree: {ROOT}")
    for form, (times, sizes) in taps.items():
        print(
            f"{form}: median {statistics.median(times) * 1000:.1f} ms server CPU, "
            f"{statistics.median(sizes) / 1024:.1f} KB sent per tap ({len(times)} taps)"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", help="the checkout to measure (default: this file's)")
    args = parser.parse_args()
    asyncio.run(main(args.runs))
