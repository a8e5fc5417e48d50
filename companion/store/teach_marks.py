"""Teach as you play, per table: whether the "first game" tips are on, and which kinds of
question have shown theirs already. Kept in the same SQLite file as the tables (a row beside
each table, deleted with it), so every device showing the table agrees and a restart keeps it.

Not in the game options (they change no rule and must not travel in an exported table file) and
not in the entry log (undo must not bring a tip back). See docs/DECISIONS.md.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from companion.store.sqlite_store import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS teach (
    table_id TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
    enabled  INTEGER NOT NULL DEFAULT 0,
    shown    TEXT NOT NULL DEFAULT '[]'   -- the prompt kinds whose tip was shown, as JSON
);
"""


@dataclass(frozen=True)
class Teach:
    enabled: bool = False
    shown: frozenset[str] = frozenset()

    def due(self, kind: str | None) -> bool:
        """Whether the tip of ``kind`` is still to be shown."""
        return self.enabled and kind is not None and kind not in self.shown


class TeachMarks:
    """The teach state of every table in one store (the store's connection and lock are shared)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.add_schema(SCHEMA)

    def get(self, table_id: str) -> Teach:
        rows = self.store._read("SELECT enabled, shown FROM teach WHERE table_id = ?", (table_id,))
        if not rows:
            return Teach()
        enabled, shown = rows[0]
        try:
            kinds = json.loads(shown)
        except ValueError:  # a damaged row: the tips start over rather than fail the screen
            kinds = []
        return Teach(bool(enabled), frozenset(k for k in kinds if isinstance(k, str)))

    def _put(self, table_id: str, teach: Teach) -> Teach:
        self.store._write(
            (
                "INSERT INTO teach (table_id, enabled, shown) VALUES (?, ?, ?) "
                "ON CONFLICT(table_id) DO UPDATE SET enabled = excluded.enabled, shown = excluded.shown",
                (table_id, int(teach.enabled), json.dumps(sorted(teach.shown))),
            )
        )
        return teach

    def set_enabled(self, table_id: str, enabled: bool) -> Teach:
        """Turn the tips on or off; the kinds already shown stay shown."""
        with self.store._lock:
            return self._put(table_id, Teach(enabled, self.get(table_id).shown))

    def mark_shown(self, table_id: str, kind: str) -> Teach:
        """The tip of ``kind`` was dismissed: it does not come back for this table."""
        with self.store._lock:
            now = self.get(table_id)
            return self._put(table_id, Teach(now.enabled, now.shown | {kind}))
