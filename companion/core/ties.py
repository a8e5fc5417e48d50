"""How a tie on the best total was decided, with each tied player's tie-break figure.

"Dai wins the tie: 2nd on the person track, ahead of Ana (4th) and Ben (5th)": the rule alone
("ties go to the player furthest ahead on the person track") leaves the table to look it up.
Only the tie on the best total is told, the one that chose the winner; lower ties keep the rule
alone (docs/DECISIONS.md, 2026-12-06). A module without pydantic: a stand-alone calculator
(Chinatown's final) says it too and starts without the engine (issue 27).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from companion.core.msg import Msg, msg

if TYPE_CHECKING:
    from companion.core.protocol import Scoreboard


def tie_detail(
    ranked: Sequence[tuple[str, int, Any]],
    figure: Callable[[Any], Msg],
    short: Callable[[Any], Any],
) -> Msg | None:
    """The sentence for a tie on the best total, or None when the best total was one player's.

    ``ranked`` holds (name, total, tie-break value) best first, in the game's own ranking (the
    tie-break already applied): tied players with equal values share the victory. ``figure``
    says a value in full ("7 shop tiles on the board"), ``short`` in brackets after another
    player's name ("5", "4th")."""
    if len(ranked) < 2 or ranked[0][1] != ranked[1][1]:
        return None
    tied = [(name, value) for name, total, value in ranked if total == ranked[0][1]]
    best = tied[0][1]
    winners = [name for name, value in tied if value == best]
    others = [msg("core.tie.other", player=name, value=short(value)) for name, value in tied if value != best]
    if len(winners) == 1:
        return msg("core.tie.won", player=winners[0], figure=figure(best), others=others)
    if others:
        return msg("core.tie.shared_ahead", players=winners, figure=figure(best), others=others)
    return msg("core.tie.shared", players=winners, figure=figure(best))


def winner_line(board: Scoreboard) -> Msg:
    """The game's last word, as its final scoreboard decides it: "Ana wins with $760,000.";
    a tie on the best total says the tie-break's figures ("Ana wins with 41 VP, on the
    tie-break: 5 flood cards, ahead of Ben (3)."), a shared victory names every winner.

    The figures are ``tie_detail``'s own (the board's ``tie_detail`` is made above), so History's
    last line and the Scores screen say the same."""
    winners = board.shared or board.ranking[:1]
    best = board.row(winners[0]).total
    total = msg("core.end.money", n=best) if board.unit == "money" else msg("core.end.vp", n=best)
    tie = board.tie_detail
    if tie is None:
        return msg("core.end.won", player=winners[0], total=total)
    told = {k: v for k, v in tie.args.items() if k in ("figure", "others")}
    if tie.key == "core.tie.won":
        return msg("core.end.won_tie", player=winners[0], total=total, **told)
    key = "core.end.shared_ahead" if "others" in told else "core.end.shared"
    return msg(key, players=winners, total=total, **told)
