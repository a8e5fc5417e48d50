"""Random complete games played only through the prompts, with invariants after every entry.

DRAGON_GAMES sets how many games (default 1,000; they take a few seconds per hundred).
"""

from __future__ import annotations

import os

import pytest
from dragon_helpers import random_table, step_random

from companion.core import Table
from companion.games.dragon import GAME
from companion.games.dragon.data import RULES

GAMES = int(os.environ.get("DRAGON_GAMES", "1000"))
CHUNKS = 10


def check_invariants(before, after, tiles: int) -> None:
    for old, p in zip(before.players, after.players, strict=True):
        assert p.yuan >= 0 and p.rice >= 0 and p.fireworks >= 0
        for pal in p.palaces:
            assert 1 <= pal.floors <= RULES.setup.max_floors
            assert len(pal.persons) <= pal.floors
        assert p.track >= old.track, "a person marker moved back"
        assert p.vp >= old.vp, "victory points fell"
    assert after.tiles_in_play() == tiles, "person tiles were not conserved"
    assert all(n >= 0 for n in after.supply.values())


def play_checked(seed: int, check_mutation: bool) -> Table:
    table, rng = random_table(seed)
    tiles = sum(RULES.supply(len(table.players)).values())
    while table.prompt is not None:
        before = table.state
        dump = before.model_dump() if check_mutation else None
        step_random(table, rng)
        check_invariants(before, table.state, tiles)
        if dump is not None:
            assert before.model_dump() == dump, "apply mutated its input"
    return table


def check_replay(table: Table) -> None:
    again = Table.from_json(table.to_json())
    assert again.state.model_dump() == table.state.model_dump()
    assert again.scoreboard == table.scoreboard


def check_undo_redo(table: Table) -> None:
    states = [table.state.model_dump()]
    n = table.version
    for _ in range(n):
        table.undo()
        states.append(table.state.model_dump())
    for i in range(n):
        table.redo()
        assert table.state.model_dump() == states[-2 - i]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_complete_games(chunk: int) -> None:
    seeds = range(chunk * GAMES // CHUNKS, (chunk + 1) * GAMES // CHUNKS)
    for seed in seeds:
        table = play_checked(seed, check_mutation=seed % 10 == 0)
        board = table.scoreboard
        assert board.final and table.state.final and table.state.month == 12
        assert len(board.by_round[0]) == 12
        assert sorted(board.ranking) == sorted(p.name for p in table.players)
        check_replay(table)
        if seed % 20 == 0:
            check_undo_redo(table)


def test_every_player_count_and_both_privilege_costs_are_played() -> None:
    seen = set()
    for seed in range(40):
        table, _ = random_table(seed)
        seen.add((len(table.players), table.options.large_privilege_cost))
    assert {n for n, _ in seen} == {2, 3, 4, 5} and {c for _, c in seen} == {6, 7}


def test_prompts_always_offer_at_least_two_choices_or_a_table_fact() -> None:
    table, rng = random_table(7, n=5)
    while (prompt := table.prompt) is not None:
        if prompt.auto:
            assert prompt.choices is None and prompt.seat is None
        else:
            assert len(prompt.choices) >= 2
            assert len({GAME.describe(table.state, c).render("en") for c in prompt.choices}) >= 1
        step_random(table, rng)
