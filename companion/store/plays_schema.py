"""Schema version 2 (locations: 8; a day alone: 9; a score not known: 10): players, their links to a table's seats, and the play log.

A play row is written in the same transaction as the entry that finishes its table (and
removed by the undo that reopens it), so the log never disagrees with the tables. The
statistics are SQL over ``plays``, ``play_seats`` and ``play_figures``.
"""

from __future__ import annotations

PLAYS_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS players (
        id       TEXT PRIMARY KEY,
        name     TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,      -- the name casefolded: two players never share a name
        color    TEXT,
        note     TEXT NOT NULL DEFAULT '',
        created  TEXT NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS seat_links (
        table_id  TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        player_id TEXT NOT NULL REFERENCES players(id),
        PRIMARY KEY (table_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS plays (
        id        TEXT PRIMARY KEY,
        table_id  TEXT UNIQUE REFERENCES tables(id) ON DELETE SET NULL,  -- a deleted table keeps its play
        source    TEXT NOT NULL,            -- 'table', 'calculator', 'import' (BG Stats) or 'bgg'
        game      TEXT NOT NULL,
        options   TEXT NOT NULL,            -- JSON
        date      TEXT NOT NULL,            -- when it ended, ISO 8601 UTC
        day_only  INTEGER NOT NULL DEFAULT 0,  -- 1: only its day is known, date is its noon UTC (schema 9)
        started   TEXT,
        seconds   INTEGER,
        n         INTEGER NOT NULL,         -- players
        tie_break TEXT,
        location  TEXT,                     -- where it was played (schema 8), NULL: not said
        margin    INTEGER,                  -- the winning margin (plays_rows.play_margin), for the records
        scores    INTEGER,                  -- its seats' sum of scores, winning seats and best score:
        winners   INTEGER,                  -- the splits by month, expansion and player count read
        best      INTEGER                   -- the plays alone (schema 8)
    )""",
    """CREATE TABLE IF NOT EXISTS play_seats (
        play_id   TEXT NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        name      TEXT NOT NULL,            -- the table's own copy of the name
        color     TEXT,
        player_id TEXT REFERENCES players(id),
        score     INTEGER,                  -- NULL: not known, a play logged with its winners alone (schema 10)
        place     INTEGER NOT NULL,
        winner    INTEGER NOT NULL,
        PRIMARY KEY (play_id, seat)
    )""",
    """CREATE TABLE IF NOT EXISTS play_figures (
        play_id TEXT NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
        game    TEXT NOT NULL,              -- the play's game again: the statistics read one index
        seat    INTEGER,                    -- NULL: a figure of the whole table
        name    TEXT NOT NULL,
        key     TEXT NOT NULL,
        value   INTEGER NOT NULL,
        month    TEXT,                      -- the play's "YYYY-MM" and location ('' for none) again:
        location TEXT                       -- the sums per month kept by triggers (figure_months.py)
    )""",
    # Where plays happen, remembered for offering again (schema 8): kept when a play goes.
    """CREATE TABLE IF NOT EXISTS locations (
        name_key  TEXT PRIMARY KEY,         -- the name casefolded, spaces collapsed
        name      TEXT NOT NULL,
        last_used TEXT NOT NULL
    ) WITHOUT ROWID""",
    "CREATE INDEX IF NOT EXISTS plays_by_game ON plays (game, date)",
    "CREATE INDEX IF NOT EXISTS seats_by_player ON play_seats (player_id)",
    "CREATE INDEX IF NOT EXISTS figures_by_play ON play_figures (play_id, seat)",
    # Covers the per-game sums: rows come out grouped, no sort.
    "CREATE INDEX IF NOT EXISTS figures_by_game ON play_figures (game, name, key, value)",
    "CREATE INDEX IF NOT EXISTS links_by_player ON seat_links (player_id)",
)
