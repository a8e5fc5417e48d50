"""Random complete games through the prompt alone: invariants, end, export/import and undo/redo."""

from __future__ import annotations

import random

import pytest
from dayu_helpers import dump, play_random

from companion.core import Table
from companion.core.codes import entry_code, entry_from_code
from companion.games.dayu import GAME

SEEDS = range(3)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_keeps_the_invariants_and_ends(players: int, seed: int) -> None:
    rng = random.Random(1000 * players + seed)
    opening = "chosen" if seed % 2 else "one_of_each"
    table = Table.new("dayu", [f"P{i}" for i in range(players)], {"opening": opening})
    made = play_random(table, rng, undo_every=97)
    state = table.state
    assert state.phase == "over" and table.prompt is None
    assert state.end_reason in ("flood_conquered", "no_tokens", "no_tools")
    if state.end_reason == "flood_conquered":
        assert state.flood_pile == 0 and state.current == (state.start - 1) % players
    board = table.scoreboard
    assert board.final and sorted(board.ranking) == sorted(p.name for p in state.players)
    assert all(len(series) == len(state.round_totals) for series in board.by_round)
    assert [series[-1] for series in board.by_round] == [row.total for row in board.rows]

    # Export and import: the same state.
    again = Table.from_json(table.to_json())
    assert dump(again.state) == dump(state) and again.version == made

    # Undo everything, then redo everything: the same state again.
    assert table.undo(made) == made
    assert dump(table.state) == dump(GAME.setup(table.options, [p.name for p in table.players]))
    assert table.redo(made) == made
    assert dump(table.state) == dump(state)


def test_compact_codes_replay_a_game() -> None:
    """Every prompt has a finite choice list, so the core's choice index encodes every entry."""
    table = Table.new("dayu", ["Ana", "Ben"])
    play_random(table, random.Random(7))
    replay = Table.new("dayu", ["Ana", "Ben"])
    for entry in table.entries:
        value, radix = entry_code(GAME, replay.state, entry)
        assert 0 <= value < radix
        assert entry_from_code(GAME, replay.state, value) == entry
        replay.submit(entry)
    assert dump(replay.state) == dump(table.state)


def test_check_and_apply_never_change_their_input() -> None:
    table = Table.new("dayu", ["Ana", "Ben", "Cy"])
    rng = random.Random(3)
    for _ in range(300):
        prompt = table.prompt
        if prompt is None:
            break
        before = dump(table.state)
        for choice in prompt.choices:
            table.check(choice)
        assert dump(table.state) == before
        table.submit(rng.choice(prompt.choices))
