"""Keeping an older store right: the migration to schema 4 and the check every open makes.

Schema 4 (issue 24):
- ``play_seats`` and ``seat_links`` take one player once per play and per table, as a unique
  index, so two processes racing a merge and a link cannot both get in (the check is the
  database's, inside the writing transaction). Rows that already broke it keep their first seat.
- ``tables.unlogged`` marks a finished table whose play was deleted on purpose.
- Tables that Redo finished before the play log existed kept ``finished = 0``: they are
  replayed once and marked, so the check below logs them.
- Dragon plays counted every person lost in one entry under the first cause: their figures are
  made again from the table's log, where the table is still stored.


Schema 5: ``figure_totals`` holds each game figure's sum, kept by triggers, and an index covers
what the statistics read of a seat.

Schema 6: ``player_figure_totals`` holds the same sums per linked player, kept by triggers on the
figures and on the seats (a link, an unlink, a merge, a deleted play all change them).

Schema 7: each seat keeps its play's game and player count, indexed with what the group's
statistics read; indexes for the pages of Home, the play log and the players (issue 27).

Schema 8: a play's optional location (``plays.location``), indexed for the location filter, and
the remembered list of locations (``locations``) the app offers when one is set (issue 31); each
play's margin and its seats' sums (scores, winning seats, best score); the figure sums per month
and location kept by triggers (store/figure_months.py), for the filtered statistics.

Schema 9: ``plays.day_only``, a play known by its day alone (its ``date`` is that day at noon
UTC). The migration marks the plays stored at exactly 12:00:00 UTC that are not BG Stats imports
(see ``to_version_9``).

Schema 10: ``play_seats.score`` may be NULL, a score not known (a BoardGameGeek play logged with
its winners alone): the NOT NULL is dropped (SQLite makes the table again, ``allow_null``).

Every open then logs each finished table the log lacks (an indexed query, no replay unless one
is missing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.table import Table, TableError
from companion.plays.record import record
from companion.store import figure_months
from companion.store.connection import Connection
from companion.store.plays_rows import insert_play

# The data of a table file for a stored table, or None when it cannot be read.
ReadTable = Callable[[str], Any]

ONE_PLAYER_PER_PLAY = (
    "CREATE UNIQUE INDEX IF NOT EXISTS one_seat_per_player_in_a_play ON play_seats (play_id, player_id)"
)
ONE_PLAYER_PER_TABLE = (
    "CREATE UNIQUE INDEX IF NOT EXISTS one_seat_per_player_at_a_table ON seat_links (table_id, player_id)"
)


# Each game figure's sum kept by SQLite as play_figures changes (a cascade from a deleted play
# too): the group's statistics read a few rows instead of summing 600,000 (docs/PERFORMANCE.md).
FIGURE_TOTALS = (
    """CREATE TABLE IF NOT EXISTS figure_totals (
        game  TEXT NOT NULL,
        name  TEXT NOT NULL,
        key   TEXT NOT NULL,
        total INTEGER NOT NULL,  -- the sum of the values
        rows  INTEGER NOT NULL,  -- how many figure rows
        whole INTEGER NOT NULL,  -- 1: a figure of the whole table (its rows have no seat)
        PRIMARY KEY (game, name, key)
    ) WITHOUT ROWID""",
    """CREATE TRIGGER IF NOT EXISTS figure_added AFTER INSERT ON play_figures BEGIN
        INSERT INTO figure_totals (game, name, key, total, rows, whole)
        VALUES (NEW.game, NEW.name, NEW.key, NEW.value, 1, CASE WHEN NEW.seat IS NULL THEN 1 ELSE 0 END)
        ON CONFLICT (game, name, key) DO UPDATE SET total = figure_totals.total + NEW.value,
            rows = figure_totals.rows + 1, whole = CASE WHEN NEW.seat IS NULL THEN 1 ELSE figure_totals.whole END;
    END""",
    """CREATE TRIGGER IF NOT EXISTS figure_removed AFTER DELETE ON play_figures BEGIN
        UPDATE figure_totals SET total = total - OLD.value, rows = rows - 1
        WHERE game = OLD.game AND name = OLD.name AND key = OLD.key;
        DELETE FROM figure_totals WHERE game = OLD.game AND name = OLD.name AND key = OLD.key AND rows = 0;
    END""",
)


# Each player's game figures, the rows their one-player statistics sum: a seat's figures and the
# whole-table figures of its play, for every seat linked to a player. Kept by triggers on both
# sides of that join, so any single row's change (a play logged or deleted, a seat linked later,
# unlinked or merged, figures dropped by a correction) moves the sums by exactly its share: the
# table always equals the GROUP BY over the join that to_version_6 starts it from.
# ``whole_rows`` counts the rows without a seat (the figure is the whole table's while any is left).
# Figure rows are only inserted and deleted (as for figure_totals): an UPDATE would need a trigger.
_ADD_SEAT = """INSERT INTO player_figure_totals (game, player_id, name, key, total, rows, whole_rows)
        SELECT f.game, {seat}.player_id, f.name, f.key, {sign} SUM(f.value), {sign} COUNT(*),
            {sign} SUM(CASE WHEN f.seat IS NULL THEN 1 ELSE 0 END) FROM play_figures f
        WHERE {seat}.player_id IS NOT NULL AND f.play_id = {seat}.play_id
            AND (f.seat = {seat}.seat OR f.seat IS NULL)
        GROUP BY f.game, f.name, f.key
        ON CONFLICT (game, player_id, name, key) DO UPDATE SET total = player_figure_totals.total
            + excluded.total, rows = player_figure_totals.rows + excluded.rows,
            whole_rows = player_figure_totals.whole_rows + excluded.whole_rows;"""
_ADD_FIGURE = """INSERT INTO player_figure_totals (game, player_id, name, key, total, rows, whole_rows)
        SELECT {fig}.game, ps.player_id, {fig}.name, {fig}.key, {sign} {fig}.value, {sign} 1,
            {sign} (CASE WHEN {fig}.seat IS NULL THEN 1 ELSE 0 END) FROM play_seats ps
        WHERE ps.play_id = {fig}.play_id AND ps.player_id IS NOT NULL
            AND (ps.seat = {fig}.seat OR {fig}.seat IS NULL)
        ON CONFLICT (game, player_id, name, key) DO UPDATE SET total = player_figure_totals.total
            + excluded.total, rows = player_figure_totals.rows + excluded.rows,
            whole_rows = player_figure_totals.whole_rows + excluded.whole_rows;"""
_EMPTIED_SEAT = """DELETE FROM player_figure_totals WHERE player_id = OLD.player_id AND rows = 0
        AND game IN (SELECT game FROM play_figures WHERE play_id = OLD.play_id);"""
_EMPTIED_FIGURE = """DELETE FROM player_figure_totals WHERE game = OLD.game AND name = OLD.name
        AND key = OLD.key AND rows = 0 AND player_id IN (SELECT player_id FROM play_seats
            WHERE play_id = OLD.play_id AND (seat = OLD.seat OR OLD.seat IS NULL));"""
PLAYER_FIGURE_TOTALS = (
    """CREATE TABLE IF NOT EXISTS player_figure_totals (
        game       TEXT NOT NULL,
        player_id  TEXT NOT NULL,
        name       TEXT NOT NULL,
        key        TEXT NOT NULL,
        total      INTEGER NOT NULL,  -- the sum of the values
        rows       INTEGER NOT NULL,  -- how many figure rows
        whole_rows INTEGER NOT NULL,  -- how many of them have no seat (a whole table's figure)
        PRIMARY KEY (game, player_id, name, key)
    ) WITHOUT ROWID""",
    f"""CREATE TRIGGER IF NOT EXISTS player_figure_added AFTER INSERT ON play_figures BEGIN
        {_ADD_FIGURE.format(fig="NEW", sign="")}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS player_figure_removed AFTER DELETE ON play_figures BEGIN
        {_ADD_FIGURE.format(fig="OLD", sign="-")}
        {_EMPTIED_FIGURE}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS player_seat_added AFTER INSERT ON play_seats
    WHEN NEW.player_id IS NOT NULL BEGIN
        {_ADD_SEAT.format(seat="NEW", sign="")}
    END""",
    f"""CREATE TRIGGER IF NOT EXISTS player_seat_removed AFTER DELETE ON play_seats
    WHEN OLD.player_id IS NOT NULL BEGIN
        {_ADD_SEAT.format(seat="OLD", sign="-")}
        {_EMPTIED_SEAT}
    END""",
    # A link, an unlink, a merge: the old player's share goes, the new one's comes.
    f"""CREATE TRIGGER IF NOT EXISTS player_seat_relinked AFTER UPDATE OF player_id, play_id, seat
    ON play_seats WHEN OLD.player_id IS NOT NEW.player_id OR OLD.play_id IS NOT NEW.play_id
        OR OLD.seat IS NOT NEW.seat BEGIN
        {_ADD_SEAT.format(seat="OLD", sign="-")}
        {_EMPTIED_SEAT}
        {_ADD_SEAT.format(seat="NEW", sign="")}
    END""",
)


# Every column the statistics read of a seat, in one index: their one scan of the seats never
# looks up the table rows (80 ms became about 58 ms over 10,000 plays).
SEATS_FOR_STATS = (
    "CREATE INDEX IF NOT EXISTS seats_for_stats ON play_seats (play_id, seat, player_id, name, score, winner)"
)


def to_version_4(db: Connection, read_table: ReadTable) -> None:
    """The schema 4 changes, inside the migration's transaction."""
    if "unlogged" not in db.columns("tables"):
        db.execute("ALTER TABLE tables ADD COLUMN unlogged INTEGER NOT NULL DEFAULT 0")
    _one_seat_per_player(db)
    _mark_tables_redo_finished(db, read_table)
    _count_dragon_losses_again(db, read_table)


def to_version_5(db: Connection) -> None:
    """Schema 5: the figure sums kept by triggers, and the seats' index for the statistics."""
    for statement in FIGURE_TOTALS:
        db.execute(statement)
    db.execute(SEATS_FOR_STATS)
    db.execute("DELETE FROM figure_totals")  # summed once from the rows there are now
    db.execute(
        "INSERT INTO figure_totals (game, name, key, total, rows, whole) SELECT game, name, key,"
        " SUM(value), COUNT(*), MAX(CASE WHEN seat IS NULL THEN 1 ELSE 0 END) FROM play_figures"
        " GROUP BY game, name, key"
    )


def to_version_6(db: Connection) -> None:
    """Schema 6: each player's figure sums, kept by triggers, summed once from the rows there are."""
    for statement in PLAYER_FIGURE_TOTALS:
        db.execute(statement)
    db.execute("DELETE FROM player_figure_totals")
    db.execute(PLAYER_FIGURES_BY_ROWS)


# Each linked player's figure sums straight from the rows (the join the one-player statistics
# summed before schema 6): the migration's start, which the triggers then keep equal to it.
PLAYER_FIGURES_BY_ROWS = (
    "INSERT INTO player_figure_totals (game, player_id, name, key, total, rows, whole_rows)"
    " SELECT f.game, ps.player_id, f.name, f.key, SUM(f.value), COUNT(*),"
    " SUM(CASE WHEN f.seat IS NULL THEN 1 ELSE 0 END)"
    " FROM play_seats ps JOIN play_figures f ON f.play_id = ps.play_id AND (f.seat = ps.seat OR f.seat IS NULL)"
    " WHERE ps.player_id IS NOT NULL GROUP BY f.game, ps.player_id, f.name, f.key"
)


# Schema 7: each seat carries its play's game and player count (both fixed once a play is
# logged), so the group's statistics read one covering index instead of joining every play.
SEATS_BY_GAME = (
    "CREATE INDEX IF NOT EXISTS seats_by_game ON play_seats (game, seat, n, score, winner)",
    "CREATE INDEX IF NOT EXISTS seats_by_game_player ON play_seats (game, player_id, name, score, winner)",
)


# Schema 7: the finished tables the log may lack, queued by triggers when a table finishes (or
# loses its play) and taken off when its play is logged, so the check every open makes reads
# this queue, empty but for a crash or another writer's slip, and not every finished table.
TABLES_TO_LOG = (
    "CREATE TABLE IF NOT EXISTS tables_to_log (table_id TEXT PRIMARY KEY) WITHOUT ROWID",
    """CREATE TRIGGER IF NOT EXISTS to_log_finished AFTER UPDATE OF finished ON tables
        WHEN NEW.finished = 1 AND OLD.finished = 0 BEGIN
        INSERT OR IGNORE INTO tables_to_log (table_id) VALUES (NEW.id);
    END""",
    """CREATE TRIGGER IF NOT EXISTS to_log_stored AFTER INSERT ON tables WHEN NEW.finished = 1 BEGIN
        INSERT OR IGNORE INTO tables_to_log (table_id) VALUES (NEW.id);
    END""",
    """CREATE TRIGGER IF NOT EXISTS to_log_play_gone AFTER DELETE ON plays WHEN OLD.table_id IS NOT NULL BEGIN
        INSERT OR IGNORE INTO tables_to_log (table_id)
        SELECT id FROM tables WHERE id = OLD.table_id AND finished = 1 AND unlogged = 0;
    END""",
    """CREATE TRIGGER IF NOT EXISTS to_log_logged AFTER INSERT ON plays WHEN NEW.table_id IS NOT NULL BEGIN
        DELETE FROM tables_to_log WHERE table_id = NEW.table_id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS to_log_unlogged AFTER UPDATE OF unlogged ON tables
        WHEN NEW.unlogged = 1 BEGIN
        DELETE FROM tables_to_log WHERE table_id = NEW.id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS to_log_table_gone AFTER DELETE ON tables BEGIN
        DELETE FROM tables_to_log WHERE table_id = OLD.id;
    END""",
)


def seat_columns(db: Connection) -> None:
    """The seats' game and player count (schema 7): before any older step logs a play."""
    columns = db.columns("play_seats")
    if "game" not in columns:
        db.execute("ALTER TABLE play_seats ADD COLUMN game TEXT")
    if "n" not in columns:
        db.execute("ALTER TABLE play_seats ADD COLUMN n INTEGER")


def play_columns(db: Connection) -> None:
    """The plays' location and margin columns (schema 8) and day_only (9): before any older step
    logs a play."""
    columns = db.columns("plays")
    if "day_only" not in columns:
        db.execute("ALTER TABLE plays ADD COLUMN day_only INTEGER NOT NULL DEFAULT 0")
    if "location" not in columns:
        db.execute("ALTER TABLE plays ADD COLUMN location TEXT")
    for column in ("margin", "scores", "winners", "best"):
        if column not in columns:
            db.execute(f"ALTER TABLE plays ADD COLUMN {column} INTEGER")


# Schema 8: the location filter, each game's records and the player page, each read through an
# index (a record is one seek at the end of an index, not a scan of the game's plays).
INSIGHT_INDEXES = (
    "CREATE INDEX IF NOT EXISTS plays_by_location ON plays (location, date)",
    "CREATE INDEX IF NOT EXISTS plays_by_margin ON plays (game, margin, date, id)",
    "CREATE INDEX IF NOT EXISTS plays_by_length ON plays (game, seconds, date, id)",
    "CREATE INDEX IF NOT EXISTS seats_by_win ON play_seats (game, winner, score)",
    # a player's seats (the page's scan) and every seat of a play (the head-to-head's other side)
    "CREATE INDEX IF NOT EXISTS seats_for_page ON play_seats (player_id, play_id, seat, score, winner, place)",
    "CREATE INDEX IF NOT EXISTS seats_for_rivals ON play_seats (play_id, player_id, winner, place)",
)


def to_version_8(db: Connection) -> None:
    """Schema 8: each play's margin, computed once for the plays there are (as play_margin
    does), and the indexes (the columns and the ``locations`` table come with ``play_columns``
    and PLAYS_SCHEMA; a store before 8 has no location to remember)."""
    db.execute(
        "UPDATE plays SET margin = (SELECT MIN(CASE WHEN winner = 1 THEN score END)"
        " - MAX(CASE WHEN winner = 0 THEN score END) FROM play_seats WHERE play_id = plays.id)"
    )
    db.execute(
        "UPDATE plays SET (scores, winners, best) = (SELECT SUM(score), SUM(winner), MAX(score)"
        " FROM play_seats WHERE play_id = plays.id)"
    )
    for statement in INSIGHT_INDEXES:
        db.execute(statement)
    figure_months.start(db)


def to_version_9(db: Connection) -> None:
    """Schema 9: the plays already stored at exactly 12:00:00 UTC become plays known by their day
    alone, but for BG Stats imports. Before schema 9, a day alone was stored as that noon: every
    BoardGameGeek import, a Quick score play logged for a past day (or for today, after noon
    UTC), a play redated to a day. A play that really ended on that second is one in 86,400;
    BG Stats gives times that people set by hand, where 13:00 in Madrid (12:00 UTC) is a likely
    one, so those keep their time (docs/DECISIONS.md)."""
    from companion.plays.record import DAY_NOON  # the rule of plays.record.stored_as_a_day, in SQL

    db.execute("UPDATE plays SET day_only = 1 WHERE source <> 'import' AND substr(date, 11) = ?", (DAY_NOON,))


def to_version_10(db: Connection) -> None:
    """Schema 10: a seat's score may be unknown (NULL). The rows stay as they are: every play
    stored before has its scores."""
    db.allow_null("play_seats", "score")


def to_version_7(db: Connection) -> None:
    """Schema 7: the seats' game and player count, copied once from their plays, and their
    indexes; the queue of tables to log, started with every finished table the log lacks."""
    for statement in TABLES_TO_LOG:
        db.execute(statement)
    db.execute("INSERT OR IGNORE INTO tables_to_log (table_id) SELECT id FROM (" + UNLOGGED + ") AS u")
    db.execute(
        "UPDATE play_seats SET (game, n) = (SELECT p.game, p.n FROM plays p WHERE p.id = play_seats.play_id)"
        " WHERE game IS NULL OR n IS NULL"
    )
    for statement in SEATS_BY_GAME:
        db.execute(statement)


def _one_seat_per_player(db: Connection) -> None:
    """Unlink every seat but the first where one player sat twice, then forbid it for good."""
    db.execute(
        "UPDATE play_seats SET player_id = NULL WHERE player_id IS NOT NULL AND seat > ("
        " SELECT MIN(o.seat) FROM play_seats o WHERE o.play_id = play_seats.play_id"
        " AND o.player_id = play_seats.player_id)"
    )
    db.execute(
        "DELETE FROM seat_links WHERE seat > (SELECT MIN(o.seat) FROM seat_links o"
        " WHERE o.table_id = seat_links.table_id AND o.player_id = seat_links.player_id)"
    )
    db.execute(ONE_PLAYER_PER_PLAY)
    db.execute(ONE_PLAYER_PER_TABLE)


def _opened(read_table: ReadTable, table_id: str) -> Table | None:
    data = read_table(table_id)
    if data is None:
        return None
    try:
        return Table.from_dict(data, legal_redo_only=True)
    except TableError:  # a damaged table is listed as damaged; it makes no play
        return None


def _mark_tables_redo_finished(db: Connection, read_table: ReadTable) -> None:
    for (table_id,) in db.execute("SELECT id FROM tables WHERE finished = 0 AND entries > 0").fetchall():
        table = _opened(read_table, table_id)
        if table is not None and table.finished:
            db.execute("UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))


def _count_dragon_losses_again(db: Connection, read_table: ReadTable) -> None:
    rows = db.execute(
        "SELECT p.id, p.table_id FROM plays p JOIN tables t ON t.id = p.table_id"
        " WHERE p.game = 'dragon' AND p.source = 'table'"
    ).fetchall()
    for play_id, table_id in rows:
        table = _opened(read_table, table_id)
        if table is None or not table.finished:
            continue
        lost = [f for f in record(table).figures if f.name == "lost"]
        db.execute("DELETE FROM play_figures WHERE play_id = ? AND name = 'lost'", (play_id,))
        db.executemany(
            "INSERT INTO play_figures (play_id, game, seat, name, key, value, month, location)"
            " SELECT id, 'dragon', ?, ?, ?, ?, substr(date, 1, 7), COALESCE(location, '') FROM plays WHERE id = ?",
            [(f.seat, f.name, f.key, f.value, play_id) for f in lost],
        )


# Finished tables whose play is missing (and was not deleted on purpose).
UNLOGGED = (
    "SELECT t.id, t.created, t.updated FROM tables t WHERE t.finished = 1 AND t.unlogged = 0"
    " AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.table_id = t.id)"
)


# The queued tables (schema 7) that still lack their play. CROSS JOIN: the queue is the outer
# loop (SQLite's planner, without statistics, walked every finished table instead).
QUEUED = (
    "SELECT t.id, t.created, t.updated FROM tables_to_log q CROSS JOIN tables t ON t.id = q.table_id"
    " WHERE t.finished = 1 AND t.unlogged = 0 AND NOT EXISTS (SELECT 1 FROM plays p WHERE p.table_id = t.id)"
)


def missing_plays(db: Connection, read_table: ReadTable) -> list[list[tuple[str, tuple[Any, ...]]]]:
    """The statements that log each finished table the log lacks (usually none: one read of an
    empty queue)."""
    out = []
    for table_id, created, updated in db.execute(QUEUED).fetchall():
        table = _opened(read_table, table_id)
        if table is not None and table.finished:
            links = dict(db.execute("SELECT seat, player_id FROM seat_links WHERE table_id = ?", (table_id,)))
            ids = [links.get(seat) for seat in range(len(table.players))]
            out.append(insert_play(record(table, started=created, ended=updated, player_ids=ids)))
    return out
