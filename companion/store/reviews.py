"""Reviews kept with their table (issue 30): a review of a finished 5-player game takes seconds,
so the result is stored beside the table and opens at once the next time.

A stored review is used only for the log it was made from (the checkpoints' digest chain over the
rules' code and every entry in force), the same reader (seat) and the same budget; anything else
is reviewed again and replaces it. The rows go with their table (ON DELETE CASCADE), like the
teach marks; a damaged row is reviewed again rather than failing the screen.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from pydantic import ValidationError

from companion.core.table import Table
from companion.review import Budget, Review, review
from companion.review.model import revived
from companion.store.checkpoint import chain, entry_body, game_root
from companion.store.sqlite_store import Store

REVIEW_FORMAT = "review-5"  # bump when the review's policy or result changes: old rows are redone
WHOLE_TABLE = -1  # the seat column of the table's own review

SCHEMA = """
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,  -- the reader; -1: the whole table
    log      TEXT NOT NULL,     -- the digest of the log reviewed (rules code and entries)
    budget   TEXT NOT NULL,     -- the budget as JSON
    data     TEXT NOT NULL,     -- the Review as JSON
    PRIMARY KEY (table_id, seat)
);
"""


def log_digest(table: Table) -> str:
    bodies = (entry_body(e) for e in table.entries)
    return chain(f"{REVIEW_FORMAT}:{game_root(table.game)}", bodies)[-1]


class StoredReviews:
    """The reviews of every table in one store (its connection and lock are shared)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.add_schema(SCHEMA)

    def get(self, table: Table, seat: int | None = None, budget: Budget | None = None) -> Review | None:
        """The stored review of this log, reader and budget, or None."""
        rows = self.store._read(
            "SELECT log, budget, data FROM reviews WHERE table_id = ? AND seat = ?",
            (table.id, WHOLE_TABLE if seat is None else seat),
        )
        if not rows:
            return None
        log, stored_budget, data = rows[0]
        if log != log_digest(table) or stored_budget != (budget or Budget()).model_dump_json():
            return None
        try:
            return Review.model_validate(revived(json.loads(data)))
        except (ValueError, ValidationError):  # a damaged row: reviewed again
            return None

    def put(self, table: Table, result: Review, budget: Budget | None = None) -> None:
        seat = WHOLE_TABLE if result.seat is None else result.seat
        self.store._write(
            (
                "INSERT INTO reviews (table_id, seat, log, budget, data) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(table_id, seat) DO UPDATE SET log = excluded.log, "
                "budget = excluded.budget, data = excluded.data",
                (
                    table.id,
                    seat,
                    log_digest(table),
                    (budget or Budget()).model_dump_json(),
                    result.model_dump_json(),
                ),
            )
        )

    def review(
        self,
        table: Table,
        seat: int | None = None,
        budget: Budget | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Review:
        """The stored review when it is of this log, reader and budget; else a new one, stored."""
        found = self.get(table, seat, budget)
        if found is not None:
            return found
        result = review(table, seat=seat, budget=budget, progress=progress)
        self.put(table, result, budget)
        return result
