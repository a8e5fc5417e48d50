"""Play log benchmark: the statistics of 1,000 logged plays, and opening a store of 1,000
finished tables (its list of tables and its play log).

The tables are 30 random finished games of the three games (tests/plays_helpers.py), each
stored again and again under a new id (every copy replayed and logged like an imported
file), with 80 % of the seats linked to a group of seven players.

Run: python benchmarks/plays_bench.py  (figures go into docs/PERFORMANCE.md, "Players and plays").
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from plays_helpers import finished_game  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.store import Store  # noqa: E402

RUNS = 30
TABLES = 1_000
POOL = ["Ana", "Ben", "Carla", "Dai", "Dan", "Eli", "Eva"]


def median_ms(action, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def fill(path: Path, games: list[Table]) -> None:
    """TABLES finished tables, copies of ``games`` under new ids, most seats linked to players."""
    store = Store(path)
    ids = {name: store.create_player(name).id for name in POOL}
    rng = random.Random(5)
    for i in range(TABLES):
        table = games[i % len(games)]
        table.id = uuid.uuid4().hex
        store.create(table, [ids[p.name] if rng.random() < 0.8 else None for p in table.players])
    store.close()


def main() -> None:
    print(f"Building {TABLES} finished tables...", file=sys.stderr)
    mixed = [finished_game(seed) for seed in range(30)]
    dragons = [finished_game(seed) for seed in range(0, 60, 3)]  # 20 Dragon games
    with tempfile.TemporaryDirectory() as folder:
        one_game, three_games = Path(folder) / "dragon.sqlite3", Path(folder) / "mixed.sqlite3"
        fill(one_game, dragons)
        fill(three_games, mixed)
        store = Store(one_game)
        ana = store.find_player("Ana").id
        assert store.stats("dragon").plays == TABLES
        game_ms = median_ms(lambda: store.stats("dragon"))
        player_ms = median_ms(lambda: store.stats("dragon", ana))
        store.close()
        entries = Store(three_games)._read("SELECT COUNT(*) FROM entries")[0][0]

        def open_store() -> None:
            s = Store(three_games)
            assert len(s.list()) == TABLES and len(s.plays()) == TABLES
            s.close()

        def log_only() -> None:
            s = Store(three_games)
            s.plays()
            s.close()

        open_ms = median_ms(open_store)
        log_ms = median_ms(log_only)
        mixed_store = Store(three_games)
        filtered_ms = median_ms(lambda: mixed_store.plays("chinatown", mixed_store.find_player("Ben").id))
        mixed_store.close()
    print("| Measure | Median |")
    print("|---|---|")
    print(f"| `Store.stats('dragon')`, 1,000 Dragon plays | {game_ms:.1f} ms |")
    print(f"| `Store.stats('dragon', player)`, the same plays | {player_ms:.1f} ms |")
    print(
        f"| Open a store of 1,000 finished tables ({entries:,} entry rows): `list()` + `plays()` | {open_ms:.1f} ms |"
    )
    print(f"| Open the same store and read only its log (`plays()`) | {log_ms:.1f} ms |")
    print(f"| `plays('chinatown', player)` on it | {filtered_ms:.1f} ms |")


if __name__ == "__main__":
    main()
