"""Which turn of the game a state is in (``turn_of``): the review's replays leave out a logged entry
of a turn the replay has ended, so a turn number must name the same round and seat in every game
of one table, and the taking of full cards belongs to the turn that filled them."""

from __future__ import annotations

import random

from dayu_helpers import new_table, play_random

from companion.core import Table
from companion.games.dayu import GAME


def test_a_turn_number_is_one_round_and_seat_whatever_was_played() -> None:
    for players, seed, start in ((2, 5, 1), (3, 8, 0), (4, 13, 2)):
        table = new_table(players, start=start)
        play_random(table, random.Random(seed))
        turns = []
        for i, entry in enumerate(table.entries):
            state = table.state_at(i)
            turn = GAME.turn_of(state)
            if entry.kind in ("marker", "start"):
                assert turn is None, (i, entry)
                continue
            assert turn is not None
            assert state.round == (turn - 1) // players + 1, (i, turn, state.round)
            assert state.current == (start + turn - 1) % players, (i, turn, state.current)
            if entry.kind in ("flood_bonus", "exchange"):
                assert turn == turns[-1]  # the capture ends the turn that filled the card
            turns.append(turn)
        assert turns[0] == 1 and turns == sorted(turns) and turns[-1] > players


def test_the_opening_draws_come_before_the_first_turn() -> None:
    table = Table.new("dayu", ["Ana", "Ben"], {"opening": "chosen"})
    table.submit({"kind": "marker", "player": 0, "place": 0})
    table.submit({"kind": "marker", "player": 1, "place": 1})
    table.submit({"kind": "start", "player": 1})
    assert table.state.phase == "opening" and GAME.turn_of(table.state) is None
    while table.state.phase == "opening":
        table.submit(table.prompt.choices[0])
    assert GAME.turn_of(table.state) == 1 and table.state.current == 1
