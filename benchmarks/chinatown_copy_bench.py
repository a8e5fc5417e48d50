"""Chinatown: copying a state, ChinatownState.clone() against pydantic's model_copy(deep=True)
(the copy apply() made before issue 13), and a whole game replayed with each copy.

Run: python benchmarks/chinatown_copy_bench.py  (figures in docs/PERFORMANCE.md, "Chinatown: one
way to copy a state"). Medians of 15 runs; both copies are timed in the same run on the same states.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from chinatown_helpers import new_table, play_random  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.games.chinatown.state import ChinatownState  # noqa: E402

RUNS = 15


def median_of(fn: Callable[[], object], number: int) -> float:
    """Seconds per call: the median of RUNS runs of ``number`` calls."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return statistics.median(times)


def deep_copy(self: ChinatownState) -> ChinatownState:
    return self.model_copy(deep=True)


def main() -> None:
    table = new_table(5)
    play_random(table, random.Random(1), trades=2)
    late = table.state_at(table.version - 1)  # the last year placed: the fullest board a state holds
    mid = table.state_at(table.version // 2)
    for name, state in (("mid-game", mid), ("end of the game", late)):
        assert state.clone() == state == state.model_copy(deep=True)
        clone = median_of(state.clone, 2000)
        deep = median_of(lambda s=state: s.model_copy(deep=True), 2000)
        print(
            f"copy, {name} (5 players): clone {clone * 1e6:.1f} µs, deep copy {deep * 1e6:.1f} µs, {deep / clone:.1f} x"
        )

    data = table.to_dict()
    clone = median_of(lambda: Table.from_dict(data, trusted=True), 20)
    original = ChinatownState.clone
    ChinatownState.clone = deep_copy  # type: ignore[method-assign]  # the old copy, for the side-by-side
    try:
        deep = median_of(lambda: Table.from_dict(data, trusted=True), 20)
    finally:
        ChinatownState.clone = original  # type: ignore[method-assign]
    n = table.version
    print(
        f"replay of a whole 5-player game ({n} entries): clone {clone * 1e3:.2f} ms, deep copy {deep * 1e3:.2f} ms, {deep / clone:.1f} x"
    )


if __name__ == "__main__":
    main()
