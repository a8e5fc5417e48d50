"""Hindsight for Da Yu: a summary of every round from the table's log (pure, no I/O).

A round ends when its totals are recorded (``round_totals`` grows). Each player's points are
the change of their total; what they gained is told by the engine's own effects: the VP cards
kept and the flood cards taken (and swapped). Da Yu has no turn order to change.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core import Effect, msg
from companion.core.foresight import RoundSummary, SeatRound, round_spans, signed
from companion.games.dayu.state import DayuState

GAIN_KEYS = ("dayu.fx.vp_card", "dayu.fx.capture", "dayu.fx.exchange")
LOSS_KEYS = ("dayu.fx.discard",)


def rounds_done(state: DayuState) -> int:
    """How many rounds have ended (a round ends when its totals are recorded)."""
    return len(state.round_totals)


def round_summaries(
    states: Sequence[DayuState], effects: Sequence[list[Effect]], entries: Sequence[object] = ()
) -> list[RoundSummary]:
    """One summary per round already ended (``entries`` is not needed)."""
    out = []
    for span in round_spans(states, effects, rounds_done):
        n, fx = span.index, span.effects
        after = states[span.last + 1]
        totals = after.round_totals
        before = totals[n - 1] if n else [0] * len(totals[n])
        seats = []
        for seat, p in enumerate(after.players):
            points = totals[n][seat] - before[seat]
            gained = [e for e in fx if e.seat == seat and e.msg.key in GAIN_KEYS]
            lost = [e for e in fx if e.seat == seat and e.msg.key in LOSS_KEYS]
            line = msg(
                "foresight.hindsight.dayu_line",
                player=p.name,
                points=signed(points),
                total=totals[n][seat],
            )
            seats.append(
                SeatRound(
                    seat=seat,
                    line=Effect(rule_id="dayu.score.vp_cards", seat=seat, msg=line),
                    gained=gained,
                    lost=lost,
                    points=points,
                )
            )
        out.append(
            RoundSummary(
                round=n + 1,
                title=Effect(
                    rule_id="dayu.turn.order", msg=msg("foresight.hindsight.dayu_title", round=n + 1)
                ),
                seats=seats,
                happened=[e for e in fx if e.rule_id.startswith("dayu.capture")],
                entries=(span.first, span.last),
            )
        )
    return out
