"""Random finished games of the three games, for the play log tests and the benchmark."""

from __future__ import annotations

import os
import random
import uuid
from datetime import UTC, datetime
from functools import cache
from typing import Any

from chinatown_helpers import play_random as play_chinatown
from dayu_helpers import play_random as play_dayu
from dragon_expansion_helpers import random_x_table
from dragon_helpers import random_table, step_random

from companion.core import Table

# How many random games the log tests build (the issue asks for 200; PLAYS_GAMES=30 for a quick run).
GAMES = int(os.environ.get("PLAYS_GAMES", "200"))


def finished_game(seed: int) -> Table:
    """A random finished table of one of the three games (the seed picks the game and options).

    Each call returns a new Table (its own id and creation time, as before); the game is
    played once per process and rebuilt from its log after that: the play log tests ask for the
    same 200 games once per backend and per file, and picking random entries costs more than
    replaying them. ``trusted``: every entry passed the engine's checks when it was played here."""
    fresh = {"id": uuid.uuid4().hex, "created": datetime.now(UTC).isoformat(timespec="seconds")}
    return Table.from_dict({**_played(seed), **fresh}, trusted=True)  # a new table, as Table.new makes


@cache
def _played(seed: int) -> dict[str, Any]:
    return _play(seed).to_dict()


def _play(seed: int) -> Table:
    rng = random.Random(seed)
    game = ("dragon", "chinatown", "dayu")[seed % 3]
    if game == "dragon":
        if rng.random() < 0.5:
            table, rng = random_x_table(seed, wall=rng.random() < 0.7, super_events=rng.random() < 0.5)
        else:
            table, rng = random_table(seed)
        while table.prompt is not None:
            step_random(table, rng)
        return table
    if game == "chinatown":
        names = ["Ana", "Ben", "Carla", "Dai", "Eli"][: rng.randint(3, 5)]
        table = Table.new("chinatown", names)
        play_chinatown(table, rng)
        return table
    names = ["Ana", "Ben", "Carla", "Dai"][: rng.randint(2, 4)]
    table = Table.new("dayu", names)
    play_dayu(table, rng)
    return table
