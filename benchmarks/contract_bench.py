"""The game contract's figures: opening a stored table, a checked replay, random games through
the Table, collector pauses with several games held, and Chinatown income of a full board.

Run: python benchmarks/contract_bench.py  (figures in docs/PERFORMANCE.md, "The game contract").
Times are CPU time of this process (time.process_time), so a busy machine changes them less.
Run it again with PYTHONPATH pointing at an older tree to compare; the script falls back to
what that tree has (no trusted replay, no income_totals).
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.append(str(ROOT))  # an older tree put first on PYTHONPATH wins

from companion.core import Table  # noqa: E402
from companion.games.chinatown.data import BUILDINGS, DATA  # noqa: E402
from companion.games.chinatown.income import find_businesses, income_by_owner  # noqa: E402
from companion.store import Store  # noqa: E402

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1e3


def random_dragon(seed: int, players: int = 5) -> Table:
    rng = random.Random(seed)
    table = Table.new("dragon", NAMES[:players], {"large_privilege_cost": 7})
    while (prompt := table.prompt) is not None:
        if prompt.auto:
            table.auto(rng)
        else:
            table.submit(rng.choice(prompt.choices))
    return table


def open_stored(data: dict[str, Any]) -> Table:
    try:
        return Table.from_dict(data, legal_redo_only=True, trusted=True)
    except TypeError:  # an older tree: the store replayed with every check
        return Table.from_dict(data, legal_redo_only=True)


def per_entry_written(data: dict[str, Any]) -> float:
    """The store's CPU time (ms, median) to write each entry of ``data`` as it is entered."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "write.sqlite3")
        table = store.create(Table.new("dragon", NAMES, {"large_privilege_cost": 7}))
        times = []
        for raw in data["entries"]:
            start = time.process_time()
            table.submit(raw)
            times.append(time.process_time() - start)
        store.close()
    return statistics.median(times) * 1e3


def collector_pauses(held: list[Table], seconds: float) -> float:
    """The longest collection (ms) while random games are played with ``held`` tables in memory."""
    longest, started = 0.0, [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        nonlocal longest
        if phase == "start":
            started[0] = time.process_time()
        else:
            longest = max(longest, time.process_time() - started[0])

    gc.callbacks.append(watch)
    try:
        end, seed = time.process_time() + seconds, 1000
        while time.process_time() < end:
            random_dragon(seed)
            seed += 1
    finally:
        gc.callbacks.remove(watch)
    return longest * 1e3


def app_collector() -> None:
    """The collector as the app sets it at start-up (``companion serve``), once this script's
    modules are loaded; an older tree without ``tune`` keeps Python's default, as its app did."""
    try:
        from companion.core.memory import tune
    except ImportError:
        return
    tune()


def kept_pauses(games: int = 60) -> tuple[float, float, int]:
    """(longest collection ms, all collections ms, how many) while ``games`` random games are
    played and every one kept in memory, none frozen: what a long session holds before the app
    freezes anything (``memory.settle`` runs when a stored table is opened)."""
    pauses: list[float] = []
    started = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            pauses.append(time.process_time() - started[0])

    gc.callbacks.append(watch)
    try:
        kept = [random_dragon(seed) for seed in range(2000, 2000 + games)]
    finally:
        gc.callbacks.remove(watch)
    del kept
    return max(pauses, default=0.0) * 1e3, sum(pauses) * 1e3, len(pauses)


def main() -> None:
    data = random_dragon(1).to_dict()
    app_collector()
    print(f"complete 5-player Dragon table: {len(data['entries'])} entries")
    print(
        f"open a stored table (trusted replay):     {median_ms(lambda: open_stored(data), 40):.2f} ms median"
    )
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.sqlite3")
        table_id = store.create(Table.from_dict(data)).id
        ms = median_ms(lambda: store.open(table_id), 40)
        store.close()
    print(f"open it from the store (SQLite, Store.open): {ms:.2f} ms median")
    print(f"an entry written through the store (CPU): {per_entry_written(data):.2f} ms median")
    print(
        f"import a file (every check):              {median_ms(lambda: Table.from_dict(data), 40):.2f} ms median"
    )

    start, games = time.process_time(), 0
    while time.process_time() - start < 5:
        random_dragon(games, random.Random(games).randint(2, 5))
        games += 1
    print(
        f"random complete Dragon games through the Table: {games / (time.process_time() - start):.0f} per second"
    )

    held = [open_stored(random_dragon(s).to_dict()) for s in range(8)]
    try:
        from companion.core.memory import settle  # the app freezes what it holds for good
    except ImportError:
        settle = None
    if settle is not None:
        settle()
    print(f"longest collector pause, 8 games held:   {collector_pauses(held, 5):.1f} ms (0: none ran)")
    longest, total, count = kept_pauses()
    print(f"60 games played and kept: longest collection {longest:.1f} ms, {count} in all, {total:.0f} ms")

    rng = random.Random(1)
    bag = [s.id for s in DATA.shop_types for _ in range(s.tiles)]
    rng.shuffle(bag)
    five = (
        {b: rng.randrange(5) for b in range(1, BUILDINGS + 1)},
        {b: bag[b - 1] for b in range(1, BUILDINGS + 1)},
    )
    one = (
        dict.fromkeys(range(1, BUILDINGS + 1), 0),
        {b: DATA.shop_ids[b % 3] for b in range(1, BUILDINGS + 1)},
    )
    try:
        from companion.games.chinatown.income import income_totals
    except ImportError:
        income_totals = None
    for label, (owner, shop) in (("85 tiles, 5 owners", five), ("1 owner, 3 types", one)):
        old = median_ms(
            lambda o=owner, s=shop: [income_by_owner(find_businesses(o, s)) for _ in range(100)], 21
        )
        line = f"Chinatown income, {label}: find_businesses + income_by_owner {old * 10:.0f} µs"
        if income_totals is not None:
            new = median_ms(lambda o=owner, s=shop: [income_totals(o, s) for _ in range(100)], 21)
            line += f", income_totals {new * 10:.0f} µs ({old / new:.1f}x)"
        print(line)


if __name__ == "__main__":
    main()
