"""The order a seat's phone is told it answers in ("Waiting for Ben; you're next.",
Table.next_after) is the order the engine then asks in: random whole games, every time the seat
asked changes within a step, the new seat is the one next_after named or one after it in the
order: a turn the engine plays by itself (a single legal entry, a forced release) is passed."""

from __future__ import annotations

import random

import pytest
from dayu_helpers import told_walk
from random_play import play_to_end

from companion.core import Table

PLAYERS = ["Ana", "Ben", "Carla", "Dai"]


@pytest.mark.parametrize(
    ("game", "options", "n"),
    [("dragon", {"great_wall": True, "super_events": True}, 4), ("dragon", {}, 3), ("chinatown", {}, 4)],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_seat_named_next_is_the_one_asked_next(game, options, n, seed):
    table = Table.new(game, PLAYERS[:n], options)
    told: list[tuple[int, int, str]] = []  # (asked now, said next, step), when a phone is told
    checked = 0
    last: tuple[int | None, int | None, str] = (None, None, "")
    order: tuple[int, ...] = ()

    def step_of(t: Table) -> str:
        return f"{t.state.phase}-{getattr(t.state, 'month', getattr(t.state, 'year', 0))}"

    def on_step(t: Table) -> None:
        nonlocal last, checked, order
        p = t.prompt
        seat = p.seat if p is not None else None
        asked, said, step = last
        if seat != asked and asked is not None and said is not None and p is not None and step == step_of(t):
            assert seat in order[order.index(said) :], (asked, said, order, step, seat)
            checked += 1
        if seat is not None:
            last = (seat, t.next_after(seat), step_of(t))
            order = t.game.turn_order(t.state)
            if last[1] is not None:
                told.append((seat, last[1], last[2]))
        else:
            last = (None, None, "")

    on_step(table)
    play_to_end(table, random.Random(seed), on_step)
    assert told and checked > 10


@pytest.mark.parametrize(("n", "opening"), [(2, "chosen"), (3, "one_of_each"), (4, "one_of_each")])
@pytest.mark.parametrize("seed", [1, 2])
def test_da_yus_seat_named_next_is_the_one_asked_next(n, opening, seed):
    """Da Yu names the next mover only where the rules decide it (companion/games/dayu/order.py):
    over a random whole game that seat is always the next one asked, and the game never ends
    after one was named; most new turns are named."""
    told, untold, _ = told_walk(PLAYERS[:n], opening, seed)
    assert told > 10 and told > untold
