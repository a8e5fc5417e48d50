"""Review benchmark (issue 30): CPU time of ``review(table)`` for complete random games.

Run: python benchmarks/review_bench.py [--games N] [--quick]
     python benchmarks/review_bench.py --pair OLD_TREE [--games N]   (side by side, one run)
(figures go into docs/PERFORMANCE.md, "Review after the game").

- every game and player count: the review of the whole table (every player, no budget), the
  median over N seeded random complete games (Da Yu with a budget of 400 alternatives: its random
  games run about 40 rounds, and a whole review of one takes a minute; its rate is given instead);
- growth with the game's length: a 5-player Dragon game (the whole table) and a 4-player
  Chinatown game (seat 0's review: the public one of a game in progress replays nothing, the
  money being secret) reviewed after a quarter, half, three quarters and all of their log, and a
  3-player Da Yu game with a fixed budget of 200 alternatives after each part (the time per
  alternative grows with the log);
- growth with the budget: the same Dragon and Chinatown games with 50, 100, 200 and 400
  alternatives, and with 0.5 and 1 s of CPU time.

``--pair OLD_TREE`` times this tree and another checkout (e.g. ``git archive`` of an older
commit) in turn, each review in a fresh process (old, new, old, new...), on the same seeded
games: Dragon and Chinatown whole reviews, and Da Yu's last 40 decisions without a budget (the
same work in both trees whatever order each takes them in). ``--root TREE`` measures another
checkout with this file.

Times are CPU time of this process (``time.process_time``), so other jobs on the machine count
less than in wall time; the machine's load is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the engines are imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from random_play import play_to_end  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.core.memory import tune  # noqa: E402
from companion.review import Budget, review  # noqa: E402

PLAYERS = {"dragon": (2, 3, 4, 5), "chinatown": (3, 4, 5), "dayu": (2, 3, 4)}
BUDGETS = {"dayu": Budget(alternatives=400)}
LAST_DAYU = 40  # --pair: Da Yu's decisions reviewed, the last ones of the log


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


def cpu(table: Table, **kwargs: Any) -> tuple[float, int]:
    start = time.process_time()
    result = review(table, **kwargs)
    return time.process_time() - start, result.evaluated


def last_decisions(table: Table, count: int) -> set[int]:
    from companion.review.kinds import decision_kinds

    kinds = decision_kinds(table.game_id)
    return set([i for i, e in enumerate(table.entries) if e.kind in kinds][-count:])


def one(game: str, players: int, seed: int) -> dict[str, float]:
    """--one: the review --pair times, in this process (printed as JSON)."""
    table = finished(game, players, seed)
    tune()
    entries = last_decisions(table, LAST_DAYU) if game == "dayu" else None
    seconds, evaluated = cpu(table, entries=entries)
    return {"entries": table.version, "evaluated": evaluated, "seconds": seconds}


def pair(other: str, games: int) -> None:
    me = [sys.executable, __file__]
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    print(
        "| Game | Players | Entries (median) | Alternatives | Before (median, min-max) | After | After / before (per pair) |"
    )
    print("|---|---|---|---|---|---|---|")
    for game, counts in PLAYERS.items():
        for n in counts:
            runs: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
            for seed in range(games):
                for label, root in (("old", ["--root", other]), ("new", [])):
                    cmd = [*me, *root, "--one", game, str(n), str(100 + seed)]
                    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
                    runs[label].append(json.loads(out.splitlines()[-1]))
            old = [r["seconds"] for r in runs["old"]]
            new = [r["seconds"] for r in runs["new"]]
            assert [r["evaluated"] for r in runs["old"]] == [r["evaluated"] for r in runs["new"]]
            ratios = [b / a for a, b in zip(old, new, strict=True)]
            what = f"last {LAST_DAYU} decisions" if game == "dayu" else "whole game"
            print(
                f"| {game} | {n} | {statistics.median(r['entries'] for r in runs['new']):.0f} | "
                f"{statistics.median(r['evaluated'] for r in runs['new']):.0f} ({what}) | "
                f"{statistics.median(old):.2f} s ({min(old):.2f}-{max(old):.2f}) | "
                f"{statistics.median(new):.2f} s ({min(new):.2f}-{max(new):.2f}) | "
                f"{statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f}) |"
            )
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")


def whole_tables(games: int, quick: bool) -> None:
    print(
        "| Game | Players | Entries (median) | Alternatives replayed | Review, all players (median, min-max) |"
    )
    print("|---|---|---|---|---|")
    for game, counts in PLAYERS.items():
        if quick and game == "dayu":
            continue
        for n in counts:
            runs, sizes, alts = [], [], []
            for seed in range(games if not quick else 1):
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


def growth_with_length(table: Table, budget: Budget | None = None, seat: int | None = None) -> None:
    """``seat``: one player's review at every part (Chinatown's public review of a game in
    progress replays nothing: the money is secret until the end)."""
    what = "no budget" if budget is None else f"budget {budget.alternatives} alternatives"
    who = "the whole table" if seat is None else f"seat {seat}'s review"
    print(
        f"\n{table.game_id}, {len(table.players)} players, one game of {table.version} entries ({what}, {who}):"
    )
    print("| Part of the log reviewed | Entries | Alternatives | CPU time | Per alternative |")
    print("|---|---|---|---|---|")
    for share in (0.25, 0.5, 0.75, 1.0):
        part = cut_at(table, share) if share < 1 else table
        seconds, evaluated = cpu(part, budget=budget, seat=seat)
        each = f"{seconds / evaluated * 1000:.1f} ms" if evaluated else "-"
        print(f"| {share:.0%} | {part.version} | {evaluated} | {seconds:.2f} s | {each} |")


def growth_with_budget(table: Table) -> None:
    print(f"\n{table.game_id}, {len(table.players)} players, the whole game of {table.version} entries:")
    print("| Budget | Alternatives replayed | CPU time | Cut |")
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="one game each, Dragon and Chinatown only")
    ap.add_argument("--root", help="measure this checkout instead (read before the imports)")
    ap.add_argument("--pair", metavar="OLD_TREE", help="this tree and OLD_TREE side by side")
    ap.add_argument("--one", nargs=3, metavar=("GAME", "PLAYERS", "SEED"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        game, players, seed = args.one
        print(json.dumps(one(game, int(players), int(seed))))
        return
    if args.pair:
        pair(args.pair, args.games)
        return
    tune()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    whole_tables(args.games, args.quick)
    dragon, chinatown = finished("dragon", 5, 7), finished("chinatown", 4, 7)
    growth_with_length(dragon)
    growth_with_length(chinatown, seat=0)
    if not args.quick:
        growth_with_length(finished("dayu", 3, 7), Budget(alternatives=200))
    growth_with_budget(dragon)
    growth_with_budget(chinatown)
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
