"""Tips benchmark: what computing the first-game tips with the table's numbers adds to each entry.

Run: python benchmarks/tips_bench.py  (figures go into docs/PERFORMANCE.md, "Tips with the
table's numbers"). For every entry of seeded random games (tests/random_play.py: Dragon with 4
players, Chinatown with 5, Da Yu with 4), the time of ``lookup.tips.table_tips`` on the table as
it stands (the best of 3 calls, so one pause of the machine does not count), then of rendering
the tips found in English (what the Play screen's teach card draws). Medians and 95th percentiles.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from random_play import play_to_end  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.lookup.tips import table_tips  # noqa: E402

REPEAT = 3
PLAYERS = {"dragon": 4, "chinatown": 5, "dayu": 4}
NAMES = ["Ana", "Ben", "Carla", "Dai", "Eli"]


def timed(fn: Callable[[], object]) -> float:
    """Microseconds for one call: the best of a few calls."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def report(label: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(len(samples) * 0.95))]
    print(
        f"{label}: median {statistics.median(samples):.1f} µs, p95 {p95:.1f} µs, max {samples[-1]:.0f} µs ({len(samples)} entries)"
    )


def bench(game: str, games: int, options: dict[str, bool] | None = None) -> None:
    compute: list[float] = []
    render: list[float] = []
    for seed in range(games):
        table = Table.new(game, NAMES[: PLAYERS[game]], options)

        def step(t: Table) -> None:
            _ = t.prompt  # the Play screen has made the prompt already: not the tips' cost
            compute.append(timed(lambda: table_tips(t)))
            found = table_tips(t)
            render.append(timed(lambda: [tip.msg.render("en") for tip in found]))

        play_to_end(table, random.Random(seed), step)
    label = game + (" (both expansions)" if options else "")
    report(f"{label}: table_tips per entry", compute)
    report(f"{label}: rendering the tips found", render)


if __name__ == "__main__":
    for name, count in (("dragon", 4), ("chinatown", 6), ("dayu", 2)):
        bench(name, count)
    bench("dragon", 4, {"great_wall": True, "super_events": True})  # the super event's and wall's tips
