"""Rules points from the independent checks: what each prompt and effect cites, and deals in any order."""

from __future__ import annotations

import random

import pytest
from dragon_helpers import NAMES, ROW, at_persons, fresh, play, realm, run_event

from companion.core import RuleViolation, Table
from companion.core.rulebook import rule
from companion.games.dragon import GAME
from companion.games.dragon.calc import dragon_final
from companion.games.dragon.entries import EventRow, Groups, Pick, PlayCard


def _at_groups(n: int, wall: bool) -> Table:
    table = Table.new("dragon", NAMES[:n], {"great_wall": wall})
    table.submit(EventRow(months=ROW))
    rng = random.Random(n)
    while table.prompt.kind != "groups":
        table.submit(rng.choice(table.prompt.choices))
    return table


@pytest.mark.parametrize(("wall", "rule_id"), [(True, "dragon.wall.groups"), (False, "dragon.action.groups")])
def test_the_groups_prompt_and_effect_cite_the_deal_of_the_game_played(wall: bool, rule_id: str) -> None:
    table = _at_groups(3, wall)
    assert table.prompt.rule_ids == (rule_id,)
    with pytest.raises(RuleViolation) as err:
        table.submit(Groups(groups=(("taxes",), ("build",), ("harvest",))))
    assert err.value.rule_id == rule_id
    fx = table.auto(random.Random(1))
    assert fx[0].rule_id == rule_id


@pytest.mark.parametrize("wall", [False, True])
def test_a_five_player_deal_is_accepted_in_the_order_it_lies_on_the_table(wall: bool) -> None:
    table = _at_groups(5, wall)
    if wall:  # 2+2+2+1+1 laid out as 1+2+2+1+1... with the eighth card
        groups = (
            ("taxes",),
            ("build", "harvest"),
            ("fireworks", "parade"),
            ("research",),
            ("privilege", "wall"),
        )
    else:  # 2+2+1+1+1 typed as 1+2+2+1+1
        groups = (("taxes",), ("build", "harvest"), ("fireworks", "parade"), ("research",), ("privilege",))
    table.submit(Groups(groups=groups))
    assert table.state.groups == list(groups)
    # Sizes that are no permutation of the split are still refused.
    table.undo()
    bad = (("taxes", "build", "harvest"), ("fireworks",), ("parade",), ("research",), ("privilege",))
    if not wall:
        with pytest.raises(RuleViolation) as err:
            table.submit(Groups(groups=bad))
        assert err.value.rule_id == "dragon.action.groups"


def test_placing_with_every_palace_full_cites_the_full_palaces_decision() -> None:
    s = at_persons(fresh(2))
    realm(s, 0, (1, ["monk:young"]), (1, ["farmer:old"]))
    realm(s, 1, (2, []))
    s, _ = play(s, PlayCard(seat=0, card="healer"), Pick(seat=0, tile="healer:young"))
    prompt = GAME.prompt(s)
    assert prompt.kind == "person_place"
    assert prompt.rule_ids == ("dragon.palace.capacity", "dragon.decision.full_palaces")


def test_a_place_with_room_cites_only_the_capacity() -> None:
    s = at_persons(fresh(2))
    realm(s, 0, (2, ["monk:young"]), (2, ["farmer:old"]))
    s, _ = play(s, PlayCard(seat=0, card="healer"), Pick(seat=0, tile="healer:young"))
    assert GAME.prompt(s).kind == "person_place"
    assert GAME.prompt(s).rule_ids == ("dragon.palace.capacity",)


def test_the_drought_release_prompt_cites_the_drought() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young", "farmer:old"]), (2, ["scholar:young"]), (1, ["healer:old"]), rice=1)
    realm(s, 1, (2, ["monk:young"]), rice=3)
    s, _ = run_event(s, "drought")
    assert GAME.prompt(s).rule_ids == ("dragon.event.release_order", "dragon.event.drought")


def test_the_calculators_points_so_far_cite_the_track_rule_in_both_languages() -> None:
    result = dragon_final({"players": [{"name": "Ana", "vp": 30}]})
    line = result["players"][0]["breakdown"][0]
    assert line["rule_id"] == "dragon.scoring.track"
    for lang in ("en", "es"):
        assert rule("dragon.scoring.track", lang) is not None
    assert "research" in rule("dragon.scoring.track", "en").text


def test_the_auto_rule_no_longer_says_an_only_affordable_group_is_taken() -> None:
    en, es = rule("dragon.auto", "en").text, rule("dragon.auto", "es").text
    assert "a group that is the only one affordable" not in en and "always asked" in en
    assert "el único grupo asequible," not in es and "siempre se pregunta" in es
