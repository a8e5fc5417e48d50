"""Choices that come to the same thing (companion/games/dragon/same.py): two palaces with the same
floors, persons and part in a pending loss are interchangeable, so only one of them is asked
about; and every pair of answers ``distinct`` treats as one leads to the same game, its palaces
listed in another order."""

from __future__ import annotations

import random

import pytest
from dragon_expansion_helpers import COMBOS, random_x_table
from dragon_helpers import ROW, at_persons, fresh, play, random_table, realm, step_random

from companion.core import Table
from companion.games.dragon import GAME
from companion.games.dragon.entries import EventRow, Floor, Pick, Place, PlayCard, Release, StartPlayer
from companion.games.dragon.same import NEW, choice_key, distinct, palace_key
from companion.games.dragon.state import DragonState, ReleaseTask


def test_the_first_recruit_is_asked_no_palace_while_both_are_empty() -> None:
    s, _ = play(fresh(3), EventRow(months=ROW), StartPlayer(player=0), Pick(seat=0, tile="monk:young"))
    choices = GAME.prompt(s).choices
    assert choices == [Place(seat=0, palace=0), Place(seat=0, palace=1)]
    assert distinct(s, choices) == [Place(seat=0, palace=0)]
    # once the monk lives in palace 1, the two palaces differ and the second recruit has a choice
    s, _ = play(s, Place(seat=0, palace=1), Pick(seat=0, tile="healer:young"))
    assert distinct(s, GAME.prompt(s).choices) == [Place(seat=0, palace=0), Place(seat=0, palace=1)]


def test_a_floor_is_asked_once_per_kind_of_palace_and_once_for_a_new_one() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), (2, []), (2, []), (3, []))
    assert palace_key(s, 0, 4) == NEW and palace_key(s, 0, None) is None
    floors = [Floor(seat=0, palace=p) for p in range(5)]
    # palaces 2 and 3 are alike; the 3-floor one is a different palace, though it takes no floor
    assert distinct(s, floors) == [floors[0], floors[1], floors[3], floors[4]]
    # the persons' order inside a palace tells nothing apart
    realm(s, 0, (2, ["monk:young", "healer:old"]), (2, ["healer:old", "monk:young"]))
    assert distinct(s, floors[:2]) == [floors[0]]
    # the same palace numbers of different players are different answers
    realm(s, 1, (2, []), (2, []))
    assert distinct(s, [Floor(seat=1, palace=0), Floor(seat=0, palace=0), Floor(seat=1, palace=1)]) == [
        Floor(seat=1, palace=0),
        Floor(seat=0, palace=0),
    ]


def test_a_drought_or_an_earthquake_marks_a_palace_apart_from_its_twin() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), (2, ["monk:young"]))
    s = at_persons(s)
    s.phase = "event"
    releases = [Release(seat=0, palace=p, tile="monk:young") for p in (0, 1)]
    s.tasks = [ReleaseTask(seat=0, count=2, rule_id="dragon.event.drought", per_palace=True)]
    assert distinct(s, releases) == releases[:1]
    s.tasks = [ReleaseTask(seat=0, count=1, rule_id="dragon.event.drought", per_palace=True, hit=(0,))]
    assert distinct(s, releases) == releases
    s.tasks = [ReleaseTask(seat=0, count=1, rule_id="dragon.super.earthquake", palace=1)]
    assert distinct(s, releases) == releases
    # another player's task marks none of Ana's palaces
    s.tasks = [ReleaseTask(seat=1, count=1, rule_id="dragon.super.earthquake", palace=1)]
    assert distinct(s, releases) == releases[:1]
    # entries without a palace are kept as they are
    cards = [PlayCard(seat=0, card="monk"), PlayCard(seat=0, card="wild"), PlayCard(seat=0, card="monk")]
    assert distinct(s, cards) == cards[:2]
    assert choice_key(s, cards[0]) == choice_key(s, cards[2])


def _palace_content(state: DragonState, seat: int, palace: int | None) -> tuple | None:
    if palace is None or palace >= len(state.players[seat].palaces):
        return None
    pal = state.players[seat].palaces[palace]
    return (pal.floors, tuple(sorted(pal.persons)))


def canonical(state: DragonState) -> dict:
    """The state with every player's palaces as a sorted list and the tasks' palace numbers
    replaced by what those palaces hold: equal for two states that differ in palace order only."""
    data = state.model_dump()
    for seat, player in enumerate(data["players"]):
        player["palaces"] = sorted(_palace_content(state, seat, i) for i in range(len(player["palaces"])))
    data["tasks"] = [
        (
            t.seat,
            t.count,
            t.rule_id,
            t.per_palace,
            sorted(_palace_content(state, t.seat, h) for h in t.hit),
            _palace_content(state, t.seat, t.palace),
        )
        for t in state.tasks
    ]
    return data


def _same_game_after_alike_answers(table: Table) -> int:
    """Check every pair of alike answers of the prompt; how many pairs there were."""
    state, prompt = table.state, table.prompt
    if prompt is None or prompt.auto or not prompt.choices:
        return 0
    classes: dict[tuple, list] = {}
    for choice in prompt.choices:
        classes.setdefault(choice_key(state, choice), []).append(choice)
    pairs = 0
    for alike in classes.values():
        first = canonical(GAME.apply(state, alike[0])[0])
        for other in alike[1:]:
            assert canonical(GAME.apply(state, other)[0]) == first, (alike[0], other)
            pairs += 1
    return pairs


@pytest.mark.parametrize("combo", [None, *COMBOS])
def test_answers_taken_as_one_lead_to_the_same_game(combo: tuple[bool, bool] | None) -> None:
    pairs = 0
    for seed in range(2):
        table, rng = random_table(seed) if combo is None else random_x_table(seed, *combo)
        while table.prompt is not None:
            pairs += _same_game_after_alike_answers(table)
            step_random(table, random.Random(rng.random()))
    assert pairs > 0  # the games did ask questions with alike answers
