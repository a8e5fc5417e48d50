"""Copy-on-write players: a played entry copies only the players it changes, and no state ever
changes afterwards, neither the one the entry was applied to nor any earlier one.

The conformance suite checks the state an entry is applied to, for one game in ten; a player
shared by many states could be changed through any of them, so this keeps the dump of every
state of every game and compares them all at the end.
"""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from dragon_expansion_helpers import COMBOS, random_x_table
from dragon_helpers import fresh, random_table, step_random

from companion.core import Table
from companion.games.dragon import GAME
from companion.games.dragon.choices import action_options, group_cost, group_open
from companion.games.dragon.entries import Skip
from companion.games.dragon.state import DragonState


def played(table: Table, rng: random.Random) -> tuple[list[DragonState], list[dict]]:
    """Play ``table`` to its end; every state reached (the setup first) and its dump when new."""
    states = [table.state]
    dumps = [table.state.model_dump()]
    while table.prompt is not None:
        step_random(table, rng)
        states.append(table.state)
        dumps.append(table.state.model_dump())
    return states, dumps


TABLES = [("base", seed) for seed in range(12)] + [(combo, seed) for combo in range(3) for seed in range(8)]


@pytest.mark.parametrize(("options", "seed"), TABLES)
def test_no_state_of_a_game_changes_after_it_is_made(options: str | int, seed: int) -> None:
    if options == "base":
        table, rng = random_table(seed)
    else:
        assert isinstance(options, int)
        table, rng = random_x_table(seed, *COMBOS[options])
    states, dumps = played(table, rng)
    for version, (state, dump) in enumerate(zip(states, dumps, strict=True)):
        assert state.model_dump() == dump, f"the state after entry {version} changed later"
        assert table.state_at(version) is state
        assert getattr(state, "_fork_base", None) is None, "a state handed out is still marked as changing"
    # The point of it: most entries leave most players shared with the state before.
    shared = sum(
        a is b for old, new in pairwise(states) for a, b in zip(old.players, new.players, strict=True)
    )
    assert shared > sum(len(s.players) for s in states[1:]) // 2


def test_a_player_changed_twice_in_one_entry_is_copied_once() -> None:
    state = fresh(3)
    s = state.fork()
    assert all(a is b for a, b in zip(s.players, state.players, strict=True))
    p = s.player_mut(1)
    assert p is not state.players[1] and s.player_mut(1) is p
    p.yuan += 4
    s.move(1, 2)  # asks for the player again: the same copy
    assert s.players[1] is p and p.track == 2 and p.yuan == state.players[1].yuan + 4
    assert state.players[1].yuan + 4 == p.yuan and state.players[1].track == 0
    assert s.players[0] is state.players[0] and s.players[2] is state.players[2]


def test_a_state_handed_out_never_changes_a_player_it_shares() -> None:
    """``player_mut`` on a state not being changed (a played one, a loaded one) copies first."""
    table, rng = random_table(3, n=3)
    while table.state.phase != "actions":
        step_random(table, rng)
    before = table.state_at(table.version - 1)
    state = table.state
    shared = [i for i, (a, b) in enumerate(zip(before.players, state.players, strict=True)) if a is b]
    assert shared
    seat = shared[0]
    dump = before.model_dump()
    players = state.players
    state.player_mut(seat).yuan += 10
    assert before.model_dump() == dump
    assert state.players is not players and players[seat] is before.players[seat]  # its list left alone


def test_clone_copies_every_player_and_owns_them() -> None:
    state = fresh(3)
    s = state.clone()
    assert all(a is not b and a == b for a, b in zip(s.players, state.players, strict=True))
    assert all(s.player_mut(i) is s.players[i] for i in range(3))  # no second copy


def test_apply_leaves_the_state_it_was_given_alone() -> None:
    table, rng = random_table(5, n=4)
    while table.state.phase != "actions":
        step_random(table, rng)
    state = table.state
    dump = state.model_dump()
    seat = table.prompt.seat
    after, _ = GAME.apply(state, Skip(seat=seat))
    assert state.model_dump() == dump and after.players[seat] is not state.players[seat]


@pytest.mark.parametrize("wall", [False, True])
def test_an_open_group_is_one_with_an_action_to_offer(wall: bool) -> None:
    """``group_open`` answers without building the offers; it says what ``action_options`` would."""
    for seed in range(15):
        table, rng = random_x_table(seed, wall, False)
        while table.prompt is not None:
            s = table.state
            if s.phase == "actions" and s.chosen_group is None and not s.floors_left:
                seat = s.current
                for g in range(len(s.groups)):
                    yuan = s.players[seat].yuan - group_cost(s, g)
                    expected = yuan >= 0 and bool(action_options(s, seat, g, yuan))
                    assert group_open(s, seat, g) == expected
            step_random(table, rng)
