"""The scores a game allows, from its rules (rules_data/core/score_bounds.json, validated at load).

A typed, corrected or imported score outside them is a typo, refused with the player named and
the bound given; a finished table's scores come from its log and are never checked here.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.data import load
from companion.core.msg import Msg, msg

if TYPE_CHECKING:
    from companion.plays.models import PlayRecord


class GameBound(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    least: int
    most: int = Field(ge=1)
    why: str = Field(min_length=20)  # the reasoning from the rules, kept beside the numbers

    @model_validator(mode="after")
    def _ordered(self) -> GameBound:
        if self.least >= self.most:
            raise ValueError("least must be below most")
        return self


class ScoreBounds(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    games: dict[str, GameBound]


@cache
def score_bounds() -> ScoreBounds:
    """The file, checked: every installed game has its bound, and no other game."""
    from companion.core.data import DataError
    from companion.core.registry import installed

    data = load("core/score_bounds.json", ScoreBounds)
    if set(data.games) != set(installed()):
        raise DataError(
            f"rules_data/core/score_bounds.json: games {sorted(data.games)}, installed {sorted(installed())}"
        )
    return data


def score_refusal(game: str, name: str, score: int | None) -> Msg | None:
    """Why ``name``'s ``score`` cannot be a final score of ``game``, or None (None: no score)."""
    bound = score_bounds().games.get(game)
    if score is None or bound is None:
        return None
    if score > bound.most:
        return msg("plays.score.over", name=name, score=score, most=bound.most)
    if score < bound.least:
        return msg("plays.score.under", name=name, score=score, least=bound.least)
    return None


def stored_doubt(play: PlayRecord) -> Msg | None:
    """What is wrong with a play already in the log whose score the game cannot give (logged
    before the bounds existed, or restored from a backup, which keeps it): its first such seat,
    named with the game and the bound, "check it"; None when every score can be."""
    for seat in play.seats:
        refusal = score_refusal(play.game, seat.name, seat.score)
        if refusal is not None:
            over = refusal.key == "plays.score.over"
            return msg(
                "plays.score.stored_over" if over else "plays.score.stored_under",
                game=msg(f"{play.game}.title"),
                **refusal.args,
            )
    return None


USUAL_FROM = 5  # scored plays of a game the log holds before a score is said to be far above them
FAR_ABOVE = 2  # a score above this many times the best the log holds in that game


def far_above(game: str, name: str, score: int | None, best: int | None, plays: int) -> Msg | None:
    """A warning, never a refusal, for a score more than twice the best of the ``plays`` scored
    plays the log holds in ``game`` (``best``, within the bounds): 400 typed for 40 is within
    Dragon's 488, but no group doubles its record. None below ``USUAL_FROM`` plays (no usual yet),
    for a best of 0 or less (twice it says nothing), or a score that is not far above."""
    if score is None or best is None or plays < USUAL_FROM or best <= 0 or score <= FAR_ABOVE * best:
        return None
    return msg("plays.score.far_above", name=name, score=score, best=best, game=msg(f"{game}.title"))
