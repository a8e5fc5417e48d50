"""Issue 31's budgets: a player page and a game page at 10,000 logged plays, <= 100 ms server-side,
with no filter, a one-year filter and a location filter.

Two stores written by plays_bench.fill_fast (copies of random finished games, seven players):
10,000 plays of the three games for the player page, 10,000 Dragon plays for the game page. Their
plays are then spread over 24 months (2025-01 to 2026-12, so a year keeps half) and three
locations (Home, Club, none), as a real log's are: an UPDATE of the plays, so whatever the store
keeps in step with a play's date and location follows.

The game page is what the statistics screen computes for one game: its statistics, records, the
figures by month, by expansion and by player count, each player's win rate over time, and the
group's H-index. The player page line adds the win rate over time of its chart ("with its chart"). Each line also
prints a digest of the results, so two checkouts' runs show they computed the same figures.

Run: python benchmarks/stats_pages_bench.py  (docs/PERFORMANCE.md, "Player and game pages at
10,000 plays"); copy it into another checkout's benchmarks/ to measure that tree the same way.
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import sys
import tempfile
import types
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

import plays_bench  # noqa: E402
from plays_bench import fill_fast, median_ms  # noqa: E402
from plays_helpers import finished_game  # noqa: E402

from companion.store import Store  # noqa: E402

MANY = 10_000
RUNS = 15
YEAR = {"since": "2026-01-01", "until": "2026-12-31"}
FILTERS: list[tuple[str, dict[str, str]]] = [
    ("no filter", {}),
    ("2026 only", YEAR),
    ("at Home", {"location": "Home"}),
]


def spread(path: Path) -> None:
    """Plays over 24 months and three locations, and their lengths, deterministically (by rowid:
    the copies' lengths are the seconds the benchmark took to make them, different each run)."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("BEGIN")
    db.execute(
        "UPDATE plays SET date = printf('%04d-%02d-%02dT20:00:00+00:00', 2025 + (rowid % 24) / 12,"
        " rowid % 12 + 1, 1 + rowid % 28), location = CASE rowid % 3 WHEN 0 THEN 'Home' WHEN 1 THEN 'Club' END,"
        " seconds = 1200 + rowid % 97 * 60"
    )
    db.execute("COMMIT")
    db.close()


def game_page(store: Store, game: str, player: str | None, period: dict[str, str]) -> list[Any]:
    """What the statistics screen computes for one game (this tree's way of asking for it)."""
    out: list[Any] = [store.stats(game, player, **period), store.records(game, **period)]
    if hasattr(store, "game_periods"):  # one pass for the three splits
        p = store.game_periods(game, player, **period)
        out += [p.by_month, p.by_expansion, p.by_player_count]
    else:
        out += [
            f(game, player, **period) for f in (store.by_month, store.by_expansion, store.by_player_count)
        ]
    if hasattr(store, "win_rates"):  # the win rate over time chart (since 2026-12-05)
        out.append(store.win_rates(game, player, **period))
    return [*out, store.h_index(**period)]


def digest(value: Any) -> str:
    """A short fingerprint of the results, the same on two trees that computed the same (ids are
    left out: the players' and plays' ids are random in each run)."""

    def plain(v: Any) -> Any:
        if hasattr(v, "model_dump"):
            return plain(v.model_dump(mode="json"))
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items() if k not in ("player_id", "play_id")}
        if isinstance(v, list | tuple):
            return [plain(x) for x in v]
        return v

    return hashlib.sha256(json.dumps(plain(value), sort_keys=True).encode()).hexdigest()[:10]


def measure(label: str, action: Any) -> str:
    value = action()
    return f"| {label} | {median_ms(action, RUNS):.1f} ms | `{digest(value)}` |"


def main() -> None:
    # The copies' ids from a seeded generator: a record held by several plays of one date goes to
    # the lower id, so two runs (and two trees) hold the same records.
    seeded = random.Random(31)
    plays_bench.uuid = types.SimpleNamespace(uuid4=lambda: uuid.UUID(int=seeded.getrandbits(128)))  # type: ignore[assignment]
    mixed = [finished_game(seed) for seed in range(30)]
    dragons = [finished_game(seed) for seed in range(0, 60, 3)]
    lines = ["| Measure (10,000 plays) | Median | Results |", "|---|---|---|"]
    with tempfile.TemporaryDirectory() as folder:
        three, one = Path(folder) / "mixed.sqlite3", Path(folder) / "dragon.sqlite3"
        print(f"Writing {MANY} plays twice...", file=sys.stderr)
        fill_fast(three, mixed, MANY)
        fill_fast(one, dragons, MANY)
        spread(three)
        spread(one)
        store = Store(three)
        ana = store.find_player("Ana").id
        lines.append(
            measure("`Store.stats('dragon', player)` (yardstick)", lambda: store.stats("dragon", ana))
        )
        for name, period in FILTERS:
            lines.append(measure(f"Player page, {name}", lambda p=period: store.player_page(ana, **p)))
        if hasattr(store, "win_rates"):
            for name, period in FILTERS:
                lines.append(
                    measure(
                        f"Player page with its chart, {name}",
                        lambda p=period: [store.player_page(ana, **p), store.win_rates(None, ana, **p)],
                    )
                )
            lines.append(measure("`Store.win_rates(None, player)` alone", lambda: store.win_rates(None, ana)))
        store.close()
        store = Store(one)
        ana = store.find_player("Ana").id
        if hasattr(store, "win_rates"):
            lines.append(
                measure("`Store.win_rates('dragon')` alone (the group)", lambda: store.win_rates("dragon"))
            )
        for name, period in FILTERS:
            lines.append(
                measure(
                    f"Dragon page, the group, {name}", lambda p=period: game_page(store, "dragon", None, p)
                )
            )
        for name, period in FILTERS:
            lines.append(
                measure(
                    f"Dragon page, one player, {name}", lambda p=period: game_page(store, "dragon", ana, p)
                )
            )
        store.close()
    print("\n".join(lines))


if __name__ == "__main__":
    main()
