"""What a new score is compared with (Store.usual_win, plays/bounds.far_above): medians.

On a SQLite log of PLAYS Dragon plays of 4 seats (random scores 20 to 90, one winner each),
the median over RUNS calls, in ms, of:
- usual_win: the winners' scores' median, two reads of the (game, winner, score) index (a
  count, then the one row at the middle offset);
- the old usual_best: one MAX and COUNT(DISTINCT play_id) over the game's seats;
- each play's best: a GROUP BY play_id over the game's seats, the median taken in Python (the
  first way usual_win was written, branch bounds2).
Quick score reads it on each result shown, the Edit dialog on each Save.

Run: python benchmarks/usual_win_bench.py [--plays N] [--runs N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(HERE), str(HERE / "tests")]

from plays_insights_helpers import make_play  # noqa: E402

from companion.store import Store  # noqa: E402

SEATS = "FROM play_seats WHERE game = ? AND score IS NOT NULL AND score BETWEEN ? AND ?"


def _median_ms(f: Callable[[], object], runs: int) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        out.append((time.perf_counter() - t) * 1000)
    return statistics.median(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plays", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    rng = random.Random(7)
    store = Store(Path(tempfile.mkdtemp()) / "tables.sqlite3")
    for i in range(args.plays):
        seats = [(n, None, rng.randint(20, 90)) for n in ("Ana", "Ben", "Dai", "Eva")]
        day = f"{2010 + i // 300}-{1 + i // 25 % 12:02d}-{1 + i % 25:02d}T20:00:00+00:00"
        store.restore_play(make_play("dragon", day, seats, winners=[0], play_id=f"p{i}"))
    bound = ("dragon", 0, 366)

    def old_best() -> object:
        return store._read(f"SELECT MAX(score), COUNT(DISTINCT play_id) {SEATS}", bound)[0]

    def plays_best() -> object:
        return statistics.median_low(
            [r[0] for r in store._read(f"SELECT MAX(score) {SEATS} GROUP BY play_id", bound)]
        )

    print(
        f"{args.plays} plays: usual_win {_median_ms(lambda: store.usual_win('dragon'), args.runs):.2f} ms,"
        f" old usual_best {_median_ms(old_best, args.runs):.2f} ms,"
        f" each play's best {_median_ms(plays_best, args.runs):.2f} ms"
    )
    store.close()


if __name__ == "__main__":
    main()
