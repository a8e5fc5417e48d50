"""First-game tips with the table's numbers (Da Yu): the card under your marker, whether a face
fits, the draw and your frames, a full card taken, the Exchange, and after the steps the app
resolves by itself (a flood card refilled, a round's totals).

Pure: reads the state, the prompt and the last entry's effects; see companion/core/tips.py.
"""

from __future__ import annotations

from companion.core.msg import msg
from companion.core.protocol import Effect, Prompt
from companion.core.tips import Tip
from companion.games.dayu.data import DATA
from companion.games.dayu.ring import SPACES, free_spaces
from companion.games.dayu.state import DayuState

KINDS = (
    "dayu.tip.marker",
    "dayu.tip.fit",
    "dayu.tip.draw",
    "dayu.tip.capture",
    "dayu.tip.exchange",
    "dayu.tip.refill",
    "dayu.tip.round",
    "dayu.tip.start",
)


def tips(state: DayuState, prompt: Prompt | None, effects: list[Effect]) -> list[Tip]:
    out = _after_steps(state, effects)
    if prompt is None:
        return out
    s, kind, seat = state, prompt.kind, state.current
    if kind == "action" and s.seat.marker is not None and s.ring[s.seat.marker].card is not None:
        place = s.ring[s.seat.marker]
        text = msg(
            "dayu.tip.marker",
            player=s.seat.name,
            place=s.seat.marker + 1,
            tokens=place.tokens,
            spaces=SPACES,
            free=free_spaces(place),
            supply=s.supply,
        )
        out.append(Tip(text, "dayu.capture", kind, seat))
    elif kind == "drain_tools" and s.seat.marker is not None and _room(s) < DATA.tools_per_face.high:
        free = free_spaces(s.ring[s.seat.marker])
        fit = _room(s)
        text = msg("dayu.tip.fit", player=s.seat.name, free=free, supply=s.supply, n=fit)
        out.append(Tip(text, "dayu.drain.fit", kind, seat))
    elif kind == "draw" and s.phase == "draw":
        held = len(s.seat.hand)
        frames = {f: sum(1 for c in s.seat.vp_cards if c.frame == f) for f in ("silver", "green", "red")}
        n = min(DATA.hand_size - held, sum(s.piles.values()))
        text = msg("dayu.tip.draw", player=s.seat.name, held=held, n=n, **frames)
        out.append(Tip(text, "dayu.draw.refill", kind, seat))
    elif kind == "flood_bonus" and s.captures:
        at = s.captures[0]
        tokens = s.ring[at].tokens
        text = msg(
            "dayu.tip.capture", player=s.seat.name, place=at + 1, tokens=tokens, supply=s.supply + tokens
        )
        out.append(Tip(text, "dayu.capture", kind))
    elif kind == "exchange":
        tip = _exchange(s, seat)
        if tip is not None:
            out.append(tip)
    return out


def _room(s: DayuState) -> int:
    """How many tools a face may show to fit: free spaces at the marker, tokens in the supply."""
    marker = s.seat.marker
    return 0 if marker is None else min(free_spaces(s.ring[marker]), s.supply)


def _exchange(s: DayuState, seat: int) -> Tip | None:
    """The flood card worth most points among the other players' (first such, seat order)."""
    best: tuple[int, int] | None = None
    for other, p in enumerate(s.players):
        if other == seat:
            continue
        for card in p.flood:
            if card.points > 0 and (best is None or card.points > best[0]):
                best = (card.points, other)
    if best is None:
        return None
    points, other = best
    text = msg("dayu.tip.exchange", player=s.seat.name, other=s.players[other].name, points=points)
    return Tip(text, "dayu.flood.exchange", "exchange", seat)


def _after_steps(s: DayuState, effects: list[Effect]) -> list[Tip]:
    out: list[Tip] = []
    if s.start is not None and any(e.msg.key == "dayu.fx.start" for e in effects):
        out.append(_start(s, s.start))
    refill = next((e for e in reversed(effects) if e.msg.key == "dayu.fx.refill"), None)
    if refill is not None:
        text = msg("dayu.tip.refill", place=refill.msg.args["place"], n=refill.msg.args["left"])
        out.append(Tip(text, "dayu.capture.refill", "refill"))
    ended = s.phase == "over" or any(
        e.msg.key == "dayu.fx.turn" and e.seat == s.start and s.round > 1 for e in effects
    )
    if ended and s.round_totals and _round_ended_now(s, effects):
        totals = s.round_totals[-1]
        parts = [msg("dayu.tip.part.total", player=p.name, vp=totals[i]) for i, p in enumerate(s.players)]
        done = len(s.round_totals)
        text = msg("dayu.tip.round", round=done, players=parts, n=s.flood_pile)
        out.append(Tip(text, "dayu.end.condition", "round_end"))
    return out


def _start(s: DayuState, start: int) -> Tip:
    """The start player (seat ``start``), the turn order, and the flood card under each marker
    to begin with."""
    n = len(s.players)
    parts = [
        msg(
            "dayu.tip.part.start",
            player=p.name,
            place=p.marker + 1,
            tokens=s.ring[p.marker].tokens,
            spaces=SPACES,
        )
        for p in (s.players[(start + i) % n] for i in range(n))
        if p.marker is not None
    ]
    text = msg("dayu.tip.start", player=s.players[start].name, players=parts)
    return Tip(text, "dayu.setup.start", "start")


def _round_ended_now(s: DayuState, effects: list[Effect]) -> bool:
    """Whether the entry just made closed a round: a new round's first turn began, or the game
    ended (every way it ends appends the round's totals first)."""
    if s.phase == "over":
        return any(e.rule_id.startswith("dayu.end.") for e in effects)
    return True
