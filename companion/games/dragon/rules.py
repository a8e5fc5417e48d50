"""Setting up and the handlers: what each decision does to the state.

A handler is called with an entry already known to be legal (offered by the prompt, or checked
by ``flow.apply``) and a private copy of the state; the step machine that calls them is in
``flow``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.msg import msg
from companion.core.protocol import Effect, told
from companion.games.dragon import superevents
from companion.games.dragon.choices import (
    action_amount,
    privilege_costs,
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
    task_release,
)
from companion.games.dragon.options import DragonOptions
from companion.games.dragon.state import (
    DragonState,
    PlayerState,
    bare_palace,
    palace_with,
    replaced,
    score_item,
    without,
)
from companion.games.dragon.superevents import super_msg
from companion.games.dragon.text import card_msg, event_msg, groups_msg, tile_msg
from companion.games.dragon.wall import CARD as WALL_CARD
from companion.games.dragon.wall import build_wall


def groups_rule(state: DragonState) -> str:
    """The Great Wall deals eight cards in its own split; the base game seven."""
    return "dragon.wall.groups" if state.options.great_wall else "dragon.action.groups"


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
                palaces=[bare_palace(f) for f in st.palaces],  # the shared instances the engine uses
                cards=list(cards),
                wall_tiles=list(wall),
            )
            for n in players
        ],
        supply=RULES.supply(len(players)),
    )


# ---- handlers: the entry is known to be legal; ``s`` is a private copy ---------------------


def _event_row(s: DragonState, e: EventRow, fx: list[Effect]) -> None:
    s.events = [*RULES.events.fixed_months, *e.months]
    s.phase = "super_event" if s.options.super_events else "start_player"
    fx.append(
        told("dragon.setup.event_row", None, "dragon.fx.event_row", events=[event_msg(x) for x in s.events])
    )


def _super_event(s: DragonState, e: SuperEvent, fx: list[Effect]) -> None:
    s.super_event = e.event
    s.phase = "start_player"
    fx.append(
        told(
            "dragon.super.setup",
            None,
            "dragon.fx.super_event",
            event=super_msg(e.event),
            month=RULES.super_events.month,
        )
    )


def _start_player(s: DragonState, e: StartPlayer, fx: list[Effect]) -> None:
    n = len(s.players)
    s.start_player = e.player
    s.order = [(e.player + i) % n for i in range(n)]
    s.turn = 0
    s.phase = "recruit"
    fx.append(
        told(
            "dragon.setup.start_player",
            None,
            "dragon.fx.start_player",
            player=s.players[e.player].name,
            order=seat_names(s, s.order),
        )
    )


def _pick(s: DragonState, e: Pick, fx: list[Effect]) -> None:
    # Each field read once (a model's read goes through pydantic's __getattr__ hook): the state's
    # from its dict, the entry's into locals. The same in ``_place`` and ``_card``.
    f, tile, seat = s.__dict__, e.tile, e.seat
    supply = f["supply"]
    s.supply = {**supply, tile: supply[tile] - 1}
    s.tile = tile
    rule = "dragon.setup.recruit" if f["phase"] == "recruit" else "dragon.person.play"
    fx.append(told(rule, seat, "dragon.fx.take", player=f["players"][seat].name, tile=tile_msg(tile)))


# Each tile's value on the person track (read at every placing).
_TRACK_VALUE = {tile: face.value for tile, face in RULES.faces.items()}


def _place(s: DragonState, e: Place, fx: list[Effect]) -> None:
    seat, palace, displace = e.seat, e.palace, e.displace
    p = s.player_mut(seat)
    f = s.__dict__
    tile = f["tile"]
    assert tile is not None
    s.tile = None
    value = _TRACK_VALUE[tile]
    if palace is None:
        p.released = [*p.released, tile]
        fx.append(
            told(
                "dragon.decision.full_palaces",
                seat,
                "dragon.fx.release_new",
                player=p.name,
                tile=tile_msg(tile),
            )
        )
    else:
        palaces = p.palaces
        pal = palaces[palace]
        if displace is not None:
            persons = list(pal.persons)
            persons.remove(displace)
            p.released = [*p.released, displace]
            placed = (*persons, tile)
        else:
            placed = (*pal.persons, tile)
        p.palaces = replaced(palaces, palace, palace_with(pal.floors, placed))
        if value > 0:  # s.move(seat, value), written out: p is this state's own copy already
            moves = s.moves = f["moves"] + 1
            p.track += value
            p.arrival = moves
        key = "dragon.fx.displace" if displace else "dragon.fx.place"
        rule = "dragon.decision.full_palaces" if displace else "dragon.palace.capacity"
        fx.append(
            told(
                rule,
                seat,
                key,
                player=p.name,
                tile=tile_msg(tile),
                old=tile_msg(displace) if displace else "",
                palace=palace + 1,
                n=value,
                track=p.track,
            )
        )
    if f["phase"] == "recruit":
        if s.first_pick is None:
            s.first_pick = tile
        else:
            s.pairs = [*s.pairs, tuple(sorted((s.first_pick.split(":")[0], tile.split(":")[0])))]
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
    fx.append(told(groups_rule(s), None, "dragon.fx.groups", groups=groups_msg(e.groups)))
    fx.append(told("dragon.track.order", None, "dragon.fx.order", order=seat_names(s, s.order)))


def _choose_group(s: DragonState, e: ChooseGroup | Skip, fx: list[Effect]) -> None:
    if isinstance(e, Skip):
        _skip(s, e, fx)
        return
    seat, group = e.seat, e.group  # each field read once (see ``_pick``)
    p = s.player_mut(seat)
    dragons = s.__dict__["dragons"]
    cost = _OCCUPIED_FEE if dragons[group] else 0  # group_cost
    p.yuan -= cost
    s.dragons = replaced(dragons, group, [*dragons[group], seat])  # new lists, the others shared
    s.chosen_group = group
    if cost:
        fx.append(
            told(
                "dragon.action.occupied",
                seat,
                "dragon.fx.group_paid",
                player=p.name,
                group=group + 1,
                cost=cost,
            )
        )
    else:
        fx.append(told("dragon.action.choose", seat, "dragon.fx.group", player=p.name, group=group + 1))


_OCCUPIED_FEE = RULES.actions.occupied_group_cost


def _skip(s: DragonState, e: Skip, fx: list[Effect]) -> None:
    p = s.player_mut(e.seat)
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


# The actions that change the acting player's own fields (Build only sets the floors to place;
# a Parade moves the marker through ``s.move``, which copies the player itself).
_CHANGES_PLAYER = frozenset({"taxes", "harvest", "fireworks", "research"})


def _act(s: DragonState, e: Act, fx: list[Effect]) -> None:
    seat, card = e.seat, e.card  # each field read once (see ``_pick``)
    p = s.players[seat]  # read; each action that changes the player asks for its own copy
    s.chosen_group = None
    rule = f"dragon.action.{card}"
    if card == WALL_CARD:
        if not build_wall(s, e, fx):
            s.turn += 1
        return
    if card == "privilege":
        assert e.size is not None
        cost = privilege_costs(s)[e.size]
        p = s.player_mut(e.seat)
        p.yuan -= cost
        if e.size == "small":
            p.small_privileges += 1
        else:
            p.large_privileges += 1
        dragons = getattr(RULES.actions.privileges, e.size).dragons
        fx.append(
            told(
                "dragon.decision.large_privilege" if e.size == "large" else rule,
                e.seat,
                "dragon.fx.privilege",
                player=p.name,
                size=msg(f"dragon.privilege.{e.size}"),
                cost=cost,
                dragons=dragons,
            )
        )
        s.turn += 1
        return
    base, extra = action_amount(p, card)
    total = base + extra
    detail: dict[str, object] = {}
    if card in _CHANGES_PLAYER:
        p = s.player_mut(seat)
    if card == "taxes":
        p.yuan += total
    elif card == "build":
        s.floors_left = total
    elif card == "harvest":
        p.rice += total
    elif card == "fireworks":
        p.fireworks += total
    elif card == "parade":
        s.move(seat, total)
        detail["track"] = s.players[seat].track  # where the marker lands: move() made a new copy
    elif card == "research":
        p.score(score_item(s.month, "research", total, total))
    fx.append(
        told(
            rule,
            seat,
            f"dragon.fx.{card}",
            player=p.name,
            total=total,
            n=total,
            base=base,
            extra=extra,
            **detail,
        )
    )
    if card != "build":
        s.turn += 1


def _floor(s: DragonState, e: Floor, fx: list[Effect]) -> None:
    p = s.player_mut(e.seat)
    if e.palace == len(p.palaces):
        p.palaces = [*p.palaces, bare_palace(1)]
        fx.append(
            told("dragon.action.build", e.seat, "dragon.fx.floor_new", player=p.name, palace=e.palace + 1)
        )
    else:
        pal = p.palaces[e.palace]
        p.palaces = replaced(p.palaces, e.palace, palace_with(pal.floors + 1, pal.persons))
        fx.append(
            told(
                "dragon.action.build",
                e.seat,
                "dragon.fx.floor_add",
                player=p.name,
                palace=e.palace + 1,
                floors=pal.floors + 1,
            )
        )
    s.floors_left -= 1
    if not s.floors_left:
        s.turn += 1


def _card(s: DragonState, e: PlayCard, fx: list[Effect]) -> None:
    seat, card = e.seat, e.card
    p = s.player_mut(seat)
    p.cards = without(p.cards, card)
    name = p.name
    fx.append(told("dragon.person.play", seat, "dragon.fx.card", player=name, card=card_msg(card)))
    supply = s.__dict__["supply"]
    for t in RULES.card_tiles(card):  # any tile left for the card (a loop: no generator made)
        if supply[t] > 0:
            s.card = card
            break
    else:
        s.turn += 1
        fx.append(
            told("dragon.person.tile_gone", seat, "dragon.fx.card_dead", player=name, card=card_msg(card))
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


def seat_names(s: DragonState, seats: list[int]) -> str:
    return ", ".join(s.players[i].name for i in seats)
