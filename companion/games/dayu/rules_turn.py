"""The steps of a Da Yu turn that need no entry: on to drawing, taking full cards, the next turn, the end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import Effect
from companion.core.ties import winner_line
from companion.games.dayu.data import DATA
from companion.games.dayu.ring import SPACES, privilege_usable
from companion.games.dayu.scoring import score, tally
from companion.games.dayu.state import DayuState, EndReason
from companion.games.dayu.text import effect

Effects = list[Effect]
# A handler takes the entry of its own kind: the table's key says which, the type checker
# cannot, so the entry is Any here (each handler's own signature is precise).
Handler = Callable[[DayuState, Any, Effects], None]


def settle(s: DayuState, fx: Effects) -> None:
    """Move on through the steps that need no entry."""
    if s.phase == "actions" and s.points_left == 0 and not privilege_usable(s):
        s.phase = "draw"
    if s.phase == "draw" and (len(s.seat.hand) >= DATA.hand_size or not any(s.piles.values())):
        full = [i for i, place in enumerate(s.ring) if place.card is not None and place.tokens >= SPACES]
        if full:
            s.captures = full
            s.phase = "bonus"
        else:
            end_turn(s, fx)


def begin_turn(s: DayuState, fx: Effects) -> None:
    s.phase = "actions"
    s.turn += 1
    s.points_left = DATA.action_points
    s.used = {}
    s.pending = None
    fx.append(effect("dayu.turn.order", "dayu.fx.turn", s.current, player=s.seat.name, round=s.round))


def totals(s: DayuState) -> list[int]:
    return [
        tally(p.name, [(c.frame, c.vp) for c in p.vp_cards], [(f.kind, f.points) for f in p.flood]).total
        for p in s.players
    ]


def end_turn(s: DayuState, fx: Effects) -> None:
    assert s.start is not None
    nxt = (s.current + 1) % len(s.players)
    if nxt == s.start:
        s.round_totals.append(totals(s))
        if s.flood_pile == 0:
            over(s, fx, "flood_conquered", "dayu.end.condition")
            return
        if not any(s.piles.values()) and not any(p.hand for p in s.players):
            # Every tool card is a VP card: nothing can be drained again (docs/decisions/dayu.md).
            over(s, fx, "no_tools", "dayu.end.no_tools")
            return
        s.round += 1
    if s.supply == 0:
        # Every place is full to nine and no token is left: nothing can ever be drained again.
        if nxt != s.start:
            s.round_totals.append(totals(s))
        over(s, fx, "no_tokens", "dayu.end.deadlock")
        return
    s.current = nxt
    begin_turn(s, fx)


# end reason -> (the effect's message, the banner's message)
OVER_KEYS: dict[EndReason, tuple[str, str]] = {
    "flood_conquered": ("dayu.fx.over_flood_conquered", "dayu.banner.over_flood_conquered"),
    "no_tokens": ("dayu.fx.over_no_tokens", "dayu.banner.over_no_tokens"),
    "no_tools": ("contract.dayu.fx.over_no_tools", "contract.dayu.banner.over_no_tools"),
}


def over(s: DayuState, fx: Effects, reason: EndReason, rule_id: str) -> None:
    s.phase = "over"
    s.end_reason = reason
    s.points_left = 0
    fx.append(effect(rule_id, OVER_KEYS[reason][0], None))
    # the last line names the winner, as the final scores decide it (ties included)
    fx.append(Effect(rule_id="dayu.score.tie_break", msg=winner_line(score(s)), seat=None))
