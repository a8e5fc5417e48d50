"""Random complete games played only through the prompts, with invariants after every entry.

DRAGON_GAMES sets how many base games (default 1,000; they take a few seconds per hundred);
DRAGON_EXPANSION_GAMES how many per combination of the expansions (Great Wall, Super Events,
both; default 200 each).
"""

from __future__ import annotations

import os

import pytest
from dragon_expansion_helpers import COMBOS, random_x_table
from dragon_helpers import random_table, step_random

from companion.core import Table
from companion.games.dragon import GAME
from companion.games.dragon.data import RULES

GAMES = int(os.environ.get("DRAGON_GAMES", "1000"))
EXPANSION_GAMES = int(os.environ.get("DRAGON_EXPANSION_GAMES", "200"))
CHUNKS = 10
EXPANSION_CHUNKS = 4


def check_invariants(before, after, tiles: int, effects: list) -> None:
    volcano = any(e.rule_id == "dragon.super.volcano" for e in effects)
    quake = any(t.palace is not None for t in after.tasks)  # an Earthquake's excess, being released
    for seat, (old, p) in enumerate(zip(before.players, after.players, strict=True)):
        assert p.yuan >= 0 and p.rice >= 0 and p.fireworks >= 0
        for pal in p.palaces:
            assert 1 <= pal.floors <= RULES.setup.max_floors
            assert len(pal.persons) <= pal.floors or quake
        assert p.track >= old.track or volcano, "a person marker moved back"
        assert p.vp >= old.vp, "victory points fell"
        built = sum(1 for s, _ in after.wall if s == seat)
        assert len(p.wall_tiles) + built == (len(RULES.wall_bonus) if after.options.great_wall else 0)
    assert len(after.wall) <= RULES.wall.max_sections
    assert after.tiles_in_play() == tiles, "person tiles were not conserved"
    assert all(n >= 0 for n in after.supply.values())


def play_checked(seed: int, check_mutation: bool, combo: tuple[bool, bool] | None = None) -> Table:
    table, rng = random_table(seed) if combo is None else random_x_table(seed, *combo)
    tiles = sum(RULES.supply(len(table.players)).values())
    while table.prompt is not None:
        before = table.state
        dump = before.model_dump() if check_mutation else None
        effects = step_random(table, rng)
        check_invariants(before, table.state, tiles, effects)
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


@pytest.mark.parametrize("chunk", range(EXPANSION_CHUNKS))
@pytest.mark.parametrize("combo", COMBOS, ids=["wall", "super", "both"])
def test_random_complete_games_with_expansions(combo: tuple[bool, bool], chunk: int) -> None:
    per = EXPANSION_GAMES // EXPANSION_CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        table = play_checked(seed, check_mutation=seed % 10 == 0, combo=combo)
        state = table.state
        assert table.scoreboard.final and state.final and state.month == 12
        assert len(table.scoreboard.by_round[0]) == 12
        assert (state.super_event is not None) == combo[1]
        assert state.after == [] and state.super_step is None
        check_replay(table)
        if seed % 20 == 0:
            check_undo_redo(table)


def test_random_expansion_games_meet_every_super_event_and_both_wall_outcomes() -> None:
    seen: set[str] = set()
    for seed in range(60):
        table, rng = random_x_table(seed, True, True)
        while table.prompt is not None:
            seen.update(e.msg.key for e in step_random(table, rng))
        seen.add(table.state.super_event)
    assert set(RULES.super_events.events) <= seen
    assert {"dragon.fx.wall_short", "dragon.fx.wall_holds", "dragon.fx.wall_build"} <= seen


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
            # every choice button reads differently
            labels = [GAME.describe(table.state, c).render("en") for c in prompt.choices]
            assert len(set(labels)) == len(labels), labels
        step_random(table, rng)
