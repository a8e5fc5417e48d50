"""The game figures' sums per month and location, kept by triggers (schema 8), so the statistics
under a date or location filter read a few hundred sums instead of every figure row they keep.

Each figure row carries its play's month ("YYYY-MM" of the date it ended) and location, as it
already carries its game; a play whose date or location changes moves its rows (and so their
sums). ``figure_months`` holds the group's sums, ``player_figure_months`` each linked player's
(the same rows ``player_figure_totals`` sums, store/upkeep.py), both keyed by month and location
('' for a play with none). A filter then takes the months it keeps whole from these sums and the
at most two months it cuts (a ``since`` or ``until`` inside a month) from the rows.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from typing import Any

from companion.store.connection import Connection
from companion.store.plays_filter import PlayFilter

Reader = Callable[..., list[tuple[Any, ...]]]
_MONTH = re.compile(r"\d{4}-\d{2}")

_GROUP = """INSERT INTO figure_months (game, month, location, name, key, total, rows, whole_rows)
        VALUES ({f}.game, {f}.month, {f}.location, {f}.name, {f}.key, {sign} {f}.value, {sign} 1,
            {sign} (CASE WHEN {f}.seat IS NULL THEN 1 ELSE 0 END))
        ON CONFLICT (game, month, location, name, key) DO UPDATE SET
            total = figure_months.total + excluded.total, rows = figure_months.rows + excluded.rows,
            whole_rows = figure_months.whole_rows + excluded.whole_rows;"""
_GROUP_EMPTIED = """DELETE FROM figure_months WHERE game = OLD.game AND month = OLD.month
        AND location = OLD.location AND name = OLD.name AND key = OLD.key AND rows = 0;"""
# One player's share of a figure row: the row of their seat, or a whole table's row.
_PLAYER_FIGURE = """INSERT INTO player_figure_months
            (game, player_id, month, location, name, key, total, rows, whole_rows)
        SELECT {f}.game, ps.player_id, {f}.month, {f}.location, {f}.name, {f}.key, {sign} {f}.value,
            {sign} 1, {sign} (CASE WHEN {f}.seat IS NULL THEN 1 ELSE 0 END) FROM play_seats ps
        WHERE ps.play_id = {f}.play_id AND ps.player_id IS NOT NULL
            AND (ps.seat = {f}.seat OR {f}.seat IS NULL)
        ON CONFLICT (game, player_id, month, location, name, key) DO UPDATE SET
            total = player_figure_months.total + excluded.total,
            rows = player_figure_months.rows + excluded.rows,
            whole_rows = player_figure_months.whole_rows + excluded.whole_rows;"""
_PLAYER_FIGURE_EMPTIED = """DELETE FROM player_figure_months WHERE game = OLD.game AND month = OLD.month
        AND location = OLD.location AND name = OLD.name AND key = OLD.key AND rows = 0
        AND player_id IN (SELECT player_id FROM play_seats WHERE play_id = OLD.play_id
            AND (seat = OLD.seat OR OLD.seat IS NULL));"""
# A seat's share: its figure rows and the whole table's rows of its play.
_PLAYER_SEAT = """INSERT INTO player_figure_months
            (game, player_id, month, location, name, key, total, rows, whole_rows)
        SELECT f.game, {s}.player_id, f.month, f.location, f.name, f.key, {sign} SUM(f.value),
            {sign} COUNT(*), {sign} SUM(CASE WHEN f.seat IS NULL THEN 1 ELSE 0 END) FROM play_figures f
        WHERE {s}.player_id IS NOT NULL AND f.play_id = {s}.play_id AND (f.seat = {s}.seat OR f.seat IS NULL)
        GROUP BY f.game, f.month, f.location, f.name, f.key
        ON CONFLICT (game, player_id, month, location, name, key) DO UPDATE SET
            total = player_figure_months.total + excluded.total,
            rows = player_figure_months.rows + excluded.rows,
            whole_rows = player_figure_months.whole_rows + excluded.whole_rows;"""
_PLAYER_SEAT_EMPTIED = """DELETE FROM player_figure_months WHERE player_id = OLD.player_id AND rows = 0
        AND game = OLD.game AND month IN (SELECT month FROM play_figures WHERE play_id = OLD.play_id);"""

FIGURE_MONTHS = (
    """CREATE TABLE IF NOT EXISTS figure_months (
        game       TEXT NOT NULL,
        month      TEXT NOT NULL,     -- "YYYY-MM" of the date the plays ended
        location   TEXT NOT NULL,     -- '' for plays with no location
        name       TEXT NOT NULL,
        key        TEXT NOT NULL,
        total      INTEGER NOT NULL,  -- the sum of the values
        rows       INTEGER NOT NULL,  -- how many figure rows
        whole_rows INTEGER NOT NULL,  -- how many of them have no seat (a whole table's figure)
        PRIMARY KEY (game, month, location, name, key)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS player_figure_months (
        game       TEXT NOT NULL,
        player_id  TEXT NOT NULL,
        month      TEXT NOT NULL,
        location   TEXT NOT NULL,
        name       TEXT NOT NULL,
        key        TEXT NOT NULL,
        total      INTEGER NOT NULL,
        rows       INTEGER NOT NULL,
        whole_rows INTEGER NOT NULL,
        PRIMARY KEY (game, player_id, month, location, name, key)
    ) WITHOUT ROWID""",
    f"""CREATE TRIGGER IF NOT EXISTS figure_month_added AFTER INSERT ON play_figures BEGIN
        {_GROUP.format(f="NEW", sign="")}
        {_PLAYER_FIGURE.format(f="NEW", sign="")}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS figure_month_removed AFTER DELETE ON play_figures BEGIN
        {_GROUP.format(f="OLD", sign="-")}
        {_GROUP_EMPTIED}
        {_PLAYER_FIGURE.format(f="OLD", sign="-")}
        {_PLAYER_FIGURE_EMPTIED}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS figure_month_moved AFTER UPDATE OF month, location ON play_figures
    WHEN OLD.month IS NOT NEW.month OR OLD.location IS NOT NEW.location BEGIN
        {_GROUP.format(f="OLD", sign="-")}
        {_GROUP_EMPTIED}
        {_PLAYER_FIGURE.format(f="OLD", sign="-")}
        {_PLAYER_FIGURE_EMPTIED}
        {_GROUP.format(f="NEW", sign="")}
        {_PLAYER_FIGURE.format(f="NEW", sign="")}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS seat_month_added AFTER INSERT ON play_seats
    WHEN NEW.player_id IS NOT NULL BEGIN
        {_PLAYER_SEAT.format(s="NEW", sign="")}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS seat_month_removed AFTER DELETE ON play_seats
    WHEN OLD.player_id IS NOT NULL BEGIN
        {_PLAYER_SEAT.format(s="OLD", sign="-")}
        {_PLAYER_SEAT_EMPTIED}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS seat_month_relinked AFTER UPDATE OF player_id, play_id, seat
    ON play_seats WHEN OLD.player_id IS NOT NEW.player_id OR OLD.play_id IS NOT NEW.play_id
        OR OLD.seat IS NOT NEW.seat BEGIN
        {_PLAYER_SEAT.format(s="OLD", sign="-")}
        {_PLAYER_SEAT_EMPTIED}
        {_PLAYER_SEAT.format(s="NEW", sign="")}
    END""",
    # A play redated or moved: its figure rows follow it (and the trigger above moves their sums).
    """CREATE TRIGGER IF NOT EXISTS play_moved AFTER UPDATE OF date, location ON plays
    WHEN substr(OLD.date, 1, 7) IS NOT substr(NEW.date, 1, 7) OR OLD.location IS NOT NEW.location BEGIN
        UPDATE play_figures SET month = substr(NEW.date, 1, 7), location = COALESCE(NEW.location, '')
        WHERE play_id = NEW.id;
    END""",
)


def figure_columns(db: Connection) -> None:
    """The figure rows' month and location (schema 8): before any older step logs a play."""
    columns = db.columns("play_figures")
    if "month" not in columns:
        db.execute("ALTER TABLE play_figures ADD COLUMN month TEXT")
    if "location" not in columns:
        db.execute("ALTER TABLE play_figures ADD COLUMN location TEXT")


def start(db: Connection) -> None:
    """Schema 8: every figure row told its play's month and location, and both sums made once
    from the rows there are (the triggers keep them from then on)."""
    db.execute(
        "UPDATE play_figures SET (month, location) = (SELECT substr(p.date, 1, 7), COALESCE(p.location, '')"
        " FROM plays p WHERE p.id = play_figures.play_id)"
    )
    for statement in FIGURE_MONTHS:
        db.execute(statement)
    db.execute("DELETE FROM figure_months")
    db.execute("DELETE FROM player_figure_months")
    db.execute(
        "INSERT INTO figure_months (game, month, location, name, key, total, rows, whole_rows)"
        " SELECT game, month, location, name, key, SUM(value), COUNT(*), SUM(CASE WHEN seat IS NULL THEN 1 ELSE 0 END)"
        " FROM play_figures GROUP BY game, month, location, name, key"
    )
    db.execute(
        "INSERT INTO player_figure_months (game, player_id, month, location, name, key, total, rows, whole_rows)"
        " SELECT f.game, ps.player_id, f.month, f.location, f.name, f.key, SUM(f.value), COUNT(*),"
        " SUM(CASE WHEN f.seat IS NULL THEN 1 ELSE 0 END) FROM play_seats ps JOIN play_figures f ON f.play_id = ps.play_id"
        " AND (f.seat = ps.seat OR f.seat IS NULL) WHERE ps.player_id IS NOT NULL"
        " GROUP BY f.game, ps.player_id, f.month, f.location, f.name, f.key"
    )


def _cut_months(where: PlayFilter) -> list[str]:
    """The months a ``since`` or ``until`` longer than a month falls inside and keeps in part: not
    a since on the 1st nor an until on the month's last day (a play's date is ISO 8601,
    "YYYY-MM-DD..."). A cut that is no "YYYY-MM" month is in no play's date: nothing to add."""
    cut = set()
    since = where.since
    if since and len(since) > 7 and _MONTH.fullmatch(since[:7]) and since > since[:7] + "-01":
        cut.add(since[:7])
    if where.until and len(where.until) > 7 and _MONTH.fullmatch(where.until[:7]):
        month = where.until[:7]
        last = calendar.monthrange(int(month[:4]), int(month[5:]))[1] if "01" <= month[5:] <= "12" else 0
        if len(where.until) != 10 or where.until < f"{month}-{last:02d}":
            cut.add(month)
    return sorted(cut)


def _whole_months(where: PlayFilter, cut: list[str]) -> tuple[str, tuple[Any, ...]]:
    """`` AND ...`` on ``month`` for the months every play of which the filter keeps on dates
    (plays_filter compares dates as strings: a month no cut falls in is kept whole or not at all)."""
    clauses: list[str] = []
    args: list[Any] = []
    since, until = where.since, where.until
    if since:
        # "2026-03" >= since: every date of the month is too; since's own month when not cut
        whole = len(since) > 7 and _MONTH.fullmatch(since[:7]) and since[:7] not in cut
        clauses.append("month >= ?")
        args.append(since[:7] if whole else since)
    if until and len(until) > 7:
        whole = _MONTH.fullmatch(until[:7]) and until[:7] not in cut  # until's own month
        clauses.append("month <= ?" if whole else "month < ?")
        args.append(until[:7])
    elif until:
        clauses.append("substr(month, 1, ?) <= ?")
        args += [len(until), until]
    if cut:
        clauses.append(f"month NOT IN ({', '.join('?' * len(cut))})")
        args += cut
    if where.location:
        clauses.append("location = ?")
        args.append(where.location)
    return "".join(" AND " + c for c in clauses), tuple(args)


def filtered_figures(read: Reader, game: str, player: str | None, where: PlayFilter) -> list[tuple[Any, ...]]:
    """(name, key, total, rows, whole) of ``game``'s figures over the plays ``where`` keeps (of
    ``player``'s share when given), by name and key: the kept sums of the months kept whole,
    plus the rows of the months a date cuts."""
    cut = _cut_months(where)
    cond, args = _whole_months(where, cut)
    table, mine = ("player_figure_months", " AND player_id = ?") if player else ("figure_months", "")
    sums = read(
        f"SELECT name, key, SUM(total), SUM(rows), SUM(whole_rows) FROM {table}"
        f" WHERE game = ?{mine}{cond} GROUP BY name, key",
        (game, *((player,) if player else ()), *args),
    )
    if cut:
        sums += _cut_rows(read, game, player, where, cut)
    merged: dict[tuple[str, str], list[int]] = {}
    for name, key, total, rows, whole in sums:
        line = merged.setdefault((name, key), [0, 0, 0])
        line[0] += total
        line[1] += rows
        line[2] += whole
    return [(n, k, t, r, w > 0) for (n, k), (t, r, w) in sorted(merged.items()) if r]


def _cut_rows(
    read: Reader, game: str, player: str | None, where: PlayFilter, cut: list[str]
) -> list[tuple[Any, ...]]:
    """The figure sums of the kept plays in the cut months, from their rows (each month a range
    of the plays' (game, date) index)."""
    cond, args = where.sql("p")
    out: list[tuple[Any, ...]] = []
    for month in cut:
        span = (month, _next_month(month))
        if player:
            out += read(
                "SELECT f.name, f.key, SUM(f.value), COUNT(*), SUM(CASE WHEN f.seat IS NULL THEN 1 ELSE 0 END) FROM plays p"
                " JOIN play_seats ps ON ps.play_id = p.id JOIN play_figures f ON f.play_id = p.id"
                " AND (f.seat = ps.seat OR f.seat IS NULL) WHERE p.game = ? AND p.date >= ? AND p.date < ?"
                f"{cond} AND ps.player_id = ? GROUP BY f.name, f.key",
                (game, *span, *args, player),
            )
        else:
            out += read(
                "SELECT f.name, f.key, SUM(f.value), COUNT(*), SUM(CASE WHEN f.seat IS NULL THEN 1 ELSE 0 END) FROM plays p"
                " JOIN play_figures f ON f.play_id = p.id WHERE p.game = ? AND p.date >= ? AND p.date < ?"
                f"{cond} GROUP BY f.name, f.key",
                (game, *span, *args),
            )
    return out


def _next_month(month: str) -> str:
    """ "2026-12" -> "2027-01": the end (excluded) of a month's dates, as strings."""
    year, mon = int(month[:4]), int(month[5:7])
    return f"{year + mon // 12:04d}-{mon % 12 + 1:02d}"
