"""Hosted spaces (issue 28): what a space costs on SQLite and on PostgreSQL, medians.

SQLite: a data folder in a temporary folder (a file per space). PostgreSQL: a throwaway server on
this machine (tests/pg_server.py) started *durable*, as companion/store/spaces.py uses it: a
schema per space, every space on the process's one shared pool (SHARED_POOL_SIZE connections).

Timed with the wall clock, each the median of RUNS:
- new space: ``Spaces.create`` and the first ``Spaces.store`` (the file or schema made and
  brought to the current schema version);
- check: ``Spaces.check`` of a right key (what a served session does when a browser arrives);
- entry, one space: one entry on a Da Yu table, always the same space;
- entry, spaces in turn: one entry on a table in each of SPACES spaces in turn (on PostgreSQL
  each entry first points its pooled connection at the next schema: the SET's cost shows here).
Also printed: the server connections open once all the spaces are (PostgreSQL).

Run: python benchmarks/spaces_bench.py [--runs N] [--spaces N]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(HERE), str(HERE / "tests")]

import psycopg  # noqa: E402
from pg_server import running  # noqa: E402
from security.input_helpers import short_table  # noqa: E402
from store_backend_bench import median_ms, step  # noqa: E402  (benchmarks/, beside this file)

from companion.store import postgres  # noqa: E402
from companion.store.spaces import Spaces  # noqa: E402


def measure(spaces: Spaces, runs: int, count: int) -> dict[str, float]:
    keys = []

    def new_space() -> None:
        key = spaces.create()
        spaces.store(key.space_id)
        keys.append(key)

    made = median_ms(new_space, runs)
    while len(keys) < count:
        new_space()
    check = median_ms(lambda: spaces.check(keys[0]), runs)
    rng = random.Random(1)
    tables = [
        spaces.store(k.space_id).create(short_table("dayu", seed=i, entries=5, undo=0))
        for i, k in enumerate(keys)
    ]
    one = median_ms(lambda: step(tables[0], rng), runs)
    turn = iter(range(10**9))
    rotating = median_ms(lambda: step(tables[next(turn) % count], rng), runs)
    return {"new space": made, "check": check, "entry, one space": one, "entry, spaces in turn": rotating}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--spaces", type=int, default=100)
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        spaces = Spaces(Path(folder))
        results["SQLite"] = measure(spaces, args.runs, args.spaces)
        spaces.close()
    with running(durable=True) as server:
        url = server.create_database("bench")
        spaces = Spaces(url)
        results["PostgreSQL"] = measure(spaces, args.runs, args.spaces)
        with psycopg.connect(url) as conn:
            row = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                " AND pid <> pg_backend_pid()"
            ).fetchone()
        spaces.close()
        postgres.close_shared_pools()
    print(f"{args.spaces} spaces, median of {args.runs} (ms, wall clock)")
    names = list(results["SQLite"])
    print(f"{'backend':<12}" + "".join(f"{n:>24}" for n in names))
    for backend, r in results.items():
        print(f"{backend:<12}" + "".join(f"{r[n]:>24.2f}" for n in names))
    print(f"PostgreSQL server connections with {args.spaces} spaces open: {row[0] if row else '?'}")


if __name__ == "__main__":
    main()
