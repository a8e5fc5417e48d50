""" "For this moment": the prompt's rules first, and the clarifications of the state it is in."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from dragon_helpers import at_actions, at_persons, fresh, random_table, realm, run_event, step_random

from companion.core import Table
from companion.games import chinatown, dayu, dragon
from companion.games.dragon.entries import PlayCard
from companion.lookup import for_moment
from companion.lookup.moment import situations_of


@dataclass
class At:
    """A table at one state: what for_moment reads (a real Table has the same three)."""

    game_id: str
    state: Any

    @property
    def prompt(self):
        from companion.games import get

        return get(self.game_id).prompt(self.state)


def _ids(moment) -> list[str]:
    return [c.id for c in moment.clarifications]


# ---- Dragon ------------------------------------------------------------------------------
def _newcomer(full: bool):
    s = at_persons(fresh(3))
    seat = s.current
    room = [(2, ["monk:young"]), (1, [])]  # two palaces with room: a real choice, not automatic
    palaces = [(2, ["monk:young", "farmer:old"]), (1, ["scholar:young"])] if full else room
    realm(s, seat, *palaces)
    s, _ = dragon.GAME.apply(s, PlayCard(seat=seat, card="warrior"))
    s, _ = dragon.GAME.apply(s, dragon.GAME.prompt(s).choices[0])  # a warrior tile, waiting for a palace
    return s


def test_all_palaces_full():
    s = _newcomer(full=True)
    assert dragon.GAME.prompt(s).kind == "person_place"
    m = for_moment(At("dragon", s), "en")
    assert m.kind == "person_place" and "palaces_full" in m.situations
    assert m.rules[0].rule_id == "dragon.palace.capacity"  # the prompt's own rule first
    assert "dragon.decision.full_palaces" in [r.rule_id for r in m.rules[:2]]
    assert _ids(m) == ["dragon.q.full_palaces_marker", "dragon.q.full_palaces_discard"]
    assert all(c.decided for c in m.clarifications)


def test_a_palace_with_room_brings_no_full_palace_clarification():
    s = _newcomer(full=False)
    assert dragon.GAME.prompt(s).kind == "person_place"
    m = for_moment(At("dragon", s), "es")
    assert "palaces_full" not in m.situations and not m.clarifications
    assert m.rules[0].title == "Sitio en los palacios"


def test_a_tribute_the_player_cannot_pay():
    s = fresh(3)
    for seat in range(3):
        persons = (3, ["monk:young", "farmer:old", "healer:young"]), (2, ["scholar:old"])
        realm(s, seat, *persons, yuan=1 if seat == 0 else 9)  # seat 0 owes 3 of its 4 persons
    s, _ = run_event(s, "tribute")
    assert s.tasks and s.tasks[0].rule_id == "dragon.event.tribute" and s.tasks[0].seat == 0
    m = for_moment(At("dragon", s), "es")
    assert m.kind == "release" and m.situations == ("tribute_short",)
    assert [r.rule_id for r in m.rules[:2]] == ["dragon.event.release_order", "dragon.event.tribute"]
    assert _ids(m) == ["dragon.q.tribute_choice", "dragon.q.tribute_no_persons"]
    assert m.clarifications[0].question.startswith("No puedo pagar")


def test_a_sold_out_person_tile():
    s = at_persons(fresh(3))
    for tile in ("healer:young", "healer:old"):
        s.supply[tile] = 0
    m = for_moment(At("dragon", s), "en")
    assert m.kind == "card" and "tile_gone" in m.situations
    assert "dragon.person.tile_gone" in [r.rule_id for r in m.rules[:2]]
    assert _ids(m) == ["dragon.q.tile_gone_wild"]
    fresh_supply = at_persons(fresh(3))
    assert "tile_gone" not in situations_of("dragon", fresh_supply)


def test_an_occupied_group_the_player_cannot_afford():
    s = at_actions(
        fresh(3), [["taxes", "build"], ["harvest", "parade"], ["research", "fireworks", "privilege"]]
    )
    seat = s.current
    other = next(i for i in range(3) if i != seat)
    s.dragons[0] = [other]
    realm(s, seat, (2, ["monk:young"]), yuan=2)
    assert "occupied_unaffordable" in situations_of("dragon", s)
    s.players[seat].yuan = 3
    assert "occupied_unaffordable" not in situations_of("dragon", s)


def test_a_real_table_in_play_reaches_full_palaces():
    """Random legal play on a real Table: each time the palaces are full, the moment says so."""
    seen = 0
    for seed in range(6):
        table, rng = random_table(seed, n=4)
        while table.prompt is not None and seen < 3:
            p = table.prompt
            state = table.state
            if p.kind in ("person_place", "recruit_place"):
                full = all(pal.room <= 0 for pal in state.players[p.seat].palaces)
                m = for_moment(table, "en")
                assert ("palaces_full" in m.situations) == full
                assert m.rules[0].rule_id == p.rule_ids[0]
                seen += full
            step_random(table, rng)
        if seen >= 3:
            break
    assert seen >= 1


def test_game_over_points_to_the_end_of_the_game():
    s = fresh(3)
    s.phase = "over"
    m = for_moment(At("dragon", s), "en")
    assert m.kind is None and m.rules[0].rule_id == "core.game_over"


# ---- Chinatown ---------------------------------------------------------------------------
def _play_until(game_id: str, phase: str, seed: int) -> Table:
    """A real table played at random (the app deals what it may) until ``phase`` begins."""
    table = Table.new(game_id, ["Ana", "Ben", "Carla"])
    rng = random.Random(seed)
    while table.state.phase != phase:
        p = table.prompt
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
    return table


def _chinatown_at(phase: str) -> Table:
    return _play_until("chinatown", phase, seed=3)


def test_a_shop_on_a_building_that_may_be_traded():
    table = _chinatown_at("trade")
    s = table.state.model_copy(deep=True)
    assert "shop_on_traded_building" not in chinatown.situations(s)  # no shop placed yet
    building = next(iter(s.owner))
    s.shop[building] = "photo"
    m = for_moment(At("chinatown", s), "en")
    assert m.kind == "trade" and "shop_on_traded_building" in m.situations
    assert "chinatown.q.owner_income" in _ids(m)
    assert "chinatown.decision.owner_income" in [r.rule_id for r in m.rules[:3]]


def test_a_tie_for_the_most_money_at_the_end():
    s = _chinatown_at("trade").state.clone()
    s.phase = "over"
    s.money = [300_000, 300_000, 100_000]
    assert chinatown.situations(s) == frozenset({"money_tied"})
    s.money = [310_000, 300_000, 100_000]
    assert chinatown.situations(s) == frozenset()


# ---- Da Yu -------------------------------------------------------------------------------
def _dayu_actions() -> Any:
    return _play_until("dayu", "actions", seed=5).state


def test_a_da_yu_card_that_may_not_fit():
    s = _dayu_actions()
    assert "card_may_not_fit" not in dayu.situations(s)  # a fresh card has ten free spaces
    ring = list(s.ring)
    marker = s.players[s.current].marker
    ring[marker] = ring[marker].model_copy(update={"tokens": 8})
    s = s.model_copy(update={"ring": ring})
    m = for_moment(At("dayu", s), "es")
    assert m.kind == "action" and "card_may_not_fit" in m.situations
    assert "dayu.drain.fit" in [r.rule_id for r in m.rules]
    assert {"dayu.q.fit_takeback", "dayu.q.fit_count", "dayu.q.colour"} <= set(_ids(m))


def test_a_da_yu_supply_running_out():
    s = _dayu_actions().model_copy(update={"supply": 2})
    m = for_moment(At("dayu", s), "en")
    assert "supply_short" in m.situations
    assert {"dayu.q.supply", "dayu.q.deadlock"} <= set(_ids(m))
