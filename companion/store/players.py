"""The group's players: kept once in the store, linked to the seats of tables and plays.

A table keeps its own copy of each name (an old game never changes when a player is renamed);
the link says who sat there, so a rename or a merge reaches every statistic at once.
"""

from __future__ import annotations

import unicodedata
import uuid
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from companion.core.limits import has_unsafe
from companion.core.table import PLAYER_COLORS, Player

MAX_NOTE = 80


class PlayerInfo(BaseModel):
    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, defer_build=True)

    id: str
    name: str
    color: str | None = None
    note: str = ""
    created: str
    plays: int = 0  # plays in the log this player took part in
    last_played: str | None = None
    last_day_only: bool = False  # the last play is known by its day alone (plays.day_only)


class LastSeat(BaseModel):
    """A seat of the last table with linked players: who sat there and with which colour."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    player: PlayerInfo
    color: str | None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def name_key(name: str) -> str:
    """A name as the store matches it (``name_key``): spaces folded, case ignored."""
    return " ".join(name.split()).casefold()


def namesake_key(name: str) -> str:
    """A name with its accents, case and spaces left out: "Lucía", "lucia " and "LUCÍA" are
    one key, so a second player of almost the same name is noticed before it is added."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return "".join(bare.casefold().split())


def clean_name(name: str) -> str:
    """A player's name as every table takes it (1 to 24 characters, spaces folded), else StoreError."""
    from companion.store.sqlite_store import StoreError

    try:
        return Player(name=name).name
    except ValidationError as exc:
        raise StoreError("plays.player.bad_name", name=name) from exc


def _check_color(color: str | None) -> str | None:
    from companion.store.sqlite_store import StoreError

    if color is not None and color not in PLAYER_COLORS:
        raise StoreError("plays.player.bad_color", color=color, known=", ".join(PLAYER_COLORS))
    return color


def _check_note(note: str) -> str:
    from companion.store.sqlite_store import StoreError

    note = " ".join(note.split())
    if len(note) > MAX_NOTE or has_unsafe(note):
        raise StoreError("plays.player.bad_note", limit=MAX_NOTE)
    return note


_PLAYER_SELECT = (
    "SELECT pl.id, pl.name, pl.color, pl.note, pl.created, COUNT(ps.play_id), MAX(p.date),"
    " MAX(CASE WHEN p.day_only = 1 THEN p.date END)"  # the last play's, when it is a day-only one
    " FROM players pl LEFT JOIN play_seats ps ON ps.player_id = pl.id"
    " LEFT JOIN plays p ON p.id = ps.play_id"
)


def _info(r: tuple[Any, ...]) -> PlayerInfo:
    return PlayerInfo(
        id=r[0],
        name=r[1],
        color=r[2],
        note=r[3],
        created=r[4],
        plays=r[5],
        last_played=r[6],
        last_day_only=r[6] is not None and r[7] == r[6],
    )


def _header_players(text: Any) -> list[dict[str, Any]]:
    """The players of a table's header column (StoreError if the row is damaged)."""
    from companion.store.sqlite_store import _header

    return _header(text)["players"]


class PlayersMixin:
    """Store methods for the player list (mixed into Store: uses its _read and _write)."""

    _read: Any
    _write: Any

    def create_player(self, name: str, color: str | None = None, note: str = "") -> PlayerInfo:
        from companion.store.sqlite_store import StoreError

        name, color, note = clean_name(name), _check_color(color), _check_note(note)
        if self._read("SELECT 1 FROM players WHERE name_key = ?", (name.casefold(),)):
            raise StoreError("plays.player.exists", name=name)
        player_id = uuid.uuid4().hex
        self._write(
            (
                "INSERT INTO players (id, name, name_key, color, note, created) VALUES (?, ?, ?, ?, ?, ?)",
                (player_id, name, name.casefold(), color, note, _now()),
            )
        )
        return self.player(player_id)

    def players(self) -> list[PlayerInfo]:
        """Every player, the most recently played first, then by name."""
        rows = self._read(
            _PLAYER_SELECT + " GROUP BY pl.id ORDER BY MAX(p.date) IS NULL, MAX(p.date) DESC, pl.name_key"
        )
        return [_info(r) for r in rows]

    def players_page(self, search: str = "", limit: int = 50) -> list[PlayerInfo]:
        """The first ``limit`` players as ``players()`` orders them, or with ``search`` those whose
        name holds it, by name. Read from indexes: a page costs the same however many there are."""
        from companion.store.sqlite_store import _like

        text = " ".join(search.split()).casefold()
        if text:  # name_key is casefolded: LIKE then matches "Ángel" by "án" too
            rows = self._read(
                "SELECT id FROM players WHERE name_key LIKE ? ESCAPE '\\' ORDER BY name_key LIMIT ?",
                (_like(text), limit),
            )
            return self.players_by_id([r[0] for r in rows])
        found = sorted(self.players_by_id(self._recent_player_ids(limit)), key=lambda p: p.name.casefold())
        return sorted(found, key=lambda p: p.last_played or "", reverse=True)  # stable: names stay in order

    def _recent_player_ids(self, limit: int) -> list[str]:
        """The ``limit`` players who played last (the log walked from its latest play, stopping
        once enough are seen), then those who never played, by name."""
        ids: dict[str, None] = {}
        try:
            with self._lock:  # type: ignore[attr-defined]  # Store's
                rows = self._db.execute(  # type: ignore[attr-defined]
                    "SELECT ps.player_id FROM plays p"
                    " JOIN play_seats ps ON ps.play_id = p.id"
                    " WHERE ps.player_id IS NOT NULL ORDER BY p.date DESC, p.id"
                )
                for (player_id,) in rows:
                    ids[player_id] = None
                    if len(ids) >= limit:
                        break
                rows.close()
        except self._db.Error as exc:  # type: ignore[attr-defined]
            raise self._db.store_error(exc) from exc  # type: ignore[attr-defined]
        if len(ids) < limit:
            never = self._read(
                "SELECT id FROM players pl WHERE NOT EXISTS"
                " (SELECT 1 FROM play_seats ps WHERE ps.player_id = pl.id) ORDER BY name_key LIMIT ?",
                (limit - len(ids),),
            )
            ids.update((r[0], None) for r in never)
        return list(ids)

    def players_by_id(self, ids: list[str]) -> list[PlayerInfo]:
        """These players (in this order; an unknown id left out), with their plays counted."""
        if not ids:
            return []
        rows = self._read(
            _PLAYER_SELECT + f" WHERE pl.id IN ({', '.join('?' * len(ids))}) GROUP BY pl.id", tuple(ids)
        )
        found = {r[0]: _info(r) for r in rows}
        return [found[i] for i in ids if i in found]

    def player(self, player_id: str) -> PlayerInfo:
        from companion.store.sqlite_store import StoreError

        rows = self._read(_PLAYER_SELECT + " WHERE pl.id = ? GROUP BY pl.id", (player_id,))
        if not rows:
            raise StoreError("plays.player.unknown", id=player_id)
        return _info(rows[0])

    def find_player(self, name: str) -> PlayerInfo | None:
        """The player of that name (case and spacing ignored), or None."""
        rows = self._read("SELECT id FROM players WHERE name_key = ?", (name_key(name),))
        return self.player(rows[0][0]) if rows else None

    def namesakes(self, name: str, but: str | None = None) -> list[PlayerInfo]:
        """The players (other than ``but``) named as ``name`` once accents, case and spaces are
        left out ("Lucía" for "lucia"), by name. Compared in Python: SQL has no accent folding."""
        key = namesake_key(name)
        if not key:
            return []
        rows = self._read("SELECT id, name_key FROM players ORDER BY name_key")
        return self.players_by_id([i for i, k in rows if i != but and namesake_key(k) == key])

    def update_player(
        self, player_id: str, *, name: str | None = None, color: str | None = "", note: str | None = None
    ) -> PlayerInfo:
        """Rename a player (once, everywhere its link reaches), or change the colour or the note.

        ``color=""`` leaves the colour as it is; None clears it. Old tables keep their own names.
        """
        from companion.store.sqlite_store import StoreError

        now = self.player(player_id)
        new_name = clean_name(name) if name is not None else now.name
        other = self._read(
            "SELECT id FROM players WHERE name_key = ? AND id != ?", (new_name.casefold(), player_id)
        )
        if other:
            raise StoreError("plays.player.exists", name=new_name)
        new_color = now.color if color == "" else _check_color(color)
        new_note = now.note if note is None else _check_note(note)
        self._write(
            (
                "UPDATE players SET name = ?, name_key = ?, color = ?, note = ? WHERE id = ?",
                (new_name, new_name.casefold(), new_color, new_note, player_id),
            )
        )
        return self.player(player_id)

    def rename_player(self, player_id: str, name: str) -> PlayerInfo:
        return self.update_player(player_id, name=name)

    def merge_players(self, keep_id: str, gone_id: str) -> PlayerInfo:
        """Make ``gone_id`` the same person as ``keep_id``: every link moves, then ``gone_id`` goes.

        Refused when both sat at one table (a merge would make one person play twice).
        """
        from companion.store.sqlite_store import StoreError

        keep, gone = self.player(keep_id), self.player(gone_id)
        if keep.id == gone.id:
            raise StoreError("plays.player.merge_self", name=keep.name)
        shared = (
            self._read(
                "SELECT COUNT(*) FROM (SELECT table_id FROM seat_links WHERE player_id IN (?, ?)"
                " GROUP BY table_id HAVING COUNT(*) > 1) AS shared",
                (keep.id, gone.id),
            )[0][0]
            + self._read(
                "SELECT COUNT(*) FROM (SELECT play_id FROM play_seats WHERE player_id IN (?, ?)"
                " GROUP BY play_id HAVING COUNT(*) > 1) AS shared",
                (keep.id, gone.id),
            )[0][0]
        )
        if shared:
            raise StoreError("plays.player.merge_same_table", keep=keep.name, gone=gone.name)
        # The unique indexes check it again inside the transaction (another process may link meanwhile).
        self._write(
            ("UPDATE seat_links SET player_id = ? WHERE player_id = ?", (keep.id, gone.id)),
            ("UPDATE play_seats SET player_id = ? WHERE player_id = ?", (keep.id, gone.id)),
            ("DELETE FROM players WHERE id = ?", (gone.id,)),
            refused=StoreError("plays.player.merge_same_table", keep=keep.name, gone=gone.name),
        )
        return self.player(keep.id)

    def delete_player(self, player_id: str) -> None:
        """Remove a player nobody's table or play links to; StoreError if one does (merge instead)."""
        from companion.store.sqlite_store import StoreError

        who = self.player(player_id)
        used = self._read(
            "SELECT (SELECT COUNT(*) FROM seat_links WHERE player_id = ?)"
            " + (SELECT COUNT(*) FROM play_seats WHERE player_id = ?)",
            (player_id, player_id),
        )[0][0]
        if used:
            raise StoreError("plays.player.in_use", name=who.name, n=used)
        self._write(("DELETE FROM players WHERE id = ?", (player_id,)))

    def link_seats(self, table_id: str, player_ids: list[str | None]) -> None:
        """Say who sat at each seat of a table (None: nobody from the list); its play follows."""
        from companion.store.sqlite_store import StoreError

        head = self._read("SELECT header FROM tables WHERE id = ?", (table_id,))
        if not head:
            raise StoreError("store.no_such_table", id=table_id)

        self._write(
            *self._link_statements(table_id, len(_header_players(head[0][0])), player_ids),
            refused=StoreError("plays.link.changed"),
        )

    def _link_statements(
        self, table_id: str, seats: int, player_ids: list[str | None]
    ) -> list[tuple[str, tuple[Any, ...]]]:
        """Checked statements that link a table's seats (and its play's) to players."""
        check_links(self, seats, player_ids)
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("DELETE FROM seat_links WHERE table_id = ?", (table_id,))
        ]
        statements += [
            ("INSERT INTO seat_links (table_id, seat, player_id) VALUES (?, ?, ?)", (table_id, seat, p))
            for seat, p in enumerate(player_ids)
            if p is not None
        ]
        # Unlink first: a swap of two players would otherwise meet the one-seat-per-player index
        # half-way through.
        statements.append(
            (
                "UPDATE play_seats SET player_id = NULL"
                " WHERE play_id = (SELECT id FROM plays WHERE table_id = ?)",
                (table_id,),
            )
        )
        statements += [
            (
                "UPDATE play_seats SET player_id = ? WHERE seat = ?"
                " AND play_id = (SELECT id FROM plays WHERE table_id = ?)",
                (p, seat, table_id),
            )
            for seat, p in enumerate(player_ids)
        ]
        return statements

    def seat_links(self, table_id: str) -> list[str | None]:
        """The player linked to each seat of a table (None where nobody is)."""
        head = self._read("SELECT header FROM tables WHERE id = ?", (table_id,))
        if not head:
            return []
        seats = len(_header_players(head[0][0]))
        links = dict(self._read("SELECT seat, player_id FROM seat_links WHERE table_id = ?", (table_id,)))
        return [links.get(seat) for seat in range(seats)]

    def last_players(self, game: str | None = None) -> list[LastSeat]:
        """The players of the most recent table with linked seats (of ``game`` if given), in seat
        order, with the colour each had there: what New table offers first."""
        where = "t.game = ? AND" if game else ""
        # The latest tables first (an index), the first with a linked seat: no join of every link.
        rows = self._read(
            f"SELECT t.id, t.header FROM tables t WHERE {where}"
            " EXISTS (SELECT 1 FROM seat_links l WHERE l.table_id = t.id)"
            " ORDER BY t.created DESC, t.updated DESC LIMIT 1",
            (game,) if game else (),
        )
        if not rows:
            return []
        table_id, header = rows[0]
        colors = [p.get("color") for p in _header_players(header)]
        return [
            LastSeat(player=self.player(p), color=colors[seat] if seat < len(colors) else None)
            for seat, p in enumerate(self.seat_links(table_id))
            if p is not None
        ]


def check_links(store: Any, seats: int, player_ids: list[str | None]) -> None:
    """StoreError unless ``player_ids`` has one entry per seat, each player once, all known."""
    from companion.store.sqlite_store import StoreError

    if len(player_ids) != seats:
        raise StoreError("plays.link.count", n=len(player_ids), seats=seats)
    linked = [p for p in player_ids if p is not None]
    if len(set(linked)) != len(linked):
        raise StoreError("plays.link.twice")
    if linked:  # by primary key: ``player()`` would count every play each one ever made
        known = {
            r[0]
            for r in store._read(
                f"SELECT id FROM players WHERE id IN ({', '.join('?' * len(linked))})", tuple(linked)
            )
        }
        missing = [p for p in linked if p not in known]
        if missing:
            raise StoreError("plays.player.unknown", id=missing[0])
