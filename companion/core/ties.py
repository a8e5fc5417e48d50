"""How a tie on the best total was decided, with each tied player's tie-break figure.

"Dai wins the tie: 2nd on the person track, ahead of Ana (4th) and Ben (5th)": the rule alone
("ties go to the player furthest ahead on the person track") leaves the table to look it up.
The tie on the best total chose the winner (``tie_detail``); a tie below it says the figures that
placed its players too (``lower_ties``; docs/DECISIONS.md, "A tie below the win, with its
figures"). A module without pydantic: a stand-alone calculator (Chinatown's final) says it too
and starts without the engine (issue 27).
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


def lower_ties(
    ranked: Sequence[tuple[str, int, Any]],
    figure: Callable[[Any], Msg],
    short: Callable[[Any], Any],
    total: Callable[[int], Msg],
) -> list[Msg]:
    """A sentence for each total below the best that two players or more ended on, in the
    ranking's order, with the figures the tie-break ranked them by ("Tie for 2nd place on 37 VP:
    Ben goes ahead on the tie-break, 3 flood cards, against Carla (2)."), or that they stay tied on.

    ``ranked``, ``figure`` and ``short`` as ``tie_detail``'s; ``total`` says a total ("37 VP")."""
    out: list[Msg] = []
    for at, (_, level, _) in enumerate(ranked):
        if level == ranked[0][1] or ranked[at - 1][1] == level:  # the best, or a group already said
            continue
        tied = [(name, value) for name, t, value in ranked if t == level]
        if len(tied) < 2:
            continue
        top = tied[0][1]
        ahead = [name for name, value in tied if value == top]
        others = [
            msg("core.tie.other", player=name, value=short(value)) for name, value in tied if value != top
        ]
        said = {"place": msg("core.place", place=at + 1), "total": total(level), "figure": figure(top)}
        if len(ahead) == 1:
            out.append(msg("core.tie.lower_won", player=ahead[0], others=others, **said))
        elif others:
            out.append(msg("core.tie.lower_shared_ahead", players=ahead, others=others, **said))
        else:
            out.append(msg("core.tie.lower_even", players=ahead, **said))
    return out


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
