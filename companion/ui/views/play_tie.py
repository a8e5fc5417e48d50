"""A play's tie line in the play log: how the tie on the best total was decided.

A play recorded from a table says what the table's scores screen says ("Dai wins the tie: 2nd on
the person track, ahead of Ana (4th)"), derived from the table while it is kept. A play from Quick
score (or whose table is gone) says the same line from the tie-break figure kept with it
(companion/plays/ties.py). A play without that figure (logged before it was kept, or imported)
names who tied on what and the rule that decided ("Ana and Ben tied on 42 VP; the tie-break gave
Ana the win. Tie: …").
"""

from __future__ import annotations

import flet as ft

from companion.core.msg import msg
from companion.plays.labels import format_final_score, money_game
from companion.plays.models import PlayRecord
from companion.ui.i18n import Tr
from companion.ui.repos import PlaysRepo
from companion.ui.widgets import small


def tie_text(tr: Tr, plays: PlaysRepo, play: PlayRecord) -> str | None:
    """The play's tie line, or None when no tie on the best total had to be decided."""
    if not play.tie_break:
        return None
    detail = plays.tie_detail(play)
    if detail is not None:
        return tr.msg(detail)
    scores = [s.score for s in play.seats if s.score is not None]
    if not scores:  # a play logged with its winners alone was tied on nothing the log keeps
        return None
    best = max(scores)
    tied = [s.name for s in play.seats if s.score == best]
    total = format_final_score(play.game, best, tr.lang)
    if not money_game(play.game):
        total = tr("play.points", n=total)
    rule, winners = msg(play.tie_break), play.winners
    if len(winners) == 1:
        return tr.msg(msg("ui.plays.tie_won", players=tied, total=total, winner=winners[0], rule=rule))
    return tr.msg(msg("ui.plays.tie_shared", players=tied, total=total, winners=winners, rule=rule))


def tie_line(tr: Tr, plays: PlaysRepo, play: PlayRecord) -> list[ft.Control]:
    said = tie_text(tr, plays, play)
    return [] if said is None else [small(said, key=f"play-{play.id}-tie")]
