"""Dragon's coming events while an event still takes its persons (issue 25, branch midevent).

Run: python benchmarks/mid_event_forecast_bench.py [--cpu]  (figures in docs/PERFORMANCE.md,
"Forecast mid-event"; --cpu: this process's CPU time, not the wall clock). Every position of seeded random 5-player games (base game, then both expansions)
where a month's event still owes releases: the time of ``coming_events`` there (each seat's ways
out of the event tried, each forecast), against the forecasts made straight on the position as
before, and the most ways out one coming event was forecast on. Each call is the best of a few (foresight_bench's
``timed``); the forecast is computed once per table version, so this is what one tap of a
release adds.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from dragon_helpers import NAMES, step_random  # noqa: E402
from foresight_bench import timed  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.games.dragon.forecast import (  # noqa: E402
    _compares,
    _ends_out,
    _only,
    _super_coming,
    _tables,
    _together,
    coming_events,
    coming_months,
    forecast_event,
    forecast_super,
    mid_event,
    reads_of,
)
from companion.games.dragon.state import DragonState  # noqa: E402

GAMES = 6


def straight(s: object) -> list[object]:
    """The forecasts as they were made mid-event before: on the position itself."""
    return [*(forecast_event(s, m) for m in coming_months(s)), forecast_super(s)]  # type: ignore[arg-type]


def ways_forecast(s: DragonState) -> int:
    """The most tables one coming event is forecast on (each seat's ways told apart by what the
    coming events read; the Mongols on their ways together (``_together``), the others packed)."""
    ends = _ends_out(s, reads_of(s))
    sup = _super_coming(s)
    events = [*(s.events[m - 1] for m in coming_months(s)), *([sup] if sup else [])]
    return max((_forecast_on(s, ends, e) for e in events), default=1)


def _forecast_on(s: DragonState, ends: tuple, event: str) -> int:
    """How many tables ``event`` is forecast on: its own ways (``_only``), together or packed."""
    own = _only(ends, reads_of(s, event))
    return len(_together(*own)[0]) if _compares(s, event) else len(_tables(*own, packed=True))


def every_combination(s: DragonState) -> int:
    """How many tables every combination of the seats' ways would be, where the Mongols (or an
    Eclipse repeating them) are forecast: what ``_product`` cuts down; 0 elsewhere."""
    sup = _super_coming(s)
    events = [*(s.events[m - 1] for m in coming_months(s)), *([sup] if sup else [])]
    if not any(_compares(s, e) for e in events):
        return 0
    return math.prod(len(ends) + 1 for _, ends in _ends_out(s, reads_of(s))[1])


def positions(options: dict) -> list:
    out = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        table = Table.new("dragon", NAMES[:5], options)
        while table.prompt is not None:
            if mid_event(table.state):
                out.append(table.state)
            step_random(table, rng)
    return out


def line(label: str, xs: list[float]) -> str:
    xs = sorted(xs)
    p95 = xs[min(len(xs) - 1, int(len(xs) * 0.95))]
    return f"{label}: median {statistics.median(xs):.0f}, p95 {p95:.0f}, max {xs[-1]:.0f}"


def cpu_timed(fn: Callable[[], object]) -> float:
    """As ``timed``, in CPU time of this process (``--cpu``): on a shared machine the wall clock
    counts the other processes' turns too."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best * 1e6


def main() -> None:
    clock = cpu_timed if "--cpu" in sys.argv else timed
    for name, options in (("base", {}), ("both expansions", {"great_wall": True, "super_events": True})):
        found = positions(options)
        now = [clock(lambda s=s: coming_events(s)) for s in found]
        before = [clock(lambda s=s: straight(s)) for s in found]
        ways = [float(ways_forecast(s)) for s in found]
        print(f"{name}, 5 players, {len(found)} mid-event positions")
        print("  " + line("coming_events mid-event (µs)", now))
        print("  " + line("forecasts on the position as before (µs)", before))
        print("  " + line("ways out forecast", ways))
        mongols = [float(n) for n in map(every_combination, found) if n]
        print(f"  {len(mongols)} with the Mongols to come; " + line("every combination of ways", mongols))


if __name__ == "__main__":
    main()
