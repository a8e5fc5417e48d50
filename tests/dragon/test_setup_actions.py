"""Setup, the first recruits, turn order with stacking, and every action."""

from __future__ import annotations

import pytest
from dragon_helpers import ROW, at_actions, fresh, play, realm, texts

from companion.core import RuleViolation, Table
from companion.games.dragon import GAME
from companion.games.dragon.entries import Act, ChooseGroup, EventRow, Floor, Pick, Place, Skip, StartPlayer


def test_setup_gives_each_player_the_starting_realm() -> None:
    s = fresh(4)
    for p in s.players:
        assert p.yuan == 6
        assert [(pal.floors, pal.persons) for pal in p.palaces] == [(2, ()), (2, ())]
        assert len(p.cards) == 11 and p.cards.count("wild") == 2
        assert p.track == 0
    assert s.supply["monk:old"] == 3


def test_expansion_options_are_accepted_and_bad_options_refused() -> None:
    from companion.core import TableError

    table = Table.new("dragon", ["A", "B"], {"great_wall": True, "super_events": True})
    assert table.options.great_wall and table.options.super_events
    with pytest.raises(TableError):
        Table.new("dragon", ["A", "B"], {"large_privilege_cost": 5})


def test_event_row_and_initial_recruitment_in_order_from_the_oldest() -> None:
    s, _fx = play(fresh(3), EventRow(months=ROW), StartPlayer(player=1))
    assert s.events[:2] == ["peace", "peace"] and s.events[2:] == list(ROW)
    assert s.order == [1, 2, 0]
    prompt = GAME.prompt(s)
    assert prompt.seat == 1 and all(c.tile.endswith(":young") for c in prompt.choices)
    s, _ = play(s, Pick(seat=1, tile="tax_collector:young"), Place(seat=1, palace=0))
    # the second tile must be of another type
    assert Pick(seat=1, tile="tax_collector:young") not in GAME.prompt(s).choices
    s, _ = play(s, Pick(seat=1, tile="scholar:young"), Place(seat=1, palace=1))
    assert s.players[1].track == 7  # tax collector 3 + scholar 4 (rulebook example)
    # Carla may not repeat Ben's pair
    s, _ = play(s, Pick(seat=2, tile="scholar:young"), Place(seat=2, palace=0))
    assert Pick(seat=2, tile="tax_collector:young") not in GAME.prompt(s).choices
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, Pick(seat=2, tile="tax_collector:young"))
    assert err.value.rule_id == "dragon.setup.recruit"


def test_stacking_last_arrival_acts_first() -> None:
    # Anna reaches 7 first, then Benno reaches 7 and lands on top: Benno acts before Anna.
    s = fresh(2)
    s.move(0, 7)
    s.move(1, 7)
    assert s.track_order() == [1, 0]
    s.move(0, 1)
    assert s.track_order() == [0, 1]


def test_order_is_fixed_at_the_start_of_the_action_phase() -> None:
    s = fresh(2)
    s.move(0, 5)
    s.move(1, 2)
    realm(s, 0, (2, ["warrior:old"]), (2, []))
    s = at_actions(s, [["parade", "taxes", "build", "harvest"], ["fireworks", "research", "privilege"]])
    assert s.order == [0, 1]
    s, _ = play(s, ChooseGroup(seat=0, group=0), Act(seat=0, card="parade"))
    assert s.players[0].track == 8
    assert GAME.prompt(s).seat == 1


def _one_action(card: str, *persons: str, size: str | None = None, yuan: int = 6, cost: int = 7):
    s = fresh(2, cost=cost)
    realm(s, 0, (3, list(persons)), (3, []), yuan=yuan)
    s.move(0, 3)
    s = at_actions(s, [["taxes", "build", "harvest", "fireworks"], ["parade", "research", "privilege"]])
    group = 0 if card in ("taxes", "build", "harvest", "fireworks") else 1
    s, fx = play(s, ChooseGroup(seat=0, group=group), Act(seat=0, card=card, size=size))
    return s, fx


def test_taxes_adds_card_and_tax_collector_coins() -> None:
    s, fx = _one_action("taxes", "tax_collector:young", "tax_collector:young")
    assert s.players[0].yuan == 6 + 2 + 3 + 3
    assert "+8\u00a0yuan (2 from the Taxes card + 6 from the tax collectors' coins)" in texts(fx)[-1]
    assert fx[-1].rule_id == "dragon.action.taxes"


def test_harvest_fireworks_research_parade() -> None:
    assert _one_action("harvest", "farmer:old")[0].players[0].rice == 3
    assert _one_action("fireworks", "pyrotechnist:old", "pyrotechnist:young")[0].players[0].fireworks == 4
    s, _ = _one_action("research", "scholar:old")
    assert s.players[0].vp == 4 and s.players[0].ledger[-1].source == "research"
    s, _ = _one_action("parade", "warrior:young")
    assert s.players[0].track == 3 + 2


def test_a_parade_says_where_the_marker_lands() -> None:
    # It once named the space the marker left when the Parade was its own entry (the copy the
    # move makes was not the player it read), and the right one when it came with a one-card group.
    s, fx = _one_action("parade", "warrior:young")
    said = next(f for f in fx if f.rule_id == "dragon.action.parade")
    assert said.msg.args["track"] == s.players[0].track == 5
    assert "Ana: 2 spaces on the person track, to 5 (" in said.msg.render("en")


def test_the_person_track_is_said_whole_where_there_is_room() -> None:
    """Issue 25: History said "person track +3", the words shortened for the action tiles. A
    person placed, the Parade and the wall bonus say the spaces whole, one space in the singular;
    the wall tile keeps its short words."""
    from companion.games.dragon.public import bonus_msg, bonus_tile_msg

    s, fx = play(fresh(3), EventRow(months=ROW), StartPlayer(player=1), Pick(seat=1, tile="court_lady:young"))
    s, fx = play(s, Place(seat=1, palace=0))
    (placed,) = [f.msg for f in fx if f.msg.key == "dragon.fx.place"]
    assert placed.render("en").endswith("; 1 space on the person track, to 1")
    assert placed.render("es").endswith("; 1 casilla en el marcador de personas, hasta 1")
    s, fx = play(s, Pick(seat=1, tile="tax_collector:young"), Place(seat=1, palace=1))
    (placed,) = [f.msg for f in fx if f.msg.key == "dragon.fx.place"]
    assert placed.render("en").endswith("; 3 spaces on the person track, to 4")
    _, fx = _one_action("parade", "warrior:young")
    said = next(f.msg for f in fx if f.msg.key == "dragon.fx.parade")
    assert said.render("es").startswith("Ana: 2 casillas en el marcador de personas, hasta 5 (")
    assert bonus_msg("track").render("en") == "3 spaces on the person track"
    assert bonus_msg("track").render("es") == "3 casillas en el marcador de personas"
    assert bonus_tile_msg("track").render("en") == "person track +3"


def test_build_places_floors_one_by_one_up_to_three() -> None:
    s, _ = _one_action("build", "craftsman:young", "craftsman:young")
    # 3 floors to build; both palaces already have 3 floors, so the first one can only start a
    # new palace: the app places it at once
    assert s.floors_left == 2
    assert s.players[0].palaces[2].floors == 1
    prompt = GAME.prompt(s)
    assert prompt.kind == "floor" and [c.palace for c in prompt.choices] == [2, 3]
    before = s.model_dump()
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, Floor(seat=0, palace=0))  # a 4th floor
    assert err.value.rule_id == "dragon.palace.max_floors"
    assert s.model_dump() == before
    s, _ = play(s, Floor(seat=0, palace=2), Floor(seat=0, palace=2))
    assert [p.floors for p in s.players[0].palaces] == [3, 3, 3]
    assert GAME.prompt(s).seat == 1


@pytest.mark.parametrize(
    ("cost", "yuan", "sizes"), [(7, 6, ["small"]), (6, 6, ["small", "large"]), (7, 7, ["small", "large"])]
)
def test_privilege_costs_by_edition(cost: int, yuan: int, sizes: list[str]) -> None:
    s = fresh(2, cost=cost)
    realm(s, 0, (2, ["monk:young"]), (2, []), yuan=yuan)
    s.move(0, 3)
    s = at_actions(s, [["taxes", "build", "harvest", "privilege"], ["parade", "research", "fireworks"]])
    s, _ = play(s, ChooseGroup(seat=0, group=0))
    offered = [c.size for c in GAME.prompt(s).choices if c.card == "privilege"]
    assert offered == sizes
    if "large" in sizes:
        s2, _ = play(s, Act(seat=0, card="privilege", size="large"))
        assert s2.players[0].yuan == yuan - cost and s2.players[0].large_privileges == 1
    else:
        with pytest.raises(RuleViolation) as err:
            GAME.apply(s, Act(seat=0, card="privilege", size="large"))
        assert err.value.rule_id == "dragon.action.privilege"
    s3, _ = play(s, Act(seat=0, card="privilege", size="small"))
    assert s3.players[0].yuan == yuan - 2 and s3.players[0].small_privileges == 1


def test_occupied_group_costs_three_and_cannot_be_chosen_without_money() -> None:
    s = fresh(3)
    s.move(0, 9)
    s.move(1, 5)
    realm(s, 1, (2, ["monk:young"]), (2, []), yuan=2)
    realm(s, 2, (2, ["monk:young"]), (2, []), yuan=4)
    s = at_actions(s, [["taxes", "build", "harvest"], ["parade", "research"], ["fireworks", "privilege"]])
    s, _ = play(s, ChooseGroup(seat=0, group=0), Act(seat=0, card="taxes"))
    assert ChooseGroup(seat=1, group=0) not in GAME.prompt(s).choices
    before = s.model_dump()
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, ChooseGroup(seat=1, group=0))
    assert err.value.rule_id == "dragon.action.occupied"
    assert s.model_dump() == before
    s, _ = play(s, ChooseGroup(seat=1, group=1), Act(seat=1, card="research"))
    s, fx = play(s, ChooseGroup(seat=2, group=0))
    assert s.players[2].yuan == 1 and fx[0].rule_id == "dragon.action.occupied"
    assert GAME.describe(fresh(3), Skip(seat=0)).render("en") == "Skip (you already hold 3\u00a0yuan or more)"


def test_skip_tops_yuan_up_to_three() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), (2, []), yuan=1)
    s.move(0, 3)
    s = at_actions(s, [["taxes", "build", "harvest", "fireworks"], ["parade", "research", "privilege"]])
    assert GAME.describe(s, Skip(seat=0)).render("en") == "Skip: +2\u00a0yuan (up to 3)"
    s, _fx = play(s, Skip(seat=0))
    assert s.players[0].yuan == 3 and s.dragons == [[], []]
    s.players[1].yuan = 5
    s, _ = play(s, Skip(seat=1))
    assert s.players[1].yuan == 5


def test_labels_show_the_consequence() -> None:
    s = fresh(3)
    realm(s, 0, (2, ["tax_collector:young"]), (2, []))
    s.move(0, 4)
    s = at_actions(s, [["taxes", "build", "harvest"], ["parade", "research"], ["fireworks", "privilege"]])
    assert GAME.describe(s, Act(seat=0, card="taxes")).render("en") == "Taxes: +5\u00a0yuan"
    s.dragons[1].append(2)
    assert GAME.describe(s, ChooseGroup(seat=0, group=1)).render("en").startswith("Group 2 (pay 3\u00a0yuan)")
    assert GAME.describe(s, Act(seat=0, card="taxes")).render("es") == "Impuestos: +5\u00a0yuanes"
