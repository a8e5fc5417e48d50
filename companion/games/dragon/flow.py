"""The step machine: apply an entry, then run every automatic step until a decision is due.

Phases: event_row -> start_player -> recruit -> (month 1..12: groups -> actions -> persons
(months 1-11) -> event -> [wall check, super event] -> decay -> round scoring) -> final
scoring -> over. With Super Events, the super event tile is entered right after the event row.
The steps between the event and decay wait in ``state.after``; ``advance`` is the one place
that sequences phases. What each decision does is in ``rules`` (the handlers).
"""

from __future__ import annotations

from typing import Any

from companion.core.msg import msg
from companion.core.protocol import Effect, RuleViolation, told
from companion.games.dragon.choices import BUILDERS, compute_choices, step
from companion.games.dragon.data import RULES
from companion.games.dragon.events import (
    decay,
    final_scoring,
    round_scoring,
    settle_tasks,
    start_event,
)
from companion.games.dragon.labels import describe_entry
from companion.games.dragon.rules import HANDLERS, groups_rule, seat_names
from companion.games.dragon.scoring import ranking
from companion.games.dragon.state import DragonState
from companion.games.dragon.superevents import settle_super, start_super
from companion.games.dragon.text import event_msg
from companion.games.dragon.validate import explain, valid_event_row, valid_groups
from companion.games.dragon.wall import wall_check

STEP_RULES = {
    "event_row": "dragon.setup.event_row",
    "start_player": "dragon.setup.start_player",
    "recruit_pick": "dragon.setup.recruit",
    "recruit_place": "dragon.setup.recruit",
    "groups": "dragon.action.groups",
    "group": "dragon.action.choose",
    "action": "dragon.action.choose",
    "floor": "dragon.action.build",
    "card": "dragon.person.play",
    "person_pick": "dragon.person.play",
    "person_place": "dragon.palace.capacity",
    "release": "dragon.event.release_order",
    "super_event": "dragon.super.setup",
    "quake": "dragon.super.earthquake",
    "flood": "dragon.super.flood",
    "tornado": "dragon.super.tornado",
    "sunrise_pick": "dragon.super.sunrise",
    "sunrise_place": "dragon.super.sunrise",
    "charter": "dragon.super.charter",
}
TABLE_STEPS = ("event_row", "super_event", "start_player", "groups")
PLACE_STEPS = ("recruit_place", "person_place", "sunrise_place")


def step_rules(state: DragonState, name: str) -> tuple[str, ...]:
    """The rules a prompt cites: the step's own rule, plus the one that shapes this instance of it."""
    if name == "groups":
        return (groups_rule(state),)
    rules: tuple[str, ...] = (STEP_RULES[name],)
    seat = state.current
    if name in PLACE_STEPS and seat is not None and all(p.room <= 0 for p in state.players[seat].palaces):
        rules += ("dragon.decision.full_palaces",)
    elif name == "release" and state.tasks and state.tasks[0].rule_id == "dragon.event.drought":
        rules += ("dragon.event.drought",)
    return rules


def apply(state: DragonState, entry: object) -> tuple[DragonState, list[Effect]]:
    """Check an entry against the rules, then play it. The Table has checked the kind and the seat."""
    s, fx, _, _ = apply_offered(state, entry)
    return s, fx


def apply_offered(
    state: DragonState, entry: object
) -> tuple[DragonState, list[Effect], list[Any] | None, str | None]:
    """``apply``, with the pending step and legal entries of the state it leads to (``play_offered``)."""
    name = step(state)
    if name is None:
        raise RuleViolation("core.game_over", "core.entry.game_over")
    if name in TABLE_STEPS and getattr(entry, "seat", None) is not None:
        # A fact from the components (a dealt row, the groups, who starts) has no seat.
        raise RuleViolation("dragon.turn", "dragon.err.wrong_seat", player=msg("dragon.the_table"))
    # The Table checked the kind against the prompt, so the step names the entry's type.
    if name == "event_row":
        valid_event_row(entry)  # type: ignore[arg-type]  # an EventRow (see above)
    elif name == "groups":
        valid_groups(state, entry)  # type: ignore[arg-type]  # a Groups (see above)
    elif name == "super_event":
        pass  # any of the ten tiles (the entry model admits nothing else)
    else:
        legal = compute_choices(state)
        if legal is None or entry not in legal:
            explain(state, name, entry)
            raise RuleViolation(STEP_RULES[name], "dragon.err.not_offered", what=msg(f"dragon.step.{name}"))
    return play_offered(state, entry)


def play(state: DragonState, entry: object) -> tuple[DragonState, list[Effect]]:
    """Apply a legal entry (checked by ``apply``, or offered by the prompt and checked by the Table)."""
    s, fx, _, _ = play_offered(state, entry)
    return s, fx


def play_offered(
    state: DragonState, entry: object
) -> tuple[DragonState, list[Effect], list[Any] | None, str | None]:
    """``play``, and the pending step of the state it leads to with its legal entries (what its
    prompt offers), which the automatic steps found last anyway."""
    name = step(state)
    assert name is not None
    s = state.fork()  # the players it changes are copied as they are changed (player_mut)
    fx: list[Effect] = []
    HANDLERS[name](s, entry, fx)
    pending, legal = advance_to_decision(s, fx)
    return s.seal(), fx, legal, pending


# ---- the automatic part of the machine -----------------------------------------------------


def advance(s: DragonState, fx: list[Effect]) -> list[Any] | None:
    """Run phase changes, events, decay and scoring, and every one-choice decision.

    Returns the legal entries of the decision it stops at (None: a free-form one, or the end).
    """
    return advance_to_decision(s, fx)[1]


def advance_to_decision(s: DragonState, fx: list[Effect]) -> tuple[str | None, list[Any] | None]:
    """``advance``, with the name of the step it stops at (``step`` of the state it leaves).

    One loop: each turn either moves the game on by itself (a phase change, an event's task,
    the end of a month), or reaches a decision, which it plays when it has one legal entry and
    else stops at. The decision's part is written out here, not called: every entry ends with it.
    """
    # The fields read from the instance dict: a pydantic model's attribute is read through its
    # __getattr__ hook, about three times a dict's time. Stores still go through ``s`` (they land
    # in this very dict), and the loop runs once or more an entry.
    f = s.__dict__
    while True:
        phase = f["phase"]
        if phase == "event":
            settle_tasks(s, fx)
            if not (s.tasks or s.floors_left):
                if s.super_step is not None:
                    settle_super(s, fx)
                    if s.super_step is None:
                        continue
                elif s.after:
                    after, s.after = s.after[0], s.after[1:]
                    _after_event(s, after, fx)
                    continue
                else:
                    _end_month(s, fx)
                    continue
        elif f["turn"] >= len(f["order"]) and phase in _ORDERED:  # every seat of the phase's order has played
            if phase == "recruit":
                _start_month(s, 1, fx)
            elif phase == "persons":
                start_event(s, fx)
            elif s.month < RULES.setup.months:
                _start_persons(s, fx)
            else:
                fx.append(told("dragon.person.last_month", None, "dragon.fx.no_person_phase"))
                start_event(s, fx)
            continue
        elif phase == "persons" and f["card"] is None and not f["players"][f["order"][f["turn"]]].cards:
            _no_cards(s, fx)  # after a Tornado: the hand is empty
            continue
        # A decision: stop at it, unless it has exactly one legal entry, which is played here.
        name = step(s)
        if name is None:
            return None, None
        build = BUILDERS.get(name)
        # s is still changing: never cache its choices
        legal = build(s) if build is not None else compute_choices(s, name)
        if legal is None or len(legal) != 1:
            return name, legal
        only = legal[0]  # the deciding seat's entry (s.current's)
        fx.append(told("dragon.auto", only.seat, "dragon.fx.auto", what=describe_entry(s, only)))
        HANDLERS[name](s, only, fx)


# The phases that run through an order of seats, and end when every seat of it has played.
_ORDERED = frozenset(("recruit", "actions", "persons"))


def _start_month(s: DragonState, month: int, fx: list[Effect]) -> None:
    s.month = month
    s.phase = "groups"
    s.order = []
    s.turn = 0
    s.groups = []
    s.dragons = []
    fx.append(
        told("dragon.round", None, "dragon.fx.month", month=month, event=event_msg(s.events[month - 1]))
    )


def _after_event(s: DragonState, name: str, fx: list[Effect]) -> None:
    if name == "wall":
        wall_check(s, fx)
    else:
        start_super(s, fx)


def _no_cards(s: DragonState, fx: list[Effect]) -> None:
    seat = s.order[s.turn]
    s.turn += 1
    fx.append(told("dragon.super.tornado", seat, "dragon.fx.no_cards", player=s.players[seat].name))


def _start_persons(s: DragonState, fx: list[Effect]) -> None:
    s.phase = "persons"
    s.order = s.track_order()
    s.turn = 0
    s.card = None
    fx.append(told("dragon.track.order", None, "dragon.fx.order", order=seat_names(s, s.order)))


def _end_month(s: DragonState, fx: list[Effect]) -> None:
    decay(s, fx)
    round_scoring(s, fx)
    if s.month < RULES.setup.months:
        _start_month(s, s.month + 1, fx)
        return
    final_scoring(s, fx)
    s.final = True
    s.phase = "over"
    s.order = []
    s.turn = 0
    winner = s.players[ranking(s)[0]].name
    fx.append(told("dragon.final.tie_break", None, "dragon.fx.game_over", player=winner))
