"""The Super Events expansion: the super event on month 7 (reference §6).

It is resolved after the month's event and any wall check, before decay. Five super events
act at once; the other five ask each player in person-track order (``super_step``), and
``super_left`` counts each seat's decisions still due. A player with nothing to decide is
passed over with an Effect saying so.
"""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.protocol import Effect, Entry
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import Charter, Discard, Flood, Pick, Quake
from companion.games.dragon.events import RESOLVERS
from companion.games.dragon.scoring import final_lines
from companion.games.dragon.state import (
    DragonState,
    Palace,
    palace_task,
    replaced,
    score_item,
    without,
)
from companion.games.dragon.text import card_msg, tile_msg

SE = RULES.super_events
# super_step -> the entry kinds it takes
SUPER_STEPS = {
    "quake": ("quake",),
    "flood": ("flood",),
    "tornado": ("discard",),
    "sunrise_pick": ("pick",),
    "sunrise_place": ("place",),
    "charter": ("charter",),
}


def super_msg(event: str) -> Msg:
    return msg(f"dragon.super.{event}")


def super_event_resolved(s: DragonState) -> bool:
    """Whether the super event has been resolved: its month is over, or its month's event phase
    has run the super event and every decision it asked."""
    if s.month != SE.month:
        return s.month > SE.month
    return s.phase == "event" and "super" not in s.after and s.super_step is None


def _fx(s: DragonState, fx: list[Effect], key: str, seat: int | None = None, **args: object) -> None:
    rule = f"dragon.super.{s.super_event}"
    if seat is not None:
        args["player"] = s.players[seat].name
    fx.append(Effect(rule_id=rule, seat=seat, msg=msg(key, **args)))


def start_super(s: DragonState, fx: list[Effect]) -> None:
    """Resolve the super event, or set up the decisions it asks of the players."""
    event = s.super_event
    assert event is not None
    _fx(s, fx, "dragon.fx.super", event=super_msg(event), month=s.month)
    s.order = s.track_order()
    s.turn = 0
    if event == "lantern":
        for seat in s.order:
            n = len(s.players[seat].persons())
            _score(s, seat, "lantern", n * SE.lantern_vp_per_person, n, fx)
    elif event == "buddha":
        for seat in s.order:
            monks = final_lines(s.players[seat].palaces, 0, 0, 0)[1]
            _score(s, seat, "buddha", monks.points, monks.count, fx)
    elif event == "assassination":
        for seat in s.order:
            p = s.players[seat]
            if p.small_privileges or p.large_privileges:
                _fx(
                    s, fx, "dragon.fx.assassination", seat, small=p.small_privileges, large=p.large_privileges
                )
                p = s.player_mut(seat)
                p.small_privileges = p.large_privileges = 0
    elif event == "volcano":
        # Everyone back to 0; the last in order goes down first so the leader ends on top.
        for seat in reversed(s.order):
            s.moves += 1
            p = s.player_mut(seat)
            p.track = 0
            p.arrival = s.moves
        _fx(s, fx, "dragon.fx.volcano", order=", ".join(s.players[i].name for i in s.track_order()))
    elif event == "eclipse":
        again = s.events[s.month - 1]
        _fx(s, fx, "dragon.fx.eclipse", event=msg(f"dragon.event.{again}"))
        RESOLVERS[again](s, fx)
        if s.options.great_wall and again in RULES.wall.check_after_events:
            s.after = ["wall", *s.after]
    elif event == "earthquake":
        s.super_step = "quake"
        # at least 1, so a player with nothing to lose is passed over with an Effect saying so
        s.super_left = [
            max(1, min(SE.earthquake_floors, sum(pal.floors for pal in p.palaces))) for p in s.players
        ]
    elif event == "flood":
        s.super_step = "flood"
        s.super_left = [1] * len(s.players)
    elif event == "tornado":
        s.super_step = "tornado"
        s.super_left = [max(1, min(SE.tornado_discards, len(p.cards))) for p in s.players]
    elif event == "sunrise":
        s.super_step = "sunrise"
        s.super_taken = []
        s.super_left = [1] * len(s.players)
    elif event == "charter":
        s.super_step = "charter"
        s.super_left = [1] * len(s.players)


def _score(s: DragonState, seat: int, source: str, points: int, count: int, fx: list[Effect]) -> None:
    if not points:
        return
    s.player_mut(seat).score(score_item(s.month, source, points, count))
    _fx(s, fx, f"dragon.fx.{source}", seat, vp=points, n=count)


def settle_super(s: DragonState, fx: list[Effect]) -> None:
    """Pass over players with nothing (more) to decide; end the super event after the last one."""
    while s.super_step is not None:
        if s.turn >= len(s.order):
            s.super_step = None
            s.super_left = []
            s.super_taken = []
            return
        if s.tile is not None:
            return  # a Sunrise person waits for its palace
        seat = s.order[s.turn]
        if s.super_left[seat] > 0:
            if super_choices(s, seat):
                return
            _fx(s, fx, "dragon.fx.super_nothing", seat, event=super_msg(s.super_event or ""))
        _left(s, seat, 0)
        s.turn += 1


def _left(s: DragonState, seat: int, n: int) -> None:
    """``super_left[seat] = n``, in a new list (a fork shares the old one)."""
    s.super_left = [n if i == seat else v for i, v in enumerate(s.super_left)]


def super_step_name(s: DragonState) -> str | None:
    if s.super_step == "sunrise":
        return "sunrise_pick" if s.tile is None else "sunrise_place"
    return s.super_step


def flood_half(s: DragonState, seat: int) -> int:
    p = s.players[seat]
    return (p.yuan + p.rice + p.fireworks) // SE.flood_divisor


def flood_options(s: DragonState, seat: int) -> list[Entry]:
    p, half = s.players[seat], flood_half(s, seat)
    if not half:
        return []
    return [
        Flood(seat=seat, rice=r, fireworks=f)
        for r in range(min(p.rice, half) + 1)
        for f in range(min(p.fireworks, half - r) + 1)
        if half - r - f <= p.yuan
    ]


def sunrise_picks(s: DragonState, seat: int) -> list[Entry]:
    age = SE.sunrise_age
    return [
        Pick(seat=seat, tile=f"{t}:{age}")
        for t in RULES.type_ids
        if s.supply.get(f"{t}:{age}", 0) > 0 and not (SE.sunrise_one_per_type and t in s.super_taken)
    ]


def super_choices(s: DragonState, seat: int) -> list[Entry]:
    """The legal entries of the super event's decision for ``seat`` (sunrise_place aside)."""
    p = s.players[seat]
    step = s.super_step
    if step == "quake":
        return [Quake(seat=seat, palace=i) for i in range(len(p.palaces))]
    if step == "flood":
        return flood_options(s, seat)
    if step == "tornado":
        return [Discard(seat=seat, card=c) for c in dict.fromkeys(p.cards)]
    if step == "sunrise":
        return sunrise_picks(s, seat)
    if step == "charter":
        return [Charter(seat=seat, type=t) for t in RULES.type_ids if p.count_type(t)]
    return []


# ---- handlers (the entry is known to be legal) ----------------------------------------------


def quake(s: DragonState, e: Quake, fx: list[Effect]) -> None:
    p = s.player_mut(e.seat)
    pal = p.palaces[e.palace]
    _left(s, e.seat, s.super_left[e.seat] - 1)
    if pal.floors <= 1:
        p.palaces = [q for i, q in enumerate(p.palaces) if i != e.palace]
        p.released = [*p.released, *pal.persons]
        _fx(
            s,
            fx,
            "dragon.fx.quake_gone",
            e.seat,
            palace=e.palace + 1,
            persons=[tile_msg(t) for t in pal.persons] or "—",
        )
        return
    p.palaces = replaced(p.palaces, e.palace, Palace(floors=pal.floors - 1, persons=pal.persons))
    _fx(s, fx, "dragon.fx.quake", e.seat, palace=e.palace + 1, floors=pal.floors - 1)
    excess = len(pal.persons) - (pal.floors - 1)
    if excess > 0:
        s.tasks = [
            *s.tasks,
            palace_task(e.seat, excess, "dragon.super.earthquake", e.palace),
        ]


def flood(s: DragonState, e: Flood, fx: list[Effect]) -> None:
    p = s.player_mut(e.seat)
    half = flood_half(s, e.seat)
    yuan = half - e.rice - e.fireworks
    p.yuan -= yuan
    p.rice -= e.rice
    p.fireworks -= e.fireworks
    _left(s, e.seat, 0)
    _fx(s, fx, "dragon.fx.flood", e.seat, half=half, yuan=yuan, rice=e.rice, fireworks=e.fireworks)


def discard(s: DragonState, e: Discard, fx: list[Effect]) -> None:
    p = s.player_mut(e.seat)
    p.cards = without(p.cards, e.card)
    _left(s, e.seat, s.super_left[e.seat] - 1)
    _fx(s, fx, "dragon.fx.discard", e.seat, card=card_msg(e.card))


def sunrise_pick(s: DragonState, e: Pick, fx: list[Effect]) -> None:
    s.supply = {**s.supply, e.tile: s.supply[e.tile] - 1}
    s.tile = e.tile
    s.super_taken = [*s.super_taken, e.tile.split(":")[0]]
    _left(s, e.seat, 0)
    _fx(s, fx, "dragon.fx.take", e.seat, tile=tile_msg(e.tile))


def charter(s: DragonState, e: Charter, fx: list[Effect]) -> None:
    p = s.player_mut(e.seat)
    benefit = SE.charter[e.type]
    n = p.symbols(RULES.types[e.type].symbol)
    _left(s, e.seat, 0)
    if benefit == "monks":
        n = final_lines(p.palaces, 0, 0, 0)[1].points
    if benefit in ("vp", "monks"):
        if n:
            p.score(score_item(s.month, "charter", n, n))
    elif benefit == "floors":
        s.floors_left = n
    elif benefit == "track":
        s.move(e.seat, n)
    elif benefit == "yuan":
        p.yuan += n
    elif benefit == "rice":
        p.rice += n
    elif benefit == "fireworks":
        p.fireworks += n
    _fx(
        s,
        fx,
        f"dragon.fx.charter_{benefit}",
        e.seat,
        type=msg(f"dragon.type.{e.type}"),
        n=n,
    )
    if not s.floors_left:
        s.turn += 1
