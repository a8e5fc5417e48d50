"""Screens and queries at every size (issue 27): Home, the play log, Players and New table drawn,
the store opened, with 10, 1,000 and 10,000 stored tables and as many remembered players; and
the statistics of one game with 10,000 plays.

The stores are built fast: 30 random finished games of the three games and 6 tables in progress,
each game's rows made once as ``Store.create`` writes them, then written again under new ids
(a fifth of the tables in progress, the rest finished and logged); N players, each finished
table's seats linked to random ones. They are cached in STORE_BENCH_DIR (default
/tmp/store_size_bench), one set per schema version, and copied before each run.

Timed, each the median of RUNS (the clock is this process's CPU time, as in ui_bench.py: the
handler, Flet's diff and the patch sent, i.e. the server's work before the phone can repaint):

- open: ``Store(path)`` (its checks on open included), then closed;
- home: a new session's first screen (Home), through the headless harness (tests/ui);
- plays, players, new: the route changed from Home to /plays, /players, /new;
- stats: ``Store.stats('dragon')`` of a store of 10,000 finished Dragon tables (plays_bench's);
- storing: ``Store.create`` of a finished table with 5 linked seats, into an empty store and into
  that one (median of 25, after one untimed).

Bytes: what the session sent to the (fake) phone for that screen, msgpack-encoded as the
websocket sends it (the harness's ``wire_bytes``), i.e. the Flet patch.

Run: python benchmarks/store_size_bench.py [--root TREE] [--sizes 10,1000,10000] [--runs N]
``--root`` measures another checkout (its app and its Store) with this file.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the app is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
HERE = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(HERE / "tests"), str(HERE / "tests" / "ui")]

from flet_harness import Harness  # noqa: E402
from plays_helpers import finished_game  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.plays.record import record  # noqa: E402
from companion.store import Store, sqlite_store  # noqa: E402
from companion.store.plays_rows import insert_play  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402

CACHE = Path(os.environ.get("STORE_BENCH_DIR", "/tmp/store_size_bench"))


def in_progress(seed: int) -> Table:
    rng = random.Random(seed)
    game = ("dragon", "dayu", "chinatown")[seed % 3]
    table = Table.new(game, ["Ana", "Ben", "Carla"])
    n = 0
    while game != "chinatown" and table.prompt is not None and n < 30:
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
        n += 1
    return table


def build(path: Path, count: int) -> None:
    """``count`` tables (a fifth in progress) and ``count`` players, written as Store.create does."""
    sys.path.insert(0, str(HERE / "benchmarks"))
    from plays_bench import copy_rows  # after the app is imported: from the tree measured

    store = Store(path)
    now = "2026-12-01T10:00:00+00:00"
    players = [uuid.uuid4().hex for _ in range(count)]
    batch: list[tuple[str, tuple]] = [
        (
            "INSERT INTO players (id, name, name_key, color, note, created) VALUES (?, ?, ?, ?, ?, ?)",
            (pid, f"Player {i:05d}", f"player {i:05d}", None, "", now),
        )
        for i, pid in enumerate(players)
    ]
    games = [finished_game(seed) for seed in range(30)]
    going = [in_progress(seed) for seed in range(6)]
    rows = []
    for game in games + going:
        statements = [*store._table_rows(game), store._checkpoint_row(game)]
        if game.finished:
            statements += insert_play(record(game, started=game.created))
        rows.append((game.id, len(game.players), game.finished, statements))
    rng = random.Random(5)
    for i in range(count):
        old, seats, finished, statements = (
            rows[i % len(games)] if i % 5 else rows[len(games) + i % len(going)]
        )
        linked = rng.sample(players, min(seats, count)) if finished else []
        batch += copy_rows(statements, old, linked)
        if len(batch) > 50_000:
            store._write(*batch)
            batch = []
    store._write(*batch)
    store.close()


def dragon_store(path: Path, count: int) -> None:
    sys.path.insert(0, str(HERE / "benchmarks"))
    from plays_bench import fill_fast

    fill_fast(path, [finished_game(seed) for seed in range(0, 60, 3)], count)


def cached(name: str, make) -> Path:
    """A fresh copy of a cached store (built on first use), per schema version."""
    CACHE.mkdir(parents=True, exist_ok=True)
    source = CACHE / f"v{sqlite_store.SCHEMA_VERSION}-{name}.sqlite3"
    older = sorted(CACHE.glob(f"v*-{name}.sqlite3"))
    if not source.exists() and older:  # an older schema's store, migrated as an old store is
        print(f"migrating {older[-1].name}...", file=sys.stderr)
        shutil.copyfile(older[-1], source)
        Store(source).close()
    if not source.exists():
        print(f"building {source.name}...", file=sys.stderr)
        make(source)
        Store(source).close()  # checkpointed, migrated
    copy = CACHE / f"run-{os.getpid()}-{name}.sqlite3"
    shutil.copyfile(source, copy)
    return copy


def drop(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


async def screens(path: Path, runs: int) -> dict[str, tuple[float, int]]:
    """Median CPU ms and the bytes sent, per screen."""
    out: dict[str, list[tuple[float, int]]] = {k: [] for k in ("home", "plays", "players", "new")}
    hub = TableHub(Store(path))
    for _ in range(runs):
        h = Harness()
        start, sent = time.process_time(), h.conn.wire_bytes
        await h.start(make_main(hub))
        out["home"].append(((time.process_time() - start) * 1000, h.conn.wire_bytes - sent))
        for key, route in (("plays", "/plays"), ("players", "/players"), ("new", "/new")):
            await h.goto("/")
            start, sent = time.process_time(), h.conn.wire_bytes
            await h.goto(route)
            assert h.route() == route
            out[key].append(((time.process_time() - start) * 1000, h.conn.wire_bytes - sent))
        h.close()
    hub.store.close()
    return {
        k: (statistics.median(t for t, _ in v), int(statistics.median(b for _, b in v)))
        for k, v in out.items()
    }


def median_ms(action, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def storing_ms(path: Path, runs: int = 25) -> float:
    """Median CPU ms of ``Store.create`` of a finished Dragon table with every seat linked (after
    one untimed, so both stores start with their pages read)."""
    store = Store(path)
    ids = [store.create_player(f"Bench {i}").id for i in range(5)]
    table = finished_game(0)
    times = []
    for _ in range(runs + 1):
        table.id = uuid.uuid4().hex
        start = time.process_time()
        store.create(table, ids[: len(table.players)])
        times.append(time.process_time() - start)
    store.close()
    return statistics.median(times[1:]) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root")
    parser.add_argument("--sizes", default="10,1000,10000")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-stats", action="store_true")
    args = parser.parse_args()
    result: dict[str, dict[str, float]] = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        path = cached(f"mixed-{size}", lambda p, n=size: build(p, n))
        try:
            open_ms = median_ms(lambda p=path: Store(p).close(), max(args.runs, 5))
            drawn = asyncio.run(screens(path, args.runs))
        finally:
            drop(path)
        row = {"open": open_ms}
        for key, (ms, size_bytes) in drawn.items():
            row[key] = ms
            row[f"{key}_kb"] = size_bytes / 1000
        result[str(size)] = row
        print(size, json.dumps({k: round(v, 1) for k, v in row.items()}), file=sys.stderr)
    if not args.no_stats:
        path = cached("dragon-10000", lambda p: dragon_store(p, 10_000))
        try:
            store = Store(path)
            assert store.stats("dragon").plays == 10_000
            result["stats"] = {"dragon": median_ms(lambda: store.stats("dragon"), 10)}
            store.close()
            result["stats"]["into_10000"] = storing_ms(path)
        finally:
            drop(path)
        empty = CACHE / f"run-{os.getpid()}-empty.sqlite3"
        try:
            result["stats"]["into_empty"] = storing_ms(empty)
        finally:
            drop(empty)
    print(f"tree: {ROOT}")
    sizes = [k for k in result if k != "stats"]
    print("| Measure | " + " | ".join(f"{int(s):,} tables and players" for s in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    print("| open the store | " + " | ".join(f"{result[s]['open']:.1f} ms" for s in sizes) + " |")
    for key, label in (("home", "Home"), ("plays", "Plays"), ("players", "Players"), ("new", "New table")):
        print(
            f"| {label} drawn (sent) | "
            + " | ".join(f"{result[s][key]:.1f} ms ({result[s][key + '_kb']:.1f} KB)" for s in sizes)
            + " |"
        )
    if "stats" in result:
        st = result["stats"]
        print(f"| `Store.stats('dragon')`, 10,000 Dragon plays | {st['dragon']:.1f} ms |")
        print(
            f"| storing a finished table (5 linked seats) into an empty store | {st['into_empty']:.1f} ms |"
        )
        print(f"| the same into the store of 10,000 Dragon plays | {st['into_10000']:.1f} ms |")


if __name__ == "__main__":
    main()
