"""Who moves after the player asked now, where the rules have already decided it (a seat's
phone's "Waiting for Ana; you're next.", through ``Table.next_after``).

Turns go round the table from the start player, one seat after the other (dayu.turn.order), and
the opening cards are drawn in that order (dayu.setup.opening). What is not decided is whether
the game ends between two turns: just before the start player's turn when the flood pile is
empty or no tool card is left (dayu.end.condition, dayu.end.no_tools), and before any turn when
the supply is empty (dayu.end.deadlock). The next seat is given only when nothing the turn has
still to enter can end the game there; otherwise nobody is named (never a guess).
"""

from __future__ import annotations

from companion.games.dayu.data import DATA
from companion.games.dayu.ring import SPACES, privilege_left
from companion.games.dayu.state import DayuState

TAKING = ("bonus", "exchange")  # the turn's full cards being taken: its actions and draws are done


def turn_order(s: DayuState) -> tuple[int, ...]:
    """The seat asked now, then the seat that moves after it when that is already certain;
    empty before the start player is named and once the game is over."""
    if s.start is None or s.phase in ("markers", "start", "over"):
        return ()
    after = (s.current + 1) % len(s.players)
    if s.phase == "opening":  # no turn yet, nothing ends the game: the last opener's next is the start player
        return (s.current, after)
    if may_run_dry(s) or (after == s.start and round_may_end(s)):
        return (s.current,)
    return (s.current, after)


def may_run_dry(s: DayuState) -> bool:
    """Whether the supply could be empty when this turn ends (dayu.end.deadlock). At its end
    every token off the supply lies on a card holding at most nine (a full card is taken and its
    tokens go back), and this turn can still take from the supply at most a face's tools per
    action point left, one per Free tool left, and the tools of a drain under way."""
    cards = sum(1 for place in s.ring if place.card is not None)
    if cards * (SPACES - 1) < DATA.drainage_tokens:
        return False
    if s.phase not in ("actions", "drain_tools", "drain_vp"):
        return s.supply == 0
    high = DATA.tools_per_face.high
    pending = 0
    if s.pending is not None:
        pending = high if s.pending.tools is None else s.pending.tools
    return s.supply <= s.points_left * high + privilege_left(s, "free_tool") + pending


def round_may_end(s: DayuState) -> bool:
    """Whether the game could end as this round ends (this is its last turn). The flood pile
    gives one card for each full card taken this turn: those being taken now, or at most one per
    card in the circle before. A tool card in another player's hand stays there this turn."""
    refills = len(s.captures) if s.phase in TAKING else sum(1 for p in s.ring if p.card is not None)
    if s.flood_pile <= refills:
        return True
    return not any(p.hand for i, p in enumerate(s.players) if i != s.current)
