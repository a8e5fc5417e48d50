"""The three games implement the Game protocol with the same signatures (names and arity)."""

from __future__ import annotations

import inspect

import pytest

from companion.core.protocol import CompactCodes, Game
from companion.games import get

GAMES = ["dragon", "chinatown", "dayu"]


def _methods(protocol: type) -> dict[str, list[str]]:
    """Each method of a protocol with its parameter names (self left out)."""
    return {
        name: list(inspect.signature(fn).parameters)[1:]
        for name, fn in vars(protocol).items()
        if inspect.isfunction(fn) and not name.startswith("_")
    }


@pytest.mark.parametrize("game_id", GAMES)
def test_game_matches_the_protocol(game_id: str) -> None:
    game = get(game_id)
    assert isinstance(game, Game)
    assert game.id == game_id
    assert 1 <= game.min_players <= game.max_players
    methods = _methods(Game)
    assert {"setup", "prompt", "apply", "score", "describe", "auto_entry"} <= set(methods)
    for name, params in methods.items():
        assert list(inspect.signature(getattr(game, name)).parameters) == params, name


@pytest.mark.parametrize("game_id", GAMES)
def test_compact_codes_come_in_pairs(game_id: str) -> None:
    game = get(game_id)
    has = [hasattr(game, name) for name in _methods(CompactCodes)]
    assert all(has) or not any(has)
    if all(has):
        assert isinstance(game, CompactCodes)
        for name, params in _methods(CompactCodes).items():
            assert list(inspect.signature(getattr(game, name)).parameters) == params, name
