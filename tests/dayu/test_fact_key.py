"""Which flood card a face belongs to (``fact_key``) and the face the review gives a card the log
never told (``unknown_fact``): the review's replays keep each printed face with its card."""

from __future__ import annotations

import random

from dayu_helpers import new_table, play_random

from companion.games.dayu import GAME
from companion.games.dayu.entries import FloodBonus


def test_each_face_logged_names_the_card_taken_and_no_card_twice() -> None:
    for players, seed in ((2, 5), (3, 8), (4, 13)):
        table = new_table(players)
        play_random(table, random.Random(seed))
        keys = []
        for i, entry in enumerate(table.entries):
            state = table.state_at(i)
            key = GAME.fact_key(state)
            if entry.kind == "flood_bonus":
                assert state.phase == "bonus"
                assert key == state.ring[state.captures[0]].card is not None
                keys.append(key)
            else:
                assert key is None, (i, entry)
        assert keys and len(keys) == len(set(keys))  # a card is taken once: one face a card


def test_a_card_the_log_never_told_is_worth_nothing_and_offered() -> None:
    table = new_table(2)
    play_random(table, random.Random(5))
    at = next(i for i, e in enumerate(table.entries) if e.kind == "flood_bonus")
    state = table.state_at(at)
    made = GAME.unknown_fact(state)
    assert made == FloodBonus(bonus="points", points=0)
    assert made in GAME.prompt(state).choices
    assert GAME.unknown_fact(table.state_at(at - 1)) is None  # no card being taken: no face
