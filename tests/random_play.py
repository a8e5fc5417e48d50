"""Random complete games through the prompt, the loop the text and form helpers share."""

from __future__ import annotations

import random
from collections.abc import Callable

from chinatown_helpers import play_random as play_chinatown
from chinatown_helpers import step_without_trades

from companion.core import Table


def play_to_end(table: Table, rng: random.Random, on_step: Callable[[Table], None] | None = None) -> None:
    """Play to the end with random legal entries (Chinatown's free-form trades from its helper),
    calling ``on_step`` after every entry."""
    if table.game_id == "chinatown":
        play_chinatown(table, rng, trades=3, on_step=on_step)
    while (p := table.prompt) is not None:
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
        if on_step is not None:
            on_step(table)


def play_until(table: Table, rng: random.Random, until: Callable[[Table], bool]) -> Table:
    """Random legal entries, trading always ended at once, until ``until(table)``."""
    while not until(table):
        step_without_trades(table, rng)
    return table
