"""Dragon engine speed: replay, random games per second, submit latency late in a game; the
same for each combination of the expansions, with the QR snapshot size of a 5-player game.

Run: ``python benchmarks/dragon_bench.py`` (one core; figures go to docs/PERFORMANCE.md).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "share"), str(ROOT / "tests")]

from snapshot_helpers import play  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.core.codes import entry_code  # noqa: E402

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]


COMBOS = {
    "Great Wall": {"great_wall": True},
    "Super Events": {"super_events": True},
    "both": {"great_wall": True, "super_events": True},
}


def random_game(seed: int, n: int, expansions: dict[str, bool] | None = None) -> Table:
    rng = random.Random(seed)
    options = {"large_privilege_cost": rng.choice([6, 7]), **(expansions or {})}
    table = Table.new("dragon", NAMES[:n], options)
    play(table, rng)
    return table


def replay_ms(games: list[Table]) -> list[float]:
    """How long loading each game's file takes (every entry replayed), in ms."""
    times = []
    for text in [g.to_json() for g in games]:
        t0 = time.perf_counter()
        Table.from_json(text)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def entry_bytes(g: Table) -> float:
    """The compact code size of a game's entries: the sum of log2 radix, in bytes."""
    replayed = Table.new("dragon", [p.name for p in g.players], g.options.model_dump())
    total = 0.0
    for entry in g.entries:
        _value, radix = entry_code(replayed.game, replayed.state, entry)
        total += math.log2(radix) if radix else 0
        replayed.submit(entry)
    return total / 8


def main() -> None:
    games = [random_game(seed, 5) for seed in range(20)]
    entries = statistics.mean(g.version for g in games)
    replay = replay_ms(games)

    t0 = time.perf_counter()
    count = 0
    while time.perf_counter() - t0 < 10:
        random_game(1000 + count, 2 + count % 4)
        count += 1
    per_second = count / (time.perf_counter() - t0)

    latency = []
    for g in games:
        last = g.entries[-40:]
        g.undo(len(last))
        for entry in last:
            t1 = time.perf_counter()
            g.submit(entry)
            latency.append((time.perf_counter() - t1) * 1000)

    bits = [entry_bytes(g) for g in games[:5]]

    print(f"5-player game: {entries:.0f} entries on average")
    print(f"replay a complete 5-player game (from_json): median {statistics.median(replay):.0f} ms")
    print(f"random complete games (2-5 players) per second, one core: {per_second:.1f}")
    print(
        f"submit latency in the last 40 entries of a 5-player game: median {statistics.median(latency):.2f} ms"
    )
    print(f"compact code size of a 5-player game (sum of log2 radix): {statistics.mean(bits):.0f} bytes")


def expansions() -> None:
    from companion.share import encode, qr_version

    base = [encode(random_game(seed, 5)) for seed in range(20)]
    print(
        f"base game snapshot of a 5-player game: {statistics.median(len(c) for c in base):.0f} chars, "
        f"QR version {statistics.median(qr_version(c) for c in base):.0f}"
    )
    print(
        "| expansions | entries (5p) | replay 5p (ms) | games/s (2-5p) | entry code 5p | snapshot 5p | QR |"
    )
    for name, options in COMBOS.items():
        games = [random_game(seed, 5, options) for seed in range(20)]
        replay = replay_ms(games)
        t0 = time.perf_counter()
        count = 0
        while time.perf_counter() - t0 < 5:
            random_game(2000 + count, 2 + count % 4, options)
            count += 1
        rate = count / (time.perf_counter() - t0)
        codes = [encode(g) for g in games]
        size = statistics.median(len(c) for c in codes)
        qr = statistics.median(qr_version(c) for c in codes)
        entries = statistics.mean(g.version for g in games)
        coded = statistics.mean(entry_bytes(g) for g in games[:5])
        print(
            f"| {name} | {entries:.0f} | {statistics.median(replay):.0f} | {rate:.1f} "
            f"| {coded:.0f} bytes | {size:.0f} chars | {qr:.0f} |"
        )


if __name__ == "__main__":
    main()
    expansions()
