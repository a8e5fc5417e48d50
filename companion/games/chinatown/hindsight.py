"""Hindsight for Chinatown: a summary of every year from the table's log (pure, no I/O).

A year ends when its income is paid. Each player's line gives the income, business by
business in the engine's own words, and what changed hands in the year's trades. Money
totals stay secret: only the income (worked out from the open board) and the money the
table saw handed over are shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core import Effect, msg
from companion.core.foresight import RoundSummary, SeatRound, round_spans
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import Trade
from companion.games.chinatown.income import RULE_COMPLETE, RULE_INCOMPLETE, RULE_OVERSIZE
from companion.games.chinatown.preview import money_msg
from companion.games.chinatown.state import ChinatownState

BUSINESS_RULES = (RULE_COMPLETE, RULE_INCOMPLETE, RULE_OVERSIZE)


def rounds_done(state: ChinatownState) -> int:
    """How many years have ended (a year ends when its income is paid)."""
    return state.year


def round_summaries(
    states: Sequence[ChinatownState], effects: Sequence[list[Effect]], entries: Sequence[object]
) -> list[RoundSummary]:
    """One summary per year whose income was paid. ``entries`` are the table's entries (for the trades)."""
    out = []
    for span in round_spans(states, effects, rounds_done):
        trades = [e for e in entries[span.first : span.last + 1] if isinstance(e, Trade)]
        out.append(_year(states[span.last + 1], span.index, span.effects, trades, span.first, span.last))
    return out


def _year(
    end: ChinatownState, year: int, fx: list[Effect], trades: list[Trade], first: int, last: int
) -> RoundSummary:
    seats = []
    for seat, name in enumerate(end.players):
        income = end.income[year][seat]
        money = sum(g.money for t in trades for g in t.gives if g.receiver == seat) - sum(
            g.money for t in trades for g in t.gives if g.giver == seat
        )
        gained = [e for e in fx if e.seat == seat and e.rule_id in BUSINESS_RULES]
        lost = [e for e in fx if e.seat == seat and e.rule_id == "chinatown.trade"]
        line = msg(
            "foresight.hindsight.chinatown_line",
            player=name,
            income=income,
            trades=len(lost),
            money=money_msg(money),
        )
        seats.append(
            SeatRound(
                seat=seat,
                line=Effect(rule_id="chinatown.income", seat=seat, msg=line),
                gained=gained,
                lost=lost,
                points=income,
            )
        )
    return RoundSummary(
        round=DATA.years[year],
        title=Effect(
            rule_id="chinatown.year", msg=msg("foresight.hindsight.chinatown_title", year=DATA.years[year])
        ),
        seats=seats,
        happened=[e for e in fx if e.rule_id == "chinatown.trade"],
        entries=(first, last),
    )
