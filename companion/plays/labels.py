"""Names of the game-specific figures, as the statistics show them."""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.rulebook import rule
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


def figure_label(game: str, name: str, key: str, lang: str) -> str:
    """``name``/``key`` of a stored figure (companion/plays/figures.py) as a line's label, in
    ``lang``: a person reads rule titles, never rule ids."""
    return _label(game, name, key, lang).render(lang)


def _label(game: str, name: str, key: str, lang: str) -> Msg:
    if name == "points":
        found = rule(key, lang)
        return msg("plays.fig.points", rule=found.title if found else msg("plays.fig.cause.other"))
    if name == "vp":
        source = f"plays.fig.source.{key}"
        return msg("plays.fig.vp", source=msg(source) if key in DRAGON_SOURCES else key)
    if name == "lost":
        return msg("plays.fig.lost", cause=_cause(key))
    if name == "income":
        return msg("plays.fig.income", year=key)
    return msg(f"plays.fig.{name}")
