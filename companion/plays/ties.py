"""A play's tie line from the figures kept with it: how the tie on the best total was decided,
with each tied player's tie-break figure, when the play has no table to ask (a Quick score
play, or a table since deleted).

Each game keeps its tie-break figure with every play (companion/plays/figures.py, ``TIE_FIGURES``):
Dragon's place on the person track, Chinatown's shop tiles on the board, Da Yu's flood cards. The
line is the one the game's scoreboard and its final calculator say, made by the game itself
(``GameSpec.figure_tie``, which also knows which way its figure counts), so the three never
disagree.
"""

from __future__ import annotations

from companion.core.msg import Msg
from companion.core.registry import spec
from companion.plays.figures import TIE_FIGURES
from companion.plays.models import PlayRecord


def figures_tie(play: PlayRecord) -> Msg | None:
    """The tie line of ``play`` from its figures ("Ana wins the tie: 2nd on the person track,
    ahead of Ben (3rd)"), or None: no tie that the tie-break decided, or no figure for a seat (a
    play logged before the figure was kept, or brought in from another logger). The game ranks
    the figures (its ``GameSpec.figure_tie``): which way a figure counts is its rule."""
    name = TIE_FIGURES.get(play.game)
    if name is None or not play.tie_break:
        return None
    values = {f.seat: f.value for f in play.figures if f.name == name and f.seat is not None}
    if any(seat.seat not in values for seat in play.seats):
        return None
    line = spec(play.game).figure_tie
    if line is None:
        return None
    seats = sorted(play.seats, key=lambda s: s.seat)  # equal figures: the first seat first, as before
    # a tie on the best total needs totals: a play logged with its winners alone has none
    return (
        line([(s.name, s.score, values[s.seat]) for s in seats if s.score is not None])
        if play.scored
        else None
    )
