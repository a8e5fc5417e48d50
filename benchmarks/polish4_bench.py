"""The two reads branch polish4 added: a play's tie line derived from its table (the play log
opens a tied play's table: ``PlaysRepo.tie_detail``), and the namesakes of a typed name among
1,001 players (``Store.namesakes``, read on each keystroke in a New table seat).

Run: PYTHONPATH=.:tests python benchmarks/polish4_bench.py  (figures in docs/PERFORMANCE.md,
"Four things a walkthrough left").
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from random_play import play_to_end

from companion.core import Table
from companion.store import Store
from companion.ui.repos import PlaysRepo

RUNS = 31


def median_ms(call: Callable[[], object]) -> float:
    runs = []
    for _ in range(RUNS):
        start = time.perf_counter()
        call()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs) * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.sqlite3")
        for game, seed in (("dayu", 39), ("dragon", 5)):  # finished games tied on the best total
            table = Table.new(game, ["Ana", "Ben", "Carla"])
            play_to_end(table, random.Random(seed))
            store.create(table, [None] * 3)
            [play] = store.plays(game)
            print(
                f"tie line of a tied {game} play: {median_ms(lambda p=play: PlaysRepo(store).tie_detail(p)):.1f} ms"
            )
        for i in range(1000):
            store.create_player(f"Player {i:04d}")
        store.create_player("Lucía")
        print(
            f"namesakes of 'lucia' among 1,001 players: {median_ms(lambda: store.namesakes('lucia')):.2f} ms"
        )
        store.close()


if __name__ == "__main__":
    main()
