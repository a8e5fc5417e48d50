"""Trades offered from one seat's phone to another's (Chinatown's trading, issue 25), kept in the
same store as the tables, beside each table and deleted with it.

An offer is not an entry: nothing in the log changes until the other party accepts, and then
the trade is entered as any trade is (the referee checks it). It names the table's stamp it was
made on (``basis``, ``share.live.stamp``): once the table moves on it can no longer be accepted.
In the store rather than in a process's memory so that every worker serving one PostgreSQL
database sees the same offers, and a restart keeps them (docs/DECISIONS.md).

An answer (accept, decline, withdraw) moves an open offer on once: ``close`` changes only a
row still open and says whether it was this call that did. An offer the table moved past for
good is closed as stale (``lapse``): its parties still see it, with why, during this trading.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from companion.share.offers import ACCEPTED, DECLINED, OPEN, STALE, WITHDRAWN, Offer
from companion.store.sqlite_store import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS trade_offers (
    id       TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    basis    TEXT NOT NULL,              -- the table's stamp the offer was made on
    offerer  INTEGER NOT NULL,
    receiver INTEGER NOT NULL,
    entry    TEXT NOT NULL,              -- the trade, as its entry's JSON
    status   TEXT NOT NULL DEFAULT 'open',
    claim    TEXT,                       -- who closed it (one answer wins)
    created  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS trade_offers_table ON trade_offers(table_id, status);
"""
_COLUMNS = "id, table_id, basis, offerer, receiver, entry, status"


class TradeOffers:
    """The offers of every table in one store (the store's connection and lock are shared)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.add_schema(SCHEMA)

    def _rows(self, where: str, args: tuple[object, ...]) -> list[Offer]:
        rows = self.store._read(f"SELECT {_COLUMNS} FROM trade_offers {where}", args)
        return [
            Offer(id=r[0], table_id=r[1], basis=r[2], offerer=r[3], receiver=r[4], entry=r[5], status=r[6])
            for r in rows
        ]

    def make(self, table_id: str, basis: str, offerer: int, receiver: int, entry: str) -> Offer:
        """A new open offer; the offerer's earlier offer to the same player, open or stale, is
        withdrawn (one offer between two players at a time, as across a table)."""
        offer_id = secrets.token_urlsafe(12)
        self.store._write(
            (
                "UPDATE trade_offers SET status = ? "
                "WHERE table_id = ? AND offerer = ? AND receiver = ? AND status IN (?, ?)",
                (WITHDRAWN, table_id, offerer, receiver, OPEN, STALE),
            ),
            (
                f"INSERT INTO trade_offers ({_COLUMNS}, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (offer_id, table_id, basis, offerer, receiver, entry, OPEN, _now()),
            ),
        )
        return Offer(
            id=offer_id, table_id=table_id, basis=basis, offerer=offerer, receiver=receiver, entry=entry
        )

    def find(self, offer_id: str) -> Offer | None:
        found = self._rows("WHERE id = ?", (offer_id,)) if 0 < len(offer_id) <= 64 else []
        return found[0] if found else None

    def of_table(self, table_id: str) -> list[Offer]:
        """The table's offers still to be answered, those declined that their offerer has not
        seen yet, and those closed as stale (their parties' phones say why), oldest first."""
        return self._rows(
            "WHERE table_id = ? AND status IN (?, ?, ?) ORDER BY created, id",
            (table_id, OPEN, DECLINED, STALE),
        )

    def lapse(self, offer_ids: list[str]) -> None:
        """Close these offers as stale, those still open (the table moved past them for good:
        ``share.offers.lapsed``); one write for them all, none for no offer."""
        if offer_ids:
            marks = ", ".join("?" for _ in offer_ids)
            self.store._write(
                (
                    f"UPDATE trade_offers SET status = ? WHERE id IN ({marks}) AND status = ?",
                    (STALE, *offer_ids, OPEN),
                )
            )

    def close(self, offer_id: str, status: str, was: str = OPEN) -> bool:
        """Move the offer from ``was`` to ``status``; False when it was no longer ``was`` (another
        phone, perhaps on another worker, answered it first)."""
        claim = secrets.token_urlsafe(12)
        self.store._write(
            (
                "UPDATE trade_offers SET status = ?, claim = ? WHERE id = ? AND status = ?",
                (status, claim, offer_id, was),
            )
        )
        rows = self.store._read("SELECT claim FROM trade_offers WHERE id = ?", (offer_id,))
        return bool(rows) and rows[0][0] == claim

    def reopen(self, offer_id: str) -> None:
        """An accepted offer whose entry the table then refused is open again (nothing changed)."""
        self.store._write(
            ("UPDATE trade_offers SET status = ? WHERE id = ? AND status = ?", (OPEN, offer_id, ACCEPTED))
        )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")
