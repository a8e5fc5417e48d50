"""Statistics of the play log: one scan of the seats, summed in Python, and the game figures'
totals (the group's and each player's) kept by SQLite triggers (no loop over the tables, no replay).

For one game, or for one player in it: plays, wins and win rate, average, best and worst
score, the spread of scores (for a chart), win rate by seat and by player count, and the
game-specific figures (sums and means of ``play_figures``). Seats not linked to a player
count under their table name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.store.figure_months import filtered_figures
from companion.store.plays_filter import NO_FILTER, PlayFilter

Reader = Callable[..., list[tuple[Any, ...]]]


class Rate(BaseModel):
    """Seats that played in a group (a seat position, a player count) and how many of them won."""

    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    key: int
    seats: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


class PlayerLine(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    player_id: str | None  # None: seats with this name not linked to the player list
    name: str
    plays: int
    wins: int
    # None: none of the player's plays has scores (a BoardGameGeek play logged with its winners alone)
    average: float | None
    best: int | None
    worst: int | None
    scored: int | None = None  # the plays with a score that the average is over (None: all of them)

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


class FigureLine(BaseModel):
    """A game-specific figure summed over the plays. ``rows`` is what its mean is per: every seat
    of the plays counted (a seat without the figure had none of it: a player who lost nobody to
    the drought), or for a figure of the whole table (the Great Wall finished) the plays that
    have it. docs/DECISIONS.md, "Statistics: per seat"."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    key: str
    total: int
    rows: int
    per_seat: bool = True  # False: a figure of the whole table, its mean is per play

    @property
    def mean(self) -> float:
        return self.total / self.rows if self.rows else 0.0


class GameStats(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    game: str
    player_id: str | None = None
    plays: int
    wins: int  # seats that won (with a player: that player's wins)
    seats: int
    scored: int | None = None  # the seats with a score: the average, best, worst and spread are theirs
    unscored_plays: int = 0  # plays logged with their winners alone: in plays and wins, in no score figure
    average: float | None  # None: no seat has a score
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


def game_stats(
    read: Reader, game: str, player: str | None = None, where: PlayFilter = NO_FILTER
) -> GameStats:
    """The statistics of ``game`` (of ``player``'s seats when given): one scan of the seats,
    summed here, and the figures from ``figure_totals`` or, for one player, ``player_figure_totals``
    (both kept by triggers). With a filter (dates, a location) the same figures come from the
    rows of the plays it keeps (``_filtered_stats``): the kept totals are the whole log's."""
    if where.active and not _keeps_all(read, game, where):
        return _filtered_stats(read, game, player, where)
    args: tuple[Any, ...] = (game, player) if player else (game,)
    if player:
        # A seat's name only where no player is linked (fewer strings to make: it is the slow part).
        rows = read(
            "SELECT ps.seat, ps.player_id, CASE WHEN ps.player_id IS NULL THEN ps.name END, ps.score,"
            " ps.winner, p.n FROM play_seats ps JOIN plays p ON p.id = ps.play_id"
            " WHERE p.game = ? AND ps.player_id = ?",
            args,
        )
        seats = _SeatSums(rows)
    else:
        # The group's seats summed by SQLite over two covering indexes (schema 7): a few dozen
        # groups and a line per player come back, not a row per seat (docs/PERFORMANCE.md).
        seats = _SeatSums.from_groups(read(_SEAT_GROUPS, args), read(_LINKED, args) + read(_UNLINKED, args))
    # A play counts once, and so does its length, however many seats it had (a player sits in
    # one seat of a play at most: the store refuses two).
    player_plays = " AND p.id IN (SELECT play_id FROM play_seats WHERE player_id = ?)" if player else ""
    plays, secs = read(f"SELECT COUNT(*), AVG(p.seconds) FROM plays p WHERE p.game = ?{player_plays}", args)[
        0
    ]
    names: dict[str, str] = dict(read("SELECT id, name FROM players")) if seats.by_player else {}
    if player:
        # Seat figures of the player's seats, and whole-table figures of the plays they sat in,
        # summed by triggers in ``player_figure_totals`` (store/upkeep.py).
        figure_rows = read(
            "SELECT name, key, total, rows, whole_rows > 0 FROM player_figure_totals"
            " WHERE game = ? AND player_id = ? ORDER BY name, key",
            args,
        )
    else:
        figure_rows = read(
            "SELECT name, key, total, rows, whole FROM figure_totals WHERE game = ? ORDER BY name, key", args
        )
    return _assembled(game, player, (plays, secs), seats, names, figure_rows)


def _keeps_all(read: Reader, game: str, where: PlayFilter) -> bool:
    """Whether the filter keeps every play of the game (a period from before the first play):
    then the kept totals are the answer, without summing the rows."""
    cond, args = where.sql("p")
    kept = read(f"SELECT COUNT(*) FROM plays p WHERE p.game = ?{cond}", (game, *args))[0][0]
    return bool(kept == read("SELECT COUNT(*) FROM plays WHERE game = ?", (game,))[0][0])


def _filtered_stats(read: Reader, game: str, player: str | None, where: PlayFilter) -> GameStats:
    """game_stats over the plays ``where`` keeps: their seats scanned, their figures summed."""
    cond, cond_args = where.sql("p")
    mine = " AND ps.player_id = ?" if player else ""
    args: tuple[Any, ...] = (game, *cond_args, *((player,) if player else ()))
    rows = read(
        "SELECT ps.seat, ps.player_id, CASE WHEN ps.player_id IS NULL THEN ps.name END, ps.score,"
        f" ps.winner, p.n FROM play_seats ps JOIN plays p ON p.id = ps.play_id WHERE p.game = ?{cond}{mine}",
        args,
    )
    seats = _SeatSums(rows)
    player_plays = " AND p.id IN (SELECT play_id FROM play_seats WHERE player_id = ?)" if player else ""
    plays, secs = read(
        f"SELECT COUNT(*), AVG(p.seconds) FROM plays p WHERE p.game = ?{cond}{player_plays}", args
    )[0]
    names: dict[str, str] = dict(read("SELECT id, name FROM players")) if seats.by_player else {}
    # The figures from their sums per month and location (store/figure_months.py), the months a
    # date cuts from the rows: not the kept plays' every figure row.
    figure_rows = filtered_figures(read, game, player, where)
    return _assembled(game, player, (plays, secs), seats, names, figure_rows)


def _assembled(
    game: str,
    player: str | None,
    counts: tuple[int, float | None],
    seats: _SeatSums,
    names: dict[str, str],
    figure_rows: list[tuple[Any, ...]],
) -> GameStats:
    """GameStats from the plays' counts (plays, mean seconds), the seats' sums and the figure
    rows (name, key, total, rows, whole). The plays without scores are counted from the seats:
    a player's own seats without a score, or the group's first seats without one (every play has
    a seat 0; reading ``plays.scores`` instead cost the plays' covering index, 1.3 ms at 10,000)."""
    plays, secs = counts
    unscored = seats.unscored_seats if player else seats.unscored_first
    players = seats.player_lines(names)
    figures = [
        FigureLine(name=r[0], key=r[1], total=r[2], rows=r[3] if r[4] else seats.count, per_seat=not r[4])
        for r in figure_rows
    ]
    wins, count = seats.wins, seats.count
    avg, best, worst = seats.average, seats.best, seats.worst
    spread, by_seat, by_count = seats.spread, seats.rates(seats.by_seat), seats.rates(seats.by_count)
    return GameStats(
        game=game,
        player_id=player,
        plays=plays,
        wins=wins,
        seats=count,
        scored=seats.scored,
        unscored_plays=unscored,
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


_SEAT_GROUPS = (
    "SELECT seat, n, score, winner, COUNT(*) FROM play_seats WHERE game = ? GROUP BY seat, n, score, winner"
)
# A seat without a score (NULL, schema 10) counts in COUNT(*) and the wins, not in COUNT(score),
# SUM, MAX or MIN: the averages and records are over the seats with a score.
_LINKED = (
    "SELECT player_id, NULL, COUNT(*), SUM(winner), COUNT(score), SUM(score), MAX(score), MIN(score) FROM play_seats"
    " WHERE game = ? AND player_id IS NOT NULL GROUP BY player_id"
)
_UNLINKED = (
    "SELECT NULL, name, COUNT(*), SUM(winner), COUNT(score), SUM(score), MAX(score), MIN(score) FROM play_seats"
    " WHERE game = ? AND player_id IS NULL GROUP BY name"
)


class _SeatSums:
    """Every seat figure of the statistics from one pass over the seats' rows (seat, player id,
    name where no player is linked, score, winner, player count): one scan, not a query a part.
    A seat whose score is not known (None) counts in the seats and wins, never in a score figure."""

    def __init__(self, rows: list[tuple[Any, ...]]) -> None:
        self.count = len(rows)
        self.unscored_seats = self.unscored_first = 0  # seats without a score: all, and seat 0's
        # linked seats by player id, the others by their name with case ignored ("~" + name):
        # [player id, name, seats, wins, seats with a score, their total, best, worst]
        self.by_player: dict[str, list[Any]] = {}
        scores: dict[int, int] = {}
        by_seat: dict[int, list[int]] = {}
        by_count: dict[int, list[int]] = {}
        by_player = self.by_player
        for seat, player_id, name, score, winner, n in rows:
            tally = by_seat.get(seat) or by_seat.setdefault(seat, [0, 0])
            tally[0] += 1
            tally[1] += winner
            tally = by_count.get(n) or by_count.setdefault(n, [0, 0])
            tally[0] += 1
            tally[1] += winner
            who = player_id or "~" + name.lower()  # name is None only where player_id is set
            line = by_player.get(who)
            if line is None:
                line = by_player[who] = [player_id, name or "", 0, 0, 0, 0, None, None]
            elif player_id is None and name < line[1]:
                line[1] = name
            line[2] += 1
            line[3] += winner
            if score is None:
                self.unscored_seats += 1
                self.unscored_first += seat == 0
                continue
            scores[score] = scores.get(score, 0) + 1
            line[4] += 1
            line[5] += score
            if line[6] is None or score > line[6]:
                line[6] = score
            if line[7] is None or score < line[7]:
                line[7] = score
        self.scores, self.by_seat, self.by_count = scores, by_seat, by_count
        self._sum_up()

    def _sum_up(self) -> None:
        self.wins = sum(t[1] for t in self.by_seat.values())
        self.scored = sum(self.scores.values())
        self.total = sum(line[5] for line in self.by_player.values())
        self.best = max(self.scores) if self.scores else None
        self.worst = min(self.scores) if self.scores else None

    @classmethod
    def from_groups(cls, groups: list[tuple[Any, ...]], lines: list[tuple[Any, ...]]) -> _SeatSums:
        """The same sums from SQLite's groups: (seat, player count, score, winner, seats) and, per
        linked player or per unlinked name, (player id, name, seats, wins, seats with a score,
        total, best, worst)."""
        self = cls([])
        scores, by_seat, by_count = self.scores, self.by_seat, self.by_count
        for seat, n, score, winner, k in groups:
            self.count += k
            if score is not None:
                scores[score] = scores.get(score, 0) + k
            else:
                self.unscored_seats += k
                self.unscored_first += k if seat == 0 else 0
            for tally in (by_seat.setdefault(seat, [0, 0]), by_count.setdefault(n, [0, 0])):
                tally[0] += k
                tally[1] += winner * k
        for player_id, name, k, wins, scored, total, best, worst in lines:
            who = player_id or "~" + name.lower()  # names differing only in case are one line
            line = self.by_player.get(who)
            if line is None:
                self.by_player[who] = [player_id, name or "", k, wins, scored, total or 0, best, worst]
                continue
            if player_id is None and name < line[1]:
                line[1] = name
            line[2] += k
            line[3] += wins
            line[4] += scored
            line[5] += total or 0
            line[6] = _either(max, line[6], best)
            line[7] = _either(min, line[7], worst)
        self._sum_up()
        return self

    @property
    def average(self) -> float | None:
        return self.total / self.scored if self.scored else None

    @property
    def spread(self) -> list[tuple[int, int]]:
        return sorted(self.scores.items())

    @staticmethod
    def rates(groups: dict[int, list[int]]) -> list[Rate]:
        return [Rate(key=k, seats=v[0], wins=v[1]) for k, v in sorted(groups.items())]

    def player_lines(self, names: dict[str, str]) -> list[PlayerLine]:
        """Most wins first, then most games, then the name (as the SQL ordered them before)."""
        lines = [
            PlayerLine(
                player_id=pid,
                name=names.get(pid, name) if pid else name,
                plays=n,
                wins=w,
                average=total / scored if scored else None,
                best=best,
                worst=worst,
                scored=scored,
            )
            for pid, name, n, w, scored, total, best, worst in self.by_player.values()
        ]
        return sorted(lines, key=lambda p: (-p.wins, -p.plays, p.name))


def _either(fn: Callable[[int, int], int], a: int | None, b: int | None) -> int | None:
    """``fn`` of the two where both are known, else the one that is (None: neither)."""
    return b if a is None else a if b is None else fn(a, b)
