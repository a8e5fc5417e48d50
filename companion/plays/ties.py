"""A play's tie line from the figures kept with it: how the tie on the best total was decided,
with each tied player's tie-break figure, when the play has no table to ask (a Quick score
play, or a table since deleted).

Each game keeps its tie-break figure with every play (companion/plays/figures.py, ``TIE_FIGURES``):
Dragon's place on the person track, Chinatown's shop tiles on the board, Da Yu's flood cards. The
line is the one the game's scoreboard and its final calculator say, made by the game's own
function (its public module), so the three never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.core.msg import Msg
from companion.plays.figures import TIE_FIGURES
from companion.plays.models import PlayRecord

TieLine = Callable[[Sequence[tuple[str, int, int]]], Msg | None]


def _tie_line(game: str) -> tuple[TieLine, int]:
    """The game's tie line and the sign its figure ranks by (-1: more is better; 1: a lower place is)."""
    if game == "dragon":
        from companion.games.dragon.public import track_tie

        return track_tie, 1
    if game == "chinatown":
        from companion.games.chinatown.public import tie_line

        return tie_line, -1
    from companion.games.dayu.public import tie_line as dayu_tie_line

    return dayu_tie_line, -1


def figures_tie(play: PlayRecord) -> Msg | None:
    """The tie line of ``play`` from its figures ("Ana wins the tie: 2nd on the person track,
    ahead of Ben (3rd)"), or None: no tie that the tie-break decided, or no figure for a seat (a
    play logged before the figure was kept, or brought in from another logger)."""
    name = TIE_FIGURES.get(play.game)
    if name is None or not play.tie_break:
        return None
    values = {f.seat: f.value for f in play.figures if f.name == name and f.seat is not None}
    if any(seat.seat not in values for seat in play.seats):
        return None
    line, sign = _tie_line(play.game)
    ranked = sorted(play.seats, key=lambda s: (-s.score, sign * values[s.seat], s.seat))
    return line([(s.name, s.score, values[s.seat]) for s in ranked])
