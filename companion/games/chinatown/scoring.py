"""score(): the most money wins; ties go to the most shop tiles on the board."""

from __future__ import annotations

from companion.core import Scoreboard, ScoreLine, ScoreRow, msg
from companion.games.chinatown.data import DATA
from companion.games.chinatown.ranking import lower_lines, rank, tie_line
from companion.games.chinatown.state import ChinatownState


def score(state: ChinatownState) -> Scoreboard:
    rows = []
    for seat, name in enumerate(state.players):
        lines = [ScoreLine(msg("chinatown.score.start"), DATA.starting_money, "chinatown.setup")]
        earned = 0
        for year, paid in enumerate(state.income):
            lines.append(
                ScoreLine(
                    msg("chinatown.score.income", year=DATA.years[year]), paid[seat], "chinatown.income"
                )
            )
            earned += paid[seat]
        # Whatever is neither the start nor income came from trades (money given or received).
        lines.append(
            ScoreLine(
                msg("chinatown.score.trades"),
                state.money[seat] - DATA.starting_money - earned,
                "chinatown.trade",
            )
        )
        rows.append(ScoreRow(name=name, seat=seat, total=state.money[seat], breakdown=lines))

    tiles = [state.tiles_on_board(s) for s in range(state.n)]
    order, best = rank(state.money, tiles)
    winners = [state.players[s] for s in best]
    final = state.phase == "over"  # before it, the money is secret: no tie on it is told
    figures = [(state.players[s], state.money[s], tiles[s]) for s in order]
    return Scoreboard(
        rows=rows,
        ranking=[state.players[s] for s in order],
        final=final,
        tie_break=msg("chinatown.score.tie_break"),
        tie_detail=tie_line(figures) if final else None,
        tie_lower=lower_lines(figures) if final else [],
        by_round=[[year[seat] for year in state.money_by_year] for seat in range(state.n)],
        shared=winners if len(winners) > 1 else [],
        unit="money",
    )
