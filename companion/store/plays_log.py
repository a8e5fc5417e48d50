"""The play log: read with filters, logged from a calculator, and its statistics (SQL)."""

from __future__ import annotations

from typing import Any

from companion.plays.models import PlayRecord
from companion.plays.record import calculated
from companion.store.plays_rows import PLAY_COLUMNS, insert_play, plays_from_rows
from companion.store.plays_stats import GameStats, game_stats


class PlaysMixin:
    """Store methods for the play log (mixed into Store: uses its _read and _write)."""

    _read: Any
    _write: Any

    def plays(
        self,
        game: str | None = None,
        player: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        figures: bool = False,
    ) -> list[PlayRecord]:
        """The log, the latest play first. ``player`` is a player id; ``since``/``until`` compare
        with the date a play ended (``until`` "2026-05-31" takes that whole day). ``figures``
        also reads each play's game-specific figures (the JSON export and backups need them)."""
        where, args = _filters(game, player, since, until)
        return self._plays(where, args, figures)

    def play(self, play_id: str) -> PlayRecord | None:
        """One play with its figures, or None."""
        found = self._plays("WHERE p.id = ?", (play_id,), True)
        return found[0] if found else None

    def _plays(self, where: str, args: tuple[Any, ...], figures: bool) -> list[PlayRecord]:
        plays = self._read(f"SELECT {PLAY_COLUMNS} FROM plays p {where} ORDER BY p.date DESC, p.id", args)
        if not plays:
            return []
        seats = self._read(
            "SELECT ps.play_id, ps.seat, ps.name, ps.color, ps.player_id, ps.score, ps.place, ps.winner"
            f" FROM play_seats ps JOIN plays p ON p.id = ps.play_id {where}",
            args,
        )
        rows = None
        if figures:
            rows = self._read(
                "SELECT f.play_id, f.seat, f.name, f.key, f.value FROM play_figures f"
                f" JOIN plays p ON p.id = f.play_id {where} ORDER BY f.rowid",
                args,
            )
        return plays_from_rows(plays, seats, rows)

    def log_calculated(
        self,
        calculator: str,
        data: object,
        result: dict[str, Any] | None = None,
        *,
        date: str | None = None,
        options: dict[str, Any] | None = None,
        player_ids: list[str | None] | None = None,
    ) -> PlayRecord:
        """Log a game played without the app from a final-scoring calculator's input (players in
        seat order) and, when the screen showed it, its result (checked to be the input's)."""
        for p in {p for p in player_ids or () if p is not None}:
            self.player(p)  # type: ignore[attr-defined]  # PlayersMixin's, beside this one in Store
        play = calculated(calculator, data, result, date=date, options=options, player_ids=player_ids)
        self._write(*insert_play(play))
        return play

    def delete_play(self, play_id: str) -> None:
        """Remove a play logged from a calculator (a table's play goes with an undo of its last entry)."""
        from companion.store.sqlite_store import StoreError

        rows = self._read("SELECT table_id FROM plays WHERE id = ?", (play_id,))
        if not rows:
            raise StoreError("plays.play.unknown", id=play_id)
        if rows[0][0] is not None:
            raise StoreError("plays.play.of_a_table")
        self._write(("DELETE FROM plays WHERE id = ?", (play_id,)))

    def stats(self, game: str, player: str | None = None) -> GameStats:
        """Statistics of one game, or of one player (an id) in that game, all computed by SQLite."""
        return game_stats(self._read, game, player)


def _filters(
    game: str | None, player: str | None, since: str | None, until: str | None
) -> tuple[str, tuple[Any, ...]]:
    """A WHERE clause over ``plays p`` for the log's filters."""
    clauses: list[str] = []
    args: list[Any] = []
    if game:
        clauses.append("p.game = ?")
        args.append(game)
    if player:
        clauses.append("p.id IN (SELECT play_id FROM play_seats WHERE player_id = ?)")
        args.append(player)
    if since:
        clauses.append("p.date >= ?")
        args.append(since)
    if until:
        clauses.append("substr(p.date, 1, ?) <= ?")
        args += [len(until), until]
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args)
