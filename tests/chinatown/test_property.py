"""Chinatown beyond the conformance suite (tests/conformance): undo/redo mid-game, the trade helper.

The random complete games and their invariants are hooks in tests/conformance_hooks.py.
CHINATOWN_GAMES sets how many games hypothesis plays here (default 12).
"""

import os
import random

import pytest
from chinatown_helpers import new_table, play_random, random_trade
from conformance_hooks import chinatown_after
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core import Table

GAMES = int(os.environ.get("CHINATOWN_GAMES", "12"))
SETTINGS = settings(
    max_examples=GAMES, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4, 5]))
def test_undo_redo_and_reload_mid_game(seed, players):
    rng = random.Random(seed)
    table = new_table(players)
    stop = rng.randrange(20, 120)
    count = 0

    def step(t: Table) -> None:
        nonlocal count
        count += 1
        if count == stop:
            raise StopIteration

    with pytest.raises(StopIteration):
        play_random(table, rng, on_step=step)
    state = table.state
    back = rng.randint(1, table.version)
    assert table.undo(back) == back
    assert table.redo(back) == back
    assert table.state == state
    assert Table.from_json(table.to_json()).state == state
    table.undo(table.version)
    assert table.state == new_table(players).state
    table.redo(10_000)
    assert table.state == state


def test_random_trade_helper_makes_legal_trades():
    rng = random.Random(5)
    table = new_table(4, first_player=0)
    while table.state.phase != "trade":
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    for _ in range(30):
        trade = random_trade(table.state, rng)
        assert trade is not None
        table.submit(trade)
        chinatown_after(None, table, [])
