"""Names of the game-specific figures, as the statistics show them."""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.i18n import catalog

# Dragon ledger sources and the causes of a person's loss that are not an event's name.
DRAGON_SOURCES = (
    "rounds",
    "palaces",
    "ladies",
    "privileges",
    "research",
    "festival",
    "mongol",
    "persons",
    "monks",
    "leftovers",
    "wall_bonus",
    "wall",
    "lantern",
    "buddha",
    "charter",
)


def _cause(key: str) -> Msg:
    if key == "wall":
        return msg("dragon.wall.name")
    for area in ("event", "super"):
        if f"dragon.{area}.{key}" in catalog("en"):
            return msg(f"dragon.{area}.{key}")
    return msg("plays.fig.cause.no_room" if key == "no_room" else "plays.fig.cause.other")


def figure_label(game: str, name: str, key: str) -> Msg:
    """``name``/``key`` of a stored figure (companion/plays/figures.py) as a line's label."""
    if name == "points":
        return msg("plays.fig.points", rule=key)
    if name == "vp":
        source = f"plays.fig.source.{key}"
        return msg("plays.fig.vp", source=msg(source) if key in DRAGON_SOURCES else key)
    if name == "lost":
        return msg("plays.fig.lost", cause=_cause(key))
    if name == "income":
        return msg("plays.fig.income", year=key)
    return msg(f"plays.fig.{name}")
