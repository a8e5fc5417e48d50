"""Flet's walk of a diff's added and removed controls against the app's (companion/ui/diff_walk.py),
over the late taps of ui_bench.py's 5-player Dragon games.

Run: python benchmarks/diff_walk_bench.py [--games N] [--rounds R]
Each round plays the same games (ui_bench's seeds) once with each walk, in turn, in this one
process. For every late tap (months 10-12) it reports the CPU time spent in the two walks and
the whole tap as ui_bench times it; medians over the taps of all rounds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path[:0] = [str(Path(__file__).resolve().parent)]

import ui_bench  # noqa: E402
from flet.controls import object_patch  # noqa: E402

from companion.ui import diff_walk  # noqa: E402

DiffBuilder: Any = object_patch.DiffBuilder


class Clock:
    """CPU time inside the two walks, per late tap."""

    def __init__(self) -> None:
        self.late = False
        self.spent = 0.0
        self.walks: list[float] = []
        added, removed = DiffBuilder.get_added_controls, DiffBuilder.get_removed_controls

        def timed(walk: Any) -> Any:
            def run(builder: Any) -> Any:
                t = time.process_time()
                out = list(walk(builder))
                self.spent += time.process_time() - t
                return iter(out)

            return run

        DiffBuilder.get_added_controls = timed(added)
        DiffBuilder.get_removed_controls = timed(removed)
        tap = ui_bench.timed_click

        async def click(
            h: Any, key: str, times: list[float], sizes: list[int], firsts: Any = None, *rest: Any
        ) -> None:
            self.late, self.spent = firsts is not None, 0.0
            await tap(h, key, times, sizes, firsts, *rest)
            if self.late:
                self.walks.append(self.spent)

        ui_bench.timed_click = click


async def play(games: int, clock: Clock) -> list[float]:
    taps: list[float] = []
    for seed in range(games):
        with tempfile.TemporaryDirectory() as tmp:
            r = await ui_bench.one_game(Path(tmp), seed)
        taps += r["late"]
    return taps


async def main(games: int, rounds: int) -> None:
    ui_bench.tune()
    clock = Clock()
    ours_install = diff_walk.install
    figures: dict[str, tuple[list[float], list[float]]] = {"flet": ([], []), "ours": ([], [])}
    for _ in range(rounds):
        for walk in ("flet", "ours"):
            diff_walk.uninstall()
            diff_walk.install = ours_install if walk == "ours" else (lambda: False)  # type: ignore[assignment]
            clock.walks = []
            taps = await play(games, clock)
            figures[walk][0].extend(clock.walks)
            figures[walk][1].extend(taps)
    diff_walk.install = ours_install  # type: ignore[assignment]
    print(f"games: {games} x {rounds} rounds, late taps per walk: {len(figures['ours'][0])}")
    for walk, (walks, taps) in figures.items():
        print(
            f"  {walk:4}: walks {statistics.median(walks) * 1000:.2f} ms a tap (p90 "
            f"{sorted(walks)[int(len(walks) * 0.9)] * 1000:.2f}), whole tap {statistics.median(taps) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.rounds))
