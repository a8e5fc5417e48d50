"""Da Yu's rules: ``setup``, and ``apply(state, entry)``, the next state and its effects.

The Table has checked the entry against the prompt (the step's kinds, whose turn it is, the
next marker to place): the handlers check what only the game knows, such as a card not in the
hand, a place without room, a privilege not held, or a number no card shows. The input state is
never changed: each entry works on a clone, and a RuleViolation raised half-way drops it.

The handlers are split by step: this module (setup, the opening and the draw), rules_actions
(the action step and its drains), rules_flood (taking full flood cards), rules_turn (the steps
that need no entry, to the end of the game).
"""

from __future__ import annotations

from companion.core import RuleViolation, msg
from companion.games.dayu import entries as E
from companion.games.dayu import rules_actions, rules_flood
from companion.games.dayu.data import DATA, FRAMES
from companion.games.dayu.options import DayuOptions
from companion.games.dayu.rules_actions import check_place
from companion.games.dayu.rules_turn import Effects, Handler, begin_turn, settle
from companion.games.dayu.state import DayuState, Place, SeatState, ToolCard
from companion.games.dayu.text import effect

PAID_KINDS = frozenset({"drain", "move", "flip", "discard", "rest"})  # each costs an action point


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
    """The entry's handler on a clone, then the steps that need no entry."""
    if state.phase == "draw" and entry.kind in PAID_KINDS and not getattr(entry, "free", False):
        # Drawing has begun, so the three points are spent: a fourth does not exist.
        raise RuleViolation("dayu.turn.action_points", "dayu.err.no_points", n=DATA.action_points)
    s = state.fork()
    effects: Effects = []
    HANDLERS[entry.kind](s, entry, effects)
    settle(s, effects)
    return s, effects


# ---- setup -------------------------------------------------------------------------------
def _marker(s: DayuState, e: E.PlaceMarker, fx: Effects) -> None:
    # The Table checks the order (only the next player's marker is offered); a player must exist.
    if not 0 <= e.player < len(s.players):
        raise RuleViolation("dayu.setup.markers", "dayu.err.no_player", n=e.player)
    check_place(s, e.place, "dayu.setup.markers")
    s.players[e.player].marker = e.place
    fx.append(
        effect(
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
    fx.append(effect("dayu.setup.start", "dayu.fx.start", e.player, player=s.seat.name))
    if s.options.opening == "chosen":
        s.phase = "opening"
    else:
        begin_turn(s, fx)


# ---- drawing (the opening cards, and back up to three) ------------------------------------
def _draw(s: DayuState, e: E.Draw, fx: Effects) -> None:
    if s.piles[e.pile] <= 0:
        raise RuleViolation("dayu.draw.empty_pile", "dayu.err.empty_pile", pile=msg(f"dayu.frame.{e.pile}"))
    if len(s.seat.hand) >= DATA.hand_size:
        raise RuleViolation("dayu.draw.refill", "dayu.err.hand_full", n=DATA.hand_size)
    s.piles[e.pile] -= 1
    s.seat.hand.append(ToolCard(frame=e.pile))
    rule_id = "dayu.setup.tools" if s.phase == "opening" else "dayu.draw.refill"
    fx.append(
        effect(rule_id, "dayu.fx.draw", s.current, player=s.seat.name, pile=msg(f"dayu.frame.{e.pile}"))
    )
    if s.phase == "opening" and len(s.seat.hand) >= DATA.hand_size:
        s.current = (s.current + 1) % len(s.players)
        if s.current == s.start:
            begin_turn(s, fx)


HANDLERS: dict[str, Handler] = {
    "marker": _marker,
    "start": _start,
    "draw": _draw,
    **rules_actions.HANDLERS,
    **rules_flood.HANDLERS,
}
