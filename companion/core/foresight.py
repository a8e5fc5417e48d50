"""Foresight and hindsight, the parts shared by the games: the shape of a round's summary, the
table's history as the games' summary functions read it, and signed numbers for previews.

Each game builds its summaries with a pure function over the states and effects of the log
(``round_summaries(states, effects, entries)`` in its package); nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict

from companion.core.protocol import Effect
from companion.i18n import DEFAULT_LANGUAGE, format_score


class SeatRound(BaseModel):
    """One player's round: a compact line, then what they gained (by source) and lost."""

    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    seat: int
    line: Effect
    gained: list[Effect] = []
    lost: list[Effect] = []
    points: int = 0  # VP (or, in Chinatown, the income) gained in the round


class RoundSummary(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    round: int  # the month, year or round number shown to the table
    title: Effect
    seats: list[SeatRound]  # in seat order
    happened: list[Effect] = []  # what the round's event did, in the engine's own words
    order: list[int] = []  # the turn order that follows, when the game has one
    order_line: Effect | None = None
    entries: tuple[int, int]  # the round's first and last entry in the table's history (inclusive)


S = TypeVar("S")


@dataclass(frozen=True)
class RoundSpan:
    """One ended round of a table's history: ``index`` counts from 0, ``first`` and ``last`` are
    its first and last entry (inclusive), ``effects`` those entries' effects in order."""

    index: int
    first: int
    last: int
    effects: list[Effect]


def round_spans(
    states: Sequence[S],
    effects: Sequence[list[Effect]],
    rounds_done: Callable[[S], int],
    start: int = 0,
) -> list[RoundSpan]:
    """The ended rounds of a history (states[i + 1] follows entry i): a round ends at the entry
    after which ``rounds_done`` grows; the first round starts at entry ``start``, each other one
    just after the previous round's end."""
    ends = [i for i in range(len(states) - 1) if rounds_done(states[i + 1]) > rounds_done(states[i])]
    spans = []
    for n, end in enumerate(ends):
        first = ends[n - 1] + 1 if n else start
        spans.append(RoundSpan(n, first, end, [e for fx in effects[first : end + 1] for e in fx]))
    return spans


def table_history(table: Any) -> tuple[list[Any], list[list[Effect]], list[Any]]:
    """(states, effects, entries) of a Table, as every game's ``round_summaries`` takes them:
    states[0] is the setup, states[i + 1] follows entry i, effects[i] are entry i's effects."""
    states = [table.state_at(i) for i in range(table.version + 1)]
    history = table.history
    return states, [fx for _, _, fx in history], [e for _, e, _ in history]


def signed(n: int) -> str:
    """A change as the table says it: +3, −2 (a true minus sign), ±0. (Money: {x:+money}.)"""
    return format_score(n, "points", DEFAULT_LANGUAGE, change=True)
