"""Statistics of the play log, every figure an SQL aggregate (no loop over the tables).

For one game, or for one player in it: plays, wins and win rate, average, best and worst
score, the spread of scores (for a chart), win rate by seat and by player count, and the
game-specific figures (sums and means of ``play_figures``). Seats not linked to a player
count under their table name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

Reader = Callable[..., list[tuple[Any, ...]]]


class Rate(BaseModel):
    """Seats that played in a group (a seat position, a player count) and how many of them won."""

    model_config = ConfigDict(frozen=True)

    key: int
    seats: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


class PlayerLine(BaseModel):
    model_config = ConfigDict(frozen=True)

    player_id: str | None  # None: seats with this name not linked to the player list
    name: str
    plays: int
    wins: int
    average: float
    best: int
    worst: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


class FigureLine(BaseModel):
    """A game-specific figure summed over the plays. ``rows`` is what its mean is per: every seat
    of the plays counted (a seat without the figure had none of it: a player who lost nobody to
    the drought), or for a figure of the whole table (the Great Wall finished) the plays that
    have it. docs/DECISIONS.md, "Statistics: per seat"."""

    model_config = ConfigDict(frozen=True)

    name: str
    key: str
    total: int
    rows: int
    per_seat: bool = True  # False: a figure of the whole table, its mean is per play

    @property
    def mean(self) -> float:
        return self.total / self.rows if self.rows else 0.0


class GameStats(BaseModel):
    model_config = ConfigDict(frozen=True)

    game: str
    player_id: str | None = None
    plays: int
    wins: int  # seats that won (with a player: that player's wins)
    seats: int
    average: float | None
    best: int | None
    worst: int | None
    average_seconds: float | None
    players: list[PlayerLine]
    spread: list[tuple[int, int]]  # (score, how many times), lowest score first
    by_seat: list[Rate]  # seat position, 0 = first
    by_count: list[Rate]  # player count
    figures: list[FigureLine]

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


def game_stats(read: Reader, game: str, player: str | None = None) -> GameStats:
    """The statistics of ``game`` (of ``player``'s seats when given), each part one SQL query."""
    seat_filter = " AND ps.player_id = ?" if player else ""
    args: tuple[Any, ...] = (game, player) if player else (game,)
    base = f"FROM play_seats ps JOIN plays p ON p.id = ps.play_id WHERE p.game = ?{seat_filter}"
    plays, wins, seats, avg, best, worst = read(
        "SELECT COUNT(DISTINCT p.id), COALESCE(SUM(ps.winner), 0), COUNT(*), AVG(ps.score),"
        f" MAX(ps.score), MIN(ps.score) {base}",
        args,
    )[0]
    # A play's length counts once, however many seats it had.
    player_plays = " AND p.id IN (SELECT play_id FROM play_seats WHERE player_id = ?)" if player else ""
    secs = read(f"SELECT AVG(p.seconds) FROM plays p WHERE p.game = ?{player_plays}", args)[0][0]
    # Per player: linked seats by player, the others by their name (case ignored).
    players = [
        PlayerLine(player_id=r[0], name=r[1], plays=r[2], wins=r[3], average=r[4], best=r[5], worst=r[6])
        for r in read(
            "SELECT ps.player_id, COALESCE(pl.name, MIN(ps.name)), COUNT(*), SUM(ps.winner), AVG(ps.score),"
            " MAX(ps.score), MIN(ps.score) FROM play_seats ps JOIN plays p ON p.id = ps.play_id"
            f" LEFT JOIN players pl ON pl.id = ps.player_id WHERE p.game = ?{seat_filter}"
            " GROUP BY COALESCE(ps.player_id, '~' || lower(ps.name))"
            " ORDER BY SUM(ps.winner) DESC, COUNT(*) DESC, 2",
            args,
        )
    ]
    spread = [
        (r[0], r[1]) for r in read(f"SELECT ps.score, COUNT(*) {base} GROUP BY ps.score ORDER BY 1", args)
    ]
    by_seat = [
        Rate(key=r[0], seats=r[1], wins=r[2])
        for r in read(f"SELECT ps.seat, COUNT(*), SUM(ps.winner) {base} GROUP BY ps.seat ORDER BY 1", args)
    ]
    by_count = [
        Rate(key=r[0], seats=r[1], wins=r[2])
        for r in read(f"SELECT p.n, COUNT(*), SUM(ps.winner) {base} GROUP BY p.n ORDER BY 1", args)
    ]
    # Seat figures of the chosen seats, and whole-table figures of the plays they sat in (a player
    # sits in one seat of a play at most: link_seats refuses two).
    if player:
        source = (
            "FROM play_seats ps JOIN plays p ON p.id = ps.play_id JOIN play_figures f"
            " ON f.play_id = ps.play_id AND (f.seat = ps.seat OR f.seat IS NULL)"
            " WHERE p.game = ? AND ps.player_id = ?"
        )
    else:
        source = "FROM play_figures f WHERE f.game = ?"
    figures = [
        FigureLine(name=r[0], key=r[1], total=r[2], rows=seats if r[4] else r[3], per_seat=bool(r[4]))
        for r in read(
            f"SELECT f.name, f.key, SUM(f.value), COUNT(*), MAX(f.seat IS NOT NULL) {source}"
            " GROUP BY f.name, f.key ORDER BY f.name, f.key",
            args,
        )
    ]
    return GameStats(
        game=game,
        player_id=player,
        plays=plays,
        wins=wins,
        seats=seats,
        average=avg,
        best=best,
        worst=worst,
        average_seconds=secs,
        players=players,
        spread=spread,
        by_seat=by_seat,
        by_count=by_count,
        figures=figures,
    )
