"""Helpers for the Dragon expansion tests: tables and hand-built positions with the expansions on."""

from __future__ import annotations

import random

from dragon_helpers import NAMES

from companion.core import Table
from companion.games.dragon import GAME
from companion.games.dragon.options import DragonOptions
from companion.games.dragon.state import DragonState

COMBOS = [(True, False), (False, True), (True, True)]


def fresh_x(n: int = 3, wall: bool = True, super_events: bool = True) -> DragonState:
    return GAME.setup(DragonOptions(great_wall=wall, super_events=super_events), NAMES[:n])


def rule_ids(effects: list) -> list[str]:
    return [e.rule_id for e in effects]


def random_x_table(seed: int, wall: bool, super_events: bool) -> tuple[Table, random.Random]:
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    options = {
        "large_privilege_cost": rng.choice([6, 7]),
        "great_wall": wall,
        "super_events": super_events,
    }
    return Table.new("dragon", NAMES[:n], options), rng
