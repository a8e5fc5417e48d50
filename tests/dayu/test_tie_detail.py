"""A tie on the most points says how the flood cards decided it, with each tied player's count;
equal counts too make a shared victory, said with the figure."""

from __future__ import annotations

from dayu_helpers import new_table

from companion.games.dayu import GAME
from companion.games.dayu.calc import dayu_final, render_dayu_final
from companion.games.dayu.state import DayuState, FloodCard, VPCard


def finished(vp: list[int], floods: list[int], phase: str = "over") -> DayuState:
    """A state where each seat holds one red VP card of ``vp`` and ``floods`` 0-point flood cards."""
    state = new_table(len(vp)).state.model_copy(deep=True)
    for p, points, n in zip(state.players, vp, floods, strict=True):
        p.vp_cards = [VPCard(frame="red", vp=points)]
        p.flood = [FloodCard(kind="points", points=0)] * n
    state.phase = phase
    return state


def test_the_tied_player_with_more_flood_cards_wins_and_the_line_gives_each_count() -> None:
    board = GAME.score(finished([6, 6, 6], [1, 3, 2]))
    assert board.ranking == ["P1", "P2", "P0"]
    assert board.tie_detail is not None
    assert board.tie_detail.render("en") == "P1 wins the tie: 3 flood cards, ahead of P2 (2) and P0 (1)."
    assert board.tie_detail.render("es") == (
        "P1 gana el desempate: 3 cartas de inundación, por delante de P2 (2) y P0 (1)."
    )


def test_equal_flood_cards_too_is_a_shared_victory_said_with_the_figure() -> None:
    board = GAME.score(finished([6, 6, 2], [1, 1, 4]))
    assert board.shared == ["P0", "P1"]
    assert board.tie_detail is not None
    assert board.tie_detail.render("en") == "P0 and P1 share the victory: 1 flood card each."
    assert board.tie_detail.render("es") == "P0 y P1 comparten la victoria: 1 carta de inundación cada cual."


def test_no_tie_on_the_best_total_or_a_running_game_no_detail() -> None:
    assert GAME.score(finished([7, 6, 6], [0, 1, 2])).tie_detail is None
    assert GAME.score(finished([6, 6, 2], [1, 2, 0], phase="play")).tie_detail is None


def test_the_final_calculator_says_the_same_line() -> None:
    result = dayu_final(
        {
            "players": [
                {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 6}], "flood_cards": []},
                {"name": "Ben", "vp_cards": [{"frame": "red", "vp": 4}], "flood_cards": [{"points": 2}]},
            ]
        }
    )
    assert "Ben wins the tie: 1 flood card, ahead of Ana (0)." in render_dayu_final(result, "en")
    assert "Ben gana el desempate: 1 carta de inundación, por delante de Ana (0)." in render_dayu_final(
        result, "es"
    )


# A tie below the win named its players and total but not the flood cards that placed them
# (issue 25: "explains every number by naming the rule"): each lower tie now says its place and
# the figures, or that the players stay tied on them.
def test_a_tie_for_second_says_the_flood_cards_that_placed_it() -> None:
    board = GAME.score(finished([9, 6, 6, 6], [0, 1, 3, 2]))
    assert board.ranking == ["P0", "P2", "P3", "P1"] and board.tie_detail is None
    assert [said.render("en") for said in board.tie_lower] == [
        "Tie for 2nd place on 6\u00a0VP: P2 goes ahead on the tie-break, 3 flood cards, against P3 (2) and P1 (1)."
    ]
    assert [said.render("es") for said in board.tie_lower] == [
        "Empate por el 2.º puesto con 6\u00a0PV: P2 queda por delante en el desempate, 3 cartas de inundación,"
        " frente a P3 (2) y P1 (1)."
    ]


def test_players_still_level_on_flood_cards_stay_tied_said_with_the_figure() -> None:
    even = GAME.score(finished([9, 6, 6], [0, 2, 2]))
    assert [said.render("en") for said in even.tie_lower] == [
        "Tie for 2nd place on 6\u00a0VP: P1 and P2 stay tied on the tie-break, 2 flood cards each."
    ]
    assert [said.render("es") for said in even.tie_lower] == [
        "Empate por el 2.º puesto con 6\u00a0PV: P1 y P2 siguen en empate tras el desempate,"
        " 2 cartas de inundación cada cual."
    ]
    ahead = GAME.score(finished([9, 6, 6, 6], [0, 2, 2, 1]))
    assert [said.render("en") for said in ahead.tie_lower] == [
        "Tie for 2nd place on 6\u00a0VP: P1 and P2 stay tied on the tie-break, 2 flood cards each, ahead of P3 (1)."
    ]


def test_a_tie_for_the_win_and_one_below_are_both_said_and_a_running_game_says_neither() -> None:
    board = GAME.score(finished([6, 6, 4, 4], [1, 2, 0, 3]))
    assert board.tie_detail is not None
    assert board.tie_detail.render("en") == "P1 wins the tie: 2 flood cards, ahead of P0 (1)."
    assert [said.render("en") for said in board.tie_lower] == [
        "Tie for 3rd place on 4\u00a0VP: P3 goes ahead on the tie-break, 3 flood cards, against P2 (0)."
    ]
    assert GAME.score(finished([9, 6, 6], [0, 2, 1], phase="play")).tie_lower == []
