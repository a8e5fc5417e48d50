"""The game registry: ``get(game_id)`` returns the rules module of a game."""

from __future__ import annotations

import importlib

from companion.core.protocol import Game

# game id -> module that defines ``GAME``. Modules are imported on first use.
_MODULES = {
    "dragon": "companion.games.dragon",
    "chinatown": "companion.games.chinatown",
    "dayu": "companion.games.dayu",
}
_LOADED: dict[str, Game] = {}


class UnknownGame(KeyError):
    pass


def get(game_id: str) -> Game:
    if game_id not in _LOADED:
        if game_id not in _MODULES:
            raise UnknownGame(game_id)
        _LOADED[game_id] = importlib.import_module(_MODULES[game_id]).GAME
    return _LOADED[game_id]


def available() -> list[str]:
    """Ids of the games whose module is present."""
    out = []
    for game_id, module in _MODULES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        out.append(game_id)
    return out


def register(game: Game) -> None:
    """Add a game object under its id (tests register small toy games this way)."""
    _LOADED[game.id] = game
