"""The event phase: each month's event, the releases it causes, decay and round scoring."""

from __future__ import annotations

from companion.core.msg import msg
from companion.core.protocol import Effect, told
from companion.games.dragon.data import RULES
from companion.games.dragon.scoring import final_lines, round_items
from companion.games.dragon.state import (
    DragonState,
    bare_palace,
    drought_task,
    palace_with,
    release_task,
    replaced,
    score_item,
    updated,
)
from companion.games.dragon.text import event_msg, tile_msg

# Decay's effects: palaces losing a floor, and one-floor palaces lost with it, each effect naming
# its palaces in ``palaces`` (the forecast, the month summary and the tips read them back by these keys).
DECAY_FLOOR = "dragon.fx.decay_floor"
DECAY_GONE = "dragon.fx.decay_lost"
DECAY_FX = (DECAY_FLOOR, DECAY_GONE)


def start_event(s: DragonState, fx: list[Effect]) -> None:
    """Resolve the month's event; losses of persons become release tasks in track order."""
    s.phase = "event"
    s.order = s.track_order()
    s.turn = 0
    event = s.events[s.month - 1]
    fx.append(told(f"dragon.event.{event}", None, "dragon.fx.event", month=s.month, event=event_msg(event)))
    RESOLVERS[event](s, fx)
    s.after = after_event(s, event)


def after_event(s: DragonState, event: str) -> list[str]:
    """What follows the event before decay: the wall checks and the month-7 super event."""
    out = []
    wall = s.options.great_wall
    if wall and event in RULES.wall.check_after_events:
        out.append("wall")
    if s.options.super_events and s.month == RULES.super_events.month and s.super_event:
        out.append("super")
    if wall and RULES.wall.check_in_last_month and s.month == RULES.setup.months:
        out.append("wall")
    return out


def _peace(s: DragonState, fx: list[Effect]) -> None:
    fx.append(told("dragon.event.peace", None, "dragon.fx.peace"))


def _tribute(s: DragonState, fx: list[Effect]) -> None:
    due = RULES.events.tribute_yuan
    for seat in s.order:
        p = s.player_mut(seat)
        paid = min(due, p.yuan)
        p.yuan -= paid
        missing = due - paid
        key = "dragon.fx.tribute_short" if missing else "dragon.fx.tribute_paid"
        said: dict[str, object] = {"n": paid}
        if missing:  # the plural follows the yuan missing; what was paid is a count of its own
            said = {"n": missing, "paid_yuan": msg("dragon.n_yuan", n=paid)}
        fx.append(told("dragon.event.tribute", seat, key, player=p.name, paid=paid, missing=missing, **said))
        if missing:
            s.tasks = [*s.tasks, release_task(seat, missing, "dragon.event.tribute")]


def _drought(s: DragonState, fx: list[Effect]) -> None:
    per = RULES.events.drought_rice_per_inhabited_palace
    for seat in s.order:
        p = s.player_mut(seat)
        inhabited = sum(1 for pal in p.palaces if pal.persons)
        fed = min(inhabited, p.rice // per)
        p.rice -= fed * per
        short = inhabited - fed
        key = "dragon.fx.drought_short" if short else "dragon.fx.drought_fed"
        if not inhabited:  # "pays 0 rice, one for each inhabited palace" read as a mistake
            key = "dragon.fx.drought_nobody"
        fx.append(
            told(
                "dragon.event.drought",
                seat,
                key,
                player=p.name,
                paid=fed * per,
                palaces=inhabited,
                short=short,
            )
        )
        if short:
            s.tasks = [
                *s.tasks,
                drought_task(seat, short, "dragon.event.drought", True),
            ]


def festival_awards(fireworks: list[int]) -> list[tuple[int, int]]:
    """(VP, fireworks returned) per player: most fireworks 6, next distinct count above 0 gets 3."""
    vp = RULES.events.festival_vp
    counts = sorted({n for n in fireworks if n > 0}, reverse=True)
    first = counts[0] if counts else None
    second = counts[1] if len(counts) > 1 else None
    out = []
    for n in fireworks:
        points = vp["first"] if n == first else vp["second"] if n == second else 0
        out.append((points, (n + 1) // 2 if points else 0))
    return out


def _festival(s: DragonState, fx: list[Effect]) -> None:
    awards = festival_awards([p.fireworks for p in s.players])
    if not any(points for points, _ in awards):
        fx.append(told("dragon.event.festival", None, "dragon.fx.festival_none"))
    for seat in s.order:
        points, returned = awards[seat]
        if not points:
            continue
        p = s.player_mut(seat)
        held = p.fireworks
        p.fireworks -= returned
        p.score(score_item(s.month, "festival", points, held))
        fx.append(
            told(
                "dragon.event.festival",
                seat,
                "dragon.fx.festival",
                player=p.name,
                vp=points,
                fireworks=held,
                returned=returned,
            )
        )


def _mongol(s: DragonState, fx: list[Effect]) -> None:
    helmet = RULES.types["warrior"].symbol
    helmets = {seat: s.players[seat].symbols(helmet) for seat in s.order}
    for seat in s.order:
        if helmets[seat]:
            p = s.player_mut(seat)
            p.score(score_item(s.month, "mongol", helmets[seat], helmets[seat]))
            fx.append(
                told("dragon.event.mongol", seat, "dragon.fx.mongol_vp", player=p.name, vp=helmets[seat])
            )
    fewest = min(helmets.values())
    weakest = [seat for seat in s.order if helmets[seat] == fewest]
    fx.append(
        told(
            "dragon.event.mongol",
            None,
            "dragon.fx.mongol_weak",
            helmets=fewest,
            players=[s.players[w].name for w in weakest],
            n=len(weakest),
        )
    )
    for seat in weakest:
        s.tasks = [
            *s.tasks,
            release_task(seat, RULES.events.mongol_releases_per_weakest, "dragon.event.mongol"),
        ]


def _contagion(s: DragonState, fx: list[Effect]) -> None:
    mortar = RULES.types["healer"].symbol
    base = RULES.events.contagion_releases
    for seat in s.order:
        p = s.players[seat]
        mortars = p.symbols(mortar)
        count = max(0, base - mortars)
        fx.append(
            told(
                "dragon.event.contagion",
                seat,
                "dragon.fx.contagion",
                player=p.name,
                count=count,
                n=count,
                base=base,
                mortars=mortars,
            )
        )
        if count:
            s.tasks = [*s.tasks, release_task(seat, count, "dragon.event.contagion")]


RESOLVERS = {
    "peace": _peace,
    "tribute": _tribute,
    "drought": _drought,
    "festival": _festival,
    "mongol": _mongol,
    "contagion": _contagion,
}


def release(
    s: DragonState, seat: int, palace: int, tile: str, fx: list[Effect], rule_id: str, forced: bool = False
) -> None:
    """Take one person out of a palace for good (the marker stays where it is)."""
    p = s.player_mut(seat)
    pal = p.palaces[palace]
    persons = list(pal.persons)
    persons.remove(tile)
    p.palaces = replaced(p.palaces, palace, palace_with(pal.floors, tuple(persons)))
    p.released = [*p.released, tile]
    key = "dragon.fx.release_forced" if forced else "dragon.fx.release"
    fx.append(told(rule_id, seat, key, player=p.name, tile=tile_msg(tile), palace=palace + 1))


def task_release(s: DragonState, palace: int, tile: str, fx: list[Effect], forced: bool = False) -> None:
    """One release towards the current task."""
    task = s.tasks[0]
    release(s, task.seat, palace, tile, fx, task.rule_id, forced)
    if task.count <= 1:
        s.tasks = s.tasks[1:]
    else:
        hit = (*task.hit, palace) if task.per_palace else task.hit
        s.tasks = [updated(task, count=task.count - 1, hit=hit), *s.tasks[1:]]


def settle_tasks(s: DragonState, fx: list[Effect]) -> None:
    """Resolve the releases that leave no choice: nobody left, or everybody must go."""
    while s.tasks:
        task = s.tasks[0]
        p = s.players[task.seat]
        eligible = [
            i
            for i, pal in enumerate(p.palaces)
            if pal.persons
            and not (task.per_palace and i in task.hit)
            and (task.palace is None or i == task.palace)
        ]
        if not eligible:
            s.tasks = s.tasks[1:]
            fx.append(
                told(
                    "dragon.event.no_persons",
                    task.seat,
                    "dragon.fx.no_persons",
                    player=p.name,
                    count=task.count,
                )
            )
            continue
        if task.per_palace:
            if task.count < len(eligible):
                return
            # Every remaining palace loses one: those holding one kind of person need no question.
            simple = [i for i in eligible if len(set(p.palaces[i].persons)) == 1]
            if not simple:
                return
            task_release(s, simple[0], p.palaces[simple[0]].persons[0], fx, forced=True)
            continue
        persons = [(i, t) for i in eligible for t in p.palaces[i].persons]
        if task.count < len(persons):
            return
        s.tasks = s.tasks[1:]
        fx.append(
            told(
                task.rule_id,
                task.seat,
                "dragon.fx.release_all",
                player=p.name,
                count=task.count,
                n=len(persons),
            )
        )
        for i, t in persons:
            release(s, task.seat, i, t, fx, task.rule_id)


def decay(s: DragonState, fx: list[Effect]) -> None:
    """Every empty palace loses a floor; a one-floor one is gone. One effect per player for the
    palaces left with the same number of floors, and one for the palaces gone: "Ana: empty
    palaces 1 and 3 lose a floor (1 left)", never a line per palace saying the same thing."""
    for seat in s.order:
        p = s.player_mut(seat)
        kept = []
        lower: dict[int, list[int]] = {}  # floors left -> the palaces (numbered from 1) left with them
        gone: list[int] = []
        for number, pal in enumerate(p.palaces, start=1):
            if pal.persons:
                kept.append(pal)
            elif pal.floors > 1:
                kept.append(bare_palace(pal.floors - 1))
                lower.setdefault(pal.floors - 1, []).append(number)
            else:
                gone.append(number)
        for floors, palaces in lower.items():  # by their first palace, as they were met
            fx.append(
                told(
                    "dragon.decay",
                    seat,
                    DECAY_FLOOR,
                    player=p.name,
                    palaces=palaces,
                    n=len(palaces),
                    floors=floors,
                )
            )
        if gone:
            fx.append(told("dragon.decay", seat, DECAY_GONE, player=p.name, palaces=gone, n=len(gone)))
        p.palaces = kept


def round_scoring(s: DragonState, fx: list[Effect]) -> None:
    for seat in s.order:
        p = s.player_mut(seat)
        items = round_items(p, s.month)
        p.score(*[i for i in items if i.points])
        palaces, ladies, privileges = items[0].points, items[1].points, items[2].points
        fx.append(
            told(
                "dragon.scoring.round",
                seat,
                "dragon.fx.round",
                player=p.name,
                total=palaces + ladies + privileges,
                palaces=palaces,
                ladies=ladies,
                privileges=privileges,
            )
        )
    s.by_round = [*s.by_round, [p.vp for p in s.players]]


def final_scoring(s: DragonState, fx: list[Effect]) -> None:
    for seat in s.track_order():
        p = s.player_mut(seat)
        items = final_lines(p.palaces, p.yuan, p.rice, p.fireworks)
        p.score(*items)  # every final line, zeros too: the final scoring is explained in full
        persons, monks, leftovers = items
        fx.append(
            told(
                "dragon.final.persons",
                seat,
                "dragon.fx.final",
                player=p.name,
                total=persons.points + monks.points + leftovers.points,
                persons=msg("dragon.fx.final_persons", n=persons.count),
                persons_vp=persons.points,
                monks=monks.points,
                money=msg("dragon.fx.final_yuan", n=leftovers.count),
                money_vp=leftovers.points,
            )
        )
