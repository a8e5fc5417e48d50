"""Engines at the limit (issue 27): random complete games per second through the Table with every
check (Dragon 2-5 players, Da Yu 2-4), and Da Yu's replay per entry (``GAME.apply`` over a
game's log, no prompt).

Run: ``python benchmarks/engine_bench.py [--root TREE] [--json] [--seconds S]`` (one core).
The games are played as tests/random_play.py plays them (``table.auto`` or a random choice of
the prompt, ``table.submit``), with the collector set as the app sets it (``memory.tune``).
Times are CPU time of this process. ``--root`` measures another checkout with this file, for
a side-by-side comparison; ``--pair TREE`` runs this tree and TREE in turn, several rounds, and
prints medians and the ratio of each pair (docs/PERFORMANCE.md, "Engines at the limit").
"""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the engine is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
sys.path[:0] = [str(ROOT)]

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]


def arg(name: str, default: str) -> str:
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


def random_game(game: str, seed: int, players: int):  # type: ignore[no-untyped-def]
    from companion.core import Table

    rng = random.Random(seed)
    options = {"large_privilege_cost": rng.choice([6, 7])} if game == "dragon" else {}
    table = Table.new(game, NAMES[:players], options)
    while (p := table.prompt) is not None:  # tests/random_play.py's loop
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
    return table


def games_per_second(game: str, low: int, high: int, seconds: float) -> float:
    start, count = time.process_time(), 0
    while time.process_time() - start < seconds:
        random_game(game, 5000 + count, low + count % (high - low + 1))
        count += 1
    return count / (time.process_time() - start)


def dayu_replay_us(games: int = 6) -> float:
    """CPU µs per entry to play a Da Yu log through ``GAME.apply`` (what an import replays)."""
    from companion.games.dayu import GAME

    total, entries = 0.0, 0
    for seed in range(games):
        table = random_game("dayu", seed, 2 + seed % 3)
        setup = GAME.setup(table.options, [p.name for p in table.players])
        log = table.entries
        best = float("inf")
        for _ in range(3):
            state = setup
            start = time.process_time()
            for entry in log:
                state, _ = GAME.apply(state, entry)
            best = min(best, time.process_time() - start)
        total += best
        entries += len(log)
    return total / entries * 1e6


def measure(seconds: float) -> dict[str, float]:
    from companion.core.memory import tune

    random_game("dragon", 0, 4)  # load the rules data and caches before the collector is set
    random_game("dayu", 0, 3)
    tune()
    return {
        "dragon_games_s": games_per_second("dragon", 2, 5, seconds),
        "dayu_games_s": games_per_second("dayu", 2, 4, seconds * 2),
        "dayu_replay_us": dayu_replay_us(),
    }


def pair(other: str, rounds: int, seconds: float) -> None:
    """This tree and ``other`` in turn (A B A B ...), each run a fresh process."""
    runs: dict[str, list[dict[str, float]]] = {"new": [], "old": []}
    me = [sys.executable, __file__, "--json", "--seconds", str(seconds)]
    for _ in range(rounds):
        for label, cmd in (("old", [*me, "--root", other]), ("new", me)):
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            runs[label].append(json.loads(out.splitlines()[-1]))
    for key in runs["new"][0]:
        old = [r[key] for r in runs["old"]]
        new = [r[key] for r in runs["new"]]
        ratios = [n / o for n, o in zip(new, old, strict=True)]
        print(
            f"{key}: old median {statistics.median(old):.1f} ({min(old):.1f}-{max(old):.1f}), "
            f"new median {statistics.median(new):.1f} ({min(new):.1f}-{max(new):.1f}), "
            f"new/old per pair median {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f})"
        )


def main() -> None:
    seconds = float(arg("--seconds", "5"))
    if "--pair" in sys.argv:
        pair(arg("--pair", ""), int(arg("--rounds", "5")), seconds)
        return
    figures = measure(seconds)
    if "--json" in sys.argv:
        print(json.dumps(figures))
        return
    print(f"random complete Dragon games (2-5 players) through the Table: {figures['dragon_games_s']:.1f}/s")
    print(f"random complete Da Yu games (2-4 players) through the Table: {figures['dayu_games_s']:.2f}/s")
    print(f"Da Yu replay (GAME.apply over the log): {figures['dayu_replay_us']:.0f} µs per entry")


if __name__ == "__main__":
    main()
