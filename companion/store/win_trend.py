"""Win rate over time (issue 31): each linked player's wins and plays month by month, and the
running totals up to each month, so a chart can draw whether a player is winning more lately.

Definitions (docs/API.md, "Win rate over time"):

- A player's plays are the plays with a seat linked to them (guests, linked to nobody, have no
  line); a win is that seat marked winner (a shared win is a win for each winner).
- A month is "YYYY-MM" of the UTC date a play ended; a line has a point only for the months the
  player played in, oldest first.
- ``plays_so_far``/``wins_so_far``: the sums over the player's months up to and including this
  one, counted from the first play the filter keeps (a ``since`` starts the count again).
- The lines come most plays first, then by name (case ignored), then by player id.

One SQL statement: the seats grouped by player and month, the running sums a window over them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.store.plays_filter import NO_FILTER, PlayFilter

Reader = Callable[..., list[tuple[Any, ...]]]


class WinRatePoint(BaseModel):
    """One month of one player: that month's plays and wins, and the sums up to it."""

    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    month: str
    plays: int
    wins: int
    plays_so_far: int
    wins_so_far: int

    @property
    def rate(self) -> float:
        """The win rate of every play up to and including this month (the cumulative rate)."""
        return self.wins_so_far / self.plays_so_far if self.plays_so_far else 0.0

    @property
    def month_rate(self) -> float:
        """The win rate of this month's plays alone."""
        return self.wins / self.plays if self.plays else 0.0


class WinRateLine(BaseModel):
    """One player's points, oldest month first."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    player_id: str
    name: str
    points: list[WinRatePoint]

    @property
    def plays(self) -> int:
        return self.points[-1].plays_so_far if self.points else 0


# The running sums are cast back to integers: PostgreSQL sums bigints as numeric.
_SQL = """SELECT ps.player_id, substr(p.date, 1, 7), COUNT(*), SUM(ps.winner),
    CAST(SUM(COUNT(*)) OVER (PARTITION BY ps.player_id ORDER BY substr(p.date, 1, 7)) AS INTEGER),
    CAST(SUM(SUM(ps.winner)) OVER (PARTITION BY ps.player_id ORDER BY substr(p.date, 1, 7)) AS INTEGER)
    FROM plays p JOIN play_seats ps ON ps.play_id = p.id
    WHERE ps.player_id IS NOT NULL{conds}
    GROUP BY ps.player_id, substr(p.date, 1, 7)
    ORDER BY ps.player_id, substr(p.date, 1, 7)"""


def win_rate_lines(
    read: Reader, game: str | None = None, player: str | None = None, where: PlayFilter = NO_FILTER
) -> list[WinRateLine]:
    """Each linked player's win rate month by month over the plays ``where`` keeps, of ``game``
    (every game when None), of ``player`` alone when given."""
    cond, args = where.sql("p")
    conds, first = "", []
    if game:
        conds += " AND p.game = ?"
        first.append(game)
    if player:
        conds += " AND ps.player_id = ?"
        first.append(player)
    rows = read(_SQL.format(conds=conds + cond), (*first, *args))
    points: dict[str, list[WinRatePoint]] = {}
    for pid, month, plays, wins, plays_so_far, wins_so_far in rows:
        points.setdefault(pid, []).append(
            WinRatePoint(
                month=month,
                plays=plays,
                wins=wins,
                plays_so_far=plays_so_far,
                wins_so_far=wins_so_far,
            )
        )
    names: dict[str, str] = dict(read("SELECT id, name FROM players")) if points else {}
    lines = [WinRateLine(player_id=pid, name=names.get(pid, ""), points=pts) for pid, pts in points.items()]
    return sorted(lines, key=lambda line: (-line.plays, line.name.casefold(), line.player_id))
