"""The scores a game allows, from its rules (rules_data/core/score_bounds.json, validated at load).

A typed, corrected or imported score outside them is a typo, refused with the player named and
the bound given; a finished table's scores come from its log and are never checked here.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.data import load
from companion.core.msg import Msg, msg


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
