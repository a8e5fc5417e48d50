"""The Dragon forecast's detail dialog: a tap on a coming event's tile in the glance strip, until
the dialog is sent, measured through the screen with the headless harness.

Run: python benchmarks/forecast_detail_bench.py  (figures in docs/PERFORMANCE.md, "Dragon screens
that mislead"). Twelve seeded 4-player games with both expansions stop at the actions of months
2 to 10; each of the two event tiles is tapped three times (the dialog closed in between). A
tap's time is the server's CPU time to the last message sent (benchmarks/ui_bench.py's
``timed_click``); the figures are the medians over the taps, and the bytes sent.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(ROOT / "benchmarks")]

from dragon_helpers import NAMES, step_random  # noqa: E402
from ui_bench import timed_click  # noqa: E402
from ui_testkit import new_hub, started  # noqa: E402

from companion.core import Table  # noqa: E402

OPTIONS = {"great_wall": True, "super_events": True}


async def main() -> None:
    times: list[float] = []
    sizes: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        hub = new_hub(Path(folder))
        for seed in range(12):
            table = hub.create(Table.new("dragon", NAMES[:4], OPTIONS))
            rng = random.Random(seed)
            month = 2 + seed % 9
            while not (table.state.month == month and table.state.phase == "actions"):
                step_random(table, rng)
            h = await started(hub, route=f"/table/{table.id}")
            for _ in range(3):
                for tile in ("glance-event-0", "glance-event-1"):
                    if h.has(tile):
                        await timed_click(h, tile, times, sizes)
                        await h.click("forecast-dialog-close")
            h.close()
    print(
        f"event tile tapped to its detail: median {statistics.median(times) * 1e3:.2f} ms CPU, "
        f"{statistics.median(sizes):.0f} bytes ({len(times)} taps)"
    )


if __name__ == "__main__":
    asyncio.run(main())
