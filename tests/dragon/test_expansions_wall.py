"""The Great Wall: the eighth card and its groups, the wall tiles and their bonuses, the wall check."""

from __future__ import annotations

import random

import pytest
from dragon_expansion_helpers import fresh_x, rule_ids
from dragon_helpers import ROW, at_actions, play, realm, run_event, texts

from companion.core import RuleViolation, Table
from companion.core.codes import entry_code, entry_from_code
from companion.games.dragon import GAME
from companion.games.dragon.codes import deal
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import Act, ChooseGroup, EventRow, Floor, Groups, Release


def test_wall_data_matches_the_reference() -> None:
    assert RULES.wall_bonus == {"track": 3, "rice": 1, "palace": 1, "yuan": 2, "fireworks": 1, "vp": 3}
    assert RULES.wall.max_sections == 12
    sizes = {n: RULES.group_sizes(n, True) for n in range(2, 6)}
    assert sizes == {2: [4, 4], 3: [3, 3, 2], 4: [2, 2, 2, 2], 5: [2, 2, 2, 1, 1]}
    assert RULES.deck(True) == (*RULES.deck(False), "wall")


def test_each_player_starts_with_six_wall_tiles_only_with_the_wall() -> None:
    assert all(p.wall_tiles == list(RULES.wall_bonus) for p in fresh_x(4).players)
    assert all(p.wall_tiles == [] for p in fresh_x(4, wall=False).players)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_app_deals_eight_cards_in_the_wall_group_sizes(n: int) -> None:
    table = Table.new("dragon", ["A", "B", "C", "D", "E"][:n], {"great_wall": True})
    table.submit(EventRow(months=ROW))
    rng = random.Random(n)
    while table.prompt.kind != "groups":
        table.submit(rng.choice(table.prompt.choices))
    groups = deal(table.state, rng)
    assert [len(g) for g in groups.groups] == RULES.group_sizes(n, True)
    assert sorted(c for g in groups.groups for c in g) == sorted(RULES.deck(True))
    code = entry_code(GAME, table.state, groups)
    assert code[1] == 40320 and entry_from_code(GAME, table.state, code[0]) == groups
    # the seven base cards alone are refused, with the rule of the groups
    base = Groups(groups=(("taxes", "build", "harvest", "fireworks"), ("parade", "research", "privilege")))
    if n == 2:
        with pytest.raises(RuleViolation) as err:
            table.submit(base)
        assert err.value.rule_id == "dragon.wall.groups"
    table.submit(groups)
    assert "wall" in {c for g in table.state.groups for c in g}


def test_build_the_wall_offers_each_tile_left_and_lays_sections_in_order() -> None:
    s = at_actions(fresh_x(2), [["wall", "taxes"], ["build"]])
    seat = s.current
    s, _ = play(s, ChooseGroup(seat=seat, group=0))
    offered = [c for c in GAME.prompt(s).choices if c.card == "wall"]
    assert [c.bonus for c in offered] == list(RULES.wall_bonus)
    assert GAME.describe(s, offered[3]).render("en") == "Build the Wall (section 1): +2\u00a0yuan"
    s, fx = play(s, offered[3])
    assert s.wall == [(seat, "yuan")] and s.players[seat].yuan == 8
    assert "yuan" not in s.players[seat].wall_tiles and fx[0].rule_id == "dragon.wall.bonus"
    assert texts(fx)[0] == "Ana builds wall section 1: +2\u00a0yuan"


@pytest.mark.parametrize(
    ("bonus", "check"),
    [
        ("rice", lambda p: p.rice == 1),
        ("fireworks", lambda p: p.fireworks == 1),
        ("vp", lambda p: p.vp == 3),
        ("track", lambda p: p.track == 3),
    ],
)
def test_each_simple_bonus(bonus: str, check) -> None:
    s = at_actions(fresh_x(2), [["wall"], ["build"]])
    seat = s.current
    s, _ = play(s, ChooseGroup(seat=seat, group=0), Act(seat=seat, card="wall", bonus=bonus))
    assert check(s.players[seat])


def test_track_bonus_stacks_on_top_of_a_marker_already_there() -> None:
    s = fresh_x(2)
    s.move(1, 3)
    s = at_actions(s, [["wall"], ["build"]])
    assert s.current == 1
    s, _ = play(s, ChooseGroup(seat=1, group=1))  # its only action, Build, is taken at once
    s, _ = play(s, Floor(seat=1, palace=0))
    s, _ = play(s, ChooseGroup(seat=0, group=0), Act(seat=0, card="wall", bonus="track"))
    assert s.players[0].track == s.players[1].track == 3
    assert s.track_order() == [0, 1]  # the later arrival sits on top and goes first


def test_palace_bonus_builds_one_floor_at_once_like_build() -> None:
    s = at_actions(fresh_x(2), [["wall"], ["build"]])
    seat = s.current
    s, _ = play(s, ChooseGroup(seat=seat, group=0), Act(seat=seat, card="wall", bonus="palace"))
    prompt = GAME.prompt(s)
    assert prompt.kind == "floor" and prompt.seat == seat
    s, _ = play(s, Floor(seat=seat, palace=2))
    assert [p.floors for p in s.players[seat].palaces] == [2, 2, 1]
    assert GAME.prompt(s).seat != seat  # the turn passed after the single floor


def test_no_tiles_left_or_a_full_wall_means_no_wall_action() -> None:
    s = fresh_x(2)
    s.players[0].wall_tiles = []
    s = at_actions(s, [["wall"], ["taxes"]])
    s.order = [0, 1]
    assert ChooseGroup(seat=0, group=0) not in GAME.prompt(s).choices
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, ChooseGroup(seat=0, group=0))
    assert err.value.rule_id == "dragon.wall.build" and err.value.msg.key == "dragon.err.wall_no_tiles"
    full = fresh_x(2)
    full.wall = [(i % 2, "vp") for i in range(12)]
    full = at_actions(full, [["wall", "taxes", "harvest"], ["build"]])
    full.order = [0, 1]
    full, _ = play(full, ChooseGroup(seat=0, group=0))
    assert [c.card for c in GAME.prompt(full).choices] == ["taxes", "harvest"]
    with pytest.raises(RuleViolation) as err:
        GAME.apply(full, Act(seat=0, card="wall", bonus="vp"))
    assert err.value.rule_id == "dragon.wall.build" and err.value.msg.key == "dragon.err.wall_full"


def test_a_used_tile_and_a_missing_bonus_are_refused() -> None:
    s = fresh_x(2)
    s.players[0].wall_tiles = ["vp", "rice"]
    s = at_actions(s, [["wall", "taxes"], ["build"]])
    s.order = [0, 1]
    s, _ = play(s, ChooseGroup(seat=0, group=0))
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, Act(seat=0, card="wall", bonus="yuan"))
    assert err.value.rule_id == "dragon.wall.tiles"
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, Act(seat=0, card="wall"))
    assert err.value.rule_id == "dragon.wall.build"
    with pytest.raises(RuleViolation):
        GAME.apply(s, Act(seat=0, card="taxes", bonus="vp"))


# ---- the wall check -------------------------------------------------------------------------


def _three_with_persons():
    s = fresh_x(3, super_events=False)
    realm(s, 0, (2, ["monk:young", "warrior:young"]), (2, ["healer:young"]))
    realm(s, 1, (2, ["scholar:young", "warrior:young"]))
    realm(s, 2, (3, ["craftsman:young", "craftsman:young", "craftsman:young"]))
    return s  # Carla has no helmet: the Mongols take one of her (identical) craftsmen


def test_a_long_enough_wall_scores_one_vp_per_own_section_after_the_mongols() -> None:
    s = _three_with_persons()
    s.wall = [(0, "vp"), (0, "rice"), (1, "yuan"), (0, "track"), (2, "rice")]
    s, fx = run_event(s, "mongol", month=5)
    wall = [i for i in s.players[0].ledger if i.source == "wall"]
    assert wall[0].points == 3 and wall[0].month == 5
    assert [i.points for i in s.players[1].ledger if i.source == "wall"] == [1]
    assert "dragon.wall.check" in rule_ids(fx)
    # the check comes after the Mongols' losses and before decay
    ids = rule_ids(fx)
    assert (
        ids.index("dragon.event.mongol") < ids.index("dragon.wall.check") < ids.index("dragon.scoring.round")
    )


def test_a_short_wall_costs_the_fewest_builders_a_person_each_in_track_order() -> None:
    s = _three_with_persons()
    s.wall = [(0, "vp"), (1, "rice")]
    s, fx = run_event(s, "mongol", month=5)
    short = next(e for e in fx if e.msg.key == "dragon.fx.wall_short")
    assert short.msg.args["players"] == ["Carla"] and short.msg.args["fewest"] == 0
    assert s.players[2].released == ["craftsman:young"] * 2  # one to the Mongols, one to the wall
    assert not any(i.source == "wall" for p in s.players for i in p.ledger)
    # with two players tied on fewest, both release, in person-track order
    t = _three_with_persons()
    t.wall = [(0, "vp"), (0, "rice"), (0, "yuan")]
    t.move(2, 4)
    t.move(1, 4)  # Ben lands on Carla: on top, so first
    t, fx = run_event(t, "mongol", month=5)
    short = next(e for e in fx if e.msg.key == "dragon.fx.wall_short")
    assert short.msg.args["players"] == ["Ben", "Carla"]
    assert GAME.prompt(t).seat == 1 and GAME.prompt(t).kind == "release"


def test_wall_check_release_is_a_prompt_when_there_is_a_choice() -> None:
    s = fresh_x(2, super_events=False)
    realm(s, 0, (2, ["monk:young", "farmer:old"]))
    realm(s, 1, (2, ["warrior:young"]))
    s.wall = [(1, "vp")]
    s, _ = run_event(s, "peace", month=12)  # the end-of-year check only
    prompt = GAME.prompt(s)
    assert prompt.kind == "release" and prompt.seat == 0
    assert "the Great Wall" in prompt.msg.render("en")
    assert {c.tile for c in prompt.choices} == {"monk:young", "farmer:old"}
    s, _fx = play(s, Release(seat=0, palace=0, tile="farmer:old"))
    assert s.final and s.players[0].released == ["farmer:old"]


def test_month_12_mongol_invasion_runs_the_wall_check_twice() -> None:
    s = fresh_x(2, super_events=False)
    realm(s, 0, (2, ["warrior:young"]))
    realm(s, 1, (2, ["warrior:young"]))
    s.wall = [(0, "vp")] * 6 + [(1, "vp")] * 6
    s, fx = run_event(s, "mongol", month=12)
    assert rule_ids(fx).count("dragon.wall.check") == 2 + 2 * 2  # two headers, two players scoring twice
    assert [i.points for i in s.players[0].ledger if i.source == "wall"] == [6, 6]
    assert s.final


def test_month_12_without_mongols_checks_once_and_other_events_never() -> None:
    s = fresh_x(2, super_events=False)
    realm(s, 0, (2, ["warrior:young"]))
    realm(s, 1, (2, ["warrior:young"]))
    s.wall = [(0, "vp")] * 12
    end, fx = run_event(s, "peace", month=12)
    assert [i.points for i in end.players[0].ledger if i.source == "wall"] == [12]
    _mid, fx = run_event(s, "festival", month=8)
    assert "dragon.wall.check" not in rule_ids(fx)


def test_without_the_wall_no_check_ever_runs() -> None:
    s = fresh_x(2, wall=False, super_events=False)
    realm(s, 0, (2, ["warrior:young"]))
    realm(s, 1, (2, ["warrior:young"]))
    s, fx = run_event(s, "mongol", month=12)
    assert "dragon.wall.check" not in rule_ids(fx)
