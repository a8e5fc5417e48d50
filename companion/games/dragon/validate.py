"""Why an entry is refused: the specific rule it breaks, for a clear message.

The engine accepts exactly the entries its prompt lists; when an entry is not among them,
``explain`` names the rule (a 4th floor, an unaffordable group, a tile that is gone) before
the generic "not offered" answer.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from companion.core.msg import msg
from companion.core.protocol import RuleViolation
from companion.games.dragon.choices import (
    deal_deck,
    deal_sizes,
    group_cost,
    group_open,
    pair_free,
    privilege_costs,
)
from companion.games.dragon.data import RULES, WILD
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
)
from companion.games.dragon.state import DragonState, PlayerState
from companion.games.dragon.superevents import flood_half
from companion.games.dragon.text import event_msg, sizes_text
from companion.games.dragon.wall import CARD as WALL_CARD
from companion.games.dragon.wall import wall_refusal


def row_problem(months: tuple[str, ...] | list[str]) -> str | None:
    """Why a months-3-to-12 row is not a legal layout, or None."""
    expected = Counter(RULES.shuffled_events)
    if len(months) != len(RULES.shuffled_events) or Counter(months) != expected:
        return "counts"
    if any(a == b for a, b in pairwise(months)):
        return "neighbours"
    return None


def valid_event_row(entry: EventRow) -> None:
    problem = row_problem(entry.months)
    if problem:
        counts = [
            msg("dragon.count_of", n=n, what=event_msg(name))
            for name, n in sorted(Counter(RULES.shuffled_events).items())
        ]
        raise RuleViolation("dragon.setup.event_row", f"dragon.err.row_{problem}", counts=counts)


@functools.cache
def _sorted_deck(deck: tuple[str, ...]) -> list[str]:
    """A month's deck in sorted order (read, never changed): each deal is compared with it."""
    return sorted(deck)


def valid_groups(state: DragonState, entry: Groups) -> None:
    sizes = deal_sizes(state)
    cards = [c for g in entry.groups for c in g]
    deck = deal_deck(state)
    rule = "dragon.wall.groups" if state.options.great_wall else "dragon.action.groups"
    if sorted(cards) != _sorted_deck(deck):
        raise RuleViolation(rule, "dragon.err.groups_cards", n=len(deck))
    # The groups may lie in any order on the table (1 + 2 + 2 + 1 + 1 is a legal 5-player deal).
    if sorted(len(g) for g in entry.groups) != sorted(sizes):
        raise RuleViolation(rule, "dragon.err.groups_sizes", sizes=sizes_text(sizes))


def explain(state: DragonState, step: str, entry: object) -> None:
    """Raise the specific RuleViolation for an entry the prompt does not offer, if one applies."""
    seat = state.current
    player = state.players[seat] if seat is not None else None
    if step == "sunrise_pick" and isinstance(entry, Pick):
        if not entry.tile.endswith(":" + RULES.super_events.sunrise_age):
            raise RuleViolation("dragon.super.sunrise", "dragon.err.recruit_young")
        if entry.tile.split(":")[0] in state.super_taken:
            raise RuleViolation("dragon.super.sunrise", "dragon.err.sunrise_type")
    why = _WHY.get(type(entry))
    if why is not None:
        why(state, step, player, entry)


def _group(state: DragonState, step: str, player: PlayerState | None, entry: ChooseGroup) -> None:
    assert player is not None
    if entry.group >= len(state.groups):
        raise RuleViolation(
            "dragon.action.choose", "dragon.err.no_group", group=entry.group + 1, n=len(state.groups)
        )
    cost = group_cost(state, entry.group)
    if cost > player.yuan:
        raise RuleViolation(
            "dragon.action.occupied", "dragon.err.cannot_pay_group", cost=cost, yuan=player.yuan
        )
    if not group_open(state, entry.seat, entry.group):
        # Only the Privilege and the Wall can leave a group with nothing to do.
        refusal = wall_refusal(state, entry.seat)
        if WALL_CARD in state.groups[entry.group] and refusal is not None:
            raise refusal
        raise RuleViolation("dragon.action.privilege", "dragon.err.cannot_pay_privilege")


def _action(state: DragonState, step: str, player: PlayerState | None, entry: Act) -> None:
    assert player is not None and state.chosen_group is not None
    if entry.card not in state.groups[state.chosen_group]:
        raise RuleViolation(
            "dragon.action.choose", "dragon.err.card_not_in_group", group=state.chosen_group + 1
        )
    if (entry.card == "privilege") != (entry.size is not None):
        raise RuleViolation("dragon.decision.one_privilege", "dragon.err.privilege_size")
    if (entry.card == WALL_CARD) != (entry.bonus is not None):
        raise RuleViolation("dragon.wall.build", "dragon.err.wall_bonus")
    if entry.card == WALL_CARD:
        refusal = wall_refusal(state, entry.seat)
        if refusal is not None:
            raise refusal
        if entry.bonus not in player.wall_tiles:
            raise RuleViolation("dragon.wall.tiles", "dragon.err.wall_tile_used")
    if entry.size is not None and privilege_costs(state)[entry.size] > player.yuan:
        raise RuleViolation(
            "dragon.action.privilege",
            "dragon.err.privilege_cost",
            cost=privilege_costs(state)[entry.size],
            yuan=player.yuan,
        )


def _floor(state: DragonState, step: str, player: PlayerState | None, entry: Floor) -> None:
    assert player is not None
    if entry.palace > len(player.palaces):
        raise RuleViolation("dragon.action.build", "dragon.err.no_palace", palace=entry.palace + 1)
    if entry.palace < len(player.palaces) and player.palaces[entry.palace].floors >= RULES.setup.max_floors:
        raise RuleViolation("dragon.palace.max_floors", "dragon.err.max_floors", max=RULES.setup.max_floors)


def _pick(state: DragonState, step: str, player: PlayerState | None, entry: Pick) -> None:
    if state.supply.get(entry.tile, 0) <= 0:
        raise RuleViolation("dragon.person.tile_gone", "dragon.err.tile_gone")
    kind = entry.tile.split(":")[0]
    if step == "recruit_pick":
        if not entry.tile.endswith(":young"):
            raise RuleViolation("dragon.setup.recruit", "dragon.err.recruit_young")
        if state.first_pick is not None and not pair_free(state, state.first_pick.split(":")[0], kind):
            raise RuleViolation("dragon.setup.recruit", "dragon.err.recruit_pair")
    elif state.card not in (WILD, kind):
        raise RuleViolation("dragon.person.play", "dragon.err.tile_not_card")


def _place(state: DragonState, step: str, player: PlayerState | None, entry: Place) -> None:
    assert player is not None
    has_room = any(p.room > 0 for p in player.palaces)
    if entry.palace is not None and entry.palace >= len(player.palaces):
        raise RuleViolation("dragon.palace.capacity", "dragon.err.no_palace", palace=entry.palace + 1)
    if has_room and (entry.palace is None or entry.displace is not None):
        raise RuleViolation("dragon.decision.full_palaces", "dragon.err.must_place")
    if entry.palace is not None and entry.displace is None and player.palaces[entry.palace].room <= 0:
        raise RuleViolation("dragon.palace.capacity", "dragon.err.palace_full", palace=entry.palace + 1)
    if entry.displace is not None and entry.displace not in player.palaces[entry.palace or 0].persons:
        raise RuleViolation("dragon.decision.full_palaces", "dragon.err.not_there")


def _card(state: DragonState, step: str, player: PlayerState | None, entry: PlayCard) -> None:
    assert player is not None
    if entry.card not in player.cards:
        raise RuleViolation("dragon.person.play", "dragon.err.card_played")


def _quake(state: DragonState, step: str, player: PlayerState | None, entry: Quake) -> None:
    assert player is not None
    if entry.palace >= len(player.palaces):
        raise RuleViolation("dragon.super.earthquake", "dragon.err.no_palace", palace=entry.palace + 1)


def _flood(state: DragonState, step: str, player: PlayerState | None, entry: Flood) -> None:
    assert player is not None
    half = flood_half(state, entry.seat)
    if entry.rice > player.rice or entry.fireworks > player.fireworks:
        raise RuleViolation("dragon.super.flood", "dragon.err.flood_more_than_held")
    if entry.rice + entry.fireworks > half or half - entry.rice - entry.fireworks > player.yuan:
        raise RuleViolation("dragon.super.flood", "dragon.err.flood_half", half=half)


def _discard(state: DragonState, step: str, player: PlayerState | None, entry: Discard) -> None:
    assert player is not None
    if entry.card not in player.cards:
        raise RuleViolation("dragon.super.tornado", "dragon.err.card_played")


def _charter(state: DragonState, step: str, player: PlayerState | None, entry: Charter) -> None:
    assert player is not None
    if not player.count_type(entry.type):
        raise RuleViolation("dragon.super.charter", "dragon.err.charter_type")


def _release(state: DragonState, step: str, player: PlayerState | None, entry: Release) -> None:
    assert player is not None
    task = state.tasks[0]
    if task.palace is not None and entry.palace != task.palace:
        raise RuleViolation(task.rule_id, "dragon.err.quake_palace", palace=task.palace + 1)
    if entry.palace >= len(player.palaces) or entry.tile not in player.palaces[entry.palace].persons:
        raise RuleViolation(task.rule_id, "dragon.err.not_there")
    if task.per_palace and entry.palace in task.hit:
        raise RuleViolation("dragon.event.drought", "dragon.err.drought_twice", palace=entry.palace + 1)


_WHY: dict[type, Callable[[DragonState, str, PlayerState | None, Any], None]] = {
    ChooseGroup: _group,
    Act: _action,
    Floor: _floor,
    Pick: _pick,
    Place: _place,
    PlayCard: _card,
    Quake: _quake,
    Flood: _flood,
    Discard: _discard,
    Charter: _charter,
    Release: _release,
}
