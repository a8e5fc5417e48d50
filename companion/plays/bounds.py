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


def amount(game: str, value: int) -> Msg:
    """A score of ``game`` as the game says it, for a message's argument: money in the reader's
    currency format for Chinatown ("$7,170,000" / "7.170.000 $"), else a grouped number."""
    from companion.plays.labels import money_game

    if money_game(game):
        return msg("plays.score.amount.money", n=value)
    return msg("plays.score.amount.points", n=value)


def score_refusal(game: str, name: str, score: int | None) -> Msg | None:
    """Why ``name``'s ``score`` cannot be a final score of ``game``, or None (None: no score)."""
    bound = score_bounds().games.get(game)
    if score is None or bound is None:
        return None
    if score > bound.most:
        return msg("plays.score.over", name=name, score=amount(game, score), most=amount(game, bound.most))
    if score < bound.least:
        return msg("plays.score.under", name=name, score=amount(game, score), least=amount(game, bound.least))
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


def record_doubt(game: str, name: str, score: int) -> Msg:
    """Under a record whose play holds ``name``'s ``score``, which ``game`` cannot give: whose
    score it is (the holder's or another seat's: a margin reads the loser's too), "check it"."""
    bound = score_bounds().games.get(game)
    over = bound is None or score > bound.most
    key = "insights.record_doubt_over" if over else "insights.record_doubt_under"
    return msg(key, name=name, score=amount(game, score))


USUAL_FROM = 5  # winning scores of a game the log holds before a score is said to be far above them
FAR_ABOVE = 3  # a score above this many times the usual winning score the log holds in that game


def far_above(game: str, name: str, score: int | None, usual: int | None, plays: int) -> Msg | None:
    """A warning, never a refusal, for a score more than three times ``usual``, the usual winning
    score of the ``plays`` winning scores the log holds in ``game`` (Store.usual_win: their median,
    within the bounds): 350 typed for 35 is within Dragon's 366, but no group's winner scores three
    times what usually wins. The median, not the best: a typo kept in the log (a 350) would raise
    the best and mute the warning for the next typo, and it moves the median by one place at most.
    None below ``USUAL_FROM`` winning scores (no usual yet), for a usual of 0 or less (three times
    it says nothing), or a score that is not far above."""
    if score is None or usual is None or plays < USUAL_FROM or usual <= 0 or score <= FAR_ABOVE * usual:
        return None
    return msg(
        "plays.score.far_above",
        name=name,
        score=amount(game, score),
        usual=amount(game, usual),
        game=msg(f"{game}.title"),
    )
