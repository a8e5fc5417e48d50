"""The game's last effect names the winner and the winning money, as the final scores decide it:
a tie on money goes to the most shop tiles on the board, a tie on both is a shared victory
(History's last line in Chinatown only said "the most money wins": walk4, shot 068)."""

from __future__ import annotations

from chinatown_helpers import with_money

from companion.games.chinatown import GAME
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import TradingDone
from companion.games.chinatown.income import find_businesses
from companion.games.chinatown.state import ChinatownState


def last_year(money: list[int], tiles: list[int]) -> ChinatownState:
    """The last year's trading, each seat with ``tiles`` antiques on the board (nothing vacant,
    nothing in hand, so ending the trading pays the income and ends the game), its money set so
    that it holds ``money`` once that income is paid."""
    state = with_money(money, tiles, phase="trade")
    earned = [0] * len(money)
    for b in find_businesses(state.owner, state.shop):
        earned[b.owner] += b.income
    return state.model_copy(
        update={
            "money": [m - e for m, e in zip(money, earned, strict=True)],
            "hands": [{} for _ in money],
            "year": len(DATA.years) - 1,
        }
    )


def last_line(state: ChinatownState, lang: str) -> str:
    after, fx = GAME.apply(state, TradingDone())
    assert after.phase == "over"
    return fx[-1].msg.render(lang)


def test_the_last_line_names_the_winner_and_the_money() -> None:
    state = last_year([700_000, 500_000, 300_000], [3, 7, 1])
    assert last_line(state, "en") == "Ana wins with $700,000."
    assert last_line(state, "es") == "Gana Ana con 700.000\xa0$."


def test_a_tie_on_money_names_the_one_the_shop_tiles_chose() -> None:
    state = last_year([500_000, 500_000, 300_000], [5, 7, 9])
    assert last_line(state, "en") == (
        "Ben wins with $500,000, on the tie-break: 7 shop tiles on the board, ahead of Ana (5)."
    )
    assert last_line(state, "es") == (
        "Gana Ben con 500.000\xa0$, por desempate: 7 losetas de tienda en el tablero, por delante de Ana (5)."
    )


def test_a_tie_on_money_and_tiles_names_every_winner() -> None:
    state = last_year([400_000, 400_000, 400_000], [6, 6, 1])
    assert last_line(state, "en") == (
        "Ana and Ben share the victory with $400,000 and 6 shop tiles on the board each, "
        "ahead of Carla (1) on the tie-break."
    )
    assert last_line(state, "es") == (
        "Ana y Ben comparten la victoria con 400.000\xa0$ y 6 losetas de tienda en el tablero cada cual, "
        "por delante de Carla (1) en el desempate."
    )
    alone = last_year([400_000, 400_000, 100_000], [6, 6, 1])
    assert last_line(alone, "en") == (
        "Ana and Ben share the victory with $400,000 and 6 shop tiles on the board each."
    )


def test_the_last_line_cites_the_winner_rule() -> None:
    _, fx = GAME.apply(last_year([700_000, 500_000, 300_000], [3, 7, 1]), TradingDone())
    assert fx[-1].rule_id == "chinatown.end.tie_break" and fx[-2].rule_id == "chinatown.end"
