"""The phase machine: setup, apply an entry, then run every automatic step until a decision is due.

Phases: event_row -> start_player -> recruit -> (month 1..12: groups -> actions -> persons
(months 1-11) -> event -> [wall check, super event] -> decay -> round scoring) -> final
scoring -> over. With Super Events, the super event tile is entered right after the event row.
The steps between the event and decay wait in ``state.after``; ``advance`` is the one place
that sequences phases.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.msg import msg
from companion.core.protocol import Effect, RuleViolation
from companion.games.dragon import superevents
from companion.games.dragon.choices import (
    action_amount,
    compute_choices,
    group_cost,
    privilege_costs,
    step,
)
from companion.games.dragon.data import RULES, WILD
from companion.games.dragon.entries import (
    Act,
    ChooseGroup,
    EventRow,
    Floor,
    Groups,
    Pick,
    Place,
    PlayCard,
    Release,
    Skip,
    StartPlayer,
    SuperEvent,
)
from companion.games.dragon.events import (
    decay,
    final_scoring,
    round_scoring,
    settle_tasks,
    start_event,
    task_release,
)
from companion.games.dragon.options import DragonOptions
from companion.games.dragon.scoring import ranking
from companion.games.dragon.state import DragonState, Palace, PlayerState, ScoreItem
from companion.games.dragon.superevents import settle_super, start_super, super_msg
from companion.games.dragon.text import describe_entry, groups_msg
from companion.games.dragon.validate import explain, valid_event_row, valid_groups
from companion.games.dragon.wall import CARD as WALL_CARD
from companion.games.dragon.wall import build_wall, wall_check
from companion.games.dragon.words import card_msg, event_msg, tile_msg

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


def groups_rule(state: DragonState) -> str:
    """The Great Wall deals eight cards in its own split; the base game seven."""
    return "dragon.wall.groups" if state.options.great_wall else "dragon.action.groups"


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


def setup(options: DragonOptions, players: list[str]) -> DragonState:
    st = RULES.setup
    cards = [*RULES.type_ids, *[WILD] * st.wild_cards]
    wall = list(RULES.wall_bonus) if options.great_wall else []
    return DragonState(
        options=options,
        players=[
            PlayerState(
                name=n,
                yuan=st.yuan,
                palaces=[Palace(floors=f) for f in st.palaces],
                cards=list(cards),
                wall_tiles=list(wall),
            )
            for n in players
        ],
        supply=RULES.supply(len(players)),
    )


def apply(state: DragonState, entry: object) -> tuple[DragonState, list[Effect]]:
    """Check an entry against the rules, then play it. The Table has checked the kind and the seat."""
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
    return play(state, entry)


def play(state: DragonState, entry: object) -> tuple[DragonState, list[Effect]]:
    """Apply a legal entry (checked by ``apply``, or offered by the prompt and checked by the Table)."""
    s, fx, _ = play_offered(state, entry)
    return s, fx


def play_offered(state: DragonState, entry: object) -> tuple[DragonState, list[Effect], list[Any] | None]:
    """``play``, and the legal entries of the state it leads to (what its prompt offers), which
    the automatic steps computed last anyway."""
    name = step(state)
    assert name is not None
    s = state.clone()
    fx: list[Effect] = []
    HANDLERS[name](s, entry, fx)
    return s, fx, advance(s, fx)


# ---- handlers: the entry is known to be legal; ``s`` is a private copy ---------------------


def _event_row(s: DragonState, e: EventRow, fx: list[Effect]) -> None:
    s.events = [*RULES.events.fixed_months, *e.months]
    s.phase = "super_event" if s.options.super_events else "start_player"
    fx.append(
        Effect(
            rule_id="dragon.setup.event_row",
            msg=msg("dragon.fx.event_row", events=[event_msg(x) for x in s.events]),
        )
    )


def _super_event(s: DragonState, e: SuperEvent, fx: list[Effect]) -> None:
    s.super_event = e.event
    s.phase = "start_player"
    fx.append(
        Effect(
            rule_id="dragon.super.setup",
            msg=msg("dragon.fx.super_event", event=super_msg(e.event), month=RULES.super_events.month),
        )
    )


def _start_player(s: DragonState, e: StartPlayer, fx: list[Effect]) -> None:
    n = len(s.players)
    s.start_player = e.player
    s.order = [(e.player + i) % n for i in range(n)]
    s.turn = 0
    s.phase = "recruit"
    fx.append(
        Effect(
            rule_id="dragon.setup.start_player",
            msg=msg("dragon.fx.start_player", player=s.players[e.player].name, order=_names(s, s.order)),
        )
    )


def _pick(s: DragonState, e: Pick, fx: list[Effect]) -> None:
    s.supply[e.tile] -= 1
    s.tile = e.tile
    rule = "dragon.setup.recruit" if s.phase == "recruit" else "dragon.person.play"
    fx.append(
        Effect(
            rule_id=rule,
            seat=e.seat,
            msg=msg("dragon.fx.take", player=_name(s, e.seat), tile=tile_msg(e.tile)),
        )
    )


def _place(s: DragonState, e: Place, fx: list[Effect]) -> None:
    p = s.players[e.seat]
    tile = s.tile
    assert tile is not None
    s.tile = None
    value = RULES.faces[tile].value
    if e.palace is None:
        p.released.append(tile)
        fx.append(
            Effect(
                rule_id="dragon.decision.full_palaces",
                seat=e.seat,
                msg=msg("dragon.fx.release_new", player=p.name, tile=tile_msg(tile)),
            )
        )
    else:
        pal = p.palaces[e.palace]
        persons = list(pal.persons)
        if e.displace is not None:
            persons.remove(e.displace)
            p.released.append(e.displace)
        persons.append(tile)
        p.palaces[e.palace] = Palace(floors=pal.floors, persons=tuple(persons))
        s.move(e.seat, value)
        key = "dragon.fx.displace" if e.displace else "dragon.fx.place"
        rule = "dragon.decision.full_palaces" if e.displace else "dragon.palace.capacity"
        fx.append(
            Effect(
                rule_id=rule,
                seat=e.seat,
                msg=msg(
                    key,
                    player=p.name,
                    tile=tile_msg(tile),
                    old=tile_msg(e.displace) if e.displace else "",
                    palace=e.palace + 1,
                    steps=value,
                    track=p.track,
                ),
            )
        )
    if s.phase == "recruit":
        if s.first_pick is None:
            s.first_pick = tile
        else:
            s.pairs.append(tuple(sorted((s.first_pick.split(":")[0], tile.split(":")[0]))))
            s.first_pick = None
            s.turn += 1
    else:
        s.card = None
        s.turn += 1


def _groups(s: DragonState, e: Groups, fx: list[Effect]) -> None:
    s.groups = list(e.groups)
    s.dragons = [[] for _ in e.groups]
    s.phase = "actions"
    s.order = s.track_order()
    s.turn = 0
    s.chosen_group = None
    fx.append(
        Effect(
            rule_id=groups_rule(s),
            msg=msg("dragon.fx.groups", groups=groups_msg(e.groups)),
        )
    )
    fx.append(Effect(rule_id="dragon.track.order", msg=msg("dragon.fx.order", order=_names(s, s.order))))


def _choose_group(s: DragonState, e: ChooseGroup | Skip, fx: list[Effect]) -> None:
    if isinstance(e, Skip):
        _skip(s, e, fx)
        return
    p = s.players[e.seat]
    cost = group_cost(s, e.group)
    p.yuan -= cost
    s.dragons[e.group].append(e.seat)
    s.chosen_group = e.group
    if cost:
        fx.append(
            Effect(
                rule_id="dragon.action.occupied",
                seat=e.seat,
                msg=msg("dragon.fx.group_paid", player=p.name, group=e.group + 1, cost=cost),
            )
        )
    else:
        fx.append(
            Effect(
                rule_id="dragon.action.choose",
                seat=e.seat,
                msg=msg("dragon.fx.group", player=p.name, group=e.group + 1),
            )
        )


def _skip(s: DragonState, e: Skip, fx: list[Effect]) -> None:
    p = s.players[e.seat]
    target = RULES.actions.skip_top_up_to
    gain = max(0, target - p.yuan)
    p.yuan += gain
    s.turn += 1
    fx.append(
        Effect(
            rule_id="dragon.action.skip",
            seat=e.seat,
            msg=msg("dragon.fx.skip", player=p.name, n=gain, to=target)
            if gain
            else msg("dragon.fx.skip_none", player=p.name, to=target),
        )
    )


def _act(s: DragonState, e: Act, fx: list[Effect]) -> None:
    p = s.players[e.seat]
    s.chosen_group = None
    rule = f"dragon.action.{e.card}"
    if e.card == WALL_CARD:
        if not build_wall(s, e, fx):
            s.turn += 1
        return
    if e.card == "privilege":
        assert e.size is not None
        cost = privilege_costs(s)[e.size]
        p.yuan -= cost
        if e.size == "small":
            p.small_privileges += 1
        else:
            p.large_privileges += 1
        dragons = getattr(RULES.actions.privileges, e.size).dragons
        fx.append(
            Effect(
                rule_id="dragon.decision.large_privilege" if e.size == "large" else rule,
                seat=e.seat,
                msg=msg(
                    "dragon.fx.privilege",
                    player=p.name,
                    size=msg(f"dragon.privilege.{e.size}"),
                    cost=cost,
                    dragons=dragons,
                ),
            )
        )
        s.turn += 1
        return
    base, extra = action_amount(p, e.card)
    total = base + extra
    detail: dict[str, object] = {}
    if e.card == "taxes":
        p.yuan += total
    elif e.card == "build":
        s.floors_left = total
    elif e.card == "harvest":
        p.rice += total
    elif e.card == "fireworks":
        p.fireworks += total
    elif e.card == "parade":
        s.move(e.seat, total)
        detail["track"] = p.track
    elif e.card == "research":
        p.ledger.append(ScoreItem(month=s.month, source="research", points=total, count=total))
    fx.append(
        Effect(
            rule_id=rule,
            seat=e.seat,
            msg=msg(f"dragon.fx.{e.card}", player=p.name, total=total, base=base, extra=extra, **detail),
        )
    )
    if e.card != "build":
        s.turn += 1


def _floor(s: DragonState, e: Floor, fx: list[Effect]) -> None:
    p = s.players[e.seat]
    if e.palace == len(p.palaces):
        p.palaces.append(Palace(floors=1))
        fx.append(
            Effect(
                rule_id="dragon.action.build",
                seat=e.seat,
                msg=msg("dragon.fx.floor_new", player=p.name, palace=e.palace + 1),
            )
        )
    else:
        pal = p.palaces[e.palace]
        p.palaces[e.palace] = Palace(floors=pal.floors + 1, persons=pal.persons)
        fx.append(
            Effect(
                rule_id="dragon.action.build",
                seat=e.seat,
                msg=msg("dragon.fx.floor_add", player=p.name, palace=e.palace + 1, floors=pal.floors + 1),
            )
        )
    s.floors_left -= 1
    if not s.floors_left:
        s.turn += 1


def _card(s: DragonState, e: PlayCard, fx: list[Effect]) -> None:
    p = s.players[e.seat]
    p.cards.remove(e.card)
    fx.append(
        Effect(
            rule_id="dragon.person.play",
            seat=e.seat,
            msg=msg("dragon.fx.card", player=p.name, card=card_msg(e.card)),
        )
    )
    if any(n > 0 and (e.card == WILD or t.startswith(e.card + ":")) for t, n in s.supply.items()):
        s.card = e.card
    else:
        s.turn += 1
        fx.append(
            Effect(
                rule_id="dragon.person.tile_gone",
                seat=e.seat,
                msg=msg("dragon.fx.card_dead", player=p.name, card=card_msg(e.card)),
            )
        )


def _release(s: DragonState, e: Release, fx: list[Effect]) -> None:
    task_release(s, e.palace, e.tile, fx)


# A handler takes the entry of its own step: the key says which, the type checker cannot,
# so the entry is Any here (each handler's own signature is precise).
HANDLERS: dict[str, Callable[[DragonState, Any, list[Effect]], None]] = {
    "event_row": _event_row,
    "start_player": _start_player,
    "recruit_pick": _pick,
    "recruit_place": _place,
    "groups": _groups,
    "group": _choose_group,
    "action": _act,
    "floor": _floor,
    "card": _card,
    "person_pick": _pick,
    "person_place": _place,
    "release": _release,
    "super_event": _super_event,
    "quake": superevents.quake,
    "flood": superevents.flood,
    "tornado": superevents.discard,
    "sunrise_pick": superevents.sunrise_pick,
    "sunrise_place": _place,
    "charter": superevents.charter,
}


# ---- the automatic part of the machine -----------------------------------------------------


def advance(s: DragonState, fx: list[Effect]) -> list[Any] | None:
    """Run phase changes, events, decay and scoring, and every one-choice decision.

    Returns the legal entries of the decision it stops at (None: a free-form one, or the end).
    """
    while True:
        if s.phase == "recruit" and s.turn >= len(s.order):
            _start_month(s, 1, fx)
        elif s.phase == "actions" and s.turn >= len(s.order):
            if s.month < RULES.setup.months:
                _start_persons(s, fx)
            else:
                fx.append(Effect(rule_id="dragon.person.last_month", msg=msg("dragon.fx.no_person_phase")))
                start_event(s, fx)
        elif s.phase == "persons" and s.turn >= len(s.order):
            start_event(s, fx)
        elif s.phase == "persons" and s.card is None and not s.players[s.order[s.turn]].cards:
            _no_cards(s, fx)  # after a Tornado: the hand is empty
        elif s.phase == "event":
            settle_tasks(s, fx)
            if s.tasks or s.floors_left:
                done, legal = _auto_one(s, fx)
                if not done:
                    return legal
                continue
            if s.super_step is not None:
                settle_super(s, fx)
                if s.super_step is not None:
                    done, legal = _auto_one(s, fx)
                    if not done:
                        return legal
                continue
            if s.after:
                _after_event(s, s.after.pop(0), fx)
                continue
            _end_month(s, fx)
        else:
            done, legal = _auto_one(s, fx)
            if not done:
                return legal


def _auto_one(s: DragonState, fx: list[Effect]) -> tuple[bool, list[Any] | None]:
    """Apply the pending decision if it has exactly one legal entry: (True, None) if it did,
    else (False, its legal entries) for ``advance`` to hand on."""
    name = step(s)
    if name is None:
        return False, None
    legal = compute_choices(s)  # s is still being changed: never cache it
    if legal is None or len(legal) != 1:
        return False, legal
    fx.append(
        Effect(
            rule_id="dragon.auto", seat=s.current, msg=msg("dragon.fx.auto", what=describe_entry(s, legal[0]))
        )
    )
    HANDLERS[name](s, legal[0], fx)
    return True, None


def _start_month(s: DragonState, month: int, fx: list[Effect]) -> None:
    s.month = month
    s.phase = "groups"
    s.order = []
    s.turn = 0
    s.groups = []
    s.dragons = []
    fx.append(
        Effect(
            rule_id="dragon.round",
            msg=msg("dragon.fx.month", month=month, event=event_msg(s.events[month - 1])),
        )
    )


def _after_event(s: DragonState, name: str, fx: list[Effect]) -> None:
    if name == "wall":
        wall_check(s, fx)
    else:
        start_super(s, fx)


def _no_cards(s: DragonState, fx: list[Effect]) -> None:
    seat = s.order[s.turn]
    s.turn += 1
    fx.append(
        Effect(
            rule_id="dragon.super.tornado",
            seat=seat,
            msg=msg("dragon.fx.no_cards", player=s.players[seat].name),
        )
    )


def _start_persons(s: DragonState, fx: list[Effect]) -> None:
    s.phase = "persons"
    s.order = s.track_order()
    s.turn = 0
    s.card = None
    fx.append(Effect(rule_id="dragon.track.order", msg=msg("dragon.fx.order", order=_names(s, s.order))))


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
    fx.append(Effect(rule_id="dragon.final.tie_break", msg=msg("dragon.fx.game_over", player=winner)))


def _name(s: DragonState, seat: int) -> str:
    return s.players[seat].name


def _names(s: DragonState, seats: list[int]) -> str:
    return ", ".join(s.players[i].name for i in seats)
