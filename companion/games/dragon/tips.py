"""First-game tips with the table's numbers (In the Year of the Dragon): at the questions (the
order on the track, the coming event, what an action gives, a full palace, a release) and after
the steps the app resolves by itself (the month's event, decay, the month's scoring).

Pure: reads the state, the prompt and the last entry's effects; see companion/core/tips.py.
"""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.protocol import Effect, Prompt
from companion.core.tips import Tip
from companion.games.dragon.choices import action_amount
from companion.games.dragon.data import RULES
from companion.games.dragon.scoring import final_lines
from companion.games.dragon.state import DragonState, PlayerState
from companion.games.dragon.text import action_msg, reason_msg, tile_msg
from companion.games.dragon.wall import sections

# The super events the app resolves at once, with nobody asked (the others ask each player).
_RESOLVED_AT_ONCE = ("lantern", "buddha", "assassination", "volcano", "eclipse")
# Every kind of tip this module gives (a test checks each one comes up in random games).
KINDS = (
    "dragon.tip.order",
    "dragon.tip.drought",
    "dragon.tip.tribute",
    "dragon.tip.contagion",
    "dragon.tip.action",
    "dragon.tip.person",
    "dragon.tip.full",
    "dragon.tip.release",
    "dragon.tip.event_drought",
    "dragon.tip.event_tribute",
    "dragon.tip.event_contagion",
    "dragon.tip.event_festival",
    "dragon.tip.event_festival_none",
    "dragon.tip.event_mongol",
    "dragon.tip.decay",
    "dragon.tip.month",
    *(f"dragon.tip.super.{event}" for event in RULES.super_events.events),
    "dragon.tip.wall_short",
    "dragon.tip.wall_vp",
    *(f"dragon.tip.super_done.{event}" for event in _RESOLVED_AT_ONCE),
    "dragon.tip.wall_done_short",
    "dragon.tip.wall_done_vp",
)
_PLACE = ("person_place", "recruit_place")
_BEFORE_EVENT = ("group", "card")  # the month's two decisions, while its event is still to come


def tips(state: DragonState, prompt: Prompt | None, effects: list[Effect]) -> list[Tip]:
    """The tips for this moment: what the app just resolved, then the question asked."""
    out = _after_steps(state, effects)
    if prompt is not None and prompt.seat is not None:
        out += _at_question(state, prompt.kind, prompt.seat)
    return out


# ---- at the questions ------------------------------------------------------------------------


def _at_question(s: DragonState, kind: str, seat: int) -> list[Tip]:
    p = s.players[seat]
    out: list[Tip] = []
    if kind == "group":
        out.append(_order(s, seat))
    if kind in _BEFORE_EVENT and 1 <= s.month <= len(s.events):
        risk = _event_risk(s, p, s.events[s.month - 1])
        if risk is not None:
            out.append(Tip(risk, f"dragon.event.{s.events[s.month - 1]}", kind, seat))
    if kind in _BEFORE_EVENT and s.super_event is not None and s.month == RULES.super_events.month:
        text = _super(s, p, s.super_event)
        out.append(Tip(text, f"dragon.super.{s.super_event}", kind, seat))
    if kind == "group" and s.options.great_wall:
        tip = _wall(s, seat)
        if tip is not None:
            out.append(tip)
    if kind == "action" and s.chosen_group is not None:
        tip = _action(s, p, seat)
        if tip is not None:
            out.append(tip)
    if kind == "person_pick" and s.card is not None:
        tip = _person(s, p, seat)
        if tip is not None:
            out.append(tip)
    if kind in _PLACE and p.palaces and all(pal.room <= 0 for pal in p.palaces):
        persons = sum(len(pal.persons) for pal in p.palaces)
        text = msg("dragon.tip.full", player=p.name, palaces=len(p.palaces), persons=persons)
        out.append(Tip(text, "dragon.decision.full_palaces", kind, seat))
    if kind == "release" and s.tasks:
        task = s.tasks[0]
        text = msg("dragon.tip.release", player=p.name, reason=reason_msg(task.rule_id), n=task.count)
        out.append(Tip(text, task.rule_id, kind, seat))
    return out


def _order(s: DragonState, seat: int) -> Tip:
    """Where the player stands in this month's order of actions (read off the track when the
    phase began: a parade during it moves a marker, not the order)."""
    order = s.order
    position = order.index(seat) + 1 if seat in order else 1
    p = s.players[seat]
    text = msg(
        "dragon.tip.order",
        player=p.name,
        position=position,
        players=len(s.players),
        ahead=[s.players[o].name for o in order[: position - 1]] or [msg("dragon.tip.nobody")],
        cost=RULES.actions.occupied_group_cost,
        yuan=p.yuan,
    )
    return Tip(text, "dragon.track.order", "group", seat)


def _event_risk(s: DragonState, p: PlayerState, event: str) -> Msg | None:
    """What this month's event would cost the player as things stand, if anything."""
    ev = RULES.events
    persons = len(p.persons())
    if event == "drought":
        palaces = sum(1 for pal in p.palaces if pal.persons)
        short = palaces - min(palaces, p.rice // ev.drought_rice_per_inhabited_palace)
        if short:
            return msg(
                "dragon.tip.drought",
                player=p.name,
                rice=p.rice,
                n=palaces,
                month=s.month,
                lost=_persons(short),
            )
    elif event == "tribute":
        lost = min(max(0, ev.tribute_yuan - p.yuan), persons)
        if lost:
            return msg(
                "dragon.tip.tribute",
                player=p.name,
                yuan=p.yuan,
                due=ev.tribute_yuan,
                month=s.month,
                lost=_persons(lost),
            )
    elif event == "contagion":
        mortars = p.symbols(RULES.types["healer"].symbol)
        lost = min(max(0, ev.contagion_releases - mortars), persons)
        if lost:
            return msg(
                "dragon.tip.contagion",
                player=p.name,
                n=mortars,
                base=ev.contagion_releases,
                month=s.month,
                lost=_persons(lost),
            )
    return None


def _super(s: DragonState, p: PlayerState, event: str) -> Msg:
    """What this month's super event will do to the player, with their numbers as they stand."""
    se, key, name = RULES.super_events, f"dragon.tip.super.{event}", p.name
    super_event = {"event": msg(f"dragon.super.{event}")}
    if event == "lantern":
        n = len(p.persons())
        return msg(
            key,
            **super_event,
            player=name,
            n=n,
            vp=n * se.lantern_vp_per_person,
            per=se.lantern_vp_per_person,
        )
    if event == "buddha":
        monks = final_lines(p.palaces, 0, 0, 0)[1]
        return msg(key, **super_event, player=name, n=monks.count, vp=monks.points)
    if event == "earthquake":
        floors = sum(pal.floors for pal in p.palaces)
        return msg(key, **super_event, player=name, floors=floors, n=min(se.earthquake_floors, floors))
    if event == "flood":
        half = (p.yuan + p.rice + p.fireworks) // se.flood_divisor
        return msg(key, **super_event, player=name, yuan=p.yuan, rice=p.rice, fireworks=p.fireworks, n=half)
    if event == "tornado":  # it comes once this month's person card is played
        then = max(0, len(p.cards) - 1)
        return msg(key, **super_event, player=name, cards=then, n=min(se.tornado_discards, then))
    if event == "eclipse":
        return msg(key, **super_event, again=msg(f"dragon.event.{s.events[s.month - 1]}"))
    if event == "volcano":
        return msg(key, **super_event, player=name, track=p.track)
    if event == "sunrise":
        age = se.sunrise_age
        n = sum(1 for t in RULES.type_ids if s.supply.get(f"{t}:{age}", 0) > 0)
        return msg(key, **super_event, player=name, n=n)
    if event == "assassination":
        return msg(key, **super_event, player=name, small=p.small_privileges, large=p.large_privileges)
    return msg(
        key, **super_event, player=name, n=sum(1 for t in RULES.type_ids if p.count_type(t))
    )  # charter


def _wall(s: DragonState, seat: int) -> Tip | None:
    """What the next wall check gives or costs the player, the wall as it stands."""
    wall, last = RULES.wall, RULES.setup.months
    month = next(
        m
        for m in range(s.month, last + 1)
        if s.events[m - 1] in wall.check_after_events or (m == last and wall.check_in_last_month)
    )
    built = sections(s)
    args = dict(player=s.players[seat].name, length=len(s.wall), month=month, built=built[seat])
    if len(s.wall) < month:
        if built[seat] != min(built):
            return None  # a short wall costs only the fewest builders
        text = msg("dragon.tip.wall_short", **args, n=wall.releases_per_fewest)
    else:
        text = msg("dragon.tip.wall_vp", **args, vp=built[seat] * wall.vp_per_section)
    return Tip(text, "dragon.wall.check", "group", seat)


def _persons(n: int) -> Msg:
    """ "2 persons" / "2 personas": a count of persons with its own plural."""
    return msg("dragon.tip.persons", n=n)


def _action(s: DragonState, p: PlayerState, seat: int) -> Tip | None:
    """The action of the chosen group that the player's persons boost most."""
    best: tuple[int, str] | None = None
    for card in s.groups[s.chosen_group or 0]:
        if RULES.cards[card].symbol is None:
            continue
        _, extra = action_amount(p, card)
        if extra and (best is None or extra > best[0]):
            best = (extra, card)
    if best is None:
        return None
    extra, card = best
    base = RULES.cards[card].base
    text = msg(
        "dragon.tip.action",
        player=p.name,
        action=action_msg(card),
        base=base,
        extra=extra,
        total=base + extra,
    )
    return Tip(text, "dragon.action.choose", "action", seat)


def _person(s: DragonState, p: PlayerState, seat: int) -> Tip | None:
    """Young or old: how far each takes the marker, and how many symbols each shows."""
    kind = RULES.types.get(s.card or "")
    if kind is None or kind.old is None:
        return None
    young, old = f"{kind.id}:young", f"{kind.id}:old"
    if s.supply.get(young, 0) <= 0 or s.supply.get(old, 0) <= 0:
        return None
    text = msg(
        "dragon.tip.person",
        player=p.name,
        track=p.track,
        young_tile=tile_msg(young),
        old_tile=tile_msg(old),
        young=p.track + kind.young.value,
        old=p.track + kind.old.value,
        young_symbols=kind.young.symbols,
        old_symbols=kind.old.symbols,
    )
    return Tip(text, "dragon.person.play", "person_pick", seat)


# ---- after the steps the app resolves by itself ---------------------------------------------

# the event's effect key -> the tip's part for one player, from the effect's own numbers
_EVENT_PARTS = {
    "dragon.fx.drought_fed": "drought",
    "dragon.fx.drought_short": "drought",
    "dragon.fx.tribute_paid": "tribute",
    "dragon.fx.tribute_short": "tribute",
    "dragon.fx.contagion": "contagion",
}


def _after_steps(s: DragonState, effects: list[Effect]) -> list[Tip]:
    out: list[Tip] = []
    # The month's event comes before the super event in the same entry; an Eclipse repeats it.
    cut = next((i for i, e in enumerate(effects) if e.msg.key == "dragon.fx.super"), len(effects))
    event = next((e for e in effects[:cut] if e.msg.key == "dragon.fx.event"), None)
    if event is not None:
        tip = _event_done(s, event, effects[:cut])
        if tip is not None:
            out.append(tip)
    for tip in (_super_done(s, effects[cut:]), _wall_done(effects)):
        if tip is not None:
            out.append(tip)
    decayed: dict[int, int] = {}
    for e in effects:
        if e.rule_id == "dragon.decay" and e.seat is not None:  # a floor for each palace it names
            decayed[e.seat] = decayed.get(e.seat, 0) + len(e.msg.args["palaces"])
    if decayed:
        parts = [
            msg("dragon.tip.part.decay", player=s.players[seat].name, n=n)
            for seat, n in sorted(decayed.items())
        ]
        out.append(Tip(msg("dragon.tip.decay", losses=parts), "dragon.decay", "decay"))
    scored = [e for e in effects if e.msg.key == "dragon.fx.round"]
    if scored:
        out.append(_month_scored(s, scored))
    return out


def _event_done(s: DragonState, event: Effect, effects: list[Effect]) -> Tip | None:
    """What the month's event just did to each player, with the rule's numbers."""
    text = _event_msg(event.rule_id.rsplit(".", 1)[-1], event.msg.args["month"], effects)
    return None if text is None else Tip(text, event.rule_id, "event")


def _event_msg(name: str, month: int, effects: list[Effect]) -> Msg | None:
    if name == "festival":
        return _festival(month, effects)
    if name == "mongol":
        return _mongol(month, effects)
    parts: list[Msg] = []
    for e in effects:
        part = _EVENT_PARTS.get(e.msg.key)
        if part != name:
            continue
        a = e.msg.args
        if name == "drought":
            per = RULES.events.drought_rice_per_inhabited_palace
            parts.append(
                msg("dragon.tip.part.drought", player=a["player"], fed=a["paid"] // per, palaces=a["palaces"])
            )
        elif name == "tribute":
            key = "dragon.tip.part.tribute_short" if a["missing"] else "dragon.tip.part.tribute"
            parts.append(msg(key, player=a["player"], paid=a["paid"], missing=a["missing"]))
        else:
            parts.append(
                msg("dragon.tip.part.contagion", player=a["player"], mortars=a["mortars"], n=a["count"])
            )
    if not parts:
        return None
    ev = RULES.events
    key, numbers = {
        "drought": ("dragon.tip.event_drought", {"rice": ev.drought_rice_per_inhabited_palace}),
        "tribute": ("dragon.tip.event_tribute", {"yuan": ev.tribute_yuan}),
        "contagion": ("dragon.tip.event_contagion", {"base": ev.contagion_releases}),
    }[name]
    return msg(key, month=month, players=parts, **numbers)


def _super_done(s: DragonState, effects: list[Effect]) -> Tip | None:
    """What a super event the app resolved at once just did, player by player (its own lines)."""
    if not effects or s.super_event not in _RESOLVED_AT_ONCE:
        return None
    name, se = s.super_event, RULES.super_events
    key, event = f"dragon.tip.super_done.{name}", msg(f"dragon.super.{name}")
    if name == "volcano":
        order = next(e.msg.args["order"] for e in effects if e.msg.key == "dragon.fx.volcano")
        text = msg(key, event=event, order=order)
    elif name == "eclipse":
        again = next(e.msg.args["event"] for e in effects if e.msg.key == "dragon.fx.eclipse")
        inner = _event_msg(again.key.rsplit(".", 1)[-1], effects[0].msg.args["month"], effects)
        if inner is None:
            return None
        text = msg(key, event=event, again=inner)
    else:
        lines = [e.msg for e in effects if e.msg.key == f"dragon.fx.{name}"]
        if not lines:
            return None  # nobody had anything it scores or takes
        per = {"per": se.lantern_vp_per_person} if name == "lantern" else {}
        text = msg(key, event=event, players=lines, **per)
    return Tip(text, f"dragon.super.{name}", "event")


def _wall_done(effects: list[Effect]) -> Tip | None:
    """The wall check just made (the last, when a month-12 Mongol invasion brought two): why it
    cost or scored what it did."""
    at = [i for i, e in enumerate(effects) if e.msg.key in ("dragon.fx.wall_short", "dragon.fx.wall_holds")]
    if not at:
        return None
    a = effects[at[-1]].msg.args
    if effects[at[-1]].msg.key == "dragon.fx.wall_short":
        lost = _persons(RULES.wall.releases_per_fewest)
        text = msg(
            "dragon.tip.wall_done_short",
            month=a["month"],
            length=a["length"],
            fewest=a["fewest"],
            players=a["players"],
            n=a["n"],
            lost=lost,
        )
    else:
        lines = [e.msg for e in effects[at[-1] :] if e.msg.key == "dragon.fx.wall_vp"]
        text = msg(
            "dragon.tip.wall_done_vp",
            month=a["month"],
            length=a["length"],
            per=RULES.wall.vp_per_section,
            players=lines or [msg("dragon.tip.nobody")],
        )
    return Tip(text, "dragon.wall.check", "wall_check")


def _month_scored(s: DragonState, scored: list[Effect]) -> Tip:
    """How the month just ended scored, player by player (the engine's own lines)."""
    month = s.month if s.phase == "over" else s.month - 1
    parts = [
        msg(
            "dragon.tip.part.month",
            player=e.msg.args["player"],
            total=e.msg.args["total"],
            palaces=e.msg.args["palaces"],
            ladies=e.msg.args["ladies"],
            privileges=e.msg.args["privileges"],
        )
        for e in sorted(scored, key=lambda e: e.seat or 0)
    ]
    return Tip(msg("dragon.tip.month", month=month, players=parts), "dragon.scoring.round", "month_scoring")


def _festival(month: int, effects: list[Effect]) -> Msg:
    """The festival's winners, their VP and the fireworks they held and handed back."""
    vp = RULES.events.festival_vp
    parts = [
        msg(
            "dragon.tip.part.festival",
            player=e.msg.args["player"],
            vp=e.msg.args["vp"],
            fireworks=e.msg.args["fireworks"],
            returned=e.msg.args["returned"],
        )
        for e in effects
        if e.msg.key == "dragon.fx.festival"
    ]
    if not parts:
        return msg("dragon.tip.event_festival_none", month=month, first=vp["first"])
    return msg(
        "dragon.tip.event_festival", month=month, first=vp["first"], second=vp["second"], players=parts
    )


def _mongol(month: int, effects: list[Effect]) -> Msg:
    """The VP each helmet scored, and who had the fewest helmets."""
    parts = [
        msg("dragon.tip.part.mongol", player=e.msg.args["player"], vp=e.msg.args["vp"])
        for e in effects
        if e.msg.key == "dragon.fx.mongol_vp"
    ]
    weak = next(e for e in effects if e.msg.key == "dragon.fx.mongol_weak").msg.args
    return msg(
        "dragon.tip.event_mongol",
        month=month,
        players=parts or [msg("dragon.tip.no_helmets")],
        helmets=weak["helmets"],
        weakest=weak["players"],
        n=len(weak["players"]),
    )
