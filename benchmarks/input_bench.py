"""Bad-input and store benchmark: what the input limits cost, how fast hostile input is refused,
and what the store's revision check and damaged-row scan cost.

Run: python benchmarks/input_bench.py  (figures go into docs/PERFORMANCE.md, "Bad input and the store").
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "share"), str(ROOT / "tests")]

from snapshot_helpers import play  # noqa: E402

from companion.core import Table, TableError  # noqa: E402
from companion.core.limits import load_json  # noqa: E402
from companion.store import Store  # noqa: E402

RUNS = 30


def median_ms(action, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def whole_game(game: str, seed: int = 1) -> Table:
    table = Table.new(game, ["Ana", "Ben", "Carla", "Dong"])
    play(table, random.Random(seed))
    table.undo(5)
    return table


def refused_ms(text: str) -> float:
    def attempt() -> None:
        try:
            Table.from_json(text)
        except TableError:
            return
        raise AssertionError("accepted")

    return median_ms(attempt, 10)


def main() -> None:
    print("| Game | File | `json.loads` | `load_json` (limits) | `Table.from_json` (5 undone entries) |")
    print("|---|---|---|---|---|")
    for game in ("dragon", "chinatown", "dayu"):
        table = whole_game(game)
        text = table.to_json()
        plain = median_ms(lambda text=text: json.loads(text))
        limited = median_ms(lambda text=text: load_json(text))
        full = median_ms(lambda text=text: Table.from_json(text), 10)
        print(
            f"| {game} | {len(text) // 1024} KiB, {table.version} entries | {plain:.2f} ms |"
            f" {limited:.2f} ms | {full:.0f} ms |"
        )

    valid = whole_game("dragon").to_dict()
    hostile = {
        "200,000 characters of nested lists": "[" * 100_000 + "]" * 100_000,
        "a version of 5,000 digits": json.dumps(valid).replace('"version": 1', '"version": ' + "9" * 5000),
        "a 5 MB table name": json.dumps(valid | {"name": "x" * 5_000_000}),
    }
    print("\n| Hostile file | Refused in |")
    print("|---|---|")
    for label, text in hostile.items():
        print(f"| {label} | {refused_ms(text):.2f} ms |")

    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "tables.sqlite3")
        table = store.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
        rng = random.Random(3)
        times = []
        for _ in range(200):
            prompt = table.prompt
            start = time.perf_counter()
            table.auto(rng) if prompt.auto else table.submit(rng.choice(prompt.choices))
            times.append(time.perf_counter() - start)
        submit = statistics.median(times) * 1000
        for seed in range(99):  # played in memory, stored in one transaction each
            t = Table.new("dayu", ["Ana", "Ben", "Carla"])
            play(t, random.Random(seed), limit=100)
            store.create(t)
        listing = median_ms(store.list, 20)
        rows = store._read("SELECT COUNT(*) FROM entries")[0][0]
        store.close()
    print("\n| Store (a file in a temporary folder, synchronous=FULL) | Median |")
    print("|---|---|")
    print(f"| One submit, committed (revision checked in the transaction) | {submit:.2f} ms |")
    print(
        f"| `Store.list()` of 100 tables, {rows} entry rows (damaged-row scan included) | {listing:.1f} ms |"
    )


if __name__ == "__main__":
    main()
