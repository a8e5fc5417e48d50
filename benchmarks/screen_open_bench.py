"""Opening two screens headless in a fresh session: a Dragon table at month 12 (4 players, both
expansions) on Play, and the finished tied game of the same seed on Scores; 16 sessions each,
alternating Spanish and English, the median of the last 15 in ms.

Run in the tree to measure: ``PYTHONPATH=.:tests python benchmarks/screen_open_bench.py``; it
uses only the UI test harness, so an older tree runs it too (figures in docs/PERFORMANCE.md,
"A third new-user walkthrough's fixes").
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "ui")]

from random_play import play_to_end, play_until  # noqa: E402
from ui_testkit import new_hub, started  # noqa: E402

from companion.core import Table  # noqa: E402

NAMES = ["Ana", "Ben", "Carla", "Diego"]
OPTIONS = {"great_wall": True, "super_events": True}
SEED = 33  # its random game ends with Diego and Ana tied on 36 VP
SESSIONS = 16


async def main() -> None:
    hub = new_hub(Path(tempfile.mkdtemp()))
    running = Table.new("dragon", NAMES, OPTIONS)
    play_until(running, random.Random(SEED), lambda t: t.state.month >= 12)
    done = Table.new("dragon", NAMES, OPTIONS)
    play_to_end(done, random.Random(SEED))
    running, done = hub.create(running), hub.create(done)
    for name, route in (("Play", f"/table/{running.id}"), ("Scores", f"/table/{done.id}/scores")):
        runs = []
        for lang in ["es", "en"] * (SESSIONS // 2):
            start = time.perf_counter()
            h = await started(hub, route, prefs={"table_companion.lang": lang})
            h.close()
            runs.append((time.perf_counter() - start) * 1000)
        print(f"{name}: {statistics.median(runs[1:]):.1f} ms")


if __name__ == "__main__":
    asyncio.run(main())
