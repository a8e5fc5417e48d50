"""The person phase edge cases, every event with its prompts, decay and round scoring."""

from __future__ import annotations

import pytest
from dragon_helpers import at_persons, fresh, play, realm, run_event, texts

from companion.core import RuleViolation
from companion.games.dragon import GAME
from companion.games.dragon.entries import Pick, Place, PlayCard, Release
from companion.games.dragon.events import festival_awards


def _persons_for(seat_cards: list[str], *palaces, supply: dict[str, int] | None = None):
    s = fresh(2)
    realm(s, 0, *palaces)
    realm(s, 1, (2, ["monk:young"]))
    s.players[0].cards = seat_cards
    s.move(0, 5)
    if supply is not None:
        s.supply = {t: supply.get(t, 0) for t in s.supply}
    return at_persons(s)


def test_type_card_takes_young_or_old_and_marker_moves_by_tile_value() -> None:
    s = _persons_for(["monk", "farmer"], (2, ["farmer:young"]), (2, []))
    assert {c.card for c in GAME.prompt(s).choices} == {"monk", "farmer"}
    s, _ = play(s, PlayCard(seat=0, card="monk"))
    assert [c.tile for c in GAME.prompt(s).choices] == ["monk:young", "monk:old"]
    s, _ = play(s, Pick(seat=0, tile="monk:old"), Place(seat=0, palace=1))
    assert s.players[0].track == 5 + 2 and s.players[0].cards == ["farmer"]


def test_wildcard_takes_any_tile_left() -> None:
    s = _persons_for(["wild", "monk"], (2, []), (2, []), supply={"warrior:old": 1, "craftsman:young": 2})
    s, _ = play(s, PlayCard(seat=0, card="wild"))
    assert [c.tile for c in GAME.prompt(s).choices] == ["craftsman:young", "warrior:old"]


def test_exhausted_tiles_card_yields_nothing_but_is_discarded() -> None:
    s = _persons_for(["monk", "farmer"], (2, []), (2, []), supply={"farmer:young": 1})
    assert (
        GAME.describe(s, PlayCard(seat=0, card="monk")).render("en").endswith("(no tile left: nobody comes)")
    )
    s, fx = play(s, PlayCard(seat=0, card="monk"))
    assert s.players[0].cards == ["farmer"] and s.players[0].track == 5
    assert any(e.rule_id == "dragon.person.tile_gone" for e in fx)
    assert GAME.prompt(s).seat == 1


def test_no_playable_card_discards_one_and_recruits_nobody() -> None:
    s = _persons_for(["monk", "healer"], (2, []), (2, []), supply={"farmer:young": 1})
    choices = GAME.prompt(s).choices
    assert [c.card for c in choices] == ["monk", "healer"]
    s, _fx = play(s, choices[1])
    assert s.players[0].cards == ["monk"] and not s.players[0].persons()


def test_full_palaces_displace_or_release_the_newcomer() -> None:
    s = _persons_for(["scholar", "monk"], (1, ["farmer:old"]), (1, ["healer:young"]))
    s, _ = play(s, PlayCard(seat=0, card="scholar"), Pick(seat=0, tile="scholar:young"))
    choices = GAME.prompt(s).choices
    assert Place(seat=0, palace=None) in choices
    assert Place(seat=0, palace=0, displace="farmer:old") in choices
    # displace: the old person leaves, the newcomer moves in and the marker moves
    a, fx = play(s, Place(seat=0, palace=0, displace="farmer:old"))
    assert a.players[0].palaces[0].persons == ("scholar:young",)
    assert a.players[0].released == ["farmer:old"] and a.players[0].track == 9
    assert fx[0].rule_id == "dragon.decision.full_palaces"
    # release the newcomer: the marker does not move
    b, fx = play(s, Place(seat=0, palace=None))
    assert b.players[0].released == ["scholar:young"] and b.players[0].track == 5
    assert "Ana does not move on the person track" in texts(fx)[0]


def test_must_place_while_there_is_room() -> None:
    s = _persons_for(["scholar", "monk"], (1, ["farmer:old"]), (2, ["healer:young"]))
    s, _ = play(s, PlayCard(seat=0, card="scholar"))
    s, _ = play(s, Pick(seat=0, tile="scholar:old"))
    # a single palace with room: placed at once
    assert s.players[0].palaces[1].persons == ("healer:young", "scholar:old")


def test_must_place_refusal() -> None:
    s = _persons_for(["scholar", "monk"], (2, ["farmer:old"]), (2, ["healer:young"]))
    s, _ = play(s, PlayCard(seat=0, card="scholar"), Pick(seat=0, tile="scholar:old"))
    for bad in (Place(seat=0, palace=None), Place(seat=0, palace=0, displace="farmer:old")):
        with pytest.raises(RuleViolation) as err:
            GAME.apply(s, bad)
        assert err.value.rule_id == "dragon.decision.full_palaces"


def test_tribute_pays_and_prompts_releases_in_track_order() -> None:
    s = fresh(3)
    realm(s, 0, (2, ["monk:young", "farmer:old"]), (2, ["scholar:young"]), yuan=2)
    realm(s, 1, (2, ["monk:young"]), yuan=9)
    realm(s, 2, (2, ["healer:young", "healer:young"]), yuan=3)
    s.move(2, 8)
    s.move(0, 5)
    s, _fx = run_event(s, "tribute")
    assert [p.yuan for p in s.players] == [0, 5, 0]
    # Carla (ahead) owes one, but her two persons are identical: released at once
    assert s.players[2].released == ["healer:young"]
    prompt = GAME.prompt(s)
    assert prompt.seat == 0 and len(prompt.choices) == 3
    assert GAME.describe(s, prompt.choices[0]).render("en") == "Release Ana's young monk (palace 1)"
    s, _ = play(s, Release(seat=0, palace=0, tile="farmer:old"))
    s, _ = play(s, Release(seat=0, palace=1, tile="scholar:young"))
    assert s.players[0].persons() == ["monk:young"] and s.month == 6


def test_drought_player_chooses_unsupplied_palaces() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young", "farmer:old"]), (2, ["scholar:young"]), (1, ["healer:old"]), rice=1)
    realm(s, 1, (2, ["monk:young"]), rice=3)
    s, _fx = run_event(s, "drought")
    assert s.players[0].rice == 0 and s.players[1].rice == 2
    prompt = GAME.prompt(s)
    assert prompt.kind == "release" and len(prompt.choices) == 4
    s, _ = play(s, Release(seat=0, palace=1, tile="scholar:young"))
    with pytest.raises(RuleViolation) as err:
        GAME.apply(s, Release(seat=0, palace=1, tile="scholar:young"))
    assert err.value.rule_id == "dragon.event.drought"
    assert [c.palace for c in GAME.prompt(s).choices] == [0, 0, 2]
    s, _ = play(s, Release(seat=0, palace=0, tile="farmer:old"))
    assert s.players[0].persons() == ["monk:young", "healer:old"]


def test_drought_without_rice_releases_from_each_palace() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), (2, ["scholar:young", "scholar:young"]))
    realm(s, 1, (2, []))
    s, _fx = run_event(s, "drought")
    assert s.players[0].persons() == ["scholar:young"]
    assert s.month == 6


def test_drought_says_a_player_with_nobody_in_a_palace_pays_nothing() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), rice=2)
    realm(s, 1, (2, []), rice=2)
    s, fx = run_event(s, "drought")
    said = [e.msg.render("en") for e in fx if e.rule_id == "dragon.event.drought"]
    assert "Ana pays 1 rice, one for each inhabited palace" in said
    assert "Ben has nobody in a palace, so the drought costs nothing" in said
    assert not any("pays 0 rice" in line for line in said)
    assert s.players[1].rice == 2


@pytest.mark.parametrize(
    ("fireworks", "vp", "returned"),
    [
        ([3, 3, 2, 1], [6, 6, 3, 0], [2, 2, 1, 0]),
        ([0, 0, 0], [0, 0, 0], [0, 0, 0]),
        ([4, 0], [6, 0], [2, 0]),
        ([5, 5], [6, 6], [3, 3]),
    ],
)
def test_dragon_festival(fireworks: list[int], vp: list[int], returned: list[int]) -> None:
    assert festival_awards(fireworks) == list(zip(vp, returned, strict=True))


def test_dragon_festival_in_play() -> None:
    s = fresh(4)
    for seat, fw in enumerate([3, 3, 2, 1]):
        realm(s, seat, (2, ["monk:young"]), fireworks=fw)
    s, _fx = run_event(s, "festival")
    assert [p.fireworks for p in s.players] == [1, 1, 1, 1]
    assert [sum(i.points for i in p.ledger if i.source == "festival") for p in s.players] == [6, 6, 3, 0]


def test_mongol_invasion_scores_helmets_and_the_weakest_release() -> None:
    s = fresh(3)
    realm(s, 0, (2, ["warrior:old", "monk:young"]))
    realm(s, 1, (2, ["monk:young"]), (2, ["farmer:old"]))
    realm(s, 2, (2, ["healer:young"]))
    s, _fx = run_event(s, "mongol")
    assert s.players[0].vp == 2  # 2 helmets; round scoring waits for the releases
    assert GAME.prompt(s).seat == 1
    s, _ = play(s, Release(seat=1, palace=1, tile="farmer:old"))
    assert s.players[0].vp == 2 + 1 and s.month == 6
    assert s.players[2].persons() == []  # only one person: released automatically
    assert s.players[0].persons() == ["warrior:old", "monk:young"]


def test_mongol_invasion_all_tied_all_release() -> None:
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]))
    realm(s, 1, (2, ["farmer:old"]))
    s, _ = run_event(s, "mongol")
    assert s.players[0].persons() == [] and s.players[1].persons() == []


def test_contagion_minus_mortars_and_nobody_left() -> None:
    s = fresh(3)
    realm(s, 0, (3, ["healer:old", "monk:young", "monk:old"]))
    realm(s, 1, (2, ["healer:young", "farmer:old"]), (2, ["scholar:old", "monk:old"]))
    realm(s, 2, (2, ["farmer:young"]))
    s.move(1, 4)
    s, fx = run_event(s, "contagion")
    assert "3 minus 2 for the healers' mortars" in " ".join(texts(fx))
    prompt = GAME.prompt(s)
    assert prompt.seat == 1  # Ben is ahead: he releases first (2 persons)
    s, _ = play(s, Release(seat=1, palace=0, tile="farmer:old"), Release(seat=1, palace=1, tile="monk:old"))
    s, _ = play(s, Release(seat=0, palace=0, tile="monk:old"))
    assert s.players[0].persons() == ["healer:old", "monk:young"]
    assert s.players[2].persons() == []  # last in order: 3 to release, 1 person, all leave


def test_decay_and_round_scoring() -> None:
    s = fresh(2)
    realm(
        s,
        0,
        (3, ["court_lady:young", "court_lady:young"]),
        (2, []),
        (1, []),
        small_privileges=1,
        large_privileges=1,
    )
    s, fx = run_event(s, "peace")
    p = s.players[0]
    assert [pal.floors for pal in p.palaces] == [3, 1]
    # 2 palaces + 2 court ladies + 1 + 2 privilege dragons
    assert p.vp == 2 + 2 + 3
    assert s.by_round == [[7, 2]]
    assert any("disappears" in t for t in texts(fx))
    board = GAME.score(s)
    assert board.by_round == [[7], [2]]
    assert {line.rule_id for line in board.rows[0].breakdown} == {"dragon.scoring.round"}


def test_month_twelve_has_no_person_phase_and_ends_with_final_scoring() -> None:
    from dragon_helpers import at_actions

    from companion.games.dragon.entries import Skip

    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), (3, ["monk:old"]), yuan=4, rice=1, fireworks=2)
    realm(s, 1, (2, ["farmer:old"]), yuan=0)
    s.move(0, 4)
    s = at_actions(
        s, [["taxes", "build", "harvest", "fireworks"], ["parade", "research", "privilege"]], month=12
    )
    s, fx = play(s, Skip(seat=0), Skip(seat=1))
    assert s.phase == "over" and s.final and GAME.prompt(s) is None
    assert any(e.rule_id == "dragon.person.last_month" for e in fx)
    board = GAME.score(s)
    assert board.final and board.ranking[0] == "Ana"
    lines = {
        line.rule_id: line.points
        for line in board.rows[0].breakdown
        if line.rule_id.startswith("dragon.final")
    }
    # 2 persons = 4; monks 1x2 + 2x3 = 8; 4 yuan (skip adds none) + 2 + 4 = 10 -> 3
    assert lines == {"dragon.final.persons": 4, "dragon.final.monks": 8, "dragon.final.leftovers": 3}
    # History's line reads as speech, a count with its noun (walk4, shot 024: "persons 2 = 4 VP")
    final = {e.seat: e.msg for e in fx if e.msg.key == "dragon.fx.final"}
    assert final[0].render("en") == (
        "Ana: +15\xa0VP: 4 for 2 persons + 8 for monks + 3 for 10\xa0yuan after selling"
    )
    assert final[0].render("es") == (
        "Ana: +15\xa0PV: 4 por 2 personas + 8 por monjes + 3 por 10\xa0yuanes tras vender"
    )
    assert (
        final[1].render("es")
        == "Ben: +3\xa0PV: 2 por 1 persona + 0 por monjes + 1 por 3\xa0yuanes tras vender"
    )


def test_the_festival_line_says_what_the_fireworks_figures_count() -> None:
    """ "Ana: +6 VP for fireworks (2), gives back 1": 1 what? (the review and History at 412 px).
    The line says the fireworks held and those handed back, in both languages."""
    s = fresh(2)
    realm(s, 0, (2, ["monk:young"]), fireworks=3)
    realm(s, 1, (2, ["monk:young"]), fireworks=1)
    _s, fx = run_event(s, "festival")
    said = [e.msg for e in fx if e.msg.key == "dragon.fx.festival"]
    assert [(m.args["fireworks"], m.args["returned"]) for m in said] == [(3, 2), (1, 1)]
    assert said[0].render("en").endswith("+6\xa0VP for fireworks (3 held, 2 handed back)")
    assert said[0].render("es").endswith("+6\xa0PV por sus fuegos artificiales (tiene 3 y devuelve 2)")
