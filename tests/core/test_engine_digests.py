"""Engines made faster must play the same games: every state, effect, prompt (its legal entries
too) and score of seeded random games of each game, step by step, hashed, against what the tree
before the speed work of issue 27 (7e1c243) gave. tests/engine_digests.py says how to make
engine_digests.json again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_digests import GAMES, digest

EXPECTED = json.loads((Path(__file__).parent / "engine_digests.json").read_text())


def test_every_game_is_listed() -> None:
    assert EXPECTED.keys() == GAMES.keys()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_game_plays_as_before(name: str) -> None:
    assert digest(name) == EXPECTED[name]
