"""Schema 10 (plays logged with their winners alone): what the upgrade and the statistics cost at
10,000 plays (docs/PERFORMANCE.md, "Plays logged with their winners alone").

The code measured is the checkout this file sits in (plays_bench puts it first on the path): to
measure the code before schema 10, copy this file into a worktree of it (main at 4e011e1).
  won_only_bench.py make PATH     a 10,000-table store (plays_bench.fill_fast) at that checkout's schema
  won_only_bench.py migrate PATH  open five copies of PATH: the migration's time (ms) when it is older
  won_only_bench.py stats PATH    median ms of a game's statistics (the group's, Ana's) and month groups
Make the store with the code before schema 10, then run ``migrate`` and ``stats`` with each
(``stats`` migrates the file it is given: give the newer code a copy).
  won_only_bench.py               (as ``make bench`` runs it) all three on a new store in a
                                  temporary folder, with this checkout alone: opens with no migration
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import plays_bench as pb
from plays_helpers import finished_game

from companion.store import Store


def migrate(path: Path) -> None:
    out = []
    for i in range(5):
        copy = path.with_name(f"m{i}.sqlite3")
        shutil.copy(path, copy)
        start = time.perf_counter()
        Store(copy).close()
        out.append((time.perf_counter() - start) * 1000)
        for name in (copy.name, copy.name + "-wal", copy.name + "-shm"):
            (copy.parent / name).unlink(missing_ok=True)
    print("open (and migrate) ms", [round(x) for x in out], "median", round(statistics.median(out)))


def stats(path: Path) -> None:
    store = Store(path)
    found = store.find_player("Ana")
    assert found is not None
    for game in ("dragon", "chinatown"):
        group = pb.median_ms(lambda game=game: store.stats(game))
        ana = pb.median_ms(lambda game=game: store.stats(game, found.id))
        months = pb.median_ms(lambda game=game: store.game_periods(game))
        print(f"{game}: group {group:.1f} ms, Ana {ana:.1f} ms, month groups {months:.1f} ms")
    store.close()


if __name__ == "__main__":
    if len(sys.argv) == 1:  # make bench: this checkout's own figures
        with tempfile.TemporaryDirectory() as tmp:
            store_file = Path(tmp) / "plays.sqlite3"
            pb.fill_fast(store_file, [finished_game(seed) for seed in range(30)], 10_000)
            migrate(store_file)
            stats(store_file)
        sys.exit(0)
    what, where = sys.argv[1], Path(sys.argv[2])
    if what == "make":
        pb.fill_fast(where, [finished_game(seed) for seed in range(30)], 10_000)
    elif what == "migrate":
        migrate(where)
    else:
        stats(where)
