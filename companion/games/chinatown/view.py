"""What each seat, or the public, may see of a game of Chinatown (the game's ``player_view``).

A player's money in hand is theirs alone until the game is over (rulebook p.7: money is kept
secret): their total, their money after each year, and the lines that make up that total. The
building cards the app dealt a player are theirs alone too, and so is which cards are left in
the deck (with the board and one's own hand it would tell the others' hands). Everything else
lies open on the table: the board, and so the income it pays (anyone can count it, and the
Play screen does), and the bills handed over in a trade. Once the game is over, everything is
public. See docs/decisions/chinatown.md, "What is secret".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core import PlayerView, Scoreboard
from companion.games.chinatown.scoring import score
from companion.games.chinatown.state import ChinatownState, TableSide


class SeenState(TableSide):
    """The state as one seat (or the public) sees it: a secret is None."""

    money: list[int | None]  # each seat's money
    income: list[list[int]] = []  # [year][seat]: income paid (public: the board paid it)
    money_by_year: list[list[int | None]] = []  # [year][seat]: money after that year's income
    dealt: list[list[int] | None] | None = None  # this year's app-dealt hands
    deck_left: int  # how many building cards the deck holds
    deck: list[int] | None = None  # which ones: secret until the end


@dataclass(frozen=True)
class ChinatownView(PlayerView):
    state: SeenState
    secret: bool  # False once the game is over: everything is public

    # Every effect line is public (income paid, bills handed over): the base ``effect`` keeps it.


def money_is_secret(state: ChinatownState) -> bool:
    return state.phase != "over"


def player_view(state: ChinatownState, seat: int | None) -> ChinatownView:
    secret = money_is_secret(state)

    def mine(s: int) -> bool:
        return not secret or s == seat

    seen = SeenState(
        **{name: getattr(state, name) for name in TableSide.model_fields},
        money=[m if mine(s) else None for s, m in enumerate(state.money)],
        income=[list(year) for year in state.income],
        money_by_year=[[a if mine(s) else None for s, a in enumerate(year)] for year in state.money_by_year],
        dealt=None if state.dealt is None else [h if mine(s) else None for s, h in enumerate(state.dealt)],
        deck_left=len(state.deck),
        deck=None if secret else state.deck,
    )
    return ChinatownView(seat=seat, state=seen, scoreboard=_scoreboard(score(state), mine), secret=secret)


def _scoreboard(board: Scoreboard, mine: Callable[[int], bool]) -> Scoreboard:
    """The scoreboard without the rows of the seats whose money is secret: their totals, the
    ranking (the order of the totals tells them) and their money year by year."""
    hidden = [r.seat for r in board.rows if not mine(r.seat)]
    if not hidden:
        return board
    return board.model_copy(
        update={
            "rows": [r for r in board.rows if r.seat not in hidden],
            "ranking": [],
            "shared": [],
            "tie_detail": None,  # it names who was tied on money
            "tie_lower": [],
            "by_round": [[] if s in hidden else series for s, series in enumerate(board.by_round)],
            "hidden": hidden,
        }
    )
