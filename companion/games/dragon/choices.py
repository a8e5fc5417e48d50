"""Which decision is pending, and the legal entries for it.

``step`` names the pending decision; ``choices`` lists every legal entry for it (None for
the free-form table facts: the event row and the action groups). The engine applies a
decision by itself when its list holds a single entry.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from companion.core.offers import offer, offerer
from companion.core.protocol import Entry
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import (
    Act,
    ChooseGroup,
    Floor,
    Pick,
    Place,
    PlayCard,
    PrivilegeSize,
    Release,
    Skip,
    StartPlayer,
)
from companion.games.dragon.state import DragonState, PlayerState
from companion.games.dragon.superevents import SUPER_STEPS, super_choices, super_step_name
from companion.games.dragon.wall import CARD as WALL_CARD
from companion.games.dragon.wall import wall_options, wall_refusal

# step -> the entry kinds it takes
STEP_KINDS = {
    "event_row": ("event_row",),
    "start_player": ("start_player",),
    "recruit_pick": ("pick",),
    "recruit_place": ("place",),
    "groups": ("groups",),
    "group": ("group", "skip"),
    "action": ("action",),
    "floor": ("floor",),
    "card": ("card",),
    "person_pick": ("pick",),
    "person_place": ("place",),
    "release": ("release",),
    "super_event": ("super_event",),
    **SUPER_STEPS,
}


# The entries the choices offer, one shared instance each (``offer``), keyed by position.
_act = offerer(Act, "seat", "card")
_privilege = offerer(Act, "seat", "card", "size")
_choose = offerer(ChooseGroup, "seat", "group")
_skip = offerer(Skip, "seat")
_floor = offerer(Floor, "seat", "palace")
_pick = offerer(Pick, "seat", "tile")
_place = offerer(Place, "seat", "palace")
_displace = offerer(Place, "seat", "palace", "displace")
_release = offerer(Release, "seat", "palace", "tile")


def step(state: DragonState) -> str | None:
    # The fields read from the instance dict (a model's attribute read goes through pydantic's
    # __getattr__ hook, three times slower: asked twice an entry); the phases tested in the
    # order of how often they are asked.
    f = state.__dict__
    phase: str = f["phase"]
    if phase == "persons":
        if f["card"] is None:
            return "card"
        return "person_pick" if f["tile"] is None else "person_place"
    if phase == "actions":
        if f["floors_left"]:
            return "floor"
        return "group" if f["chosen_group"] is None else "action"
    if phase == "recruit":
        return "recruit_pick" if f["tile"] is None else "recruit_place"
    if phase == "event":
        if f["tasks"]:
            return "release"
        if f["floors_left"]:
            return "floor"  # a Charter for craftsmen builds at once
        return super_step_name(state)
    if phase == "over":
        return None
    return phase


def deal_deck(state: DragonState) -> tuple[str, ...]:
    """The action cards dealt this month: seven, or eight with the Great Wall."""
    return RULES.deck(state.options.great_wall)


def row_deal() -> tuple[int, tuple[str, ...]]:
    """The event row as it is dealt: the first month whose tile is shuffled (the months before
    it hold fixed tiles), and the tiles shuffled onto it and the months after, as a sorted
    multiset (a kind appears once per tile)."""
    return len(RULES.events.fixed_months) + 1, RULES.shuffled_events


def deal_sizes(state: DragonState) -> list[int]:
    """How many cards each action group of the deal holds, by player count (and the Great Wall).
    The groups may lie in any order on the table; this is the order the rules list them in."""
    return RULES.group_sizes(len(state.players), state.options.great_wall)


def action_amount(p: PlayerState, card: str) -> tuple[int, int]:
    """(base on the action card, extra from the matching symbols on the player's persons)."""
    c = RULES.cards[card]
    return c.base, p.symbols(c.symbol) if c.symbol else 0


def group_cost(state: DragonState, group: int) -> int:
    """An action group that already holds a dragon costs the occupied-group fee."""
    return RULES.actions.occupied_group_cost if state.dragons[group] else 0


def privilege_costs(state: DragonState) -> dict[PrivilegeSize, int]:
    """The privileges' prices (one shared dict per option value: read, never changed)."""
    return _privilege_costs(state.options.large_privilege_cost)


@functools.cache
def _privilege_costs(large: int) -> dict[PrivilegeSize, int]:
    return {"small": RULES.actions.privileges.small.cost, "large": RULES.large_cost(large)}


@functools.cache
def _cheapest_privilege(large: int) -> int:
    return min(_privilege_costs(large).values())


def action_options(state: DragonState, seat: int, group: int, yuan: int) -> list[Entry]:
    """The actions a player with ``yuan`` (after paying for the group) may take from it."""
    out: list[Entry] = []
    costs = privilege_costs(state)
    for card in state.groups[group]:
        if card == "privilege":
            out.extend(_privilege(seat, card, size) for size, cost in costs.items() if yuan >= cost)
        elif card == WALL_CARD:
            out.extend(wall_options(state, seat))
        else:
            out.append(_act(seat, card))
    return out


def group_open(state: DragonState, seat: int, group: int) -> bool:
    """Whether the player can pay for the group and then take one of its actions: what
    ``action_options`` would offer, without building the offers (asked of every group)."""
    yuan = state.players[seat].yuan - group_cost(state, group)
    if yuan < 0:
        return False
    need, wall = _group_need(tuple(state.groups[group]), state.options.large_privilege_cost)
    # The wall refuses a player without wall tiles too.
    return yuan >= need or (wall and wall_refusal(state, seat) is None)


@functools.lru_cache(maxsize=4096)
def _group_need(cards: tuple[str, ...], large: int) -> tuple[float, bool]:
    """The yuan a group's cards ask for once it is paid (0: a plain action; the cheapest
    privilege; none of these: never enough), and whether it holds the Great Wall. A month's
    groups are asked for at every turn of it: worked out once per group of cards."""
    need: float = float("inf")
    for card in cards:
        if card == "privilege":
            need = min(need, _cheapest_privilege(large))
        elif card != WALL_CARD:
            need = 0
    return need, WALL_CARD in cards


def pair_free(state: DragonState, a: str, b: str) -> bool:
    return a != b and tuple(sorted((a, b))) not in state.pairs


def recruit_picks(state: DragonState, seat: int) -> list[Entry]:
    """Initial recruitment: a young tile of a type that still leaves an unused pair."""
    supply = state.supply
    young = tuple([t for t, tile in _YOUNG if supply.get(tile, 0) > 0])
    return [*_recruit_offers(seat, young, frozenset(state.pairs), state.first_pick)]


@functools.lru_cache(maxsize=4096)
def _recruit_offers(
    seat: int, young: tuple[str, ...], taken: frozenset[tuple[str, ...]], first_pick: str | None
) -> tuple[Entry, ...]:
    """``recruit_picks`` of the types with a young tile left, the pairs taken and the first
    pick: the same few situations recur in every game (a pass over every pair of types)."""

    def free(a: str, b: str) -> bool:  # pair_free, with the pairs in a set
        return a != b and ((a, b) if a < b else (b, a)) not in taken

    if first_pick is None:
        kinds = [t for t in young if any(free(t, u) for u in young)]
    else:
        first = first_pick.split(":")[0]
        kinds = [t for t in young if free(first, t)]
    return tuple(_pick(seat, f"{t}:young") for t in kinds)


_YOUNG = tuple((t, f"{t}:young") for t in RULES.type_ids)


def person_picks(state: DragonState, seat: int, card: str) -> list[Entry]:
    """The tiles a played person card can take: its type's young or old tile, or any for the wildcard."""
    supply = state.supply
    return [_pick(seat, t) for t in RULES.card_tiles(card) if supply[t] > 0]


def place_options(player: PlayerState, seat: int) -> list[Entry]:
    rooms: list[Entry] = [
        _place(seat, i)
        for i, pal in enumerate(player.palaces)
        if pal.floors > len(pal.persons)  # room
    ]
    if rooms:
        return rooms
    # Every palace is full: replace someone, or let the newcomer go (reference decision 4).
    out: list[Entry] = [
        _displace(seat, i, t) for i, pal in enumerate(player.palaces) for t in dict.fromkeys(pal.persons)
    ]
    out.append(_place(seat, None))
    return out


def release_options(state: DragonState) -> list[Release]:
    task = state.tasks[0]
    player = state.players[task.seat]
    return [
        _release(task.seat, i, t)
        for i, pal in enumerate(player.palaces)
        if not (task.per_palace and i in task.hit) and (task.palace is None or i == task.palace)
        for t in dict.fromkeys(pal.persons)
    ]


def choices(state: DragonState) -> list[Entry] | None:
    """Every legal entry of the pending decision (None for a free-form table fact)."""
    return compute_choices(state)


def compute_choices(state: DragonState, name: str | None = None) -> list[Entry] | None:
    """``choices``; ``name`` is the pending step when the caller knows it already."""
    if name is None:
        name = step(state)
    build = BUILDERS.get(name)  # type: ignore[arg-type]  # None: no builder
    if build is not None:
        return build(state)
    if name is None or name in ("event_row", "groups", "super_event"):
        return None
    raise AssertionError(name)


def _seat(state: DragonState) -> int:
    # ``state.current``, written out (read from the instance dict, no property call): every
    # builder asks it, once an entry or more.
    f = state.__dict__
    tasks = f["tasks"]
    if tasks:
        seat: int = tasks[0].seat
        return seat
    turn: int = f["turn"]
    order: list[int] = f["order"]
    assert 0 <= turn < len(order)
    return order[turn]


def _group_choices(state: DragonState) -> list[Entry]:
    """The groups the player can take (``group_open``, in one loop: asked at every turn of the
    action phase), and Skip."""
    seat = _seat(state)
    f = state.__dict__  # the fields read from the instance dict (see ``step``)
    yuan, fee = f["players"][seat].yuan, _OCCUPIED_FEE
    dragons, groups = f["dragons"], f["groups"]
    offers = _group_offers(seat, len(groups))
    out: list[Entry] = []
    for g, (need, wall) in enumerate(_group_needs(tuple(groups), f["options"].large_privilege_cost)):
        left = yuan - fee if dragons[g] else yuan
        if left < 0:
            continue
        if left >= need or (wall and wall_refusal(state, seat) is None):
            out.append(offers[g])
    out.append(offers[-1])
    return out


_OCCUPIED_FEE = RULES.actions.occupied_group_cost


@functools.lru_cache(maxsize=1024)
def _group_needs(groups: tuple[tuple[str, ...], ...], large: int) -> tuple[tuple[float, bool], ...]:
    """``_group_need`` of each group of a month's deal (asked at every turn of the month)."""
    return tuple(_group_need(tuple(cards), large) for cards in groups)


@functools.lru_cache(maxsize=256)
def _group_offers(seat: int, groups: int) -> tuple[Entry, ...]:
    """A seat's ChooseGroup entries, one per group of the deal, then its Skip."""
    return (*(_choose(seat, g) for g in range(groups)), _skip(seat))


def _action_choices(state: DragonState) -> list[Entry]:
    seat = _seat(state)
    assert state.chosen_group is not None
    return action_options(state, seat, state.chosen_group, state.players[seat].yuan)


def _floor_choices(state: DragonState) -> list[Entry]:
    seat = _seat(state)
    player = state.players[seat]
    max_floors = RULES.setup.max_floors
    floors: list[Entry] = [_floor(seat, i) for i, p in enumerate(player.palaces) if p.floors < max_floors]
    return [*floors, _floor(seat, len(player.palaces))]


def _card_choices(state: DragonState) -> list[Entry]:
    seat = _seat(state)
    return [*_card_offers(seat, tuple(state.players[seat].cards))]


@functools.lru_cache(maxsize=4096)
def _card_offers(seat: int, cards: tuple[str, ...]) -> tuple[Entry, ...]:
    """A hand's card entries, made once per seat and hand (a hand changes once a month)."""
    return tuple(offer(PlayCard, seat=seat, card=c) for c in dict.fromkeys(cards))


def _person_picks(state: DragonState) -> list[Entry]:
    assert state.card is not None
    return person_picks(state, _seat(state), state.card)


def _place_choices(state: DragonState) -> list[Entry]:
    seat = _seat(state)
    return place_options(state.players[seat], seat)


# step -> its legal entries (a dict, not a chain of tests: asked for every state).
BUILDERS: dict[str, Callable[[DragonState], list[Entry]]] = {
    **{name: lambda state: super_choices(state, _seat(state)) for name in SUPER_STEPS},  # sunrise_place below
    "start_player": lambda state: [offer(StartPlayer, player=i) for i in range(len(state.players))],
    "recruit_pick": lambda state: recruit_picks(state, _seat(state)),
    "recruit_place": _place_choices,
    "person_place": _place_choices,
    "sunrise_place": _place_choices,
    "group": _group_choices,
    "action": _action_choices,
    "floor": _floor_choices,
    "card": _card_choices,
    "person_pick": _person_picks,
    "release": lambda state: [*release_options(state)],  # typed as entries (release_options gives Releases)
}
