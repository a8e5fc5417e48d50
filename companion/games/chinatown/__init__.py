"""Chinatown (Z-Man 2014 rules, 3 to 5 players): the game's names, loaded on first use.

The game itself (its rules object and ``SPEC``) is in ``game.py``. This file imports nothing of
it, so that a module of the package (``income``, ``calc``) can be imported alone: the
``companion calc chinatown-income`` command must start without the whole engine (issue 27).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.chinatown.game import (
        GAME,
        SPEC,
        BuildingPreview,
        TradePreview,
        building_preview,
        round_summaries,
        situations,
        trade_preview,
    )

__all__ = [
    "GAME",
    "SPEC",
    "BuildingPreview",
    "TradePreview",
    "building_preview",
    "round_summaries",
    "situations",
    "trade_preview",
]


def __getattr__(name: str) -> Any:
    """Every name of ``__all__`` from game.py, all at once on the first read of one."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from companion.games.chinatown import game

    # All of them, overwriting the submodules the import set here: ``situations`` is both a
    # submodule and the function the package hands out (companion.lookup.moment reads it).
    globals().update({found: getattr(game, found) for found in __all__})
    return globals()[name]
