"""Dragon's random games beyond the conformance suite: what they reach and how prompts read.

The random complete games and their invariants are in tests/conformance (hooks in
tests/conformance_hooks.py); DRAGON_GAMES and DRAGON_EXPANSION_GAMES set their counts there.
"""

from __future__ import annotations

from dragon_expansion_helpers import random_x_table
from dragon_helpers import random_table, step_random

from companion.games.dragon import GAME
from companion.games.dragon.data import RULES


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
