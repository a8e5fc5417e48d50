"""The play log: read with filters, logged from a calculator, and its statistics (SQL)."""

from __future__ import annotations

from typing import Any

from companion.plays.models import PlayRecord
from companion.plays.record import calculated, play_date
from companion.store.players import check_links, name_key
from companion.store.plays_filter import PlayFilter
from companion.store.plays_rows import PLAY_COLUMNS, insert_play, play_margin, plays_from_rows, seat_sums
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
        location: str | None = None,
        figures: bool = False,
        limit: int | None = None,
    ) -> list[PlayRecord]:
        """The log, the latest play first. ``player`` is a player id; ``since``/``until`` compare
        with the date a play ended (``until`` "2026-05-31" takes that whole day). ``figures``
        also reads each play's game-specific figures (the JSON export and backups need them).
        ``limit``: only the latest that many (read from an index: a page costs the same at any size).
        ``location``: only plays there (any spelling of a remembered location)."""
        where, args = _filters(game, player, since, until, self._location(location))
        return self._plays(where, args, figures, limit)

    def count_plays(
        self,
        game: str | None = None,
        player: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        location: str | None = None,
    ) -> int:
        """How many plays ``plays`` with the same filters would return."""
        where, args = _filters(game, player, since, until, self._location(location))
        return int(self._read(f"SELECT COUNT(*) FROM plays p {where}", args)[0][0])

    def plays_out_of_bounds(
        self,
        game: str | None,
        player: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        location: str | None = None,
    ) -> list[PlayRecord]:
        """The plays of ``game`` (None: of every game, a player's page) with the log's filters
        holding a score the game cannot give (rules_data/core/score_bounds.json): logged before
        the bounds, or restored from a backup, which does not apply them. Read from the seats'
        (game, winner, score) index, one game's bound at a time."""
        from companion.plays.bounds import score_bounds

        bounds = score_bounds().games
        games = [g for g in ([game] if game else bounds) if g in bounds]
        if not games:
            return []
        where, args = _filters(game, player, since, until, self._location(location))
        out_of = " OR ".join(["(game = ? AND (score > ? OR score < ?))"] * len(games))
        where += (" AND " if where else "WHERE ") + f"p.id IN (SELECT play_id FROM play_seats WHERE {out_of})"
        for g in games:
            args += (g, bounds[g].most, bounds[g].least)
        return self._plays(where, args, False)

    def usual_win(self, game: str) -> tuple[int | None, int]:
        """The usual winning score in ``game``: the median of the winners' scores the log holds
        within the bounds (a kept typo above them is no usual; the lower of the two middle ones,
        so a score really logged; a shared victory's score once per winner), and how many winning
        scores it comes from: what a new score is compared with (plays/bounds.far_above). The
        median, not the best: a typo kept within the bounds (a 350 for 35) moves it by one place,
        where it would become the best. Two reads of the (game, winner, score) index."""
        from companion.plays.bounds import score_bounds

        bound = score_bounds().games.get(game)
        if bound is None:
            return None, 0
        won = "FROM play_seats WHERE game = ? AND winner = 1 AND score BETWEEN ? AND ?"
        args = (game, bound.least, bound.most)
        n = int(self._read(f"SELECT COUNT(*) {won}", args)[0][0])
        if not n:
            return None, 0
        middle = self._read(f"SELECT score {won} ORDER BY score LIMIT 1 OFFSET ?", (*args, (n - 1) // 2))
        return int(middle[0][0]), n

    def play(self, play_id: str) -> PlayRecord | None:
        """One play with its figures, or None."""
        found = self._plays("WHERE p.id = ?", (play_id,), True)
        return found[0] if found else None

    def _plays(
        self, where: str, args: tuple[Any, ...], figures: bool, limit: int | None = None
    ) -> list[PlayRecord]:
        order = f"SELECT {PLAY_COLUMNS} FROM plays p {where} ORDER BY p.date DESC, p.id"
        if limit is None:
            plays = self._read(order, args)
        else:
            plays = self._read(order + " LIMIT ?", (*args, limit))
            # The seats and figures of the page's plays only (by primary key).
            where, args = f"WHERE p.id IN ({', '.join('?' * len(plays))})", tuple(r[0] for r in plays)
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
        from companion.store.sqlite_store import StoreError

        if player_ids is not None:
            check_links(self, len(player_ids), player_ids)
        play = calculated(calculator, data, result, date=date, options=options, player_ids=player_ids)
        self._write(*insert_play(play), refused=StoreError("plays.link.changed"))
        return play

    def delete_play(self, play_id: str) -> PlayRecord:
        """Remove a play from the log and return it (``restore_play`` puts it back: the undo).

        A table's play stays out of the log although its table is finished (``tables.unlogged``).
        """
        from companion.store.sqlite_store import StoreError

        play = self.play(play_id)
        if play is None:
            raise StoreError("plays.play.unknown", id=play_id)
        self._write(
            ("DELETE FROM plays WHERE id = ?", (play_id,)),
            ("UPDATE tables SET unlogged = 1 WHERE id = ?", (play.table_id,)),
        )
        return play

    def restore_play(self, play: PlayRecord) -> None:
        """Put back a play ``delete_play`` removed, as it was (a player deleted since: unlinked)."""
        from companion.store.sqlite_store import StoreError

        known = {r[0] for r in self._read("SELECT id FROM players")}
        seats = [s if s.player_id in known else s.model_copy(update={"player_id": None}) for s in play.seats]
        table_id = (
            play.table_id
            if play.table_id and self._read("SELECT 1 FROM tables WHERE id = ?", (play.table_id,))
            else None
        )
        again = play.model_copy(update={"seats": seats, "table_id": table_id})
        self._write(
            *insert_play(again),
            ("UPDATE tables SET unlogged = 0 WHERE id = ?", (table_id,)),
            refused=StoreError("plays.link.changed"),
        )

    def link_play(self, play_id: str, player_ids: list[str | None]) -> PlayRecord:
        """Say who sat at each seat of a play (None: nobody from the player list). A play of a
        stored table links the table's seats too, so both always agree."""
        from companion.store.sqlite_store import StoreError

        play = self.play(play_id)
        if play is None:
            raise StoreError("plays.play.unknown", id=play_id)
        if play.table_id is not None and self._read("SELECT 1 FROM tables WHERE id = ?", (play.table_id,)):
            self.link_seats(play.table_id, player_ids)  # type: ignore[attr-defined]  # PlayersMixin's
        else:
            check_links(self, len(play.seats), player_ids)
            self._write(
                (
                    "UPDATE play_seats SET player_id = NULL WHERE play_id = ?",
                    (play_id,),
                ),  # a swap: see link_seats
                *[
                    ("UPDATE play_seats SET player_id = ? WHERE play_id = ? AND seat = ?", (p, play_id, seat))
                    for seat, p in enumerate(player_ids)
                ],
                refused=StoreError("plays.link.changed"),
            )
        found = self.play(play_id)
        assert found is not None
        return found

    def redate_play(self, play_id: str, date: str) -> PlayRecord:
        """Change the date a play ended (an ISO date or time; stored in UTC, never in the future;
        a day alone dates the play by that day alone)."""
        from companion.store.sqlite_store import StoreError

        if self.play(play_id) is None:
            raise StoreError("plays.play.unknown", id=play_id)
        when = play_date(date)
        self._write(
            ("UPDATE plays SET date = ?, day_only = ? WHERE id = ?", (when.date, int(when.day_only), play_id))
        )
        found = self.play(play_id)
        assert found is not None
        return found

    def set_play_options(self, play_id: str, options: dict[str, Any]) -> PlayRecord:
        """Change the options of a play logged by hand (a calculator's) or brought in (BG Stats,
        BGG: they record none, so a group says which expansions it played): checked by the
        game's own options model, and only the options given are kept (one never said stays so). A table's play keeps its table's options (StoreError)."""
        import json

        from companion.plays.record import play_options
        from companion.store.sqlite_store import StoreError

        play = self.play(play_id)
        if play is None:
            raise StoreError("plays.play.unknown", id=play_id)
        if play.source == "table" or play.table_id is not None:  # its options are its table's
            raise StoreError("plays.play.of_a_table")
        checked = play_options(play.game, options, said_only=True)  # what was said, and only that
        self._write(("UPDATE plays SET options = ? WHERE id = ?", (json.dumps(checked), play_id)))
        found = self.play(play_id)
        assert found is not None
        return found

    def rescore_play(self, play_id: str, scores: list[int]) -> PlayRecord:
        """Correct the final scores of a play logged by hand or brought in (BG Stats, BGG), in
        seat order; a play brought in with its winners alone gets its scores filled in. Places and
        winners follow the scores, whoever was marked as winner before; a best score held by
        several seats is a shared win (the calculator's tie-break read input that is not kept).
        Its points-by-rule and VP-by-source figures go: they no longer add up to the scores.
        A table's play keeps its table's scores (StoreError), and scores are never cleared back
        to none (docs/DECISIONS.md, "Scores typed into an imported play")."""
        from companion.plays.bounds import score_refusal
        from companion.plays.models import MAX_NUMBER
        from companion.store.sqlite_store import StoreError

        play = self.play(play_id)
        if play is None:
            raise StoreError("plays.play.unknown", id=play_id)
        if play.source == "table" or play.table_id is not None:  # its scores are its table log's
            raise StoreError("plays.play.table_scores")
        if len(scores) != len(play.seats) or any(
            isinstance(x, bool) or not isinstance(x, int) or abs(x) > MAX_NUMBER for x in scores
        ):
            raise StoreError("plays.play.bad_scores", n=len(play.seats))
        for seat, x in zip(play.seats, scores, strict=True):
            refusal = score_refusal(play.game, seat.name, x)
            if refusal is not None:  # a digit too many (rules_data/core/score_bounds.json)
                raise StoreError(refusal)
        if scores == [s.score for s in play.seats]:
            return play
        best = max(scores)
        winners = [x == best for x in scores]
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "UPDATE play_seats SET score = ?, place = ?, winner = ? WHERE play_id = ? AND seat = ?",
                (x, 1 + sum(y > x for y in scores), int(won), play_id, seat.seat),
            )
            for seat, x, won in zip(play.seats, scores, winners, strict=True)
        ]
        statements.append(
            ("UPDATE plays SET tie_break = NULL WHERE id = ?", (play_id,))
        )  # nothing left to break
        margin = play_margin(list(zip(scores, winners, strict=True)))
        statements.append(("UPDATE plays SET margin = ? WHERE id = ?", (margin, play_id)))
        sums = seat_sums(list(zip(scores, winners, strict=True)))
        statements.append(
            ("UPDATE plays SET scores = ?, winners = ?, best = ? WHERE id = ?", (*sums, play_id))
        )
        statements.append(
            ("DELETE FROM play_figures WHERE play_id = ? AND name IN ('points', 'vp')", (play_id,))
        )
        self._write(*statements)
        found = self.play(play_id)
        assert found is not None
        return found

    def matching_players(self, names: list[str]) -> list[str | None]:
        """The remembered player named like each seat (case and spacing ignored), or None."""
        keys = [name_key(n) for n in names]
        rows = self._read(
            f"SELECT name_key, id FROM players WHERE name_key IN ({', '.join('?' * len(keys))})", tuple(keys)
        )
        found = dict(rows)
        return [found.get(k) for k in keys]

    def suggested_links(self, play: PlayRecord) -> list[str | None]:
        """Each seat's player: the one linked, else a remembered player of the same name who does
        not sit elsewhere in this play, else None. Only ever a suggestion: a person confirms it."""
        named = self.matching_players([s.name for s in play.seats])
        taken = {s.player_id for s in play.seats if s.player_id}
        out: list[str | None] = []
        for seat, found in zip(play.seats, named, strict=True):
            if seat.player_id is None and found is not None and found not in taken:
                taken.add(found)
                out.append(found)
            else:
                out.append(seat.player_id)
        return out

    def plays_to_link(self) -> list[tuple[PlayRecord, list[str | None]]]:
        """Plays with a seat not linked but named like a remembered player, and the links their
        names suggest (an imported table, a play logged before the player was remembered)."""
        found = []
        for play_id in self.play_ids_to_link():
            play = self.play(play_id)
            if play is not None:
                found.append((play, self.suggested_links(play)))
        return sorted(found, key=lambda pair: pair[0].date, reverse=True)

    def play_ids_to_link(self) -> list[str]:
        """The ids of the plays ``plays_to_link`` lists, from the seats alone (the play log's card
        counts them on every draw; loading each play took 0.27 s at 1,000 plays).
        ``suggested_links`` links an unlinked seat to the player of its name unless that player
        already sits in the play (or was just given to an earlier seat, itself a new link), so a
        play has links to suggest exactly when some unlinked seat's namesake sits nowhere in it."""
        players = dict(self._read("SELECT name_key, id FROM players"))
        unlinked = self._read("SELECT DISTINCT play_id, name FROM play_seats WHERE player_id IS NULL")
        wanted: dict[str, set[str]] = {}
        for play_id, name in unlinked:
            # Compared in Python: SQLite's lower() leaves non-ASCII letters as they are ("Ángel").
            namesake = players.get(name_key(name))
            if namesake is not None:
                wanted.setdefault(play_id, set()).add(namesake)
        if not wanted:
            return []
        seated: dict[str, set[str]] = {}
        for play_id, player_id in self._read(
            "SELECT play_id, player_id FROM play_seats WHERE player_id IS NOT NULL"
            " AND play_id IN (SELECT play_id FROM play_seats WHERE player_id IS NULL)"
        ):
            seated.setdefault(play_id, set()).add(player_id)
        return sorted(pid for pid, namesakes in wanted.items() if namesakes - seated.get(pid, set()))

    def play_by_prefix(self, prefix: str) -> PlayRecord:
        """The play whose id starts with ``prefix`` (as ``companion plays --ids`` shows it)."""
        from companion.store.sqlite_store import StoreError

        text = prefix.strip().lower()
        rows = (
            self._read("SELECT id FROM plays WHERE substr(id, 1, ?) = ? LIMIT 2", (len(text), text))
            if text
            else []
        )
        if len(rows) != 1:
            raise StoreError("plays.play.unknown" if not rows else "plays.play.ambiguous", id=prefix)
        found = self.play(rows[0][0])
        assert found is not None
        return found

    def stats(
        self,
        game: str,
        player: str | None = None,
        *,
        since: str | None = None,
        until: str | None = None,
        location: str | None = None,
    ) -> GameStats:
        """Statistics of one game, or of one player (an id) in that game, all computed by SQLite;
        over the plays of a period and a location when given (as ``plays``)."""
        where = PlayFilter(since=since, until=until, location=self._location(location))
        return game_stats(self._read, game, player, where)

    def _location(self, location: str | None) -> str | None:
        return self.location_name(location) if location else None  # type: ignore[attr-defined]  # LocationsMixin's


def _filters(
    game: str | None, player: str | None, since: str | None, until: str | None, location: str | None = None
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
    if location:
        clauses.append("p.location = ?")
        args.append(location)
    return ("WHERE " + " AND ".join(clauses) if clauses else ""), tuple(args)
