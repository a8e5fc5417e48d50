"""Taking the full flood cards at the end of a turn: what each one shows, the Exchange card, the refill."""

from __future__ import annotations

from companion.core import RuleViolation
from companion.games.dayu import entries as E
from companion.games.dayu.data import DATA, POINTS_KIND
from companion.games.dayu.ring import SPACES
from companion.games.dayu.rules_turn import Effects, Handler, end_turn
from companion.games.dayu.state import DayuState, FloodCard, Place
from companion.games.dayu.text import effect, flood_name


def _flood_bonus(s: DayuState, e: E.FloodBonus, fx: Effects) -> None:
    if e.bonus == POINTS_KIND:
        if e.points is None or e.points not in DATA.flood_card_points:
            raise RuleViolation(
                "dayu.flood.points",
                "dayu.err.points_range",
                low=DATA.flood_card_points.low,
                high=DATA.flood_card_points.high,
            )
        points = e.points
    elif e.bonus in DATA.flood_kinds and e.points is None:
        points = DATA.flood_kinds[e.bonus].points
    else:
        raise RuleViolation("dayu.flood.points", "dayu.err.bonus_kind")
    place = s.own_place(s.captures[0])  # shared with the state before (DayuState.fork)
    s.supply += place.tokens
    place.tokens, place.card = 0, None  # the card leaves the circle; the place is refilled next
    s.seat.flood.append(FloodCard(kind=e.bonus, points=points))
    fx.append(
        effect(
            "dayu.capture",
            "dayu.fx.capture",
            s.current,
            player=s.seat.name,
            place=s.captures[0] + 1,
            card=flood_name(e.bonus, points),
            tokens=SPACES,
        )
    )
    others_hold = any(p.flood for i, p in enumerate(s.players) if i != s.current)
    if e.bonus == "exchange" and others_hold:
        s.taken = len(s.seat.flood) - 1
        s.phase = "exchange"
    else:
        refill(s, fx)


def _exchange(s: DayuState, e: E.Exchange, fx: Effects) -> None:
    assert s.taken is not None
    if e.player is None and e.card is None:
        fx.append(effect("dayu.flood.exchange", "dayu.fx.keep", s.current, player=s.seat.name))
    else:
        if e.player is None or e.card is None or e.player == s.current or not 0 <= e.player < len(s.players):
            raise RuleViolation("dayu.flood.exchange", "dayu.err.bad_exchange")
        other = s.players[e.player]
        if not 0 <= e.card < len(other.flood):
            raise RuleViolation("dayu.flood.exchange", "dayu.err.bad_exchange")
        mine = s.seat.flood[s.taken]
        theirs = other.flood[e.card]
        s.seat.flood[s.taken], other.flood[e.card] = theirs, mine
        fx.append(
            effect(
                "dayu.flood.exchange",
                "dayu.fx.exchange",
                s.current,
                player=s.seat.name,
                other=other.name,
                card=flood_name(theirs.kind, theirs.points),
            )
        )
    s.taken = None
    refill(s, fx)


def refill(s: DayuState, fx: Effects) -> None:
    """Fill the place just emptied from the flood pile (or leave it empty), then go on."""
    at = s.captures.pop(0)
    if s.flood_pile > 0:
        s.ring[at] = Place(card=s.next_card)
        s.next_card += 1
        s.flood_pile -= 1
        fx.append(effect("dayu.capture.refill", "dayu.fx.refill", None, place=at + 1, left=s.flood_pile))
    else:
        s.ring[at] = Place(card=None)
        fx.append(effect("dayu.capture.refill", "dayu.fx.left_empty", None, place=at + 1))
    if s.captures:
        s.phase = "bonus"
    else:
        end_turn(s, fx)


HANDLERS: dict[str, Handler] = {"flood_bonus": _flood_bonus, "exchange": _exchange}
