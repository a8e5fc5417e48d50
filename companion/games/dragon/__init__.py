"""In the Year of the Dragon (base game, The Great Wall, Super Events): the game's names, loaded on first use.

The game itself (its rules object and ``SPEC``) is in ``game.py``. This file imports nothing of
it, so that a module of the package (``calc``) can be imported alone: ``companion calc`` must
start without the whole engine (issue 27).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.dragon.game import (
        GAME,
        SPEC,
        EventForecast,
        SeatForecast,
        coming_events,
        forecast_event,
        forecast_super,
        round_summaries,
        situations,
        tile_power_msg,
    )

__all__ = [
    "GAME",
    "SPEC",
    "EventForecast",
    "SeatForecast",
    "coming_events",
    "forecast_event",
    "forecast_super",
    "round_summaries",
    "situations",
    "tile_power_msg",
]


def __getattr__(name: str) -> Any:
    """Every name of ``__all__`` from game.py, all at once on the first read of one."""
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from companion.games.dragon import game

    # All of them, overwriting the submodules the import set here: ``situations`` is both a
    # submodule and the function the package hands out (companion.lookup.moment reads it).
    globals().update({found: getattr(game, found) for found in __all__})
    return globals()[name]
