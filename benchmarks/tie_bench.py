"""The cost of a scoreboard that says how a tie was decided: the final score() of a tied game of
each game, a running game's score() (no tie line made), and the scoreboard written as JSON.

Run in the tree to measure: ``PYTHONPATH=. python benchmarks/tie_bench.py``; it uses nothing the
tree before Scoreboard.tie_detail lacks, so the older tree runs it too (figures in
docs/PERFORMANCE.md, "Tie lines").
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from pydantic import TypeAdapter  # noqa: E402
from random_play import play_to_end  # noqa: E402

from companion.core import Scoreboard, Table  # noqa: E402

# Seeded random games that end with the best total tied (tests/ui, tests/cli use the same).
TIED = {"dragon": 5, "dayu": 39}
CALLS = 2_000
REPEATS = 7
_board = TypeAdapter(Scoreboard)


def finished(game: str, seed: int) -> tuple[Table, object]:
    """The finished table and a state from the middle of its game."""
    table = Table.new(game, ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(seed))
    return table, table.state_at(table.version // 2)


def per_call_us(work: object) -> float:
    """The median over REPEATS of CALLS calls, in microseconds a call."""
    runs = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for _ in range(CALLS):
            work()  # type: ignore[operator]
        runs.append((time.perf_counter() - start) / CALLS * 1e6)
    return statistics.median(runs)


def measure(game: str, seed: int) -> str:
    table, middle = finished(game, seed)
    final, board, score = table.state, table.scoreboard, table.game.score
    running_board = score(middle)
    return (
        f"{game}: final score() {per_call_us(lambda: score(final)):.1f} us, "
        f"running score() {per_call_us(lambda: score(middle)):.1f} us, "
        f"final board dump_json {per_call_us(lambda: _board.dump_json(board)):.1f} us, "
        f"running board dump_json {per_call_us(lambda: _board.dump_json(running_board)):.1f} us"
    )


def main() -> None:
    for game, seed in TIED.items():
        print(measure(game, seed))


if __name__ == "__main__":
    main()
