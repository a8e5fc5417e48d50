"""Da Yu reducers: ``apply(state, entry)`` checks an entry and returns the next state and its effects.

The input state is never changed: each entry works on a deep copy, and a RuleViolation
raised half-way simply drops that copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core import Effect, Msg, RuleViolation, msg
from companion.games.dayu import entries as E
from companion.games.dayu.data import DATA, FRAMES, POINTS_KIND
from companion.games.dayu.ring import (
    SPACES,
    free_spaces,
    neighbours,
    privilege_left,
    privilege_usable,
)
from companion.games.dayu.scoring import flood_name, tally
from companion.games.dayu.state import (
    DayuOptions,
    DayuState,
    EndReason,
    FloodCard,
    PendingDrain,
    Place,
    Privilege,
    SeatState,
    ToolCard,
    VPCard,
)

Effects = list[Effect]
# A handler takes the entry of its own kind: the table's key says which, the type checker
# cannot, so the entry is Any here (each handler's own signature is precise).
Handler = Callable[[DayuState, Any, Effects], None]

# Which entry kinds each phase accepts; the others are refused with dayu.turn.phase.
PHASE_KINDS: dict[str, frozenset[str]] = {
    "markers": frozenset({"marker"}),
    "start": frozenset({"start"}),
    "opening": frozenset({"draw"}),
    "actions": frozenset({"drain", "move", "flip", "discard", "rest", "free_tool", "end_actions"}),
    "drain_tools": frozenset({"drain_tools", "drain_cancel"}),
    "drain_vp": frozenset({"drain_vp"}),
    "draw": frozenset({"draw"}),
    "bonus": frozenset({"flood_bonus"}),
    "exchange": frozenset({"exchange"}),
    "over": frozenset(),
}
PAID_KINDS = frozenset({"drain", "move", "flip", "discard", "rest"})  # each costs an action point
TABLE_FACTS = frozenset({"marker", "start", "flood_bonus"})  # entered by the table, not a seat


def setup(options: DayuOptions, players: list[str]) -> DayuState:
    split = DATA.by_players[len(players)]
    piles = dict(DATA.piles)
    seats = [SeatState(name=name) for name in players]
    if options.opening == "one_of_each":
        # Setup step 5: everyone takes the top card of each tool pile, rune side up.
        for seat in seats:
            seat.hand = [ToolCard(frame=frame) for frame in FRAMES]
        for frame in FRAMES:
            piles[frame] -= len(players)
    return DayuState(
        options=options,
        players=seats,
        ring=[Place(card=i) for i in range(split.placed)],
        flood_pile=DATA.flood_cards - split.removed - split.placed,
        removed=split.removed,
        piles=piles,
        supply=DATA.drainage_tokens,
        phase="markers",
        next_card=split.placed,
    )


def apply(state: DayuState, entry: E.DayuEntry) -> tuple[DayuState, Effects]:
    if state.phase == "draw" and entry.kind in PAID_KINDS and not getattr(entry, "free", False):
        raise RuleViolation("dayu.turn.action_points", "dayu.err.no_points", n=DATA.action_points)
    if entry.kind not in PHASE_KINDS[state.phase]:
        raise RuleViolation("dayu.turn.phase", "dayu.err.phase", entry=msg(f"dayu.kind.{entry.kind}"))
    if entry.kind not in TABLE_FACTS and entry.seat != state.current:
        raise RuleViolation("dayu.turn.order", "dayu.err.not_your_turn", player=state.seat.name)
    s = state.clone()
    effects: Effects = []
    HANDLERS[entry.kind](s, entry, effects)
    _settle(s, effects)
    return s, effects


# ---- setup -------------------------------------------------------------------------------
def _marker(s: DayuState, e: E.PlaceMarker, fx: Effects) -> None:
    waiting = next(i for i, p in enumerate(s.players) if p.marker is None)
    if e.player != waiting:
        raise RuleViolation("dayu.setup.markers", "dayu.err.marker_order", player=s.players[waiting].name)
    _check_place(s, e.place, "dayu.setup.markers")
    s.players[e.player].marker = e.place
    fx.append(
        _fx(
            "dayu.setup.markers",
            "dayu.fx.marker",
            e.player,
            player=s.players[e.player].name,
            place=e.place + 1,
        )
    )
    if all(p.marker is not None for p in s.players):
        s.phase = "start"


def _start(s: DayuState, e: E.StartPlayer, fx: Effects) -> None:
    if not 0 <= e.player < len(s.players):
        raise RuleViolation("dayu.setup.start", "dayu.err.no_player", n=e.player)
    s.start = s.current = e.player
    fx.append(_fx("dayu.setup.start", "dayu.fx.start", e.player, player=s.seat.name))
    if s.options.opening == "chosen":
        s.phase = "opening"
    else:
        _begin_turn(s, fx)


# ---- action points -----------------------------------------------------------------------
def _need_point(s: DayuState) -> None:
    if s.points_left <= 0:
        raise RuleViolation("dayu.turn.action_points", "dayu.err.no_points", n=DATA.action_points)


def _spend(s: DayuState) -> None:
    _need_point(s)
    s.points_left -= 1


def _use_privilege(s: DayuState, kind: Privilege) -> None:
    if s.owned(kind) == 0:
        raise RuleViolation(f"dayu.flood.{kind}", "dayu.err.no_privilege", card=msg(f"dayu.flood.{kind}"))
    if privilege_left(s, kind) <= 0:
        raise RuleViolation("dayu.privilege.once", "dayu.err.privilege_used", card=msg(f"dayu.flood.{kind}"))
    s.used[kind] = s.used.get(kind, 0) + 1


def _hand_card(s: DayuState, index: int, rule_id: str) -> ToolCard:
    if not 0 <= index < len(s.seat.hand):
        raise RuleViolation(rule_id, "dayu.err.no_card", n=index + 1, held=len(s.seat.hand))
    return s.seat.hand[index]


def _check_place(s: DayuState, place: int, rule_id: str) -> Place:
    if not 0 <= place < len(s.ring):
        raise RuleViolation(rule_id, "dayu.err.no_place", place=place + 1, size=len(s.ring))
    return s.ring[place]


def _check_room(s: DayuState, place: int, tokens: int) -> None:
    room = free_spaces(s.ring[place])
    if tokens > room:
        raise RuleViolation("dayu.drain.fit", "dayu.err.overflow", tools=tokens, room=room, place=place + 1)
    if tokens > s.supply:
        raise RuleViolation("dayu.drain.supply", "dayu.err.no_supply", tools=tokens, supply=s.supply)


def _drain(s: DayuState, e: E.Drain, fx: Effects) -> None:
    _need_point(s)
    card = _hand_card(s, e.card, "dayu.drain.play")
    marker = s.seat.marker
    if marker is None or s.ring[marker].card is None:
        raise RuleViolation("dayu.drain.marker", "dayu.err.marker_empty")
    _check_room(s, marker, 1)
    _spend(s)
    s.pending = PendingDrain(card=e.card)
    s.phase = "drain_tools"
    fx.append(
        _fx(
            "dayu.drain.play",
            "dayu.fx.drain",
            s.current,
            player=s.seat.name,
            card=_card_name(card),
            place=marker + 1,
        )
    )


def _drain_tools(s: DayuState, e: E.DrainTools, fx: Effects) -> None:
    if e.tools not in DATA.tools_per_face:
        raise RuleViolation(
            "dayu.drain.tools",
            "dayu.err.tools_range",
            low=DATA.tools_per_face.low,
            high=DATA.tools_per_face.high,
        )
    assert s.pending is not None and s.seat.marker is not None
    _check_room(s, s.seat.marker, e.tools)
    s.pending.tools = e.tools
    s.phase = "drain_vp"


def _drain_vp(s: DayuState, e: E.DrainVP, fx: Effects) -> None:
    if e.vp not in DATA.vp_per_face:
        raise RuleViolation(
            "dayu.drain.vp", "dayu.err.vp_range", low=DATA.vp_per_face.low, high=DATA.vp_per_face.high
        )
    pending, marker = s.pending, s.seat.marker
    assert pending is not None and pending.tools is not None and marker is not None
    card = s.seat.hand.pop(pending.card)
    s.seat.vp_cards.append(VPCard(frame=card.frame, vp=e.vp))
    place = s.ring[marker]
    place.tokens += pending.tools
    s.supply -= pending.tools
    s.pending = None
    s.phase = "actions"
    fx.append(
        _fx(
            "dayu.drain.tools",
            "dayu.fx.tokens",
            s.current,
            n=pending.tools,
            place=marker + 1,
            tokens=place.tokens,
            spaces=SPACES,
        )
    )
    fx.append(
        _fx(
            "dayu.drain.play",
            "dayu.fx.vp_card",
            s.current,
            player=s.seat.name,
            frame=msg(f"dayu.frame.{card.frame}"),
            vp=e.vp,
        )
    )


def _drain_cancel(s: DayuState, e: E.CancelDrain, fx: Effects) -> None:
    s.pending = None
    s.points_left += 1
    s.phase = "actions"
    fx.append(_fx("dayu.drain.fit", "dayu.fx.drain_cancel", s.current, player=s.seat.name))


def _move(s: DayuState, e: E.Move, fx: Effects) -> None:
    marker = s.seat.marker
    assert marker is not None
    if e.to not in neighbours(s, marker):
        raise RuleViolation("dayu.move.neighbour", "dayu.err.not_neighbour", place=e.to + 1, at=marker + 1)
    if e.free:
        _use_privilege(s, "free_move")
    else:
        _spend(s)
    s.seat.marker = e.to
    key = "dayu.fx.move_free" if e.free else "dayu.fx.move"
    fx.append(
        _fx(
            "dayu.flood.free_move" if e.free else "dayu.move.neighbour",
            key,
            s.current,
            player=s.seat.name,
            place=e.to + 1,
        )
    )


def _flip(s: DayuState, e: E.Flip, fx: Effects) -> None:
    card = _hand_card(s, e.card, "dayu.flip")
    if e.free:
        _use_privilege(s, "free_flip")
    else:
        _spend(s)
    card.side = "other" if card.side == "rune" else "rune"
    key = "dayu.fx.flip_free" if e.free else "dayu.fx.flip"
    fx.append(
        _fx(
            "dayu.flood.free_flip" if e.free else "dayu.flip",
            key,
            s.current,
            player=s.seat.name,
            card=_card_name(card),
        )
    )


def _discard(s: DayuState, e: E.Discard, fx: Effects) -> None:
    picked = sorted(set(e.cards))
    if not picked or len(picked) != len(e.cards) or not all(0 <= i < len(s.seat.hand) for i in picked):
        raise RuleViolation("dayu.discard", "dayu.err.bad_discard", held=len(s.seat.hand))
    _spend(s)
    gone = [s.seat.hand[i] for i in picked]
    s.seat.hand = [c for i, c in enumerate(s.seat.hand) if i not in picked]
    for card in gone:
        s.piles[card.frame] += 1  # to the bottom of its own pile, rune side up
    fx.append(
        _fx(
            "dayu.discard",
            "dayu.fx.discard",
            s.current,
            player=s.seat.name,
            cards=[_card_name(c) for c in gone],
        )
    )


def _rest(s: DayuState, e: E.Rest, fx: Effects) -> None:
    _spend(s)
    fx.append(_fx("dayu.rest", "dayu.fx.rest", s.current, player=s.seat.name))


def _free_tool(s: DayuState, e: E.FreeTool, fx: Effects) -> None:
    place = _check_place(s, e.place, "dayu.flood.free_tool")
    if place.card is None:
        raise RuleViolation("dayu.flood.free_tool", "dayu.err.place_empty", place=e.place + 1)
    _check_room(s, e.place, 1)
    _use_privilege(s, "free_tool")
    place.tokens += 1
    s.supply -= 1
    fx.append(
        _fx(
            "dayu.flood.free_tool",
            "dayu.fx.free_tool",
            s.current,
            player=s.seat.name,
            place=e.place + 1,
            tokens=place.tokens,
            spaces=SPACES,
        )
    )


def _end_actions(s: DayuState, e: E.EndActions, fx: Effects) -> None:
    if s.points_left > 0:
        raise RuleViolation("dayu.turn.action_points", "dayu.err.points_left", n=s.points_left)
    s.phase = "draw"


# ---- drawing, taking flood cards -----------------------------------------------------------
def _draw(s: DayuState, e: E.Draw, fx: Effects) -> None:
    if s.piles[e.pile] <= 0:
        raise RuleViolation("dayu.draw.empty_pile", "dayu.err.empty_pile", pile=msg(f"dayu.frame.{e.pile}"))
    if len(s.seat.hand) >= DATA.hand_size:
        raise RuleViolation("dayu.draw.refill", "dayu.err.hand_full", n=DATA.hand_size)
    s.piles[e.pile] -= 1
    s.seat.hand.append(ToolCard(frame=e.pile))
    rule_id = "dayu.setup.tools" if s.phase == "opening" else "dayu.draw.refill"
    fx.append(_fx(rule_id, "dayu.fx.draw", s.current, player=s.seat.name, pile=msg(f"dayu.frame.{e.pile}")))
    if s.phase == "opening" and len(s.seat.hand) >= DATA.hand_size:
        s.current = (s.current + 1) % len(s.players)
        if s.current == s.start:
            _begin_turn(s, fx)


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
    place = s.ring[s.captures[0]]
    s.supply += place.tokens
    place.tokens, place.card = 0, None  # the card leaves the circle; the place is refilled next
    s.seat.flood.append(FloodCard(kind=e.bonus, points=points))
    fx.append(
        _fx(
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
        _refill(s, fx)


def _exchange(s: DayuState, e: E.Exchange, fx: Effects) -> None:
    assert s.taken is not None
    if e.player is None and e.card is None:
        fx.append(_fx("dayu.flood.exchange", "dayu.fx.keep", s.current, player=s.seat.name))
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
            _fx(
                "dayu.flood.exchange",
                "dayu.fx.exchange",
                s.current,
                player=s.seat.name,
                other=other.name,
                card=flood_name(theirs.kind, theirs.points),
            )
        )
    s.taken = None
    _refill(s, fx)


def _refill(s: DayuState, fx: Effects) -> None:
    """Fill the place just emptied from the flood pile (or leave it empty), then go on."""
    at = s.captures.pop(0)
    if s.flood_pile > 0:
        s.ring[at] = Place(card=s.next_card)
        s.next_card += 1
        s.flood_pile -= 1
        fx.append(_fx("dayu.capture.refill", "dayu.fx.refill", None, place=at + 1, left=s.flood_pile))
    else:
        s.ring[at] = Place(card=None)
        fx.append(_fx("dayu.capture.refill", "dayu.fx.left_empty", None, place=at + 1))
    if s.captures:
        s.phase = "bonus"
    else:
        _end_turn(s, fx)


# ---- the flow between entries --------------------------------------------------------------
def _settle(s: DayuState, fx: Effects) -> None:
    """Move on through the steps that need no entry."""
    if s.phase == "actions" and s.points_left == 0 and not privilege_usable(s):
        s.phase = "draw"
    if s.phase == "draw" and (len(s.seat.hand) >= DATA.hand_size or not any(s.piles.values())):
        full = [i for i, place in enumerate(s.ring) if place.card is not None and place.tokens >= SPACES]
        if full:
            s.captures = full
            s.phase = "bonus"
        else:
            _end_turn(s, fx)


def _begin_turn(s: DayuState, fx: Effects) -> None:
    s.phase = "actions"
    s.turn += 1
    s.points_left = DATA.action_points
    s.used = {}
    s.pending = None
    fx.append(_fx("dayu.turn.order", "dayu.fx.turn", s.current, player=s.seat.name, round=s.round))


def _totals(s: DayuState) -> list[int]:
    return [
        tally(p.name, [(c.frame, c.vp) for c in p.vp_cards], [(f.kind, f.points) for f in p.flood]).total
        for p in s.players
    ]


def _end_turn(s: DayuState, fx: Effects) -> None:
    assert s.start is not None
    nxt = (s.current + 1) % len(s.players)
    if nxt == s.start:
        s.round_totals.append(_totals(s))
        if s.flood_pile == 0:
            _over(s, fx, "flood_conquered", "dayu.end.condition")
            return
        if not any(s.piles.values()) and not any(p.hand for p in s.players):
            # Every tool card is a VP card: nothing can be drained again (docs/decisions/dayu.md).
            _over(s, fx, "no_tools", "dayu.end.no_tools")
            return
        s.round += 1
    if s.supply == 0:
        # Every place is full to nine and no token is left: nothing can ever be drained again.
        if nxt != s.start:
            s.round_totals.append(_totals(s))
        _over(s, fx, "no_tokens", "dayu.end.deadlock")
        return
    s.current = nxt
    _begin_turn(s, fx)


# end reason -> (the effect's message, the banner's message)
OVER_KEYS: dict[EndReason, tuple[str, str]] = {
    "flood_conquered": ("dayu.fx.over_flood_conquered", "dayu.banner.over_flood_conquered"),
    "no_tokens": ("dayu.fx.over_no_tokens", "dayu.banner.over_no_tokens"),
    "no_tools": ("contract.dayu.fx.over_no_tools", "contract.dayu.banner.over_no_tools"),
}


def _over(s: DayuState, fx: Effects, reason: EndReason, rule_id: str) -> None:
    s.phase = "over"
    s.end_reason = reason
    s.points_left = 0
    fx.append(_fx(rule_id, OVER_KEYS[reason][0], None))


# ---- helpers -----------------------------------------------------------------------------
def _card_name(card: ToolCard) -> Msg:
    return msg(f"dayu.card.{card.side}", frame=msg(f"dayu.frame.{card.frame}"))


def _fx(rule_id: str, key: str, seat: int | None, **args: object) -> Effect:
    return Effect(rule_id=rule_id, msg=msg(key, **args), seat=seat)


HANDLERS: dict[str, Handler] = {
    "marker": _marker,
    "start": _start,
    "draw": _draw,
    "drain": _drain,
    "drain_tools": _drain_tools,
    "drain_vp": _drain_vp,
    "drain_cancel": _drain_cancel,
    "move": _move,
    "flip": _flip,
    "discard": _discard,
    "rest": _rest,
    "free_tool": _free_tool,
    "end_actions": _end_actions,
    "flood_bonus": _flood_bonus,
    "exchange": _exchange,
}
