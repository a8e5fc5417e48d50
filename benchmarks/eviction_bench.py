"""Closing idle spaces and pruning abandoned ones (issue 28, operator side): medians.

For SPACES spaces, each opened through ``Hosted.hub`` (its hub and store, as a session's start
opens them), on SQLite (a data folder in a temporary folder) and on PostgreSQL (a throwaway
durable server, tests/pg_server.py):
- open files held by the process with every space open, and after ``evict_idle`` (Linux /proc);
- evict: ``Hosted.evict_idle`` closing all of them (the sweep's cost when they all went idle);
- prune: ``space_admin.prune`` deleting all of them (empty, unused past the cut-off);
- list: ``space_admin.space_rows`` over all of them.
Each timing is the wall clock's median over RUNS runs, each on new spaces.

Run: python benchmarks/eviction_bench.py [--runs N] [--spaces N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(HERE), str(HERE / "tests")]

from pg_server import running  # noqa: E402

from companion.store import postgres  # noqa: E402
from companion.store.space_admin import DAY, prune, space_rows  # noqa: E402
from companion.store.spaces import Spaces  # noqa: E402
from companion.ui.hosted import Hosted  # noqa: E402


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def one_run(location: str | Path, count: int) -> dict[str, float]:
    hosted = Hosted(Spaces(location))
    before = _fds()
    ids = [hosted.spaces.create().space_id for _ in range(count)]
    for space_id in ids:
        hosted.hub(space_id).store.list(limit=1)
    held = _fds() - before
    start = time.perf_counter()
    closed = hosted.evict_idle(time.monotonic() + 16 * 60)
    evict = time.perf_counter() - start
    assert len(closed) == count
    after = _fds() - before
    start = time.perf_counter()
    rows = space_rows(hosted.spaces)
    listed = time.perf_counter() - start
    start = time.perf_counter()
    gone = prune(hosted.spaces, 1, now=time.time() + 2 * DAY)
    pruned = time.perf_counter() - start
    assert len(gone) == len(rows) == count
    hosted.spaces.close()
    return {"fds open": held, "fds after": after, "evict s": evict, "list s": listed, "prune s": pruned}


def measure(location: Callable[[int], str | Path], runs: int, count: int) -> dict[str, float]:
    results = [one_run(location(i), count) for i in range(runs)]
    return {name: statistics.median(r[name] for r in results) for name in results[0]}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--spaces", type=int, default=300)
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        results["SQLite"] = measure(lambda i: Path(folder) / f"run{i}", args.runs, args.spaces)
    with running(durable=True) as server:
        results["PostgreSQL"] = measure(lambda i: server.create_database(f"evict{i}"), args.runs, args.spaces)
        postgres.close_shared_pools()
    print(f"{args.spaces} spaces, median of {args.runs} runs")
    for backend, figures in results.items():
        shown = ", ".join(f"{k} {v:.3f}" if k.endswith(" s") else f"{k} {v:.0f}" for k, v in figures.items())
        print(f"{backend}: {shown}")


if __name__ == "__main__":
    main()
