"""The play log's deeper statistics (issue 31): a player's page, each game's records, figures by
month, splits by expansion and by player count, and the H-index. SQL over the play tables, each
read through an index (a player's seats, a game's plays); every function takes a PlayFilter.

Definitions (docs/API.md, "Player page, records and figures over time"):

- A player's plays are the plays with a seat linked to them; a win is a seat marked winner (a
  shared win is a win for each of its winners). Opponents are the other linked seats of those
  plays; seats linked to nobody are guests and count in no head-to-head.
- Order in time: by the date a play ended, then by play id (two plays of one instant).
- Longest win streak: the most wins in a row in that order. Current streak: the run the latest
  play belongs to, positive for wins in a row, negative for plays not won in a row, 0 without plays.
- Favourite seat: the seat position (0 = first) the player sat in most often; the lower seat on a tie.
- Head-to-head, per opponent: the plays both sat in, each one's wins in them, and how often each
  finished ahead of the other (a better place; a shared place is ahead of neither).
- Rival: among opponents with at least MIN_SHARED shared plays, the one with the most shared plays.
  Nemesis: among the same opponents, the one who finished ahead of the player most often (at
  least once). Ties: fewer shared plays first (the higher rate) for the nemesis, then the name
  (case ignored), then the player id.
- Records of a game, each held by the earliest play that reached it (then the lower play id):
  highest and lowest winning score (a winning seat's score; holders: the winning seats with that
  score), biggest margin (the lowest winning score minus the best score that did not win, in plays
  with a seat that did not win; holders: the winners), longest and shortest play (in seconds,
  plays whose length is known; holders: the winners).
- H-index: the largest h such that h games were played at least h times each.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from companion.store.plays_filter import NO_FILTER, PlayFilter

Reader = Callable[..., list[tuple[Any, ...]]]

MIN_SHARED = 3  # shared plays before an opponent can be a rival or a nemesis
# The expansion switches of each game's options, as stored in plays.options (JSON).
EXPANSIONS: dict[str, tuple[str, ...]] = {"dragon": ("great_wall", "super_events")}
BASE = "base"  # the split key of plays with no expansion
UNSAID = "unsaid"  # the split key of plays whose expansions were never said (an import: BGG, BG Stats)

RecordKind = Literal["high_win", "low_win", "margin", "longest", "shortest"]
RECORD_KINDS: tuple[RecordKind, ...] = ("high_win", "low_win", "margin", "longest", "shortest")


class Holder(BaseModel):
    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    player_id: str | None  # None: a seat linked to nobody, known by its name
    name: str


class GameRecord(BaseModel):
    """One record of a game: its value (points, or seconds for a length) and the play that holds it."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    game: str
    kind: RecordKind
    value: int
    play_id: str
    date: str
    holders: list[Holder]
    day_only: bool = False  # the play is known by its day alone (plays.day_only)
    # a score record (not a length) whose play holds a score the game cannot give: still the
    # record, as every figure counts such a play as typed, and said beside it (docs/DECISIONS.md)
    doubtful: bool = False
    # whose score it is (the first such seat's name as the record's holders are named) and the
    # score, said beside the record: it may be another seat's than the holder's (a margin's loser)
    doubt_name: str | None = None
    doubt_score: int | None = None


class PlayRef(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    play_id: str
    game: str
    date: str
    day_only: bool = False  # known by its day alone (schema 9)


class PlayerGame(BaseModel):
    """A player's plays of one game."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    game: str
    plays: int
    wins: int
    average: float | None  # None: none of these plays has scores (winners alone, schema 10)
    best: int | None

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


class HeadToHead(BaseModel):
    """The player against one opponent, over the plays both sat in."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    player_id: str
    name: str
    shared: int
    wins: int  # the page's player's wins in those plays
    their_wins: int
    ahead: int  # plays the page's player finished ahead of this opponent
    behind: int  # plays this opponent finished ahead


class PlayerPage(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    player_id: str
    name: str
    plays: int
    wins: int
    games: list[PlayerGame]  # most played first
    records: list[GameRecord]  # the records of a game the player holds (alone or shared)
    longest_win_streak: int
    current_streak: int  # > 0: wins in a row up to the latest play; < 0: plays not won in a row
    first_play: PlayRef | None
    last_play: PlayRef | None
    favourite_seat: int | None
    rival: HeadToHead | None
    nemesis: HeadToHead | None
    head_to_head: list[HeadToHead]  # most shared plays first
    h_index: int  # the player's own: h games they played at least h times each

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


class Period(BaseModel):
    """Plays in one month ("YYYY-MM", of the UTC date they ended) or one split of a game."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    key: str
    plays: int
    seats: int  # the seats counted: every seat, or the player's own
    wins: int
    total: int  # the sum of those seats' scores
    best: int | None  # None: no seat has a score
    scored: int | None = None  # the seats with a score (None: every seat)

    @property
    def average(self) -> float | None:
        """The seats' mean score, over the seats with one; None when none has."""
        scored = self.seats if self.scored is None else self.scored
        return self.total / scored if scored else None

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


class HIndex(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    h: int
    games: list[tuple[str, int]]  # (game, plays), most played first


# ---- a game's records --------------------------------------------------------------------
Hit = tuple[int, str, str, int]  # a record's value, play id, date and day_only, as read


def _seat_cond(game: str, player: str | None, where: PlayFilter) -> tuple[str, tuple[Any, ...]]:
    """``WHERE`` over ``plays p`` joined to the seats ``ps`` counted: a game's, or a player's."""
    cond, args = where.sql("p")
    clauses, out = ["1 = 1"], []
    if game:
        clauses.append("p.game = ?")
        out.append(game)
    if player:
        clauses.append("ps.player_id = ?")
        out.append(player)
    return "WHERE " + " AND ".join(clauses) + cond, (*out, *args)


def game_records(read: Reader, game: str, where: PlayFilter = NO_FILTER) -> list[GameRecord]:
    """The records of ``game`` over the plays ``where`` keeps, in RECORD_KINDS order (a record
    no play has, such as a length when no length is known, is left out). Each is two seeks in
    an index (schema 8): the best value, then the earliest play that has it."""
    found: list[tuple[RecordKind, Hit | None]] = [
        ("high_win", _seat_record(read, game, where, "MAX")),
        ("low_win", _seat_record(read, game, where, "MIN")),
        ("margin", _play_record(read, game, where, "margin", "MAX")),
        ("longest", _play_record(read, game, where, "seconds", "MAX")),
        ("shortest", _play_record(read, game, where, "seconds", "MIN")),
    ]
    return [
        GameRecord(
            game=game,
            kind=kind,
            value=v,
            play_id=pid,
            date=d,
            day_only=bool(o),
            holders=_holders(read, kind, v, pid),
            doubtful=doubt is not None,
            doubt_name=doubt[0] if doubt else None,
            doubt_score=doubt[1] if doubt else None,
        )
        for kind, hit in found
        if hit is not None
        for v, pid, d, o in [hit]
        for doubt in [None if kind in ("longest", "shortest") else _out_of_bounds(read, game, pid)]
    ]


def _seat_record(read: Reader, game: str, where: PlayFilter, fn: str) -> Hit | None:
    """(score, play id, date, day_only): the highest (MAX) or lowest (MIN) winning score, earliest play first."""
    cond, args = where.sql("p")
    # Without a filter the seats' index alone answers (no join to the plays).
    join = " JOIN plays p ON p.id = ps.play_id" if cond else ""
    top = read(
        f"SELECT {fn}(ps.score) FROM play_seats ps{join} WHERE ps.game = ? AND ps.winner = 1{cond}",
        (game, *args),
    )
    if top[0][0] is None:
        return None
    row = read(
        "SELECT p.id, p.date, p.day_only FROM play_seats ps JOIN plays p ON p.id = ps.play_id"
        f" WHERE ps.game = ? AND ps.winner = 1 AND ps.score = ?{cond} ORDER BY p.date, p.id LIMIT 1",
        (game, top[0][0], *args),
    )
    return top[0][0], row[0][0], row[0][1], row[0][2]


def _play_record(read: Reader, game: str, where: PlayFilter, column: str, fn: str) -> Hit | None:
    """(value, play id, date, day_only): the plays' highest or lowest ``column`` (margin, seconds), earliest first."""
    cond, args = where.sql("p")
    top = read(f"SELECT {fn}(p.{column}) FROM plays p WHERE p.game = ?{cond}", (game, *args))
    if top[0][0] is None:
        return None
    row = read(
        f"SELECT p.id, p.date, p.day_only FROM plays p WHERE p.game = ? AND p.{column} = ?{cond}"
        " ORDER BY p.date, p.id LIMIT 1",
        (game, top[0][0], *args),
    )
    return top[0][0], row[0][0], row[0][1], row[0][2]


def _out_of_bounds(read: Reader, game: str, play_id: str) -> tuple[str, int] | None:
    """The first seat of the play holding a score ``game`` cannot give (plays/bounds.py): its
    name (the player's, as ``_holders`` names them) and score; None when every score can be."""
    from companion.plays.bounds import score_bounds

    bound = score_bounds().games.get(game)
    if bound is None:
        return None
    rows = read(
        "SELECT COALESCE(pl.name, ps.name), ps.score FROM play_seats ps LEFT JOIN players pl"
        " ON pl.id = ps.player_id WHERE ps.play_id = ? AND (ps.score > ? OR ps.score < ?)"
        " ORDER BY ps.seat LIMIT 1",
        (play_id, bound.most, bound.least),
    )
    return (rows[0][0], rows[0][1]) if rows else None


def _holders(read: Reader, kind: RecordKind, value: int, play_id: str) -> list[Holder]:
    """The winning seats of the record's play (for a score record, those with that score)."""
    rows = read(
        "SELECT ps.player_id, COALESCE(pl.name, ps.name), ps.score FROM play_seats ps"
        " LEFT JOIN players pl ON pl.id = ps.player_id WHERE ps.play_id = ? AND ps.winner = 1 ORDER BY ps.seat",
        (play_id,),
    )
    scored = kind in ("high_win", "low_win")
    return [Holder(player_id=pid, name=name) for pid, name, score in rows if not scored or score == value]


# ---- a player's page ---------------------------------------------------------------------
def player_page(
    read: Reader, player_id: str, game: str | None = None, where: PlayFilter = NO_FILTER
) -> PlayerPage:
    """Everything about one player (of one game when given) over the plays ``where`` keeps."""
    name_row = read("SELECT name FROM players WHERE id = ?", (player_id,))
    name = name_row[0][0] if name_row else ""
    cond, args = _seat_cond(game or "", player_id, where)
    rows = read(
        "SELECT p.id, p.date, p.game, ps.seat, ps.score, ps.winner, p.day_only FROM plays p"
        f" JOIN play_seats ps ON ps.play_id = p.id {cond} ORDER BY p.date, p.id",
        args,
    )
    games = _player_games(rows)
    longest, current = streaks([bool(r[5]) for r in rows])
    seats: dict[int, int] = {}
    for r in rows:
        seats[r[3]] = seats.get(r[3], 0) + 1
    favourite = min(seats, key=lambda s: (-seats[s], s)) if seats else None
    table = head_to_head(read, player_id, game, where)
    # A record's holders are winners: a game the player never won holds none of theirs (not read).
    records = [
        rec
        for g in games
        if g.wins
        for rec in game_records(read, g.game, where)
        if any(h.player_id == player_id for h in rec.holders)
    ]
    return PlayerPage(
        player_id=player_id,
        name=name,
        plays=len(rows),
        wins=sum(r[5] for r in rows),
        games=games,
        records=records,
        longest_win_streak=longest,
        current_streak=current,
        first_play=_ref(rows[0]) if rows else None,
        last_play=_ref(rows[-1]) if rows else None,
        favourite_seat=favourite,
        rival=rival(table),
        nemesis=nemesis(table),
        head_to_head=table,
        h_index=h_from_counts([g.plays for g in games]),
    )


def _ref(row: tuple[Any, ...]) -> PlayRef:
    """The play of a player page's row (id, date, game, seat, score, winner, day_only)."""
    return PlayRef(play_id=row[0], date=row[1], game=row[2], day_only=bool(row[6]))


def _player_games(rows: list[tuple[Any, ...]]) -> list[PlayerGame]:
    """Per game: plays, wins, the score's sum and best, from the rows (id, date, game, seat, score,
    winner, day_only)."""
    sums: dict[str, list[Any]] = {}  # plays, wins, plays with a score, their total, best
    for _id, _date, game, _seat, score, winner, _day_only in rows:
        line = sums.get(game) or sums.setdefault(game, [0, 0, 0, 0, None])
        line[0] += 1
        line[1] += winner
        if score is not None:  # a play without scores counts for plays and wins alone
            line[2] += 1
            line[3] += score
            line[4] = score if line[4] is None else max(line[4], score)
    out = [
        PlayerGame(game=g, plays=n, wins=w, average=t / k if k else None, best=b)
        for g, (n, w, k, t, b) in sums.items()
    ]
    return sorted(out, key=lambda g: (-g.plays, g.game))


def streaks(won: list[bool]) -> tuple[int, int]:
    """(longest run of wins, current streak) of results in time order (see the module's docstring)."""
    longest = run = 0
    for w in won:
        run = run + 1 if w else 0
        longest = max(longest, run)
    current = 0
    for w in reversed(won):
        if current == 0:
            current = 1 if w else -1
        elif (current > 0) == w:
            current += 1 if w else -1
        else:
            break
    return longest, current


def head_to_head(
    read: Reader, player_id: str, game: str | None = None, where: PlayFilter = NO_FILTER
) -> list[HeadToHead]:
    """The player against each linked opponent, most shared plays first (then by name)."""
    cond, args = where.sql("p")
    in_game = " AND p.game = ?" if game else ""
    # The plays are joined only to filter: the seats' indexes answer the rest.
    plays = " JOIN plays p ON p.id = me.play_id" if cond or game else ""
    rows = read(
        "SELECT o.player_id, COUNT(*), SUM(me.winner), SUM(o.winner),"
        " SUM(CASE WHEN me.place < o.place THEN 1 ELSE 0 END), SUM(CASE WHEN o.place < me.place THEN 1 ELSE 0 END)"
        f" FROM play_seats me{plays}"
        " JOIN play_seats o ON o.play_id = me.play_id AND o.player_id IS NOT NULL AND o.player_id <> me.player_id"
        f" WHERE me.player_id = ?{in_game}{cond} GROUP BY o.player_id",
        (player_id, *((game,) if game else ()), *args),
    )
    names: dict[str, str] = dict(read("SELECT id, name FROM players")) if rows else {}
    table = [
        HeadToHead(player_id=pid, name=names.get(pid, ""), shared=n, wins=w, their_wins=tw, ahead=a, behind=b)
        for pid, n, w, tw, a, b in rows
    ]
    return sorted(table, key=lambda h: (-h.shared, h.name.casefold(), h.player_id))


def rival(table: list[HeadToHead]) -> HeadToHead | None:
    """The opponent with the most shared plays, from MIN_SHARED on (ties: name, then id)."""
    known = [h for h in table if h.shared >= MIN_SHARED]
    return min(known, key=lambda h: (-h.shared, h.name.casefold(), h.player_id), default=None)


def nemesis(table: list[HeadToHead]) -> HeadToHead | None:
    """The opponent ahead most often, from MIN_SHARED shared plays on (ties: fewer shared plays,
    then name, then id); None when no such opponent was ever ahead."""
    known = [h for h in table if h.shared >= MIN_SHARED and h.behind > 0]
    return min(known, key=lambda h: (-h.behind, h.shared, h.name.casefold(), h.player_id), default=None)


# ---- over time, splits, H-index ------------------------------------------------------------
class GamePeriods(BaseModel):
    """A game's figures by month, by set of expansions and by player count, from one scan."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    by_month: list[Period]
    by_expansion: list[Period]
    by_player_count: list[Period]


def game_periods(
    read: Reader, game: str, player: str | None = None, where: PlayFilter = NO_FILTER
) -> GamePeriods:
    """by_month, by_expansion and by_player_count together: one pass over the seats (grouped by
    month, player count and options), each split summed here from those few groups."""
    groups = _groups(read, game, player, where)
    return GamePeriods(
        by_month=_summed(groups, lambda g: g[0]),
        by_expansion=_expansion_periods(game, groups),
        by_player_count=_summed(groups, lambda g: g[1]),
    )


def _groups(read: Reader, game: str, player: str | None, where: PlayFilter) -> list[tuple[Any, ...]]:
    """(month, player count, options, plays, seats, wins, total, best, seats with a score): a
    play is in one group only, so each split is the sum of its groups. The group's from the plays
    alone (each keeps its seats' sums, schema 8; a play without scores has none, schema 10), one
    player's from their seats. Total and best are NULL in a group without a score."""
    if not player:
        cond, args = where.sql("p")
        return read(
            "SELECT substr(p.date, 1, 7), p.n, p.options, COUNT(*), SUM(p.n), SUM(p.winners), SUM(p.scores),"
            " MAX(p.best), SUM(CASE WHEN p.scores IS NULL THEN 0 ELSE p.n END)"
            f" FROM plays p WHERE p.game = ? AND p.n > 0{cond} GROUP BY substr(p.date, 1, 7), p.n, p.options",
            (game, *args),
        )
    cond, args = _seat_cond(game, player, where)
    return read(
        "SELECT substr(p.date, 1, 7), p.n, p.options, COUNT(DISTINCT p.id), COUNT(*), SUM(ps.winner),"
        f" SUM(ps.score), MAX(ps.score), COUNT(ps.score) FROM plays p JOIN play_seats ps ON ps.play_id = p.id {cond}"
        " GROUP BY substr(p.date, 1, 7), p.n, p.options",
        args,
    )


def _summed(groups: list[tuple[Any, ...]], key: Callable[[tuple[Any, ...]], Any]) -> list[Period]:
    """The groups summed by ``key`` (a month, a player count), in the key's order (2 before 10)."""
    sums: dict[Any, list[Any]] = {}  # plays, seats, wins, total, best, seats with a score
    for g in groups:
        line = sums.get(key(g)) or sums.setdefault(key(g), [0, 0, 0, 0, None, 0])
        for i in range(3):
            line[i] += g[3 + i]
        line[3] += g[6] or 0  # NULL: no score in the group
        line[4] = g[7] if line[4] is None else line[4] if g[7] is None else max(line[4], g[7])
        line[5] += g[8]
    return [
        Period(key=str(k), plays=n, seats=s, wins=w, total=t, best=b, scored=c)
        for k, (n, s, w, t, b, c) in sorted(sums.items())
    ]


def _expansions_on(game: str, options: str) -> str:
    """The split key of a play's options (JSON): BASE, its expansions joined by "+", or UNSAID
    when its options do not name every one of the game's expansions (never said: never the base
    game; one said and another not: which set was played is not known)."""
    chosen = json.loads(options) if options else {}
    fields = EXPANSIONS.get(game, ())
    if fields and not (isinstance(chosen, dict) and all(f in chosen for f in fields)):
        return UNSAID
    on = [f for f in fields if chosen.get(f, 0) == 1]
    return "+".join(on) or BASE


def _expansion_periods(game: str, groups: list[tuple[Any, ...]]) -> list[Period]:
    """The splits: the base game first, then by fewest expansions, the plays never said last."""
    out = _summed(groups, lambda g: _expansions_on(game, g[2]))
    return sorted(out, key=lambda p: (p.key == UNSAID, p.key != BASE, p.key.count("+"), p.key))


def by_month(
    read: Reader, game: str, player: str | None = None, where: PlayFilter = NO_FILTER
) -> list[Period]:
    """Plays, seats, wins and scores of ``game`` per month (of ``player``'s seats when given),
    oldest month first; months without a play are left out."""
    return game_periods(read, game, player, where).by_month


def by_player_count(
    read: Reader, game: str, player: str | None = None, where: PlayFilter = NO_FILTER
) -> list[Period]:
    """The same figures per player count ("2", "3", ...), fewest players first."""
    return game_periods(read, game, player, where).by_player_count


def by_expansion(
    read: Reader, game: str, player: str | None = None, where: PlayFilter = NO_FILTER
) -> list[Period]:
    """The same figures per set of expansions in play: key BASE, one expansion, or several
    joined by "+" in EXPANSIONS order, UNSAID last for the plays that never said (a game without
    expansions has only BASE)."""
    return game_periods(read, game, player, where).by_expansion


def h_index(read: Reader, player: str | None = None, where: PlayFilter = NO_FILTER) -> HIndex:
    """The group's H-index (of ``player``'s plays when given) over the plays ``where`` keeps."""
    cond, args = where.sql("p")
    mine = " AND p.id IN (SELECT play_id FROM play_seats WHERE player_id = ?)" if player else ""
    rows = read(
        f"SELECT p.game, COUNT(*) FROM plays p WHERE 1 = 1{cond}{mine} GROUP BY p.game",
        (*args, *((player,) if player else ())),
    )
    games = sorted(((g, n) for g, n in rows), key=lambda r: (-r[1], r[0]))
    return HIndex(h=h_from_counts([n for _g, n in games]), games=games)


def h_from_counts(counts: list[int]) -> int:
    """The largest h with h of these play counts at least h each."""
    ordered = sorted(counts, reverse=True)
    return sum(1 for i, n in enumerate(ordered) if n >= i + 1)
