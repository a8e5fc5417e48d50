"""History reads: what one read of a table's log costs at 10 and 1,000 entries (issue 27).

A read is what History does on a tap: ``table.history``, its length, and the newest item; and
``table.entries[-1]``. Median of 7 runs, each a mean over many reads.

Run: python benchmarks/history_bench.py              (this tree)
     python benchmarks/history_bench.py --vs ../main  (this tree and another, in turn, same run)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import timeit
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = (10, 1000)


def table_of(n: int) -> Any:  # a Table of whichever tree is on the path
    from toy_game import SPEC, Add, Start, ToyOptions  # type: ignore[import-not-found]

    from companion.core import Player, Table
    from companion.games import register

    register(SPEC)
    # The toy ends at a counter of 50 at most: a bigger target, set past the options' bound.
    table = Table(SPEC.game, ToyOptions.model_construct(target=10 * n), [Player(name="A"), Player(name="B")])
    table.submit(Start(first=0))
    while table.version < n:
        table.submit(Add(seat=(table.version - 1) % 2, amount=1))
    return table


def measure() -> dict[str, float]:
    """Microseconds per read, by size."""
    out = {}
    for n in SIZES:
        table = table_of(n)

        def history(table: Any = table) -> None:
            h = table.history
            h[len(h) - 1]

        def entries(table: Any = table) -> None:
            table.entries[-1]

        for name, read in (("history", history), ("entries", entries)):
            number = 200_000 // n + 100
            runs = timeit.repeat(read, number=number, repeat=7)
            out[f"{name} {n}"] = statistics.median(runs) / number * 1e6
    return out


def main() -> None:
    if "--child" in sys.argv:
        sys.path[:0] = [os.environ["BENCH_TREE"], str(Path(os.environ["BENCH_TREE"]) / "tests")]
        print(json.dumps(measure()))
        return
    trees = [ROOT] + ([Path(sys.argv[sys.argv.index("--vs") + 1]).resolve()] if "--vs" in sys.argv else [])
    results: dict[Path, list[dict[str, float]]] = {t: [] for t in trees}
    for _ in range(3):  # the trees in turn, so a change in the machine's load hits both
        for tree in trees:
            env = {**os.environ, "BENCH_TREE": str(tree), "PYTHONPATH": str(tree)}
            done = subprocess.run(
                [sys.executable, __file__, "--child"], env=env, capture_output=True, text=True, check=True
            )
            results[tree].append(json.loads(done.stdout))
    keys = list(results[ROOT][0])
    print("µs per read (median of 3 processes × 7 runs)")
    print("| read | " + " | ".join(str(t) for t in trees) + " |")
    print("|---|" + "---|" * len(trees))
    for key in keys:
        cells = [f"{statistics.median(r[key] for r in results[t]):.3f}" for t in trees]
        print(f"| {key} entries | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
