"""The store on SQLite and on PostgreSQL (issue 28, item 2): storing one entry, and reading
Home's page (the latest tables in progress and finished, 7 of each as Home asks), medians.

SQLite: a file in a temporary folder, as the app keeps it (WAL, synchronous=FULL). PostgreSQL: a
throwaway server on this machine (tests/pg_server.py) started *durable* (fsync and synchronous
commit on, as a real server runs; the tests' server has them off), reached through its unix
socket. The store holds STORED tables (a fifth in progress) before timing.

Timed with the wall clock (PostgreSQL's work happens in its own processes), each the median of
RUNS:
- entry: one legal entry submitted to a stored Da Yu table (the engine's apply, the checkpoint,
  the transaction with its revision check and commit); ``engine`` is the same entry on a table
  with no store, to show the store's share;
- home: the two ``Store.list(finished=..., limit=7)`` reads of Home's page.

Run: python benchmarks/store_backend_bench.py [--runs N] [--stored N]
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

from pg_server import running  # noqa: E402
from security.input_helpers import short_table  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.store import Store  # noqa: E402

HOME_PAGE = 7  # Home's PAGE of 6 and one more, to know whether "Show more" is needed


def step(table: Table, rng: random.Random) -> None:
    prompt = table.prompt
    if prompt is None:
        raise RuntimeError("the table finished during the benchmark")
    table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))


def median_ms(action: Callable[[], None], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def measure(store: Store, runs: int, stored: int) -> dict[str, float]:
    rng = random.Random(1)
    for i in range(stored):
        store.create(short_table("dayu", seed=i, entries=30 if i % 5 else 10, undo=0))
    table = store.create(short_table("dayu", seed=99, entries=5, undo=0))
    bare = Table.from_dict(table.to_dict())  # the same table, no store: the engine's share
    bare_rng = random.Random(1)

    def home() -> None:
        store.list(finished=False, limit=HOME_PAGE)
        store.list(finished=True, limit=HOME_PAGE)

    home()  # one untimed read of each
    return {
        "entry": median_ms(lambda: step(table, rng), runs),
        "engine": median_ms(lambda: step(bare, bare_rng), runs),
        "home": median_ms(home, runs),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--stored", type=int, default=200)
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "tables.sqlite3")
        results["SQLite"] = measure(store, args.runs, args.stored)
        store.close()
    with running(durable=True) as server:
        store = Store(server.create_database("bench"))
        results["PostgreSQL"] = measure(store, args.runs, args.stored)
        store.close()
    print(f"{args.stored} stored tables, median of {args.runs} (ms, wall clock)")
    print(f"{'backend':<12}{'entry':>9}{'engine':>9}{'home':>9}")
    for name, r in results.items():
        print(f"{name:<12}{r['entry']:>9.2f}{r['engine']:>9.2f}{r['home']:>9.2f}")


if __name__ == "__main__":
    main()
