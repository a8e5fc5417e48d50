"""What each seat, or the public, may see of a game of Chinatown (the game's ``player_view``).

A player's money is theirs alone until the game is over (rulebook p.7: money is kept secret),
and so is what makes it up: each year's income and the money after it. The building cards the
app dealt a player are theirs alone too, and so is which cards are left in the deck (with the
board and one's own hand it would tell the others' hands). Everything else lies open on the
table. Once the game is over, everything is public.

At the table, the bills a player hands over in a trade are seen by everybody, so trade lines
keep their amounts. Income is taken from the bank by each player for all their businesses at
once, and what a player holds is never counted aloud: another player's income lines name the
business (the board shows it) but not the money. See docs/decisions/chinatown.md, "Secret money
on other phones".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.core import Effect, PlayerView, Scoreboard, msg
from companion.games.chinatown.scoring import score
from companion.games.chinatown.state import ChinatownState, TableSide

# Lines whose amount is a player's secret -> the same line without it: the payout of one
# business, the year's total, and the year's summary line of the round card.
_HIDDEN_AMOUNT = {
    "chinatown.fx.business_complete": ("sec-live.chinatown.business_complete_paid", "amount"),
    "chinatown.fx.business_incomplete": ("sec-live.chinatown.business_incomplete_paid", "amount"),
    "chinatown.fx.income_total": ("sec-live.chinatown.income_collected", "amount"),
    "foresight.hindsight.chinatown_line": ("foresight.hindsight.chinatown_line_hidden", "income"),
}


class SeenState(TableSide):
    """The state as one seat (or the public) sees it: a secret is None."""

    money: list[int | None]  # each seat's money
    income: list[list[int | None]] = []  # [year][seat]: income paid
    money_by_year: list[list[int | None]] = []  # [year][seat]: money after that year's income
    dealt: list[list[int] | None] | None = None  # this year's app-dealt hands
    deck_left: int  # how many building cards the deck holds
    deck: list[int] | None = None  # which ones: secret until the end


@dataclass(frozen=True)
class ChinatownView(PlayerView):
    state: SeenState
    secret: bool  # False once the game is over: everything is public

    def effect(self, effect: Effect) -> Effect:
        hidden = _HIDDEN_AMOUNT.get(effect.msg.key)
        if hidden is None or not self.secret or effect.seat == self.seat:
            return effect
        key, amount = hidden
        args = {k: v for k, v in effect.msg.args.items() if k != amount}
        return replace(effect, msg=msg(key, **args))


def money_is_secret(state: ChinatownState) -> bool:
    return state.phase != "over"


def player_view(state: ChinatownState, seat: int | None) -> ChinatownView:
    secret = money_is_secret(state)

    def mine(s: int) -> bool:
        return not secret or s == seat

    seen = SeenState(
        **{name: getattr(state, name) for name in TableSide.model_fields},
        money=[m if mine(s) else None for s, m in enumerate(state.money)],
        income=[[a if mine(s) else None for s, a in enumerate(year)] for year in state.income],
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
            "by_round": [[] if s in hidden else series for s, series in enumerate(board.by_round)],
            "hidden": hidden,
        }
    )
