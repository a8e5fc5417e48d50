"""Each refused Dragon entry names the rule it breaks (companion/games/dragon/validate.py), on
hand-built positions: the recruitment, the actions, the person phase, full palaces and the
super events' decisions. Every refusal also leaves the state as it was."""

from __future__ import annotations

import pytest
from dragon_expansion_helpers import fresh_x
from dragon_helpers import ROW, at_actions, at_persons, fresh, play, realm, run_event

from companion.core import RuleViolation
from companion.games.dragon import GAME
from companion.games.dragon.entries import (
    Act,
    Charter,
    ChooseGroup,
    Discard,
    EventRow,
    Flood,
    Floor,
    Pick,
    Place,
    PlayCard,
    Quake,
    Release,
    StartPlayer,
)
from companion.games.dragon.state import DragonState, ReleaseTask


def refused(state: DragonState, entry: object) -> tuple[str, str]:
    """The rule and message key of the refusal of ``entry``; the state must stay unchanged."""
    before = state.model_dump()
    with pytest.raises(RuleViolation) as err:
        GAME.apply(state, entry)
    assert state.model_dump() == before
    return err.value.rule_id, err.value.msg.key


def recruiting() -> DragonState:
    """Month 0's recruitment, Ana (seat 0) to pick her first young person."""
    s, _ = play(fresh(3), EventRow(months=ROW), StartPlayer(player=0))
    assert GAME.prompt(s).kind == "recruit_pick" and s.current == 0
    return s


def test_recruitment_takes_young_persons_only_and_a_pair_nobody_holds() -> None:
    s = recruiting()
    assert refused(s, Pick(seat=0, tile="monk:old")) == ("dragon.setup.recruit", "dragon.err.recruit_young")
    s.supply["monk:young"] = 0
    assert refused(s, Pick(seat=0, tile="monk:young")) == ("dragon.person.tile_gone", "dragon.err.tile_gone")
    s = recruiting()
    s, _ = play(s, Pick(seat=0, tile="monk:young"), Place(seat=0, palace=0))
    # two of a kind are no pair
    assert refused(s, Pick(seat=0, tile="monk:young")) == ("dragon.setup.recruit", "dragon.err.recruit_pair")
    s, _ = play(s, Pick(seat=0, tile="healer:young"), Place(seat=0, palace=1))
    # Ben may start with a monk, but not with Ana's pair of a monk and a healer
    s, _ = play(s, Pick(seat=1, tile="healer:young"), Place(seat=1, palace=0))
    assert refused(s, Pick(seat=1, tile="monk:young")) == ("dragon.setup.recruit", "dragon.err.recruit_pair")
    s, _ = play(s, Pick(seat=1, tile="scholar:young"))
    assert s.players[1].palaces[0].persons == ("healer:young",)


def test_a_recruit_goes_into_a_palace_that_exists_and_has_room() -> None:
    s = recruiting()
    s, _ = play(s, Pick(seat=0, tile="farmer:young"))
    assert refused(s, Place(seat=0, palace=2)) == ("dragon.palace.capacity", "dragon.err.no_palace")
    # with room left, letting the newcomer go or displacing someone is not allowed
    assert refused(s, Place(seat=0, palace=None)) == ("dragon.decision.full_palaces", "dragon.err.must_place")


def _person_phase(*palaces: tuple[int, list[str]]) -> DragonState:
    """The person phase, Ana (first on the track) to play a card; her palaces are ``palaces``."""
    s = fresh(2)
    realm(s, 0, *palaces)
    s.move(0, 3)
    s = at_persons(s)
    assert s.current == 0
    return s


def test_the_person_phase_takes_a_tile_of_the_card_played() -> None:
    s = _person_phase((2, []))
    s.players[0].cards.remove("court_lady")
    assert refused(s, PlayCard(seat=0, card="court_lady")) == ("dragon.person.play", "dragon.err.card_played")
    s, _ = play(s, PlayCard(seat=0, card="monk"))
    assert refused(s, Pick(seat=0, tile="healer:young")) == ("dragon.person.play", "dragon.err.tile_not_card")
    s, _ = play(s, Pick(seat=0, tile="monk:old"))
    assert "monk:old" in s.players[0].persons()
    # a wild card takes any type
    s = _person_phase((2, []))
    s, _ = play(s, PlayCard(seat=0, card="wild"), Pick(seat=0, tile="healer:young"))
    assert "healer:young" in s.players[0].persons()


def test_full_palaces_name_the_full_one_and_the_person_to_displace() -> None:
    s = _person_phase((1, ["farmer:young"]), (2, []), (2, ["healer:young"]))
    s, _ = play(s, PlayCard(seat=0, card="monk"), Pick(seat=0, tile="monk:young"))
    assert refused(s, Place(seat=0, palace=0)) == ("dragon.palace.capacity", "dragon.err.palace_full")
    s, _ = play(s, Place(seat=0, palace=2))
    assert s.players[0].palaces[2].persons == ("healer:young", "monk:young")
    # every palace full: displace someone who lives there, or let the newcomer go
    s = _person_phase((1, ["farmer:young"]))
    s, _ = play(s, PlayCard(seat=0, card="monk"), Pick(seat=0, tile="monk:young"))
    assert refused(s, Place(seat=0, palace=0, displace="healer:young")) == (
        "dragon.decision.full_palaces",
        "dragon.err.not_there",
    )
    s, _ = play(s, Place(seat=0, palace=0, displace="farmer:young"))
    assert s.players[0].palaces[0].persons == ("monk:young",) and "farmer:young" in s.players[0].released


def test_a_group_must_exist_and_a_card_must_be_in_the_chosen_group() -> None:
    s = fresh(2)
    realm(s, 0, (2, []), yuan=6)
    realm(s, 1, (2, []), yuan=6)
    s = at_actions(s, [["taxes", "build"], ["privilege"]])
    seat = s.current
    assert refused(s, ChooseGroup(seat=seat, group=2)) == ("dragon.action.choose", "dragon.err.no_group")
    s, _ = play(s, ChooseGroup(seat=seat, group=0))
    assert refused(s, Act(seat=seat, card="harvest")) == (
        "dragon.action.choose",
        "dragon.err.card_not_in_group",
    )
    # a privilege names its size, and only a privilege does
    assert refused(s, Act(seat=seat, card="taxes", size="small")) == (
        "dragon.decision.one_privilege",
        "dragon.err.privilege_size",
    )


def test_a_privilege_group_needs_the_yuan_for_the_cheapest_privilege() -> None:
    s = fresh(2)
    realm(s, 0, (2, []), yuan=1)
    realm(s, 1, (2, []), yuan=1)
    s = at_actions(s, [["privilege"], ["taxes", "privilege"]])
    seat = s.current
    assert refused(s, ChooseGroup(seat=seat, group=0)) == (
        "dragon.action.privilege",
        "dragon.err.cannot_pay_privilege",
    )
    s.players[seat].yuan = 2  # a small privilege costs 2
    s, _ = play(s, ChooseGroup(seat=seat, group=1))
    assert refused(s, Act(seat=seat, card="privilege", size="large")) == (
        "dragon.action.privilege",
        "dragon.err.privilege_cost",
    )


def _wall_actions(groups: list[list[str]], tiles: list[str], wall: int = 0) -> DragonState:
    s = fresh_x(2, super_events=False)
    for seat in (0, 1):
        realm(s, seat, (2, []), yuan=6)
        s.players[seat].wall_tiles = list(tiles)
    s = at_actions(s, groups)
    s.wall = [(0, "rice")] * wall
    return s


def test_the_wall_needs_a_wall_tile_still_held_and_a_section_left() -> None:
    s = _wall_actions([["wall"], ["taxes"]], [])
    seat = s.current
    assert refused(s, ChooseGroup(seat=seat, group=0)) == ("dragon.wall.build", "dragon.err.wall_no_tiles")
    s = _wall_actions([["wall"], ["taxes"]], ["rice"], wall=12)
    assert refused(s, ChooseGroup(seat=seat, group=0)) == ("dragon.wall.build", "dragon.err.wall_full")
    s = _wall_actions([["wall", "taxes"], ["build"]], ["rice"])
    s, _ = play(s, ChooseGroup(seat=seat, group=0))
    assert refused(s, Act(seat=seat, card="wall")) == ("dragon.wall.build", "dragon.err.wall_bonus")
    assert refused(s, Act(seat=seat, card="taxes", bonus="rice")) == (
        "dragon.wall.build",
        "dragon.err.wall_bonus",
    )
    assert refused(s, Act(seat=seat, card="wall", bonus="vp")) == (
        "dragon.wall.tiles",
        "dragon.err.wall_tile_used",
    )
    s.wall = [(1 - seat, "yuan")] * 12  # the other player laid the last section meanwhile
    assert refused(s, Act(seat=seat, card="wall", bonus="rice")) == (
        "dragon.wall.build",
        "dragon.err.wall_full",
    )


def test_a_floor_goes_on_a_palace_or_starts_the_next_one() -> None:
    s = fresh(2)
    realm(s, 0, (2, []), (3, []), yuan=6)
    realm(s, 1, (2, []), yuan=6)
    s = at_actions(s, [["build", "taxes"], ["harvest"]])
    seat = s.current
    assert seat == 0
    s, _ = play(s, ChooseGroup(seat=0, group=0), Act(seat=0, card="build"))
    assert s.floors_left >= 1
    assert refused(s, Floor(seat=0, palace=3)) == ("dragon.action.build", "dragon.err.no_palace")
    assert refused(s, Floor(seat=0, palace=1)) == ("dragon.palace.max_floors", "dragon.err.max_floors")
    s, _ = play(s, Floor(seat=0, palace=2))  # the next number: a new palace of one floor
    assert s.players[0].palaces[2].floors == 1


def test_sunrise_gives_a_young_person_only() -> None:
    s = fresh_x(2, wall=False)
    realm(s, 0, (2, []))
    realm(s, 1, (2, []))
    s, _ = run_event(s, "peace", month=7, super_event="sunrise")
    seat = GAME.prompt(s).seat
    assert refused(s, Pick(seat=seat, tile="monk:old")) == (
        "dragon.super.sunrise",
        "dragon.err.recruit_young",
    )


def _month_7(super_event: str, *palaces: tuple[int, list[str]], **attrs: int) -> DragonState:
    """Month 7 after its event with ``super_event``; Ana (ahead on the track) holds these palaces."""
    s = fresh_x(2, wall=False)
    realm(s, 0, *palaces, **attrs)
    realm(s, 1, (2, ["farmer:young"]))
    s.move(0, 3)
    s, _ = run_event(s, "peace", month=7, super_event=super_event)
    assert GAME.prompt(s).seat == 0
    return s


def test_earthquake_flood_tornado_and_charter_refusals_name_their_super_event() -> None:
    quake = _month_7("earthquake", (2, ["monk:young"]), (2, []))
    assert refused(quake, Quake(seat=0, palace=2)) == ("dragon.super.earthquake", "dragon.err.no_palace")
    flood = _month_7("flood", (2, ["monk:young"]), yuan=0, rice=2, fireworks=2)  # half of 4 is 2
    assert refused(flood, Flood(seat=0, rice=3, fireworks=0)) == (
        "dragon.super.flood",
        "dragon.err.flood_more_than_held",
    )
    assert refused(flood, Flood(seat=0, rice=2, fireworks=1)) == (
        "dragon.super.flood",
        "dragon.err.flood_half",
    )
    # giving nothing in goods leaves 2 to pay in yuan, and Ana has none
    assert refused(flood, Flood(seat=0, rice=0, fireworks=0)) == (
        "dragon.super.flood",
        "dragon.err.flood_half",
    )
    tornado = _month_7("tornado", (2, ["monk:young"]))
    tornado.players[0].cards = ["monk", "wild"]
    assert refused(tornado, Discard(seat=0, card="healer")) == (
        "dragon.super.tornado",
        "dragon.err.card_played",
    )
    charter = _month_7("charter", (2, ["monk:young", "healer:young"]))
    assert refused(charter, Charter(seat=0, type="farmer")) == (
        "dragon.super.charter",
        "dragon.err.charter_type",
    )


def test_a_release_comes_from_the_quaked_palace_and_a_drought_hits_a_palace_once() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young", "healer:young"]), (2, ["farmer:young"]))
    s = at_persons(s)
    s.phase = "event"
    s.tasks = [ReleaseTask(seat=0, count=1, rule_id="dragon.super.earthquake", palace=0)]
    assert refused(s, Release(seat=0, palace=1, tile="farmer:young")) == (
        "dragon.super.earthquake",
        "dragon.err.quake_palace",
    )
    assert refused(s, Release(seat=0, palace=0, tile="farmer:young")) == (
        "dragon.super.earthquake",
        "dragon.err.not_there",
    )
    s.tasks = [ReleaseTask(seat=0, count=2, rule_id="dragon.event.drought", per_palace=True, hit=(0,))]
    assert refused(s, Release(seat=0, palace=0, tile="healer:young")) == (
        "dragon.event.drought",
        "dragon.err.drought_twice",
    )
    s, _ = play(s, Release(seat=0, palace=1, tile="farmer:young"))
    assert s.players[0].palaces[1].persons == () and "farmer:young" in s.players[0].released
