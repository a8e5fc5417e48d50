"""Review benchmark (issue 30): CPU time of ``review(table)`` for complete random games.

Run: python benchmarks/review_bench.py [--games N] [--quick]
(figures go into docs/PERFORMANCE.md, "Review after the game").

- every game and player count: the review of the whole table (every player, no budget), the
  median over N seeded random complete games (Da Yu with a budget of 400 alternatives: its random
  games run about 40 rounds, and a whole review of one takes a minute; its rate is given instead);
- growth with the game's length: a 5-player Dragon game reviewed after a quarter, half, three
  quarters and all of its log;
- growth with the budget: the same 5-player Dragon game with 50, 100, 200 and 400 alternatives,
  and with 0.5 and 1 s of CPU time.

Times are CPU time of this process (``time.process_time``), so other jobs on the machine count
less than in wall time; the machine's load is printed with them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[1] / "tests")]

from random_play import play_to_end  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.core.memory import tune  # noqa: E402
from companion.review import Budget, review  # noqa: E402

PLAYERS = {"dragon": (2, 3, 4, 5), "chinatown": (3, 4, 5), "dayu": (2, 3, 4)}
BUDGETS = {"dayu": Budget(alternatives=400)}


def finished(game: str, players: int, seed: int) -> Table:
    table = Table.new(game, [f"P{i}" for i in range(players)])
    play_to_end(table, random.Random(seed))
    return table


def cut_at(table: Table, share: float) -> Table:
    """A table holding the first ``share`` of another's log (a game in progress)."""
    part = Table.new(table.game_id, [p.name for p in table.players])
    for entry in list(table.entries)[: round(table.version * share)]:
        part.submit(entry)
    return part


def cpu(table: Table, **kwargs: object) -> tuple[float, int]:
    start = time.process_time()
    result = review(table, **kwargs)  # type: ignore[arg-type]
    return time.process_time() - start, result.evaluated


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="one game each, Dragon and Chinatown only")
    args = ap.parse_args()
    tune()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    print(
        "| Game | Players | Entries (median) | Alternatives replayed | Review, all players (median, min-max) |"
    )
    print("|---|---|---|---|---|")
    for game, counts in PLAYERS.items():
        if args.quick and game == "dayu":
            continue
        for n in counts:
            runs, sizes, alts = [], [], []
            for seed in range(args.games if not args.quick else 1):
                table = finished(game, n, 100 + seed)
                seconds, evaluated = cpu(table, budget=BUDGETS.get(game))
                runs.append(seconds)
                sizes.append(table.version)
                alts.append(evaluated)
            rate = (
                f" ({statistics.median(alts) / statistics.median(runs):.0f} alternatives/s)"
                if game == "dayu"
                else ""
            )
            print(
                f"| {game} | {n} | {statistics.median(sizes):.0f} | {statistics.median(alts):.0f} | "
                f"{statistics.median(runs):.2f} s ({min(runs):.2f}-{max(runs):.2f}){rate} |"
            )
    table = finished("dragon", 5, 7)
    print(f"\nDragon, 5 players, one game of {table.version} entries:")
    print("| Part of the log reviewed | Entries | Alternatives | CPU time |")
    print("|---|---|---|---|")
    for share in (0.25, 0.5, 0.75, 1.0):
        part = cut_at(table, share) if share < 1 else table
        seconds, evaluated = cpu(part)
        print(f"| {share:.0%} | {part.version} | {evaluated} | {seconds:.2f} s |")
    print("\n| Budget | Alternatives replayed | CPU time | Cut |")
    print("|---|---|---|---|")
    for budget in (
        Budget(alternatives=50),
        Budget(alternatives=100),
        Budget(alternatives=200),
        Budget(alternatives=400),
        Budget(seconds=0.5),
        Budget(seconds=1.0),
        None,
    ):
        start = time.process_time()
        result = review(table, budget=budget)
        seconds = time.process_time() - start
        label = (
            "none"
            if budget is None
            else (f"{budget.alternatives} alternatives" if budget.alternatives else f"{budget.seconds} s")
        )
        print(f"| {label} | {result.evaluated} | {seconds:.2f} s | {result.cut} |")
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
