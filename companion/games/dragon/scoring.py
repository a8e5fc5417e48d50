"""Round scoring, final scoring and the scoreboard.

The final scoring's one implementation is ``final.final_counts``: ``final_lines`` here (the
engine's) and the stand-alone calculator both count with it.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from companion.core.msg import Msg, msg
from companion.core.protocol import Scoreboard, ScoreLine, ScoreRow
from companion.games.dragon.data import RULES
from companion.games.dragon.final import FINAL_MONTH, SOURCE_RULES, final_counts, track_lower, track_tie
from companion.games.dragon.state import DragonState, Palace, PlayerState, ScoreItem, score_item

__all__ = ["FINAL_MONTH", "SOURCE_RULES", "final_lines", "item_label", "ranking", "round_items", "score"]


def round_items(player: PlayerState, month: int) -> tuple[ScoreItem, ScoreItem, ScoreItem]:
    """The round scoring of one player: palaces, court-lady dragons, privilege dragons."""
    priv = RULES.actions.privileges
    ladies = player.symbols(_LADY)
    dragons = player.small_privileges * priv.small.dragons + player.large_privileges * priv.large.dragons
    return _round_items(month, len(player.palaces), ladies, dragons)


@functools.lru_cache(maxsize=4096)
def _round_items(month: int, n: int, ladies: int, dragons: int) -> tuple[ScoreItem, ScoreItem, ScoreItem]:
    """``round_items`` of a player with ``n`` palaces, ``ladies`` court-lady dragons and
    ``dragons`` privilege dragons: frozen values that recur (every player, every month), one
    shared tuple each."""
    rs = RULES.scoring.round
    return (
        score_item(month, "palaces", n * rs.per_palace, n),
        score_item(month, "ladies", ladies * rs.per_court_lady_dragon, ladies),
        score_item(month, "privileges", dragons * rs.per_privilege_dragon, dragons),
    )


_LADY = RULES.types["court_lady"].symbol


def final_lines(palaces: Sequence[Palace], yuan: int, rice: int, fireworks: int) -> list[ScoreItem]:
    """Final scoring: persons, monks (Buddhas x floors), leftovers sold and turned into VP."""
    return [
        score_item(FINAL_MONTH, source, points, count)
        for source, points, count in final_counts(palaces, yuan, rice, fireworks)
    ]


def item_label(item: ScoreItem) -> Msg:
    if item.month == FINAL_MONTH:
        return msg(f"dragon.score.{item.source}", n=item.count)
    return msg(f"dragon.score.{item.source}", n=item.count, month=item.month)


def ranking(state: DragonState) -> list[int]:
    """Seats best first: most VP, then further ahead on the person track (stacking order)."""
    order = state.track_order()
    pos = {seat: i for i, seat in enumerate(order)}
    return sorted(range(len(state.players)), key=lambda s: (-state.players[s].vp, pos[s]))


def tie_line(state: DragonState, ranked: list[int]) -> Msg | None:
    """How a tie on the best VP was decided: each tied player's place on the person track (the
    track order is strict, so Dragon's tie-break never leaves a tie)."""
    return track_tie(track_figures(state, ranked))


def track_figures(state: DragonState, ranked: list[int]) -> list[tuple[str, int, int]]:
    """(name, VP, place on the person track) of the seats in ``ranked``, in that order."""
    place = {seat: n for n, seat in enumerate(state.track_order(), start=1)}
    return [(state.players[s].name, state.players[s].vp, place[s]) for s in ranked]


def score(state: DragonState) -> Scoreboard:
    rows = []
    for seat, p in enumerate(state.players):
        # Zero lines are left out, except the final scoring: it is explained line by line, even "0 persons: 0".
        lines = [
            ScoreLine(item_label(i), i.points, SOURCE_RULES[i.source])
            for i in p.ledger
            if i.points or i.month == FINAL_MONTH
        ]
        rows.append(ScoreRow(name=p.name, seat=seat, total=p.vp, breakdown=lines))
    ranked = ranking(state)
    return Scoreboard(
        rows=rows,
        ranking=[state.players[s].name for s in ranked],
        final=state.final,
        tie_break=msg("dragon.tie_break"),
        tie_detail=tie_line(state, ranked) if state.final else None,
        tie_lower=track_lower(track_figures(state, ranked)) if state.final else [],
        by_round=[[month[seat] for month in state.by_round] for seat in range(len(state.players))],
        shared=[],
    )
