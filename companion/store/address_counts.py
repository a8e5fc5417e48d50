"""Counts per network address that every worker of a hosted server shares (PostgreSQL).

A hosted server counts two things per address: space keys it refused (a guesser is locked out)
and new spaces made (a script making spaces is stopped). In one process ``share.attempts.
Attempts`` counts them in memory; behind N workers on one PostgreSQL that would allow N times
as many, so there the counts are rows of ``address_counts`` in the public schema, beside the
spaces' registry: (kind, address, window start, count, locked until), one row per fixed window
of ``limits.window`` seconds, added to by one atomic upsert. Reaching the limit in a window
locks the address out for ``limits.lockout`` seconds on every worker. Fixed windows, unlike
``Attempts``' sliding one, may let twice the limit through across a window's edge; each limit
here is far below what would matter (docs/DECISIONS.md). ``forget_old`` (the hosted sweep,
every minute) removes the rows of past windows and ended lockouts.

The same ``locked``/``failed`` as ``Attempts``; ``now`` must be the wall clock (``time.time``),
the one clock the workers share.
"""

from __future__ import annotations

from companion.share.attempts import AttemptLimits
from companion.store.postgres import PgConnection

COUNTS = """
CREATE TABLE IF NOT EXISTS address_counts (
    kind         TEXT NOT NULL,          -- what is counted: 'refused' keys, 'new_space' made
    address      TEXT NOT NULL,          -- the counted key, 'addr:<address>'
    window_start DOUBLE PRECISION NOT NULL,  -- seconds since 1970, a multiple of the window
    count        INTEGER NOT NULL,
    locked_until DOUBLE PRECISION NOT NULL,  -- 0 when not locked out
    PRIMARY KEY (kind, address, window_start)
) WITHOUT ROWID;
"""

UPSERT = """
INSERT INTO address_counts (kind, address, window_start, count, locked_until) VALUES (?, ?, ?, 1, ?)
ON CONFLICT (kind, address, window_start) DO UPDATE SET
    count = address_counts.count + 1,
    locked_until = CASE WHEN address_counts.count + 1 >= ? THEN ? ELSE address_counts.locked_until END
"""


class SharedAttempts:
    """``Attempts`` kept in PostgreSQL at ``url`` under ``kind``: shared by every worker."""

    def __init__(self, url: str, kind: str, limits: AttemptLimits | None = None) -> None:
        self.kind = kind
        self.limits = limits or AttemptLimits()
        self._db = PgConnection(url, schema="public")  # the process's shared pool
        self._db.executescript(COUNTS)

    def _limit(self, key: str) -> int:
        return self.limits.address_failures if key.startswith("addr:") else self.limits.connection_failures

    def locked(self, keys: list[str], now: float) -> bool:
        """Is any of these keys locked out now, by any worker?"""
        if not keys:
            return False
        marks = ", ".join("?" for _ in keys)
        rows = self._db.execute(
            f"SELECT 1 FROM address_counts WHERE kind = ? AND address IN ({marks}) AND locked_until > ? LIMIT 1",
            (self.kind, *keys, now),
        ).fetchall()
        return bool(rows)

    def failed(self, keys: list[str], now: float) -> None:
        """Count one for each key in the current window; past its limit the key is locked out."""
        window = self.limits.window
        start = now - now % window
        until = now + self.limits.lockout
        for key in keys:
            limit = self._limit(key)
            first = until if limit <= 1 else 0.0
            self._db.execute(UPSERT, (self.kind, key, start, first, limit, until))

    def forget_old(self, now: float) -> int:
        """Remove the rows of past windows whose lockout has ended; how many."""
        return self._db.execute(
            "DELETE FROM address_counts WHERE kind = ? AND window_start < ? AND locked_until <= ?",
            (self.kind, now - self.limits.window, now),
        ).rowcount

    def close(self) -> None:
        self._db.close()
