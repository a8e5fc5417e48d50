"""Chinatown benchmark: income of a full board, a whole random game, and the size of its codes.

Run: python benchmarks/chinatown_bench.py  (figures go into docs/PERFORMANCE.md, "Chinatown").
Income beside the peer (zahediadib/chinatown) and an older tree: benchmarks/chinatown_peer_bench.py.
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from chinatown_helpers import new_table, play_random  # noqa: E402

from companion.core import codes  # noqa: E402
from companion.games.chinatown.data import BUILDINGS, DATA  # noqa: E402
from companion.games.chinatown.income import find_businesses  # noqa: E402


def full_board(seed: int) -> tuple[dict[int, int], dict[int, str]]:
    """Every building owned (5 players) and 85 of the 90 tiles placed."""
    rng = random.Random(seed)
    bag = [s.id for s in DATA.shop_types for _ in range(s.tiles)]
    rng.shuffle(bag)
    board = range(1, BUILDINGS + 1)
    return {b: rng.randrange(max(DATA.dealing)) for b in board}, {b: bag[b - 1] for b in board}


def best_of(fn: Callable[[], object], repeat: int = 5, number: int = 200) -> float:
    """Seconds per call: the best of ``repeat`` runs of ``number`` calls."""
    best = math.inf
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def main() -> None:
    owner, shop = full_board(1)
    income = best_of(lambda: find_businesses(owner, shop))
    # One owner, few types: the biggest groups (oversize splits) the board allows.
    one = {b: 0 for b in range(1, 86)}
    big = {b: DATA.shop_ids[b % 3] for b in range(1, 86)}
    income_big = best_of(lambda: find_businesses(one, big))
    print(f"income, full board (85 tiles, 5 owners): {income * 1e6:.0f} µs")
    print(f"income, full board (1 owner, 3 types):   {income_big * 1e6:.0f} µs")

    for players in (3, 4, 5):
        times, entries, bits, raw = [], [], [], []
        for seed in range(10):
            table = new_table(players)
            start = time.perf_counter()
            play_random(table, random.Random(seed), trades=2)
            times.append(time.perf_counter() - start)
            entries.append(table.version)
            state = table.game.setup(table.options, [p.name for p in table.players])
            total_bits, trades = 0.0, 0
            for e in table.entries:
                _, radix = codes.entry_code(table.game, state, e)
                if radix == codes.RAW:
                    trades += 1
                else:
                    total_bits += math.log2(radix) if radix > 1 else 0
                state, _ = table.game.apply(state, e)
            bits.append(total_bits)
            raw.append(trades)
        print(
            f"{players} players: a whole random game {sum(times) / len(times) * 1e3:.0f} ms "
            f"({sum(entries) / len(entries):.0f} entries, {sum(raw) / len(raw):.1f} raw trades); "
            f"coded entries {sum(bits) / len(bits) / 8:.0f} bytes"
        )


if __name__ == "__main__":
    main()
