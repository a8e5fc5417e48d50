"""Helpers for the Dragon tests: tables, hand-built positions and random play through prompts."""

from __future__ import annotations

import random

from companion.core import Table
from companion.games.dragon import GAME
from companion.games.dragon.flow import advance
from companion.games.dragon.options import DragonOptions
from companion.games.dragon.state import DragonState, Palace

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]
# A legal event row for months 3 to 12: each event twice, never the same one twice in a row.
ROW = (
    "tribute",
    "drought",
    "festival",
    "mongol",
    "contagion",
    "tribute",
    "drought",
    "festival",
    "mongol",
    "contagion",
)


def fresh(n: int = 3, cost: int = 7) -> DragonState:
    return GAME.setup(DragonOptions(large_privilege_cost=cost), NAMES[:n])


def realm(state: DragonState, seat: int, *palaces: tuple[int, list[str]], **attrs: int) -> None:
    """Give a player these palaces (floors, persons) and attribute values (yuan, rice, ...)."""
    p = state.players[seat]
    p.palaces = [Palace(floors=f, persons=tuple(ps)) for f, ps in palaces]
    for k, v in attrs.items():
        setattr(p, k, v)


def at_actions(state: DragonState, groups: list[list[str]], month: int = 1) -> DragonState:
    """The state at the start of an action phase with these groups (order from the track)."""
    s = state.clone()
    s.events = ["peace"] * 12
    s.month = month
    s.phase = "actions"
    s.groups = [tuple(g) for g in groups]
    s.dragons = [[] for _ in groups]
    s.order = s.track_order()
    s.turn = 0
    s.chosen_group = None
    return s


def at_persons(state: DragonState, month: int = 1) -> DragonState:
    s = state.clone()
    s.events = ["peace"] * 12
    s.month = month
    s.phase = "persons"
    s.order = s.track_order()
    s.turn = 0
    return s


def run_event(
    state: DragonState, event: str, month: int = 5, super_event: str | None = None
) -> tuple[DragonState, list]:
    """Resolve ``event`` as month ``month``'s event (the person phase just ended), then run
    everything up to the next decision: with the expansions, wall checks and the super event
    ``super_event`` on month 7; then decay and scoring."""
    s = state.clone()
    s.events = ["peace"] * 12
    s.events[month - 1] = event
    s.super_event = super_event
    s.month = month
    s.phase = "persons"
    s.order = s.track_order()
    s.turn = len(s.order)
    fx: list = []
    advance(s, fx)
    return s, fx


def play(state: DragonState, *entries) -> tuple[DragonState, list]:
    effects: list = []
    for e in entries:
        state, fx = GAME.apply(state, e)
        effects.extend(fx)
    return state, effects


def texts(effects: list) -> list[str]:
    return [e.msg.render("en") for e in effects]


def random_table(seed: int, n: int | None = None, cost: int | None = None) -> tuple[Table, random.Random]:
    rng = random.Random(seed)
    n = n or rng.randint(2, 5)
    table = Table.new("dragon", NAMES[:n], {"large_privilege_cost": cost or rng.choice([6, 7])})
    return table, rng


def step_random(table: Table, rng: random.Random) -> list:
    prompt = table.prompt
    assert prompt is not None
    if prompt.auto:
        return table.auto(rng)
    return table.submit(rng.choice(prompt.choices))


def play_until_clarification(table: Table, seed: int = 0, lang: str = "en", limit: int = 400) -> Table:
    """Play ``table`` at random until "for this moment" has a clarification that applies."""
    from companion.lookup import for_moment

    rng = random.Random(seed)
    for _ in range(limit):
        if for_moment(table, lang).clarifications:
            return table
        step_random(table, rng)
    raise AssertionError(f"no state with a clarification in {limit} entries")
