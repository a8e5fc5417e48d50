"""Da Yu scoring, shared by the engine and the stand-alone calculator.

A player's total is the sum of the VP numbers of their VP cards, the points of their flood
cards, and one point per VP card of a frame for each frame-bonus card of that colour.
Ties go to the player with more flood cards; a tie that remains is a shared victory.
"""

from __future__ import annotations

from companion.core import Msg, Scoreboard, ScoreRow
from companion.games.dayu.state import DayuState

# In a module of their own, without pydantic: the calculator uses them too (issue 27).
from companion.games.dayu.tally import TIE_BREAK, Result, Tally, lower_lines, rank, tally, tie_line

__all__ = ["TIE_BREAK", "Result", "Tally", "rank", "score", "tally", "tie_line"]


def score(state: DayuState) -> Scoreboard:
    """The table's scoreboard: every player's tally, the ranking, and the totals by round."""
    tallies = [
        tally(p.name, [(c.frame, c.vp) for c in p.vp_cards], [(f.kind, f.points) for f in p.flood])
        for p in state.players
    ]
    result = rank(tallies)
    final = state.phase == "over"
    rows = [
        ScoreRow(name=t.name, seat=i, total=t.total, breakdown=t.breakdown) for i, t in enumerate(tallies)
    ]
    by_round = [[totals[i] for totals in state.round_totals] for i in range(len(state.players))]
    return Scoreboard(
        rows=rows,
        ranking=result.ranking,
        final=final,
        tie_break=TIE_BREAK,
        tie_detail=_tie(result) if final else None,
        tie_lower=lower_lines(_figures(result)) if final else [],
        by_round=by_round,
        shared=result.winners if len(result.winners) > 1 else [],
    )


def _tie(result: Result) -> Msg | None:
    """How a tie on the most points was decided: each tied player's flood cards."""
    return tie_line(_figures(result))


def _figures(result: Result) -> list[tuple[str, int, int]]:
    """(name, total, flood cards) in the ranking's order: what the tie lines are said from."""
    by_name = {t.name: t for t in result.tallies}
    return [(name, by_name[name].total, by_name[name].flood_cards) for name in result.ranking]
