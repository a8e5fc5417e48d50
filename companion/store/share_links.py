"""The live-share links of each table (a viewer link and one seat link per player), kept in the
same SQLite file as the tables so they survive a restart and die with their table.

A token is ``secrets.token_urlsafe`` (unguessable); the viewer link also has a short code to type
on the join screen. Revoking a link marks it revoked and issues a fresh one for the same role.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict

from companion.store.sqlite_store import Store

SCHEMA = """
CREATE TABLE IF NOT EXISTS share_links (
    token    TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    seat     INTEGER,                  -- NULL: the viewer link
    code     TEXT UNIQUE,              -- the viewer link's short code
    created  TEXT NOT NULL,
    revoked  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS share_links_table ON share_links(table_id);
"""
TOKEN_BYTES = 24  # 32 URL-safe characters, 192 bits
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: easy to read aloud and type
CODE_LENGTH = 6


class Link(BaseModel):
    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    token: str
    table_id: str
    seat: int | None
    code: str | None
    revoked: bool = False


def normalise_code(text: str) -> str:
    """What a person typed, as a short code: case, spaces and dashes do not matter."""
    return "".join(c for c in text.upper() if c.isalnum())


class ShareLinks:
    """The links of every table in one store (the store's connection and lock are shared)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        store.add_schema(SCHEMA)

    def _rows(self, sql: str, args: tuple[object, ...]) -> list[Link]:
        rows = self.store._read(f"SELECT token, table_id, seat, code, revoked FROM share_links {sql}", args)
        return [Link(token=r[0], table_id=r[1], seat=r[2], code=r[3], revoked=bool(r[4])) for r in rows]

    def _issue(self, table_id: str, seat: int | None) -> None:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        code = None
        if seat is None:
            taken = {link.code for link in self._rows("WHERE code IS NOT NULL", ())}
            while code is None or code in taken:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        self.store._write(
            (
                "INSERT INTO share_links (token, table_id, seat, code, created) VALUES (?, ?, ?, ?, ?)",
                (token, table_id, seat, code, datetime.now(UTC).isoformat(timespec="seconds")),
            )
        )

    def links(self, table_id: str, players: int) -> list[Link]:
        """The table's live links (viewer first, then seat 0, 1, ...), created on first use."""
        with self.store._lock:
            current = self._rows("WHERE table_id = ? AND revoked = 0", (table_id,))
            have = {link.seat for link in current}
            for seat in [None, *range(players)]:
                if seat not in have:
                    self._issue(table_id, seat)
            current = self._rows("WHERE table_id = ? AND revoked = 0", (table_id,))
        return sorted(current, key=lambda link: -1 if link.seat is None else link.seat)

    def find(self, token_or_code: str) -> Link | None:
        """The link a token (or a typed short code) opens, revoked ones included (None: unknown)."""
        text = token_or_code.strip()
        if not text or len(text) > 100:
            return None
        found = self._rows("WHERE token = ?", (text,))
        if not found:
            found = self._rows("WHERE code = ?", (normalise_code(text),))
        return found[0] if found else None

    def valid(self, token: str) -> bool:
        link = self.find(token)
        return link is not None and link.token == token and not link.revoked

    def revoke(self, token: str) -> Link | None:
        """Revoke a link and issue a new one for the same role; the new link, or None."""
        with self.store._lock:
            link = self.find(token)
            if link is None or link.token != token or link.revoked:
                return None
            self.store._write(("UPDATE share_links SET revoked = 1, code = NULL WHERE token = ?", (token,)))
            self._issue(link.table_id, link.seat)
            fresh = self._rows("WHERE table_id = ? AND revoked = 0", (link.table_id,))
        return next(x for x in fresh if x.seat == link.seat)
