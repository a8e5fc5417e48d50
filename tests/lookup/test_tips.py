"""Tips with the table's numbers (issue 29, part 3): random games of each game, played with the
tips computed after every entry, where every number a tip shows is worked out again here from
the state (or, for a step the app resolved by itself, from the effects it recorded), without
the tips' code; every kind of tip comes up; every tip cites a rule the lookup can open.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from random_play import play_to_end

from companion.core import Table, msg
from companion.games.chinatown.data import ADJACENCY
from companion.games.chinatown.data import DATA as CT
from companion.games.chinatown.tips import KINDS as CHINATOWN_KINDS
from companion.games.dayu.data import DATA as DY
from companion.games.dayu.tips import KINDS as DAYU_KINDS
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import SuperEvent
from companion.games.dragon.tips import KINDS as DRAGON_KINDS
from companion.lookup import card
from companion.lookup.tips import table_tips

NAMES = ["Ana", "Ben", "Carla", "Dai", "Eli"]
KINDS = {"dragon": DRAGON_KINDS, "chinatown": CHINATOWN_KINDS, "dayu": DAYU_KINDS}
Expected = dict[str, dict[str, Any]]  # tip kind -> its arguments


# ---- In the Year of the Dragon ---------------------------------------------------------------


def _symbols(player, symbol: str) -> int:
    """The symbols of one kind the persons in a player's palaces show (persons.json's faces)."""
    return sum(
        RULES.faces[t].symbols for pal in player.palaces for t in pal.persons if RULES.symbol_of[t] == symbol
    )


class DragonCheck:
    """The Dragon's tips as a referee would work them out, at each state of a game."""

    def __init__(self) -> None:
        self.order: list[int] = []  # this month's order of actions, read off the track by us

    def step(self, table: Table) -> None:
        last = table.last
        if last is not None and last[1].kind == "groups":
            # the order of the actions is the track's as it stood when the groups were laid out
            s = table.state_at(table.version - 1)
            self.order = sorted(
                range(len(s.players)), key=lambda i: (-s.players[i].track, -s.players[i].arrival)
            )

    def expected(self, table: Table) -> Expected:
        s, prompt = table.state, table.prompt
        fx = table.last[2] if table.last else []
        out = self._after(table, s, fx)
        if prompt is None or prompt.seat is None:
            return out
        seat, kind, p = prompt.seat, prompt.kind, s.players[prompt.seat]
        if kind == "group":
            at = self.order.index(seat)
            ahead = [s.players[i].name for i in self.order[:at]] or [msg("dragon.tip.nobody")]
            out["dragon.tip.order"] = dict(
                player=p.name, position=at + 1, players=len(s.players), ahead=ahead, cost=3, yuan=p.yuan
            )
        if kind in ("group", "card") and s.month >= 1:
            out.update(self._risk(s, p))
        if kind in ("group", "card") and s.month == 7 and s.super_event is not None:
            out[f"dragon.tip.super.{s.super_event}"] = self._super(s, p, s.super_event)
        if kind == "group" and s.options.great_wall:
            out.update(self._wall(s, seat))
        if kind == "action":
            out.update(self._action(s, p))
        if kind == "person_pick":
            out.update(self._person(s, p))
        if kind in ("person_place", "recruit_place") and all(
            len(pal.persons) == pal.floors for pal in p.palaces
        ):
            persons = sum(pal.floors for pal in p.palaces)
            out["dragon.tip.full"] = dict(player=p.name, palaces=len(p.palaces), persons=persons)
        if kind == "release":
            task = s.tasks[0]
            reason = task.rule_id.split(".")
            name = msg("dragon.wall.name") if reason[1] == "wall" else msg(f"dragon.{reason[1]}.{reason[2]}")
            out["dragon.tip.release"] = dict(player=p.name, reason=name, n=task.count)
        return out

    @staticmethod
    def _risk(s, p) -> Expected:
        event = s.events[s.month - 1]
        persons = sum(len(pal.persons) for pal in p.palaces)
        if event == "drought":
            palaces = sum(1 for pal in p.palaces if pal.persons)
            short = max(0, palaces - p.rice)  # one rice a palace (events.json)
            args = dict(player=p.name, rice=p.rice, n=palaces, month=s.month)
            return (
                {"dragon.tip.drought": {**args, "lost": msg("dragon.tip.persons", n=short)}} if short else {}
            )
        if event == "tribute":
            lost = min(max(0, 4 - p.yuan), persons)
            args = dict(
                player=p.name, yuan=p.yuan, due=4, month=s.month, lost=msg("dragon.tip.persons", n=lost)
            )
            return {"dragon.tip.tribute": args} if lost else {}
        if event == "contagion":
            mortars = _symbols(p, "mortar")
            lost = min(max(0, 3 - mortars), persons)
            args = dict(
                player=p.name, n=mortars, base=3, month=s.month, lost=msg("dragon.tip.persons", n=lost)
            )
            return {"dragon.tip.contagion": args} if lost else {}
        return {}

    @staticmethod
    def _super(s, p, event: str) -> dict[str, Any]:
        """The super event's numbers for the player (super_events.json; reference section 6)."""
        args: dict[str, Any] = {"event": msg(f"dragon.super.{event}"), "player": p.name}
        persons = [(t, pal.floors) for pal in p.palaces for t in pal.persons]
        floors = sum(pal.floors for pal in p.palaces)
        if event == "lantern":
            return {**args, "n": len(persons), "vp": 2 * len(persons), "per": 2}
        if event == "buddha":  # each monk: its Buddhas times its palace's floors
            monks = [(t, f) for t, f in persons if t.startswith("monk:")]
            return {**args, "n": len(monks), "vp": sum(RULES.faces[t].symbols * f for t, f in monks)}
        if event == "earthquake":
            return {**args, "floors": floors, "n": min(2, floors)}
        if event == "flood":
            goods = dict(yuan=p.yuan, rice=p.rice, fireworks=p.fireworks)
            return {**args, **goods, "n": sum(goods.values()) // 2}
        if event == "tornado":  # after this month's person card: one card fewer then
            then = max(0, len(p.cards) - 1)
            return {**args, "cards": then, "n": min(2, then)}
        if event == "eclipse":
            return {"event": args["event"], "again": msg(f"dragon.event.{s.events[6]}")}
        if event == "volcano":
            return {**args, "track": p.track}
        if event == "sunrise":
            return {**args, "n": sum(1 for t in RULES.type_ids if s.supply.get(f"{t}:young", 0))}
        if event == "assassination":
            return {**args, "small": p.small_privileges, "large": p.large_privileges}
        return {**args, "n": len({t.split(":")[0] for t, _ in persons})}  # charter

    @staticmethod
    def _wall(s, seat: int) -> Expected:
        """The next wall check (after each Mongol invasion and after month 12): a wall shorter
        than its month costs the fewest builders a person each, else 1 VP a section built."""
        month = next(m for m in range(s.month, 13) if s.events[m - 1] == "mongol" or m == 12)
        built = [sum(1 for b, _ in s.wall if b == i) for i in range(len(s.players))]
        args = dict(player=s.players[seat].name, length=len(s.wall), month=month, built=built[seat])
        if len(s.wall) >= month:
            return {"dragon.tip.wall_vp": {**args, "vp": built[seat]}}
        return {"dragon.tip.wall_short": {**args, "n": 1}} if built[seat] == min(built) else {}

    @staticmethod
    def _action(s, p) -> Expected:
        best = None
        for c in s.groups[s.chosen_group]:
            symbol = RULES.cards[c].symbol
            extra = _symbols(p, symbol) if symbol else 0
            if extra and (best is None or extra > best[0]):
                best = (extra, c)
        if best is None:
            return {}
        extra, c = best
        base = RULES.cards[c].base
        return {
            "dragon.tip.action": dict(
                player=p.name, action=msg(f"dragon.action.{c}"), base=base, extra=extra, total=base + extra
            )
        }

    @staticmethod
    def _person(s, p) -> Expected:
        kind = RULES.types.get(s.card)
        if (
            kind is None
            or kind.old is None
            or not s.supply[f"{s.card}:young"]
            or not s.supply[f"{s.card}:old"]
        ):
            return {}
        return {
            "dragon.tip.person": dict(
                player=p.name,
                track=p.track,
                young_tile=msg(f"dragon.tile.{s.card}.young"),
                old_tile=msg(f"dragon.tile.{s.card}.old"),
                young=p.track + kind.young.value,
                old=p.track + kind.old.value,
                young_symbols=kind.young.symbols,
                old_symbols=kind.old.symbols,
            )
        }

    @staticmethod
    def _event(name: str, month: int, fx) -> Expected:
        """The tip on an event just resolved, from the effects it recorded."""
        out: Expected = {}
        parts = []
        for e in fx:
            a = e.msg.args
            if name == "drought" and e.msg.key in ("dragon.fx.drought_fed", "dragon.fx.drought_short"):
                parts.append(
                    msg(
                        "dragon.tip.part.drought",
                        player=a["player"],
                        fed=a["palaces"] - a["short"],
                        palaces=a["palaces"],
                    )
                )
            elif name == "tribute" and e.msg.key in ("dragon.fx.tribute_paid", "dragon.fx.tribute_short"):
                key = "dragon.tip.part.tribute_short" if a["missing"] else "dragon.tip.part.tribute"
                parts.append(msg(key, player=a["player"], paid=a["paid"], missing=a["missing"]))
            elif name == "contagion" and e.msg.key == "dragon.fx.contagion":
                parts.append(
                    msg("dragon.tip.part.contagion", player=a["player"], mortars=a["mortars"], n=a["count"])
                )
        if parts and name == "drought":
            out["dragon.tip.event_drought"] = dict(month=month, players=parts, rice=1)
        elif parts and name == "tribute":
            out["dragon.tip.event_tribute"] = dict(month=month, players=parts, yuan=4)
        elif parts and name == "contagion":
            out["dragon.tip.event_contagion"] = dict(month=month, players=parts, base=3)
        if name == "festival":
            won = [e.msg.args for e in fx if e.msg.key == "dragon.fx.festival"]
            for a in won:  # the winners hand back half their fireworks, rounded up
                assert a["returned"] == (a["fireworks"] + 1) // 2 and a["vp"] in (6, 3)
            parts = [
                msg(
                    "dragon.tip.part.festival", **{k: a[k] for k in ("player", "vp", "fireworks", "returned")}
                )
                for a in won
            ]
            if parts:
                out["dragon.tip.event_festival"] = dict(month=month, first=6, second=3, players=parts)
            else:
                out["dragon.tip.event_festival_none"] = dict(month=month, first=6)
        if name == "mongol":
            scored = [
                msg("dragon.tip.part.mongol", player=e.msg.args["player"], vp=e.msg.args["vp"])
                for e in fx
                if e.msg.key == "dragon.fx.mongol_vp"
            ]
            weak = next(e.msg.args for e in fx if e.msg.key == "dragon.fx.mongol_weak")
            out["dragon.tip.event_mongol"] = dict(
                month=month,
                players=scored or [msg("dragon.tip.no_helmets")],
                helmets=weak["helmets"],
                weakest=weak["players"],
                n=len(weak["players"]),
            )
        return out

    def _after(self, table: Table, s, fx) -> Expected:
        out: Expected = {}
        # The month's event comes before the super event in the same entry; an Eclipse repeats it.
        cut = next((i for i, e in enumerate(fx) if e.msg.key == "dragon.fx.super"), len(fx))
        event = next((e for e in fx[:cut] if e.msg.key == "dragon.fx.event"), None)
        if event is not None:
            out.update(self._event(event.rule_id.split(".")[-1], event.msg.args["month"], fx[:cut]))
        if cut < len(fx):
            out.update(_super_done_numbers(table, s, fx[cut:]))
        out.update(_wall_done_numbers(s, fx))
        lost: dict[int, int] = {}
        for e in fx:
            if e.msg.key in ("dragon.fx.decay_floor", "dragon.fx.decay_lost"):
                lost[e.seat] = lost.get(e.seat, 0) + len(e.msg.args["palaces"])
        if lost:
            out["dragon.tip.decay"] = dict(
                losses=[
                    msg("dragon.tip.part.decay", player=s.players[i].name, n=n)
                    for i, n in sorted(lost.items())
                ]
            )
        if any(e.msg.key == "dragon.fx.round" for e in fx):
            out["dragon.tip.month"] = dict(month=len(s.by_round), players=[_month_part(p) for p in s.players])
        return out


def _track_order(s) -> list[int]:
    """Seats by the person track: further ahead first, the later arrival on top."""
    return sorted(range(len(s.players)), key=lambda i: (-s.players[i].track, -s.players[i].arrival))


def _super_done_numbers(table: Table, s, fx) -> Expected:
    """The super events the app resolves at once, worked out from the state (after the entry:
    only decay and the month's scoring follow them, which move no person and no marker)."""
    name, month = s.super_event, fx[0].msg.args["month"]
    key, event = f"dragon.tip.super_done.{name}", msg(f"dragon.super.{name}")
    order = _track_order(s)
    if name == "volcano":
        assert all(p.track == 0 for p in s.players)
        return {key: dict(event=event, order=", ".join(s.players[i].name for i in order))}
    if name == "eclipse":
        inner = DragonCheck._event(s.events[6], month, fx)
        if not inner:
            return {}
        [(kind, args)] = inner.items()
        return {key: dict(event=event, again=msg(kind, **args))}
    lines = []
    before = table.state_at(table.version - 1)
    for i in order:
        p = s.players[i]
        persons = [(t, pal.floors) for pal in p.palaces for t in pal.persons]
        if name == "lantern" and persons:
            lines.append(msg("dragon.fx.lantern", player=p.name, vp=2 * len(persons), n=len(persons)))
        monks = [(t, f) for t, f in persons if t.startswith("monk:")]
        if name == "buddha" and monks:
            vp = sum(RULES.faces[t].symbols * f for t, f in monks)
            lines.append(msg("dragon.fx.buddha", player=p.name, vp=vp, n=len(monks)))
        q = before.players[i]
        if name == "assassination" and (q.small_privileges or q.large_privileges):
            assert p.small_privileges == p.large_privileges == 0
            small, large = q.small_privileges, q.large_privileges
            lines.append(msg("dragon.fx.assassination", player=p.name, small=small, large=large))
    if not lines:
        return {}
    return {key: dict(event=event, players=lines, **({"per": 2} if name == "lantern" else {}))}


def _wall_done_numbers(s, fx) -> Expected:
    """The last wall check of the entry: short of its month, the fewest builders release a
    person each; else 1 VP per section built (wall.json), from the wall as it lies."""
    at = [i for i, e in enumerate(fx) if e.msg.key in ("dragon.fx.wall_short", "dragon.fx.wall_holds")]
    if not at:
        return {}
    a = fx[at[-1]].msg.args
    built = [sum(1 for b, _ in s.wall if b == i) for i in range(len(s.players))]
    args = dict(month=a["month"], length=len(s.wall))
    if len(s.wall) < a["month"]:
        fewest = min(built)
        losers = {s.players[i].name for i in range(len(s.players)) if built[i] == fewest}
        assert set(a["players"]) == losers and len(a["players"]) == len(losers)
        out = dict(**args, fewest=fewest, players=a["players"], n=len(losers))
        return {"dragon.tip.wall_done_short": {**out, "lost": msg("dragon.tip.persons", n=1)}}
    lines = [e.msg for e in fx[at[-1] :] if e.msg.key == "dragon.fx.wall_vp"]
    want = [
        msg("dragon.fx.wall_vp", player=s.players[i].name, vp=built[i], n=built[i])
        for i in range(len(s.players))
        if built[i]
    ]
    assert sorted(lines, key=lambda m: m.args["player"]) == sorted(want, key=lambda m: m.args["player"])
    return {"dragon.tip.wall_done_vp": dict(**args, per=1, players=lines or [msg("dragon.tip.nobody")])}


def _month_part(p) -> Any:
    """A player's month scoring from their palaces and privileges (scoring.json: 1 VP each)."""
    ladies = _symbols(p, "dragon")
    dragons = p.small_privileges + 2 * p.large_privileges
    total = len(p.palaces) + ladies + dragons
    return msg(
        "dragon.tip.part.month",
        player=p.name,
        total=total,
        palaces=len(p.palaces),
        ladies=ladies,
        privileges=dragons,
    )


# ---- Chinatown -------------------------------------------------------------------------------


def _pay(owner: dict[int, int], shop: dict[int, str]) -> tuple[dict[int, int], dict[int, int], int]:
    """(income by owner, income from complete businesses by owner, businesses one tile short):
    groups of one owner's touching tiles of one type, a group over the type's size split into
    complete businesses and the tiles left over (the rulebook's income table, game.json)."""
    pay: dict[int, int] = {}
    complete: dict[int, int] = {}
    short = 0
    done: set[int] = set()
    for b in sorted(shop):
        if b in done or b not in owner:
            continue
        group, todo = {b}, [b]
        while todo:
            for n in ADJACENCY[todo.pop()]:
                if n not in group and owner.get(n) == owner[b] and shop.get(n) == shop[b]:
                    group.add(n)
                    todo.append(n)
        done |= group
        top = CT.shops[shop[b]].max
        full, rest = divmod(len(group), top)
        whole = full * CT.income.complete[top]
        pay[owner[b]] = pay.get(owner[b], 0) + whole + (CT.income.incomplete[rest] if rest else 0)
        complete[owner[b]] = complete.get(owner[b], 0) + whole
        short += rest == top - 1
    return pay, complete, short


class ChinatownCheck:
    def step(self, table: Table) -> None:
        pass

    def expected(self, table: Table) -> Expected:
        s, prompt = table.state, table.prompt
        fx = table.last[2] if table.last else []
        out: Expected = {}
        if any(e.rule_id == "chinatown.income" for e in fx) and s.income:
            pay, complete, _ = _pay(s.owner, s.shop)
            paid = s.income[-1]
            assert paid == [pay.get(i, 0) for i in range(s.n)]  # the engine's income is the board's
            parts = [
                msg(
                    "chinatown.tip.part.income_complete" if complete.get(i) else "chinatown.tip.part.income",
                    player=name,
                    amount=pay.get(i, 0),
                    complete=complete.get(i, 0),
                )
                for i, name in enumerate(s.players)
            ]
            out["chinatown.tip.income"] = dict(year=CT.years[len(s.income) - 1], players=parts)
        if any(e.msg.key == "chinatown.fx.first" for e in fx):
            order = [s.players[(s.first + i) % s.n] for i in range(s.n)]
            out["chinatown.tip.first"] = dict(player=s.players[s.first], order=order)
        drew = [e.seat for e in fx if e.msg.key == "chinatown.fx.drew"]
        if drew:
            hand = s.hands[drew[0]]
            most = max(hand.values(), default=0)
            if most:
                shop = next(x for x in CT.shop_ids if hand.get(x, 0) == most)
                size = CT.shops[shop].max
                out["chinatown.tip.tiles"] = dict(
                    player=s.players[drew[0]],
                    shop=msg(f"chinatown.shop.{shop}"),
                    n=most,
                    size=size,
                    pay=msg("chinatown.tip.part.yearly", amount=CT.income.complete[size]),
                )
        if prompt is None:
            return out
        seat = prompt.seat
        if prompt.kind == "keep_buildings" and seat is not None and s.dealt is not None:
            hand = s.dealt[seat]
            paired = [b for b in hand if set(ADJACENCY[b]) & set(hand)]
            if paired:
                out["chinatown.tip.deal"] = dict(
                    player=s.players[seat], dealt=len(hand), buildings=paired, k=CT.dealing[s.n].kept[s.year]
                )
            touching = [b for b in s.dealt[seat] if any(s.owner.get(n) == seat for n in ADJACENCY[b])]
            if touching:
                out["chinatown.tip.keep"] = dict(
                    player=s.players[seat],
                    dealt=len(s.dealt[seat]),
                    buildings=touching,
                    k=CT.dealing[s.n].kept[s.year],
                    n=len(touching),
                )
        elif prompt.kind == "trade":
            pay, _, short = _pay(s.owner, s.shop)
            if any(pay.values()):
                parts = [
                    msg("chinatown.tip.part.pay", player=name, amount=pay.get(i, 0))
                    for i, name in enumerate(s.players)
                ]
                out["chinatown.tip.trade"] = dict(players=parts, n=short)
        elif prompt.kind == "place_tile":
            now = _pay(s.owner, s.shop)[0].get(seat, 0)
            best = None
            for shop in CT.shop_ids:
                if not s.hands[seat].get(shop):
                    continue
                for b in sorted(x for x, o in s.owner.items() if o == seat and x not in s.shop):
                    gain = _pay(s.owner, {**s.shop, b: shop})[0].get(seat, 0) - now
                    if best is None or gain > best[0]:
                        best = (gain, shop, b)
            if best is not None:
                gain, shop, b = best
                out["chinatown.tip.place"] = dict(
                    player=s.players[seat], shop=msg(f"chinatown.shop.{shop}"), building=b, gain=gain
                )
        return out


# ---- Da Yu -----------------------------------------------------------------------------------


def _points(p) -> int:
    """A player's points: VP cards, flood cards' points, and per frame bonus card one point for
    each VP card of its colour (the rulebook's scoring, game.json's numbers)."""
    total = sum(c.vp for c in p.vp_cards) + sum(f.points for f in p.flood)
    for f in p.flood:
        frame = DY.flood_kinds.get(f.kind)
        if frame is not None and frame.frame is not None:
            total += sum(1 for c in p.vp_cards if c.frame == frame.frame)
    return total


class DayuCheck:
    def step(self, table: Table) -> None:
        pass

    def expected(self, table: Table) -> Expected:
        s, prompt = table.state, table.prompt
        fx = table.last[2] if table.last else []
        out: Expected = {}
        if any(e.msg.key == "dayu.fx.start" for e in fx):
            n = len(s.players)
            turn = [s.players[(s.start + i) % n] for i in range(n)]
            parts = [
                msg(
                    "dayu.tip.part.start",
                    player=q.name,
                    place=q.marker + 1,
                    tokens=s.ring[q.marker].tokens,
                    spaces=10,
                )
                for q in turn
            ]
            out["dayu.tip.start"] = dict(player=s.players[s.start].name, players=parts)
        refills = [e for e in fx if e.msg.key == "dayu.fx.refill"]
        if refills:
            out["dayu.tip.refill"] = dict(place=refills[-1].msg.args["place"], n=s.flood_pile)
        new_round = any(e.msg.key == "dayu.fx.turn" and e.seat == s.start and s.round > 1 for e in fx)
        over = s.phase == "over" and any(e.rule_id.startswith("dayu.end.") for e in fx)
        if new_round or over:
            parts = [msg("dayu.tip.part.total", player=p.name, vp=_points(p)) for p in s.players]
            out["dayu.tip.round"] = dict(round=len(s.round_totals), players=parts, n=s.flood_pile)
        if prompt is None:
            return out
        p = s.players[s.current]
        place = s.ring[p.marker] if p.marker is not None else None
        tokens = place.tokens if place is not None else 0
        if prompt.kind == "action" and place is not None and place.card is not None:
            out["dayu.tip.marker"] = dict(
                player=p.name, place=p.marker + 1, tokens=tokens, spaces=10, free=10 - tokens, supply=s.supply
            )
        elif prompt.kind == "drain_tools" and min(10 - tokens, s.supply) < 4:
            out["dayu.tip.fit"] = dict(
                player=p.name, free=10 - tokens, supply=s.supply, n=min(10 - tokens, s.supply)
            )
        elif prompt.kind == "draw" and s.phase == "draw":
            frames = {f: sum(1 for c in p.vp_cards if c.frame == f) for f in ("silver", "green", "red")}
            n = min(3 - len(p.hand), sum(s.piles.values()))
            out["dayu.tip.draw"] = dict(player=p.name, held=len(p.hand), n=n, **frames)
        elif prompt.kind == "flood_bonus":
            at = s.captures[0]
            got = s.ring[at].tokens
            out["dayu.tip.capture"] = dict(player=p.name, place=at + 1, tokens=got, supply=s.supply + got)
        elif prompt.kind == "exchange":
            cards = [
                (f.points, i)
                for i, q in enumerate(s.players)
                if i != s.current
                for f in q.flood
                if f.points > 0
            ]
            if cards:
                points = max(c[0] for c in cards)
                other = next(i for pts, i in cards if pts == points)
                out["dayu.tip.exchange"] = dict(player=p.name, other=s.players[other].name, points=points)
        return out


CHECKS: dict[str, Callable[[], Any]] = {"dragon": DragonCheck, "chinatown": ChinatownCheck, "dayu": DayuCheck}


def play_checked(game: str, seed: int, seen: dict[str, int]) -> None:
    """One random game with the tips computed after every entry, each against our own numbers."""
    rng = random.Random(seed)
    n = rng.randint(3, 5) if game == "chinatown" else rng.randint(2, 4)
    # Dragon's games are played with both expansions, each with the super event after the last
    # game's, so ten games see all ten super events.
    options = {"great_wall": True, "super_events": True} if game == "dragon" else None
    table = Table.new(game, NAMES[:n], options)
    check = CHECKS[game]()

    def step(t: Table) -> None:
        check.step(t)
        got = {tip.kind: tip for tip in table_tips(t)}
        want = check.expected(t)
        assert set(got) == set(want), (t.version, t.prompt and t.prompt.kind, set(got) ^ set(want))
        for kind, tip in got.items():
            assert tip.msg.args == want[kind], (kind, tip.msg.args, want[kind])
            seen[kind] = seen.get(kind, 0) + 1

    step(table)
    while game == "dragon" and (p := table.prompt) is not None and table.state.super_event is None:
        if p.kind == "super_event":
            table.submit(SuperEvent(event=RULES.super_events.events[seed % len(RULES.super_events.events)]))
        else:
            table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
        step(table)
    if game != "dragon":
        play_to_end(table, rng, step)
        return
    # In every other ten games the players build the wall whenever they can, so it grows long
    # enough to score; in the others they play at random (and gather privileges and monks).
    wall_first = seed // 10 % 2 == 0
    while (p := table.prompt) is not None:
        if p.auto:
            table.auto(rng)
        else:
            walls = [c for c in p.choices if wall_first and _builds_wall(table.state, c)]
            table.submit(rng.choice(walls or p.choices))
        step(table)


def _builds_wall(s, choice) -> bool:
    """A choice that takes the Build the Wall card, or the group that holds it."""
    if getattr(choice, "kind", None) == "group":
        return "wall" in s.groups[choice.group]
    return getattr(choice, "card", None) == "wall"


@pytest.mark.parametrize("game", ["dragon", "chinatown", "dayu"])
def test_every_tip_shows_the_states_own_numbers_and_every_kind_comes_up(game):
    seen: dict[str, int] = {}
    seed = 0
    # Dragon's ten super events take turns, so each needs a few games for its tips to show
    while set(seen) < set(KINDS[game]) and seed < (60 if game == "dragon" else 20):
        play_checked(game, seed, seen)
        seed += 1
    assert set(seen) == set(KINDS[game]), sorted(set(KINDS[game]) - set(seen))


@pytest.mark.parametrize("game", ["dragon", "chinatown", "dayu"])
def test_every_tip_cites_a_rule_and_reads_in_both_languages(game):
    seen: dict[str, Any] = {}
    rng = random.Random(7)
    table = Table.new(
        game, NAMES[:3], {"great_wall": True, "super_events": True} if game == "dragon" else None
    )

    def keep(t: Table) -> None:
        for tip in table_tips(t):
            seen.setdefault(tip.kind, tip)

    play_to_end(table, rng, keep)
    assert seen
    for tip in seen.values():
        assert card(tip.rule_id, "en").title and card(tip.rule_id, "es").title
        en, es = tip.msg.render("en"), tip.msg.render("es")
        assert en != es and tip.kind not in en and tip.kind not in es
        assert ".tip." not in en + es  # every nested part is in the catalogue too
