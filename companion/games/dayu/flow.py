"""What the app asks next (Prompt with every legal choice), and the labels of entries."""

from __future__ import annotations

import functools
import random
from itertools import combinations

from companion.core import Entry, Msg, Pick, Prompt, msg
from companion.core.offers import offer
from companion.games.dayu import entries as E
from companion.games.dayu.data import DATA, FRAMES, POINTS_KIND
from companion.games.dayu.ring import (
    can_start_drain,
    distinct_cards,
    drain_targets,
    free_spaces,
    neighbours,
    privilege_left,
)
from companion.games.dayu.rules import PAID_KINDS
from companion.games.dayu.rules_turn import OVER_KEYS
from companion.games.dayu.state import DayuState, ToolCard
from companion.games.dayu.text import card_label, flood_name

# The entry kinds the action step accepts (its choices list the legal ones). The Table refuses
# any other kind citing dayu.turn.phase, and an entry from another seat citing dayu.turn.order.
ACTION_KINDS = ("discard", "drain", "end_actions", "flip", "free_tool", "move", "rest")
# The draw step takes a draw; a paid action is let through to apply(), which refuses a fourth
# action point by its own rule (dayu.turn.action_points) rather than as a kind not asked for.
DRAW_KINDS = ("draw", *sorted(PAID_KINDS))
# The rules the Table cites when it refuses an entry at a seat's step of a turn.
TURN_RULE, STEP_RULE = "dayu.turn.order", "dayu.turn.phase"


def prompt(s: DayuState) -> Prompt | None:
    builder = _BUILDERS.get(s.phase)
    return None if builder is None else builder(s)


def _markers(s: DayuState) -> Prompt:
    player = next(i for i, p in enumerate(s.players) if p.marker is None)
    choices = [offer(E.PlaceMarker, player=player, place=i) for i in range(len(s.ring))]
    return Prompt(
        seat=None,
        kind="marker",
        msg=msg("dayu.ask.marker", player=s.players[player].name),
        choices=choices,
        auto=True,
        rule_ids=("dayu.setup.markers",),
        step_rule="dayu.setup.markers",  # only the next player's marker is offered
    )


def _start(s: DayuState) -> Prompt:
    choices = [offer(E.StartPlayer, player=i) for i in range(len(s.players))]
    return Prompt(
        seat=None,
        kind="start",
        msg=msg("dayu.ask.start"),
        choices=choices,
        auto=True,
        rule_ids=("dayu.setup.start",),
        step_rule="dayu.setup.start",
    )


def _draw_choices(s: DayuState) -> list[E.Draw]:
    return [offer(E.Draw, seat=s.current, pile=frame) for frame in FRAMES if s.piles[frame] > 0]


def _opening(s: DayuState) -> Prompt:
    return Prompt(
        seat=s.current,
        kind="draw",
        msg=msg("dayu.ask.opening", player=s.seat.name, n=len(s.seat.hand) + 1, of=DATA.hand_size),
        choices=_draw_choices(s),
        rule_ids=("dayu.setup.tools", "dayu.setup.opening"),
        turn_rule=TURN_RULE,
        step_rule=STEP_RULE,
    )


def action_choices(s: DayuState) -> list[Entry]:
    """Every legal entry of the action step: paid actions while points remain, then privileges."""
    seat, me = s.seat, s.current
    marker = seat.marker
    near = [] if marker is None else neighbours(s, marker)
    cards = distinct_cards(s)
    out: list[Entry] = []
    if s.points_left > 0:
        if can_start_drain(s):
            out += [offer(E.Drain, seat=me, card=i) for i in cards]
        out += [offer(E.Move, seat=me, to=p) for p in near]
        out += [offer(E.Flip, seat=me, card=i) for i in cards]
        out += [offer(E.Discard, seat=me, cards=c) for c in discard_sets(seat.hand)]
        out.append(offer(E.Rest, seat=me))
    if privilege_left(s, "free_move") > 0:
        out += [offer(E.Move, seat=me, to=p, free=True) for p in near]
    if privilege_left(s, "free_flip") > 0:
        out += [offer(E.Flip, seat=me, card=i, free=True) for i in cards]
    if privilege_left(s, "free_tool") > 0:
        out += [offer(E.FreeTool, seat=me, place=p) for p in drain_targets(s)]
    if s.points_left == 0:
        out.append(offer(E.EndActions, seat=me))
    return out


def discard_sets(hand: list[ToolCard]) -> list[tuple[int, ...]]:
    """One index set per distinct group of cards that could be discarded together."""
    return list(_discard_sets(tuple((c.frame, c.side) for c in hand)))


# Per hand (frames and sides): asked for every state of an action step, and hands repeat.
@functools.lru_cache(maxsize=4096)
def _discard_sets(hand: tuple[tuple[str, str], ...]) -> tuple[tuple[int, ...], ...]:
    seen: set[tuple[tuple[str, str], ...]] = set()
    out = []
    for size in range(1, len(hand) + 1):
        for combo in combinations(range(len(hand)), size):
            key = tuple(sorted(hand[i] for i in combo))
            if key not in seen:
                seen.add(key)
                out.append(combo)
    return tuple(out)


def _actions(s: DayuState) -> Prompt:
    unused = [
        msg(f"dayu.flood.{k}") for k in ("free_move", "free_flip", "free_tool") if privilege_left(s, k) > 0
    ]
    text = msg("dayu.ask.actions", player=s.seat.name, n=s.points_left)
    return Prompt(
        seat=s.current,
        kind="action",
        msg=text if not unused else msg("dayu.ask.actions_privileges", actions=text, privileges=unused),
        choices=action_choices(s),
        kinds=ACTION_KINDS,
        rule_ids=("dayu.turn.action_points", "dayu.turn.order"),
        picks=_discard_pick(s),
        turn_rule=TURN_RULE,
        step_rule=STEP_RULE,
    )


def _discard_pick(s: DayuState) -> tuple[Pick, ...]:
    """Discarding, as one toggle per card in hand (the choices list every distinct set)."""
    if s.points_left <= 0 or not s.seat.hand:
        return ()
    return _discard_pick_of(s.current, tuple((c.frame, c.side) for c in s.seat.hand))


# One shared frozen Pick per seat and hand (a model with a label per card, made for every state
# of an action step otherwise).
@functools.lru_cache(maxsize=4096)
def _discard_pick_of(seat: int, hand: tuple[tuple[str, str], ...]) -> tuple[Pick, ...]:
    cards = [ToolCard(frame=frame, side=side) for frame, side in hand]  # type: ignore[arg-type]
    return (
        Pick(
            kind="discard",
            items=tuple(range(len(cards))),
            labels=tuple(card_label(cards, i) for i in range(len(cards))),
            min=1,
            max=len(cards),
            field="cards",
            entry={"kind": "discard", "seat": seat},
            msg=msg("dayu.pick.discard"),
            alike=tuple(hand.index(card) for card in hand),  # equal frame and side: the same card
        ),
    )


def _drain_tools(s: DayuState) -> Prompt:
    assert s.seat.marker is not None
    room = min(free_spaces(s.ring[s.seat.marker]), s.supply, DATA.tools_per_face.high)
    choices: list[Entry] = [
        offer(E.DrainTools, seat=s.current, tools=n) for n in DATA.tools_per_face.values() if n <= room
    ]
    choices.append(offer(E.CancelDrain, seat=s.current))
    return Prompt(
        seat=s.current,
        kind="drain_tools",
        msg=msg("dayu.ask.tools", room=room),
        choices=choices,
        rule_ids=("dayu.drain.tools", "dayu.drain.fit"),
        turn_rule=TURN_RULE,
        step_rule=STEP_RULE,
    )


def _drain_vp(s: DayuState) -> Prompt:
    choices = [offer(E.DrainVP, seat=s.current, vp=v) for v in DATA.vp_per_face.values()]
    return Prompt(
        seat=s.current,
        kind="drain_vp",
        msg=msg("dayu.ask.vp"),
        choices=choices,
        rule_ids=("dayu.drain.play", "dayu.drain.vp"),
        turn_rule=TURN_RULE,
        step_rule=STEP_RULE,
    )


def _draw(s: DayuState) -> Prompt:
    return Prompt(
        seat=s.current,
        kind="draw",
        msg=msg("dayu.ask.draw", player=s.seat.name, n=len(s.seat.hand), of=DATA.hand_size),
        choices=_draw_choices(s),
        kinds=DRAW_KINDS,
        rule_ids=("dayu.draw.refill",),
        turn_rule=TURN_RULE,
        step_rule=STEP_RULE,
    )


def _bonus(s: DayuState) -> Prompt:
    choices = [offer(E.FloodBonus, bonus=kind) for kind in DATA.flood_kinds]
    choices += [offer(E.FloodBonus, bonus=POINTS_KIND, points=p) for p in DATA.flood_card_points.values()]
    return Prompt(
        seat=None,
        kind="flood_bonus",
        msg=msg("dayu.ask.bonus", player=s.seat.name, place=s.captures[0] + 1),
        choices=choices,
        rule_ids=("dayu.capture", "dayu.flood.points"),
        step_rule=STEP_RULE,
    )


def _exchange(s: DayuState) -> Prompt:
    choices = [offer(E.Exchange, seat=s.current)]
    for i, other in enumerate(s.players):
        if i == s.current:
            continue
        seen: set[tuple[str, int]] = set()
        for j, card in enumerate(other.flood):
            if (card.kind, card.points) not in seen:
                seen.add((card.kind, card.points))
                choices.append(offer(E.Exchange, seat=s.current, player=i, card=j))
    return Prompt(
        seat=s.current,
        kind="exchange",
        msg=msg("dayu.ask.exchange", player=s.seat.name),
        choices=choices,
        rule_ids=("dayu.flood.exchange",),
        turn_rule=TURN_RULE,
        step_rule=STEP_RULE,
    )


_BUILDERS = {
    "markers": _markers,
    "start": _start,
    "opening": _opening,
    "actions": _actions,
    "drain_tools": _drain_tools,
    "drain_vp": _drain_vp,
    "draw": _draw,
    "bonus": _bonus,
    "exchange": _exchange,
}


def fact_key(s: DayuState) -> int | None:
    """The flood card whose printed face the bonus step asks for: its serial number (the cards
    lie face up in the ring, so a face belongs to its card, not to the order of the captures);
    None at any other step. The review's replays give each card the face logged for it."""
    if s.phase != "bonus" or not s.captures:
        return None
    return s.ring[s.captures[0]].card


def unknown_fact(s: DayuState) -> Entry | None:
    """The face the review gives a flood card its log never told (taken only in a replay): one of
    0 printed points and no bonus, so that a guess adds no points to what the other choice gave."""
    return offer(E.FloodBonus, bonus=POINTS_KIND, points=0) if fact_key(s) is not None else None


def turn_of(s: DayuState) -> int | None:
    """Which turn of the game ``s`` is in (1 for the first player's first turn, counted across the
    rounds; the taking of full cards belongs to the turn that filled them), or None before the
    first turn. A turn number is the same round and seat in every game of one table, so the
    review's replays leave out a logged entry of a turn the replay has already ended."""
    return s.turn if s.turn > 0 else None


def auto_entry(s: DayuState, rng: random.Random) -> Entry | None:
    """The app places the markers and picks the start player at random when asked."""
    if s.phase == "markers":
        player = next(i for i, p in enumerate(s.players) if p.marker is None)
        return E.PlaceMarker(player=player, place=rng.randrange(len(s.ring)))
    if s.phase == "start":
        return E.StartPlayer(player=rng.randrange(len(s.players)))
    return None


# ---- labels ------------------------------------------------------------------------------
def describe(s: DayuState, e: Entry) -> Msg:
    hand = s.players[s.current].hand if s.players else []

    def card(i: int) -> Msg:
        return card_label(hand, i)

    if isinstance(e, E.PlaceMarker):
        name = s.players[e.player].name if 0 <= e.player < len(s.players) else "?"
        return msg("dayu.do.marker", player=name, place=e.place + 1)
    if isinstance(e, E.StartPlayer):
        name = s.players[e.player].name if 0 <= e.player < len(s.players) else "?"
        return msg("dayu.do.start", player=name)
    if isinstance(e, E.Draw):
        return msg("dayu.do.draw", pile=msg(f"dayu.frame.{e.pile}"), left=s.piles.get(e.pile, 0))
    if isinstance(e, E.Drain):
        return msg("dayu.do.drain", card=card(e.card))
    if isinstance(e, E.DrainTools):
        return msg("dayu.do.tools", n=e.tools)
    if isinstance(e, E.DrainVP):
        return msg("dayu.do.vp", vp=e.vp)
    if isinstance(e, E.CancelDrain):
        return msg("dayu.do.cancel")
    if isinstance(e, E.Move):
        return msg("dayu.do.move_free" if e.free else "dayu.do.move", place=e.to + 1)
    if isinstance(e, E.Flip):
        return msg("dayu.do.flip_free" if e.free else "dayu.do.flip", card=card(e.card))
    if isinstance(e, E.Discard):
        return msg("dayu.do.discard", cards=[card(i) for i in e.cards])
    if isinstance(e, E.Rest):
        return msg("dayu.do.rest")
    if isinstance(e, E.FreeTool):
        return msg("dayu.do.free_tool", place=e.place + 1)
    if isinstance(e, E.EndActions):
        return msg("dayu.do.end_actions")
    if isinstance(e, E.FloodBonus):
        return msg("dayu.do.bonus", card=flood_name(e.bonus, e.points or 0))
    if isinstance(e, E.Exchange):
        if e.player is None or e.card is None:
            return msg("dayu.do.keep")
        other = s.players[e.player] if 0 <= e.player < len(s.players) else None
        if other is None or not 0 <= e.card < len(other.flood):
            return msg("dayu.do.exchange_unknown")
        got = other.flood[e.card]
        return msg("dayu.do.exchange", player=other.name, card=flood_name(got.kind, got.points))
    return msg(f"dayu.kind.{e.kind}")


def standing(s: DayuState) -> Msg:
    """The round, without whose turn it is or the supplies."""
    if s.phase in ("markers", "start", "opening"):
        return msg("dayu.standing.setup")
    if s.phase == "over":
        return msg(f"dayu.banner.over_{s.end_reason}", round=s.round)
    return msg("dayu.standing.round", round=s.round)


def banner(s: DayuState) -> Msg:
    if s.phase in ("markers", "start", "opening"):
        return msg("dayu.banner.setup", pile=s.flood_pile, places=len(s.ring))
    if s.phase == "over":
        assert s.end_reason is not None  # set with the phase (rules._over)
        return msg(OVER_KEYS[s.end_reason][1], round=s.round)
    privileges = [
        msg(f"dayu.flood.{k}") for k in ("free_move", "free_flip", "free_tool") if privilege_left(s, k) > 0
    ]
    return msg(
        "dayu.banner.turn",
        round=s.round,
        player=s.seat.name,
        points=s.points_left,
        pile=s.flood_pile,
        supply=s.supply,
        privileges=privileges or msg("dayu.banner.no_privileges"),
    )
