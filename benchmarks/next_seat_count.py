"""How often a phone told "you're next" (Table.next_after) then sees its turn played by the
engine itself (a single legal entry, a forced release) rather than asked: 20 random whole games
per setup. Da Yu names the next mover only where the game cannot end first: how many new turns
were named and how many not, and how many games ended after a turn that named nobody.
Run: PYTHONPATH=.:tests .venv/bin/python benchmarks/next_seat_count.py"""

from __future__ import annotations

import random

from dayu_helpers import told_walk
from random_play import play_to_end

from companion.core import Table

PLAYERS = ["Ana", "Ben", "Carla", "Dai"]
SETUPS = [("dragon", {"great_wall": True, "super_events": True}, 4), ("dragon", {}, 3), ("chinatown", {}, 4)]


def count(game: str, options: dict[str, bool], n: int, seeds: int = 20) -> tuple[int, int, dict[str, int]]:
    """(asked as told, passed over, the passed-over turns by the question asked before them)."""
    exact = skipped = 0
    kinds: dict[str, int] = {}
    for seed in range(seeds):
        table = Table.new(game, PLAYERS[:n], options)
        last: list[object] = [None, None, None, None]

        def on_step(t: Table, last: list[object] = last) -> None:
            nonlocal exact, skipped
            p = t.prompt
            seat = p.seat if p is not None else None
            asked, said, step, kind = last
            now = f"{t.state.phase}-{getattr(t.state, 'month', getattr(t.state, 'year', 0))}"
            if asked is not None and said is not None and p is not None and seat != asked and now == step:
                if seat == said:
                    exact += 1
                else:
                    skipped += 1
                    kinds[str(kind)] = kinds.get(str(kind), 0) + 1
            last[:] = [seat, t.next_after(seat) if seat is not None else None, now, p.kind if p else None]

        on_step(table)
        play_to_end(table, random.Random(seed), on_step)
    return exact, skipped, kinds


if __name__ == "__main__":
    for game, options, n in SETUPS:
        exact, skipped, kinds = count(game, options, n)
        print(
            f"{game} {n} seats: told {exact + skipped}, asked as told {exact}, played by itself {skipped} {kinds}"
        )
    for n, opening in ((2, "chosen"), (3, "one_of_each"), (4, "one_of_each")):
        walks = [told_walk(PLAYERS[:n], opening, seed) for seed in range(20)]
        told, untold, ended = (sum(w[i] for w in walks) for i in range(3))
        print(f"dayu {n} seats: new movers named {told}, not named {untold}, games ended unnamed {ended}")
