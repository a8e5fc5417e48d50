"""What a made entry did, as a sentence naming who did it ("Ana puts the old healer in palace
1"): the header of a History entry, the Play screen's "Last:" line and its why card.

``describe_entry`` (labels.py) labels a choice before it is made, with the numbers of that
moment ("Palace 1 (3 floors, 2 inside)"); once made, those numbers are stale. A sentence here is
told from the state the entry was made in, and holds no count the entry changes unless it says
the count after it ("builds palace 2 up to 3 floors")."""

from __future__ import annotations

from companion.core.msg import Msg, msg
from companion.core.protocol import Entry
from companion.games.dragon.choices import action_amount, group_cost, privilege_costs
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
from companion.games.dragon.superevents import flood_half, super_msg
from companion.games.dragon.text import action_msg, card_msg, event_msg, groups_msg, tile_msg
from companion.games.dragon.wall import CARD as WALL_CARD
from companion.games.dragon.wall import bonus_msg


def narrate(s: DragonState, e: object) -> Msg:
    """Entry ``e``, made in state ``s``, as a sentence."""
    if isinstance(e, EventRow):
        return msg("dragon.did.event_row", events=[event_msg(x) for x in e.months])
    if isinstance(e, StartPlayer):
        return msg("dragon.did.start_player", player=s.players[e.player].name)
    if isinstance(e, Groups):
        return msg("dragon.did.groups", groups=groups_msg(e.groups))
    if isinstance(e, SuperEvent):
        return msg("dragon.did.super_event", event=super_msg(e.event))
    assert isinstance(e, Entry) and e.seat is not None  # every other entry is a player's decision
    if isinstance(e, Act):
        return _act(s, e)
    return _recruit(s, e) or _event(s, e) or msg("dragon.label.unknown")


def _recruit(s: DragonState, e: Entry) -> Msg | None:
    """Recruiting, choosing an action group, building: the months' own decisions."""
    assert e.seat is not None
    player = s.players[e.seat]
    if isinstance(e, Pick):
        return msg("dragon.did.pick", player=player.name, tile=tile_msg(e.tile))
    if isinstance(e, Place):
        return _place(s, e, player.name)
    if isinstance(e, ChooseGroup):
        cards = [action_msg(c) for c in s.groups[e.group]] if e.group < len(s.groups) else []
        cost = group_cost(s, e.group) if e.group < len(s.groups) else 0
        if cost:
            return msg("dragon.did.group_paid", player=player.name, group=e.group + 1, n=cost, cards=cards)
        return msg("dragon.did.group", player=player.name, group=e.group + 1, cards=cards)
    if isinstance(e, Skip):
        to = RULES.actions.skip_top_up_to
        gain = max(0, to - player.yuan)
        if gain:
            return msg("dragon.did.skip", player=player.name, n=gain, to=to)
        return msg("dragon.did.skip_none", player=player.name, to=to)
    if isinstance(e, Floor):
        if e.palace >= len(player.palaces):
            return msg("dragon.did.floor_new", player=player.name, palace=e.palace + 1)
        after = player.palaces[e.palace].floors + 1
        return msg("dragon.did.floor_add", player=player.name, palace=e.palace + 1, after=after)
    if isinstance(e, PlayCard):
        alive = any(n > 0 and (e.card == "wild" or t.startswith(e.card + ":")) for t, n in s.supply.items())
        key = "dragon.did.card" if alive else "dragon.did.card_dead"
        return msg(key, player=player.name, card=card_msg(e.card))
    return None


def _place(s: DragonState, e: Place, name: str) -> Msg:
    tile = tile_msg(s.tile) if s.tile else ""
    if e.palace is None:
        return msg("dragon.did.release_new", player=name, tile=tile)
    if e.displace is not None:
        return msg(
            "dragon.did.displace", player=name, palace=e.palace + 1, old=tile_msg(e.displace), tile=tile
        )
    return msg("dragon.did.place", player=name, palace=e.palace + 1, tile=tile)


def _act(s: DragonState, e: Act) -> Msg:
    """An action of the chosen group: what it brought (counted as the card gives it)."""
    assert e.seat is not None
    player = s.players[e.seat]
    if e.card == "privilege":
        size = e.size or "small"
        cost = privilege_costs(s)[size]
        return msg("dragon.did.privilege", player=player.name, size=msg(f"dragon.privilege.{size}"), n=cost)
    if e.card == WALL_CARD:
        bonus: Msg | str = bonus_msg(e.bonus) if e.bonus else ""
        return msg("dragon.did.wall", player=player.name, bonus=bonus, section=len(s.wall) + 1)
    base, extra = action_amount(player, e.card)
    return msg(f"dragon.did.{e.card}", player=player.name, n=base + extra)


def _event(s: DragonState, e: Entry) -> Msg | None:
    """What an event or a super event asked of a player."""
    assert e.seat is not None
    player = s.players[e.seat]
    if isinstance(e, Release):
        return msg("dragon.did.release", player=player.name, tile=tile_msg(e.tile), palace=e.palace + 1)
    if isinstance(e, Quake):
        if e.palace >= len(player.palaces):
            return msg("dragon.label.unknown")
        pal = player.palaces[e.palace]
        if pal.floors <= 1:
            persons = msg("dragon.n_persons", n=len(pal.persons))
            return msg("dragon.did.quake_gone", player=player.name, palace=e.palace + 1, persons=persons)
        floors = msg("dragon.n_floors", n=pal.floors - 1)
        return msg("dragon.did.quake", player=player.name, palace=e.palace + 1, floors=floors)
    if isinstance(e, Flood):
        yuan = flood_half(s, e.seat) - e.rice - e.fireworks
        return msg("dragon.did.flood", player=player.name, yuan=yuan, rice=e.rice, fireworks=e.fireworks)
    if isinstance(e, Discard):
        return msg("dragon.did.discard", player=player.name, card=card_msg(e.card))
    if isinstance(e, Charter):
        return msg("dragon.did.charter", player=player.name, type=msg(f"dragon.type.{e.type}"))
    return None
