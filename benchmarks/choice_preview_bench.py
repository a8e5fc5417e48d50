"""The Play screen drawn at Chinatown's last placer, whose "done placing" preview pays every
player's businesses (the longest preview list the game makes): median ms of 40 draws.

Run from a tree: PYTHONPATH=. python benchmarks/choice_preview_bench.py LABEL
(figures in docs/PERFORMANCE.md, "Walkthrough defects"; run the old and new trees side by side).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "ui")]

from chinatown_helpers import play_random  # noqa: E402
from ui_testkit import new_hub, new_table_by_taps, only_table, started  # noqa: E402

from companion.core import Table  # noqa: E402

DRAWS = 40


def stop_at_the_last_placer(t: Table) -> None:
    """Raise once "done placing" would pay another seat's businesses (the year's last placer)."""
    p = t.prompt
    done = [c for c in (p.choices if p else None) or [] if getattr(c, "kind", None) == "done_placing"]
    if (
        p
        and t.state.phase == "place"
        and done
        and any(fx.seat not in (None, p.seat) for fx in t.check(done[0])[2])
    ):
        raise StopIteration


async def main(label: str) -> None:
    hub = new_hub(Path(tempfile.mkdtemp()))
    h = await started(hub)
    await new_table_by_taps(h, "chinatown", ("Ana", "Ben", "Carla"))
    table = only_table(hub)
    with contextlib.suppress(StopIteration):
        play_random(table, random.Random(5), trades=0, on_step=stop_at_the_last_placer)
    times = []
    for _ in range(DRAWS):
        await h.goto(f"/table/{table.id}/scores")
        t0 = time.perf_counter()
        await h.goto(f"/table/{table.id}")
        times.append((time.perf_counter() - t0) * 1000)
    print(f"{label}: median {statistics.median(times):.1f} ms (min {min(times):.1f}) over {DRAWS} draws")
    h.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "this tree"))
