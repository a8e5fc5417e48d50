"""Restore benchmark: a backup of 1,000 finished tables checked once and restored into an empty
store, as the app does after the player's confirm (read_backup, then restore_checked).

The tables are 30 random finished games of the three games (tests/plays_helpers.py), stored
again and again under new ids, with their plays. The whole restore runs in one thread: the
figure is one core's. RESTORE_TABLES sets the number of tables, RESTORE_RUNS the runs.

Run: python benchmarks/restore_bench.py  (figures go into docs/PERFORMANCE.md, "Restore").
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from plays_helpers import finished_game  # noqa: E402

from companion.store import Store  # noqa: E402
from companion.store.backup import backup_json, read_backup, restore_checked  # noqa: E402

TABLES = int(os.environ.get("RESTORE_TABLES", "1000"))
RUNS = int(os.environ.get("RESTORE_RUNS", "3"))


def backup_of(folder: Path) -> bytes:
    games = [finished_game(seed) for seed in range(30)]
    store = Store(folder / "source.sqlite3")
    for i in range(TABLES):
        table = games[i % len(games)]
        table.id = uuid.uuid4().hex
        store.create(table)
    data = backup_json(store).encode()
    store.close()
    return data


def main() -> None:
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        print(f"Building a backup of {TABLES} finished tables...", file=sys.stderr)
        data = backup_of(folder)
        checks, restores = [], []
        for run in range(RUNS):
            store = Store(folder / f"restored-{run}.sqlite3")
            start = time.perf_counter()
            backup, tables = read_backup(data)
            checked = time.perf_counter()
            restore_checked(store, backup, tables)
            done = time.perf_counter()
            assert len(store.list()) == TABLES and len(store.plays()) == TABLES
            store.close()
            checks.append(checked - start)
            restores.append(done - checked)
        total = [a + b for a, b in zip(checks, restores, strict=True)]
        print(f"backup: {TABLES} tables, {len(data) / 1e6:.1f} MB")
        print(f"check (read_backup), median of {RUNS}: {statistics.median(checks):.1f} s")
        print(f"write (restore_checked), median of {RUNS}: {statistics.median(restores):.1f} s")
        print(
            f"restore in all, median of {RUNS}: {statistics.median(total):.1f} s (runs: "
            + ", ".join(f"{t:.1f}" for t in total)
            + ")"
        )


if __name__ == "__main__":
    main()
