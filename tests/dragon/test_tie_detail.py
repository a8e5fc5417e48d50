"""A tie on the best VP says how the person track decided it, with each tied player's place."""

from __future__ import annotations

from dragon_helpers import fresh

from companion.games.dragon import GAME
from companion.games.dragon.calc import dragon_final, final_tie, render_dragon_final
from companion.games.dragon.state import DragonState, score_item


def final_board(vp: list[int], track: list[int], arrival: list[int] | None = None, final: bool = True):
    """The scoreboard of a finished game with these VP, person-track spaces and arrivals."""
    state: DragonState = fresh(len(vp))
    for seat, p in enumerate(state.players):
        p.ledger = [score_item(13, "persons", vp[seat], 1)]
        p.track = track[seat]
        p.arrival = (arrival or [0] * len(vp))[seat]
    state.final = final
    return GAME.score(state)


def test_a_three_way_tie_names_each_place_on_the_person_track() -> None:
    # Ana, Ben and Dan on 31; on the track: Carla 1st, Dan 2nd, Eva 3rd, Ana 4th, Ben 5th.
    board = final_board([31, 31, 20, 31, 10], [4, 3, 8, 6, 5])
    assert board.ranking[:3] == ["Dan", "Ana", "Ben"]
    assert board.tie_detail is not None
    assert board.tie_detail.render("en") == (
        "Dan wins the tie: 2nd on the person track, ahead of Ana (4th) and Ben (5th)."
    )
    assert board.tie_detail.render("es") == (
        "Dan gana el desempate: 2.º en el marcador de personas, por delante de Ana (4.º) y Ben (5.º)."
    )


def test_on_one_space_the_marker_higher_in_the_stack_wins_and_its_place_says_so() -> None:
    # Ana and Ben both on space 5; Ben arrived later, so his marker sits on top.
    board = final_board([12, 12, 3], [5, 5, 1], arrival=[1, 2, 0])
    assert board.ranking[0] == "Ben" and board.shared == []
    assert board.tie_detail is not None
    assert board.tie_detail.render("en") == "Ben wins the tie: 1st on the person track, ahead of Ana (2nd)."


def test_no_tie_on_the_best_total_no_detail() -> None:
    # Carla and Eva tie for 2nd (the rule still orders them); the winner's total was his alone.
    assert final_board([31, 20, 20], [1, 2, 3]).tie_detail is None
    assert final_board([31, 31, 20], [1, 2, 3], final=False).tie_detail is None  # a running game


def test_the_final_calculator_says_the_same_line_with_places_from_the_typed_track() -> None:
    def player(name: str, vp: int, track: int) -> dict:
        return {"name": name, "vp": vp, "track": track}

    # Carla furthest ahead, then Dan; Ana and Ben on one space: Ana, listed first, sits higher.
    players = [player("Ana", 31, 4), player("Ben", 31, 4), player("Carla", 20, 8), player("Dan", 31, 6)]
    result = dragon_final({"players": players})
    tie = final_tie(result)
    assert tie is not None
    assert tie.render("en") == "Dan wins the tie: 2nd on the person track, ahead of Ana (3rd) and Ben (4th)."
    assert tie.render("es") in render_dragon_final(result, "es")
    assert final_tie(dragon_final({"players": [player("Ana", 31, 4), player("Ben", 30, 9)]})) is None


def test_a_tie_below_the_best_vp_says_the_track_places_that_ordered_it() -> None:
    board = final_board([40, 31, 31, 20], [3, 5, 2, 9])  # Dan 1st on the track, Ben 2nd, Ana 3rd, Carla 4th
    assert board.ranking == ["Ana", "Ben", "Carla", "Dan"] and board.tie_detail is None
    lower = board.tie_lower
    assert [said.render("en") for said in lower] == [
        "Tie for 2nd place on 31\u00a0VP: Ben goes ahead on the tie-break, 2nd on the person track,"
        " against Carla (4th)."
    ]
    assert [said.render("es") for said in lower] == [
        "Empate por el 2.º puesto con 31\u00a0PV: Ben queda por delante en el desempate,"
        " 2.º en el marcador de personas, frente a Carla (4.º)."
    ]
