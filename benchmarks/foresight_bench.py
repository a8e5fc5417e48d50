"""Foresight benchmark: what the previews and summaries add to a tap late in a 5-player game.

Run: python benchmarks/foresight_bench.py  (figures go into docs/PERFORMANCE.md, "Foresight").
Each figure is the median (and the 95th percentile) of single calls on many late positions of
seeded random games: Dragon months 10 to 12 with 5 players (base game, then both expansions),
Chinatown years 4 and 5 with 5 players, Da Yu from round 8 with 4 players (its maximum).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from chinatown_helpers import random_trade  # noqa: E402
from dragon_helpers import NAMES, step_random  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.core.foresight import table_history  # noqa: E402
from companion.games import chinatown, dayu, dragon  # noqa: E402
from companion.games.chinatown.entries import TradingDone  # noqa: E402

REPEAT = 3


def timed(fn: Callable[[], object]) -> float:
    """Microseconds for one call: the best of a few calls, so one pause of the machine does not count."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1e6


def report(label: str, samples: list[float]) -> None:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(len(samples) * 0.95))]
    print(f"{label}: median {statistics.median(samples):.0f} µs, p95 {p95:.0f} µs ({len(samples)} positions)")


def dragon_positions(options: dict, games: int = 8) -> tuple[list, list[float]]:
    """A quarter of the positions of months 10 to 12 (state and history), and the time of the
    taps themselves there (the engine's apply of the entry tapped), for comparison."""
    out, taps = [], []
    for seed in range(games):
        rng = random.Random(seed)
        table = Table.new("dragon", NAMES[:5], options)
        while (prompt := table.prompt) is not None:
            if table.state.month >= 10 and not prompt.auto:
                entry = rng.choice(prompt.choices)
                taps.append(timed(lambda s=table.state, e=entry: dragon.GAME.apply(s, e)))
                table.submit(entry)
            else:
                step_random(table, rng)
            if table.state.month >= 10 and rng.random() < 0.25:
                out.append((table.state, table_history(table)))
    return out, taps


def bench_dragon() -> None:
    for label, options in (
        ("base", {}),
        ("Great Wall + Super Events", {"great_wall": True, "super_events": True}),
    ):
        positions, taps = dragon_positions(options)
        report(f"Dragon ({label}), the tap itself (apply)", taps)
        report(
            f"Dragon ({label}), coming_events",
            [timed(lambda s=s: dragon.coming_events(s)) for s, _ in positions],
        )
        report(
            f"Dragon ({label}), round_summaries of the whole log",
            [timed(lambda h=h: dragon.round_summaries(*h)) for _, h in positions[::10]],
        )


def bench_chinatown() -> None:
    trades, buildings = [], []
    summaries = []
    for seed in range(10):
        rng = random.Random(seed)
        table = Table.new("chinatown", NAMES[:5])
        while (prompt := table.prompt) is not None:
            state = table.state
            if state.year >= 3 and state.phase == "trade":
                trade = random_trade(state, rng)
                if trade is not None:
                    trades.append(timed(lambda s=state, t=trade: chinatown.trade_preview(s, t)))
            if state.year >= 3 and state.phase == "place":
                seat = state.order()[state.placer]
                for b in state.vacant_of(seat)[:1]:
                    buildings.append(timed(lambda s=state, b=b: chinatown.building_preview(s, b)))
            if prompt.auto:
                table.auto(rng)
            elif prompt.kind == "trade":
                trade = random_trade(state, rng)
                table.submit(trade if trade is not None and rng.random() < 0.5 else TradingDone())
            else:
                table.submit(rng.choice(prompt.choices))
        history = table_history(table)
        summaries.append(timed(lambda h=history: chinatown.round_summaries(*h)))
    report("Chinatown, trade_preview", trades)
    report("Chinatown, building_preview", buildings)
    report("Chinatown, round_summaries of a whole game", summaries)


def bench_dayu() -> None:
    previews, summaries = [], []
    for seed in range(6):
        rng = random.Random(seed)
        table = Table.new("dayu", NAMES[:4])
        while (prompt := table.prompt) is not None:
            state = table.state
            if state.round >= 8 and state.phase == "actions":
                previews.append(timed(lambda s=state: dayu.marker_preview(s)))
            if prompt.auto:
                table.auto(rng)
            else:
                table.submit(rng.choice(prompt.choices))
        history = table_history(table)
        summaries.append(timed(lambda h=history: dayu.round_summaries(*h)))
    report("Da Yu, marker_preview", previews)
    report("Da Yu, round_summaries of a whole game", summaries)


def main() -> None:
    bench_dragon()
    bench_chinatown()
    bench_dayu()


if __name__ == "__main__":
    main()
