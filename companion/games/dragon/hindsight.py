"""Hindsight for Dragon: a summary of every month from the table's log (pure, no I/O).

A month ends with its round scoring (``by_round`` grows by one). Its VP come from the ledger
(the items of that month, by source), the persons lost from the released tiles, the goods lost
from the event's own effects, the floors and palaces lost from decay's, and the new turn order
from the person track.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.foresight import RoundSummary, SeatRound, round_spans
from companion.core.msg import Msg, msg
from companion.core.protocol import Effect
from companion.games.dragon.events import DECAY_FX, DECAY_GONE
from companion.games.dragon.scoring import SOURCE_RULES
from companion.games.dragon.state import DragonState
from companion.games.dragon.text import event_msg, tile_msg

# What the month's events cost, read off their effects: message key -> (goods, argument).
GOODS_LOST = {
    "dragon.fx.tribute_paid": (("yuan", "paid"),),
    "dragon.fx.tribute_short": (("yuan", "paid"),),
    "dragon.fx.drought_fed": (("rice", "paid"),),
    "dragon.fx.drought_short": (("rice", "paid"),),
    "dragon.fx.festival": (("fireworks", "returned"),),
    "dragon.fx.flood": (("yuan", "yuan"), ("rice", "rice"), ("fireworks", "fireworks")),
}
# Effects that tell what the event (and what follows it before the round scoring) did; the
# month and its event are said once, in the title, not again by the event's own first line.
EVENT_RULES = ("dragon.event.", "dragon.wall.check", "dragon.super.", "dragon.decay")
SAID_IN_TITLE = ("dragon.fx.month", "dragon.fx.event")
# The ledger sources that score within a month (the others score at the end of the game), each
# named without its month in the summary ("foresight.hindsight.source.<source>").
MONTH_SOURCES = (
    "palaces",
    "ladies",
    "privileges",
    "research",
    "festival",
    "mongol",
    "wall_bonus",
    "wall",
    "lantern",
    "buddha",
    "charter",
)


def rounds_done(state: DragonState) -> int:
    """How many months have been scored (a month ends with its round scoring)."""
    return len(state.by_round)


def round_summaries(
    states: Sequence[DragonState], effects: Sequence[list[Effect]], entries: Sequence[object] = ()
) -> list[RoundSummary]:
    """One summary per month already scored (``entries`` is not needed: states and effects tell all).
    Month 1 starts with its first entry, after the setup's."""
    first_month = next((i for i, s in enumerate(states) if s.month >= 1), 0)
    return [
        _month(span.index + 1, states[span.first], states[span.last + 1], span.effects, span.first, span.last)
        for span in round_spans(states, effects, rounds_done, start=first_month)
    ]


def _decayed(floors: int, palaces: int) -> list[Msg]:
    """The floors (and the palaces) a seat lost to decay this month, as its line lists them."""
    out = [msg("foresight.dragon.part.floors", n=floors)] if floors else []
    return out + ([msg("foresight.dragon.part.palaces", n=palaces)] if palaces else [])


def _month(
    month: int, start: DragonState, end: DragonState, fx: list[Effect], first: int, last: int
) -> RoundSummary:
    event = end.events[month - 1]
    happened = [e for e in fx if e.rule_id.startswith(EVENT_RULES) and e.msg.key not in SAID_IN_TITLE]
    seats = []
    for seat, (old, new) in enumerate(zip(start.players, end.players, strict=True)):
        by_source: dict[str, list[int]] = {}
        for item in new.ledger:
            if item.month == month and item.points:
                got = by_source.setdefault(item.source, [0, 0])
                got[0] += item.points
                got[1] += item.count
        gained = [
            Effect(
                rule_id=SOURCE_RULES[src],
                seat=seat,
                msg=msg(
                    "foresight.hindsight.vp", label=msg(f"foresight.hindsight.source.{src}", n=cnt), vp=pts
                ),
            )
            for src, (pts, cnt) in by_source.items()
        ]
        points = sum(pts for pts, _ in by_source.values())
        released = new.released[len(old.released) :]
        goods = {"yuan": 0, "rice": 0, "fireworks": 0}
        floors = palaces = 0  # decay's: a floor a palace, and a one-floor palace's is the palace too
        for e in fx:
            if e.seat == seat:
                key = e.msg.key
                for what, arg in GOODS_LOST.get(key, ()):
                    goods[what] += int(e.msg.args.get(arg, 0))
                if key in DECAY_FX:  # an effect names its palaces: a floor each
                    floors += len(e.msg.args["palaces"])
                    palaces += len(e.msg.args["palaces"]) if key == DECAY_GONE else 0
        lost = []
        if released:
            lost.append(
                Effect(
                    rule_id="dragon.event.release_order",
                    seat=seat,
                    msg=msg("foresight.hindsight.persons_lost", tiles=[tile_msg(t) for t in released]),
                )
            )
        parts: list[Msg] = [msg("foresight.dragon.part.persons", n=len(released))] if released else []
        parts += [msg(f"foresight.dragon.part.{what}", n=n) for what, n in goods.items() if n]
        decayed = _decayed(floors, palaces)
        if decayed:
            parts += decayed
            lost.append(
                Effect(rule_id="dragon.decay", seat=seat, msg=msg("foresight.hindsight.decay", lost=decayed))
            )
        line = msg(
            "foresight.hindsight.line" if parts else "foresight.hindsight.line_kept",
            player=new.name,
            vp=points,
            lost=parts,
        )
        seats.append(
            SeatRound(
                seat=seat,
                line=Effect(rule_id="dragon.scoring.round", seat=seat, msg=line),
                gained=gained,
                lost=lost,
                points=points,
            )
        )
    order = end.track_order()
    return RoundSummary(
        round=month,
        title=Effect(
            rule_id=f"dragon.event.{event}",
            msg=msg("foresight.hindsight.dragon_title", month=month, event=event_msg(event)),
        ),
        seats=seats,
        happened=happened,
        order=order if month < len(end.events) else [],
        order_line=Effect(
            rule_id="dragon.track.order",
            msg=msg("foresight.hindsight.order", order=", ".join(end.players[s].name for s in order)),
        )
        if month < len(end.events)
        else None,
        entries=(first, last),
    )
