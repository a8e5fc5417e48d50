"""Play log benchmark: the statistics of 1,000 logged plays, and opening a store of 1,000
finished tables (its list of tables and its play log).

The tables are 30 random finished games of the three games (tests/plays_helpers.py), each
stored again and again under a new id (every copy replayed and logged like an imported
file), with 80 % of the seats linked to a group of seven players.

At 10,000 (issue 24's budgets: statistics ≤ 100 ms, opening ≤ 500 ms) the copies are written
straight as the rows ``Store.create`` makes for them (each distinct game's rows made once, the id
put in), which takes seconds instead of the hour 10,000 replays would.

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
from companion.plays.record import record  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.store.plays_rows import insert_play  # noqa: E402

RUNS = 30
TABLES = 1_000
MANY = 10_000
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


def copy_rows(statements: list[tuple[str, tuple]], old: str, linked: list[str]) -> list[tuple[str, tuple]]:
    """The rows ``Store.create`` wrote for table ``old``, again under a new id, its first seats
    linked to ``linked`` (a store of thousands of tables is written in seconds this way)."""
    new = uuid.uuid4().hex
    out = [(sql, tuple(new if a == old else a for a in args)) for sql, args in statements]
    out += [
        ("INSERT INTO seat_links (table_id, seat, player_id) VALUES (?, ?, ?)", (new, seat, pid))
        for seat, pid in enumerate(linked)
    ]
    out += [
        ("UPDATE play_seats SET player_id = ? WHERE play_id = ? AND seat = ?", (pid, new, seat))
        for seat, pid in enumerate(linked)
    ]
    return out


def fill_fast(path: Path, games: list[Table], count: int) -> None:
    """``count`` finished tables and their plays, copies of ``games``: each game's rows as
    ``Store.create`` writes them, made once, then written again under new ids."""
    store = Store(path)
    ids = [store.create_player(name).id for name in POOL]
    rng = random.Random(5)
    rows = []
    for game in games:
        statements = [*store._table_rows(game), store._checkpoint_row(game)]
        statements += insert_play(record(game, started=game.created))
        rows.append((game.id, len(game.players), statements))
    batch: list[tuple[str, tuple]] = []
    for i in range(count):
        old, seats, statements = rows[i % len(rows)]
        batch += copy_rows(statements, old, rng.sample(ids, seats))
        if len(batch) > 50_000:
            store._write(*batch)
            batch = []
    store._write(*batch)
    store.close()


def at_ten_thousand(folder: Path, mixed: list[Table], dragons: list[Table]) -> list[str]:
    """The statistics of 10,000 Dragon plays and the opening of a store of 10,000 finished tables."""
    one_game, three_games = folder / "dragon-10k.sqlite3", folder / "mixed-10k.sqlite3"
    print(f"Writing {MANY} finished tables twice...", file=sys.stderr)
    fill_fast(one_game, dragons, MANY)
    fill_fast(three_games, mixed, MANY)
    store = Store(one_game)
    assert store.stats("dragon").plays == MANY
    ana = store.find_player("Ana").id
    game_ms = median_ms(lambda: store.stats("dragon"), 10)
    player_ms = median_ms(lambda: store.stats("dragon", ana), 10)
    figures = store._read("SELECT COUNT(*) FROM play_figures")[0][0]
    store.close()
    entries = Store(three_games)._read("SELECT COUNT(*) FROM entries")[0][0]
    open_ms = median_ms(lambda: Store(three_games).close(), 10)
    log_ms = median_ms(lambda: len(Store(three_games).plays()), 10)
    list_ms = median_ms(lambda: len(Store(three_games).list()), 5)
    page_ms, records_ms, months_ms = player_page_ms(three_games)
    return [
        f"| `Store.stats('dragon')`, 10,000 Dragon plays ({figures:,} figure rows) | {game_ms:.1f} ms |",
        f"| `Store.stats('dragon', player)`, the same plays | {player_ms:.1f} ms |",
        f"| Open a store of 10,000 finished tables ({entries:,} entry rows): `Store()`, its checks on open included | {open_ms:.1f} ms |",
        f"| The same, then read its log (`plays()`) | {log_ms:.1f} ms |",
        f"| The same, then list its tables (`list()`, Home) | {list_ms:.1f} ms |",
        f"| `Store.player_page(player)`, 10,000 plays of the three games (issue 31) | {page_ms:.1f} ms |",
        f"| `Store.records('dragon')`, the same store | {records_ms:.1f} ms |",
        f"| `Store.by_month('dragon', player)`, the same store | {months_ms:.1f} ms |",
    ]


def player_page_ms(path: Path) -> tuple[float, float, float]:
    """The player page (every game, head-to-head, records held), a game's records and a
    player's months, on an open store (issue 31)."""
    store = Store(path)
    ana = store.find_player("Ana").id
    assert store.player_page(ana).plays > 1_000
    out = (
        median_ms(lambda: store.player_page(ana), 10),
        median_ms(lambda: store.records("dragon"), 10),
        median_ms(lambda: store.by_month("dragon", ana), 10),
    )
    store.close()
    return out


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
        many = at_ten_thousand(Path(folder), mixed, dragons)
    print("| Measure | Median |")
    print("|---|---|")
    print(f"| `Store.stats('dragon')`, 1,000 Dragon plays | {game_ms:.1f} ms |")
    print(f"| `Store.stats('dragon', player)`, the same plays | {player_ms:.1f} ms |")
    print(
        f"| Open a store of 1,000 finished tables ({entries:,} entry rows): `list()` + `plays()` | {open_ms:.1f} ms |"
    )
    print(f"| Open the same store and read only its log (`plays()`) | {log_ms:.1f} ms |")
    print(f"| `plays('chinatown', player)` on it | {filtered_ms:.1f} ms |")
    print("\n".join(many))


if __name__ == "__main__":
    main()
