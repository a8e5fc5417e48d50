"""A tie on the most money says how the shop tiles on the board decided it, with each tied
player's count; equal tiles too make a shared victory, said with the figure. Money stays secret."""

from __future__ import annotations

from chinatown_helpers import with_money

from companion.games.chinatown import GAME
from companion.games.chinatown.calc import chinatown_final, final_tie, render_chinatown_final
from companion.games.chinatown.view import player_view


def test_the_tied_player_with_more_shop_tiles_wins_and_the_line_gives_both_counts() -> None:
    board = GAME.score(with_money([500_000, 500_000, 300_000], [5, 7, 9]))
    assert board.ranking[0] == "Ben"
    assert board.tie_detail is not None
    assert board.tie_detail.render("en") == "Ben wins the tie: 7 shop tiles on the board, ahead of Ana (5)."
    assert board.tie_detail.render("es") == (
        "Ben gana el desempate: 7 losetas de tienda en el tablero, por delante de Ana (5)."
    )


def test_equal_money_and_tiles_is_a_shared_victory_said_with_the_figure() -> None:
    board = GAME.score(with_money([400_000, 400_000, 400_000], [6, 6, 1]))
    assert board.shared == ["Ana", "Ben"]
    assert board.tie_detail is not None
    assert board.tie_detail.render("en") == (
        "Ana and Ben share the victory: 6 shop tiles on the board each, ahead of Carla (1)."
    )
    assert board.tie_detail.render("es") == (
        "Ana y Ben comparten la victoria: 6 losetas de tienda en el tablero cada cual, por delante de Carla (1)."
    )


def test_no_tie_told_while_the_money_is_secret_nor_in_a_view_that_hides_it() -> None:
    running = with_money([500_000, 500_000, 300_000], [5, 7, 9], phase="trade")
    assert GAME.score(running).tie_detail is None
    for seat in (None, 0, 1, 2):
        assert player_view(running, seat).scoreboard.tie_detail is None
    over = with_money([500_000, 500_000, 300_000], [5, 7, 9])
    assert player_view(over, None).scoreboard.tie_detail == GAME.score(over).tie_detail


def test_the_final_calculator_says_the_same_line() -> None:
    cy = {"name": "Cy", "money": 100_000, "shops": 1}
    result = chinatown_final(
        {
            "players": [
                {"name": "Ana", "money": 500_000, "shops": 5},
                {"name": "Ben", "money": 500_000, "shops": 7},
                cy,
            ]
        }
    )
    tie = final_tie(result)
    assert (
        tie is not None
        and tie.render("en") == "Ben wins the tie: 7 shop tiles on the board, ahead of Ana (5)."
    )
    assert tie.render("es") in render_chinatown_final(result, "es")
    alone = chinatown_final(
        {
            "players": [
                {"name": "Ana", "money": 600_000, "shops": 5},
                {"name": "Ben", "money": 500_000, "shops": 7},
                cy,
            ]
        }
    )
    assert final_tie(alone) is None
