"""The action step of a Da Yu turn: three action points (drain, move, flip, discard, rest) and the
privileges of the flood cards held; a drain asks for the card's two numbers in two more entries."""

from __future__ import annotations

from companion.core import RuleViolation, msg
from companion.games.dayu import entries as E
from companion.games.dayu.data import DATA
from companion.games.dayu.ring import SPACES, free_spaces, neighbours, privilege_left
from companion.games.dayu.rules_turn import Effects, Handler
from companion.games.dayu.state import DayuState, PendingDrain, Place, Privilege, ToolCard, VPCard
from companion.games.dayu.text import card_name, effect


# ---- action points and checks ------------------------------------------------------------
def need_point(s: DayuState) -> None:
    if s.points_left <= 0:
        raise RuleViolation("dayu.turn.action_points", "dayu.err.no_points", n=DATA.action_points)


def spend(s: DayuState) -> None:
    need_point(s)
    s.points_left -= 1


def use_privilege(s: DayuState, kind: Privilege) -> None:
    if s.owned(kind) == 0:
        raise RuleViolation(f"dayu.flood.{kind}", "dayu.err.no_privilege", card=msg(f"dayu.flood.{kind}"))
    if privilege_left(s, kind) <= 0:
        raise RuleViolation("dayu.privilege.once", "dayu.err.privilege_used", card=msg(f"dayu.flood.{kind}"))
    s.used[kind] = s.used.get(kind, 0) + 1


def hand_card(s: DayuState, index: int, rule_id: str) -> ToolCard:
    if not 0 <= index < len(s.seat.hand):
        raise RuleViolation(rule_id, "dayu.err.no_card", n=index + 1, held=len(s.seat.hand))
    return s.seat.hand[index]


def check_place(s: DayuState, place: int, rule_id: str) -> Place:
    if not 0 <= place < len(s.ring):
        raise RuleViolation(rule_id, "dayu.err.no_place", place=place + 1, size=len(s.ring))
    return s.ring[place]


def check_room(s: DayuState, place: int, tokens: int) -> None:
    room = free_spaces(s.ring[place])
    if tokens > room:
        raise RuleViolation("dayu.drain.fit", "dayu.err.overflow", tools=tokens, room=room, place=place + 1)
    if tokens > s.supply:
        raise RuleViolation("dayu.drain.supply", "dayu.err.no_supply", tools=tokens, supply=s.supply)


# ---- the actions ---------------------------------------------------------------------------
def _drain(s: DayuState, e: E.Drain, fx: Effects) -> None:
    need_point(s)
    card = hand_card(s, e.card, "dayu.drain.play")
    marker = s.seat.marker
    if marker is None or s.ring[marker].card is None:
        raise RuleViolation("dayu.drain.marker", "dayu.err.marker_empty")
    check_room(s, marker, 1)
    spend(s)
    s.pending = PendingDrain(card=e.card)
    s.phase = "drain_tools"
    fx.append(
        effect(
            "dayu.drain.play",
            "dayu.fx.drain",
            s.current,
            player=s.seat.name,
            card=card_name(card),
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
    check_room(s, s.seat.marker, e.tools)
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
    place = s.own_place(marker)  # shared with the state before (DayuState.fork)
    place.tokens += pending.tools
    s.supply -= pending.tools
    s.pending = None
    s.phase = "actions"
    fx.append(
        effect(
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
        effect(
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
    fx.append(effect("dayu.drain.fit", "dayu.fx.drain_cancel", s.current, player=s.seat.name))


def _move(s: DayuState, e: E.Move, fx: Effects) -> None:
    marker = s.seat.marker
    assert marker is not None
    if e.to not in neighbours(s, marker):
        raise RuleViolation("dayu.move.neighbour", "dayu.err.not_neighbour", place=e.to + 1, at=marker + 1)
    if e.free:
        use_privilege(s, "free_move")
    else:
        spend(s)
    s.seat.marker = e.to
    key = "dayu.fx.move_free" if e.free else "dayu.fx.move"
    fx.append(
        effect(
            "dayu.flood.free_move" if e.free else "dayu.move.neighbour",
            key,
            s.current,
            player=s.seat.name,
            place=e.to + 1,
        )
    )


def _flip(s: DayuState, e: E.Flip, fx: Effects) -> None:
    hand_card(s, e.card, "dayu.flip")
    if e.free:
        use_privilege(s, "free_flip")
    else:
        spend(s)
    card = s.own_card(e.card)  # shared with the state before (DayuState.fork)
    card.side = "other" if card.side == "rune" else "rune"
    key = "dayu.fx.flip_free" if e.free else "dayu.fx.flip"
    fx.append(
        effect(
            "dayu.flood.free_flip" if e.free else "dayu.flip",
            key,
            s.current,
            player=s.seat.name,
            card=card_name(card),
        )
    )


def _discard(s: DayuState, e: E.Discard, fx: Effects) -> None:
    picked = sorted(set(e.cards))
    if not picked or len(picked) != len(e.cards) or not all(0 <= i < len(s.seat.hand) for i in picked):
        raise RuleViolation("dayu.discard", "dayu.err.bad_discard", held=len(s.seat.hand))
    spend(s)
    gone = [s.seat.hand[i] for i in picked]
    s.seat.hand = [c for i, c in enumerate(s.seat.hand) if i not in picked]
    for card in gone:
        s.piles[card.frame] += 1  # to the bottom of its own pile, rune side up
    fx.append(
        effect(
            "dayu.discard",
            "dayu.fx.discard",
            s.current,
            player=s.seat.name,
            cards=[card_name(c) for c in gone],
        )
    )


def _rest(s: DayuState, e: E.Rest, fx: Effects) -> None:
    spend(s)
    fx.append(effect("dayu.rest", "dayu.fx.rest", s.current, player=s.seat.name))


def _free_tool(s: DayuState, e: E.FreeTool, fx: Effects) -> None:
    place = check_place(s, e.place, "dayu.flood.free_tool")
    if place.card is None:
        raise RuleViolation("dayu.flood.free_tool", "dayu.err.place_empty", place=e.place + 1)
    check_room(s, e.place, 1)
    use_privilege(s, "free_tool")
    place = s.own_place(e.place)  # shared with the state before (DayuState.fork)
    place.tokens += 1
    s.supply -= 1
    fx.append(
        effect(
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


HANDLERS: dict[str, Handler] = {
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
}
