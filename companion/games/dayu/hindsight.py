"""Hindsight for Da Yu: a summary of every round from the table's log (pure, no I/O).

A round ends when its totals are recorded (``round_totals`` grows). Each player's points are
the change of their total; what they gained is told by the engine's own effects: the VP cards
kept and the flood cards taken (and swapped), and what the frame bonuses added: a frame-bonus
card scores one point per VP card of its frame, so a VP card kept scores more than its printed
number, and a frame bonus taken scores at once; a line for each frame whose bonus changed tells
those points, so the kept cards and the line add up to the round's figure. Da Yu has no turn
order to change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from companion.core import Effect, msg
from companion.core.foresight import RoundSummary, SeatRound, round_spans, signed
from companion.games.dayu.kinds import FRAMES
from companion.games.dayu.state import DayuState, SeatState
from companion.games.dayu.tables import FLOOD_KINDS

GAIN_KEYS = ("dayu.fx.vp_card", "dayu.fx.capture", "dayu.fx.exchange")
LOSS_KEYS = ("dayu.fx.discard",)


def rounds_done(state: DayuState) -> int:
    """How many rounds have ended (a round ends when its totals are recorded)."""
    return len(state.round_totals)


def frame_bonus_points(player: SeatState) -> dict[str, int]:
    """The points of a player's frame-bonus cards, by frame (as the final tally counts them)."""
    kinds = Counter(f.kind for f in player.flood)
    out: dict[str, int] = {}
    for kind, info in FLOOD_KINDS.items():
        if info.frame is not None and kinds[kind]:
            framed = sum(1 for c in player.vp_cards if c.frame == info.frame)
            out[info.frame] = out.get(info.frame, 0) + (framed + info.points) * kinds[kind]
    return out


def _bonus_lines(seat: int, before: SeatState, after: SeatState) -> list[Effect]:
    """What the player's frame bonuses added in the round, a line per frame that changed."""
    was, now = frame_bonus_points(before), frame_bonus_points(after)
    return [
        Effect(
            rule_id="dayu.flood.frame_bonus",
            seat=seat,
            msg=msg(
                "foresight.hindsight.dayu_frame_bonus",
                player=after.name,
                frame=msg(f"dayu.frame.{frame}"),
                points=signed(now.get(frame, 0) - was.get(frame, 0)),
            ),
        )
        for frame in FRAMES
        if now.get(frame, 0) != was.get(frame, 0)
    ]


def round_summaries(
    states: Sequence[DayuState], effects: Sequence[list[Effect]], entries: Sequence[object] = ()
) -> list[RoundSummary]:
    """One summary per round already ended (``entries`` is not needed)."""
    out = []
    for span in round_spans(states, effects, rounds_done):
        n, fx = span.index, span.effects
        after, start = states[span.last + 1], states[span.first]
        totals = after.round_totals
        before = totals[n - 1] if n else [0] * len(totals[n])
        seats = []
        for seat, p in enumerate(after.players):
            points = totals[n][seat] - before[seat]
            gained = [e for e in fx if e.seat == seat and e.msg.key in GAIN_KEYS]
            gained += _bonus_lines(seat, start.players[seat], p)
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
