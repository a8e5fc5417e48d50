"""Labels: the banner, the standing, prompt texts and a short description of every entry.

What Chinatown's and Da Yu's flow.py hold beside their prompts; Dragon's flow.py is the step
machine alone. The small Msg builders these use (a tile, a card, an event) are in text.py.

``describe_entry`` states the consequence of a choice before it is confirmed ("Taxes:
+5 yuan", "Group 2 (pay 3 yuan)", "Release Carla's old monk (palace 2)").
"""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.protocol import Entry
from companion.games.dragon.choices import (
    action_amount,
    deal_deck,
    deal_sizes,
    group_cost,
    privilege_costs,
    step,
)
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import (
    Act,
    Charter,
    ChooseGroup,
    Discard,
    EventRow,
    Flood,
    Floor,
    Groups,
    Pick,
    Place,
    PlayCard,
    Quake,
    Release,
    Skip,
    StartPlayer,
    SuperEvent,
)
from companion.games.dragon.state import DragonState
from companion.games.dragon.superevents import SE, flood_half, super_msg
from companion.games.dragon.text import (
    action_msg,
    card_msg,
    event_msg,
    groups_msg,
    reason_msg,
    sizes_text,
    tile_msg,
    tile_value_msg,
)
from companion.games.dragon.wall import CARD as WALL_CARD
from companion.games.dragon.wall import bonus_msg

PHASES = {
    "event_row": "dragon.phase.setup",
    "super_event": "dragon.phase.setup",
    "start_player": "dragon.phase.setup",
    "recruit": "dragon.phase.recruit",
    "groups": "dragon.phase.actions",
    "actions": "dragon.phase.actions",
    "persons": "dragon.phase.persons",
    "event": "dragon.phase.event",
    "over": "dragon.phase.over",
}


def standing(s: DragonState) -> Msg:
    """The month and phase, without the turn order: "Month 4 · Actions"."""
    phase = msg(PHASES[s.phase])
    if s.phase == "over":
        return msg("dragon.banner.over", phase=phase)
    if s.month == 0:
        return msg("dragon.banner.setup_alone")
    return msg("dragon.banner.month_alone", month=s.month, phase=phase)


def turn_order(s: DragonState) -> tuple[int, ...]:
    """The seats this step asks, in the order it asks them, each once: the banner's "Ben, then
    Ana" (an event's releases by its tasks, the groups by the person track, else the month's
    order from the seat whose turn it is)."""
    seats = [t.seat for t in s.tasks] if s.tasks else s.order[s.turn :]
    if s.phase == "groups":
        seats = s.track_order()
    return tuple(dict.fromkeys(seats))


def banner(s: DragonState) -> Msg:
    phase = msg(PHASES[s.phase])
    if s.phase == "over":
        return msg("dragon.banner.over", phase=phase)
    if s.phase == "event" and s.super_step is not None and s.super_event:
        phase = msg("dragon.phase.super_named", event=super_msg(s.super_event))
    elif s.phase == "event":
        phase = msg("dragon.phase.event_named", event=event_msg(s.events[s.month - 1]))
    who = [s.players[i].name for i in turn_order(s)]
    order = (
        msg("dragon.banner.order", first=who[0], rest=", ".join(who[1:]))
        if len(who) > 1
        else (who[0] if who else "")
    )
    if s.month == 0:  # "Setup · Setup" would say it twice: the setup phases are named once
        if PHASES[s.phase] == "dragon.phase.setup":
            return msg("dragon.banner.setup", order=order) if order else msg("dragon.banner.setup_alone")
        return msg("dragon.banner.setup_phase", phase=phase, order=order) if order else phase
    if not order:
        return msg("dragon.banner.month_alone", month=s.month, phase=phase)
    return msg("dragon.banner.month", month=s.month, phase=phase, order=order)


def prompt_msg(s: DragonState, name: str | None = None) -> Msg:
    """What the prompt asks; ``name`` is the pending step when the caller knows it already."""
    if name is None:
        name = step(s)
    seat = s.current
    args: dict[str, object] = {"player": s.players[seat].name if seat is not None else ""}
    if name == "floor":
        args["n"] = s.floors_left
    elif name == "person_pick" and s.card:
        args["card"] = card_msg(s.card)
    elif name in ("person_place", "recruit_place") and s.tile:
        args["tile"] = tile_msg(s.tile)
    elif name == "release":
        task = s.tasks[0]
        args["count"] = task.count
        args["rule"] = reason_msg(task.rule_id)
        if task.per_palace:
            name = "release_drought"
        elif task.palace is not None:
            name = "release_quake"
            args["palace"] = task.palace + 1
    elif name == "groups":
        args["sizes"] = sizes_text(deal_sizes(s))
        args["n"] = len(deal_deck(s))
    elif name == "super_event":
        args["month"] = SE.month
    elif name in ("quake", "tornado") and seat is not None:
        args["n"] = s.super_left[seat]
    elif name == "flood" and seat is not None:
        p = s.players[seat]
        args.update(half=flood_half(s, seat), yuan=p.yuan, rice=p.rice, fireworks=p.fireworks)
    elif name == "sunrise_place" and s.tile:
        args["tile"] = tile_msg(s.tile)
    elif name == "recruit_pick":
        args["nth"] = 1 if s.first_pick is None else 2
    return msg(f"dragon.prompt.{name}", **args)


def describe_entry(s: DragonState, e: object) -> Msg:
    if isinstance(e, EventRow):
        return msg("dragon.label.event_row", events=[event_msg(x) for x in e.months])
    if isinstance(e, StartPlayer):
        return msg("dragon.label.start_player", player=s.players[e.player].name)
    if isinstance(e, Groups):
        return msg("dragon.label.groups", groups=groups_msg(e.groups))
    if isinstance(e, SuperEvent):
        return msg("dragon.label.super_event", event=super_msg(e.event))
    assert isinstance(e, Entry) and e.seat is not None  # every other entry is a player's decision
    player = s.players[e.seat]
    if isinstance(e, Pick):
        return tile_value_msg(e.tile)
    if isinstance(e, Place):
        if e.palace is None:
            return msg("dragon.label.release_new", tile=tile_msg(s.tile) if s.tile else "")
        pal = player.palaces[e.palace] if e.palace < len(player.palaces) else None
        if e.displace is not None:
            return msg("dragon.label.displace", palace=e.palace + 1, old=tile_msg(e.displace))
        floors = pal.floors if pal else 0
        persons = len(pal.persons) if pal else 0
        return msg(
            "dragon.label.place",
            palace=e.palace + 1,
            floors=msg("dragon.n_floors", n=floors),
            persons=persons,
        )
    if isinstance(e, ChooseGroup):
        cards = [action_msg(c) for c in s.groups[e.group]] if e.group < len(s.groups) else []
        cost = group_cost(s, e.group) if e.group < len(s.groups) else 0
        key = "dragon.label.group_paid" if cost else "dragon.label.group"
        return msg(key, group=e.group + 1, cost=cost, cards=cards)
    if isinstance(e, Skip):
        to = RULES.actions.skip_top_up_to
        gain = max(0, to - player.yuan)
        return msg("dragon.label.skip", n=gain, to=to) if gain else msg("dragon.label.skip_none", to=to)
    if isinstance(e, Act):
        if e.card == "privilege":
            size = e.size or "small"
            return msg(
                "dragon.label.privilege", size=msg(f"dragon.privilege.{size}"), cost=privilege_costs(s)[size]
            )
        if e.card == WALL_CARD:
            return msg(
                "dragon.label.wall", bonus=bonus_msg(e.bonus) if e.bonus else "", section=len(s.wall) + 1
            )
        base, extra = action_amount(player, e.card)
        return msg(f"dragon.label.{e.card}", n=base + extra)
    if isinstance(e, Floor):
        if e.palace >= len(player.palaces):
            return msg("dragon.label.floor_new", palace=e.palace + 1)
        floors = player.palaces[e.palace].floors
        return msg("dragon.label.floor_add", palace=e.palace + 1, before=floors, after=floors + 1)
    if isinstance(e, PlayCard):
        alive = any(n > 0 and (e.card == "wild" or t.startswith(e.card + ":")) for t, n in s.supply.items())
        return msg("dragon.label.card" if alive else "dragon.label.card_dead", card=card_msg(e.card))
    if isinstance(e, Release):
        return msg("dragon.label.release", player=player.name, tile=tile_msg(e.tile), palace=e.palace + 1)
    if isinstance(e, Quake):
        if e.palace >= len(player.palaces):
            return msg("dragon.label.unknown")
        pal = player.palaces[e.palace]
        key = "dragon.label.quake_gone" if pal.floors <= 1 else "dragon.label.quake"
        gone: Msg | int = (
            msg("dragon.n_persons", n=len(pal.persons)) if key.endswith("_gone") else len(pal.persons)
        )
        return msg(key, palace=e.palace + 1, before=pal.floors, after=pal.floors - 1, persons=gone)
    if isinstance(e, Flood):
        half = flood_half(s, e.seat)
        return msg("dragon.label.flood", yuan=half - e.rice - e.fireworks, rice=e.rice, fireworks=e.fireworks)
    if isinstance(e, Discard):
        return msg("dragon.label.discard", card=card_msg(e.card))
    if isinstance(e, Charter):
        benefit = SE.charter[e.type]
        return msg(f"dragon.label.charter_{benefit}", type=msg(f"dragon.type.{e.type}"))
    return msg("dragon.label.unknown")
