"""The repositories the screens call: the stored tables, the play log and its statistics, the
remembered players, the backups. One ``Repos`` per session (``services.repos``), made by the shell
from the hub's store; no screen (ui/views, ui/games) touches the store itself
(tests/test_ui_structure.py and the ``views-without-store`` contract in .importlinter).

Each method is one store call; errors are the store's own (``StoreError``, a ``TableError``),
re-exported here with the data types the screens read, so a screen imports this module and
never ``companion.store``. The backup functions load on first use (as they did in the screen):
the cold start stays as it was, and a test that replaces one in ``companion.store.backup`` is
still heard.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.core import TableError
from companion.core.msg import Msg
from companion.plays.models import PlayRecord
from companion.plays.ties import figures_tie
from companion.store import DamagedTable, Store, StoreError, TableInfo
from companion.store.players import MAX_NOTE, LastSeat, PlayerInfo
from companion.store.plays_insights import (
    MIN_SHARED,
    GamePeriods,
    GameRecord,
    HeadToHead,
    Period,
    PlayerGame,
    PlayerPage,
)
from companion.store.plays_stats import GameStats, Rate
from companion.store.share_links import Link
from companion.store.win_trend import WinRateLine, WinRatePoint

if TYPE_CHECKING:
    from companion.core import Table
    from companion.plays.bgstats import ImportPlan
    from companion.review import Review
    from companion.store.backup import Backup

__all__ = [
    "MAX_NOTE",
    "MIN_SHARED",
    "Backup",
    "BackupRepo",
    "DamagedTable",
    "GamePeriods",
    "GameRecord",
    "GameStats",
    "HeadToHead",
    "LastSeat",
    "Link",
    "Period",
    "PlayerGame",
    "PlayerInfo",
    "PlayerPage",
    "PlayersRepo",
    "PlaysRepo",
    "Rate",
    "Repos",
    "ReviewsRepo",
    "StoreError",
    "TableInfo",
    "TablesRepo",
    "WinRateLine",
    "WinRatePoint",
]


class TablesRepo:
    """The stored tables as Home lists them (opening and changing one goes through the hub)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def list(self) -> list[TableInfo]:
        """Every table (a backup's check needs them all; Home reads ``page``)."""
        return self._store.list()

    def page(
        self, *, finished: bool, search: str = "", games: tuple[str, ...] = (), limit: int
    ) -> builtins.list[TableInfo]:  # builtins: ``list`` here is the method above
        """The latest ``limit`` tables in progress or finished, maybe only those ``search`` finds."""
        return self._store.list(finished=finished, search=search, games=games, limit=limit)

    def ids(self) -> builtins.list[str]:
        """Every stored table's id (no row read beyond it)."""
        return list(self._store.table_ids())

    def exists(self, table_id: str) -> bool:
        return self._store.exists(table_id)

    def salvage(self, table_id: str) -> str:
        """What can still be read of a damaged table, as a table file (JSON)."""
        return self._store.salvage(table_id)


class PlaysRepo:
    """The play log: read, filter, link seats to players, correct, delete and undo; statistics."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def plays(
        self,
        game: str | None = None,
        player: str | None = None,
        since: str | None = None,
        until: str | None = None,
        *,
        figures: bool = False,
        limit: int | None = None,
    ) -> list[PlayRecord]:
        return self._store.plays(game, player, since, until, figures=figures, limit=limit)

    def count(
        self,
        game: str | None = None,
        player: str | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> int:
        return self._store.count_plays(game, player, since, until)

    def tie_detail(self, play: PlayRecord) -> Msg | None:
        """How the tie on the best total was decided ("Dai wins the tie: 2nd on the person
        track, ahead of …"), from the play's table while it is kept: derived, never stored, so a
        corrected table says it anew. Without its table (a Quick score play, a table gone or
        damaged), from the tie-break figures kept with the play (plays/ties.py); None when it has
        none (a play logged before they were kept, or imported)."""
        if not play.tie_break:
            return None
        if play.table_id is not None and self._store.exists(play.table_id):
            try:
                return self._store.open(play.table_id).scoreboard.tie_detail
            except TableError:  # damaged since (a StoreError is one): the figures kept say it
                pass
        if not play.figures:  # the play log reads its page without the figures
            play = self._store.play(play.id) or play
        return figures_tie(play)

    def stats(self, game: str, player: str | None = None, **period: str | None) -> GameStats:
        """A game's statistics; ``period``: since, until (dates), location (as Store.stats)."""
        return self._store.stats(game, player, **period)

    def usual_win(self, game: str) -> tuple[int | None, int]:
        """The usual winning score logged in ``game`` (the median of the winners' scores, within
        its bounds) and from how many winning scores."""
        return self._store.usual_win(game)

    def out_of_bounds(
        self, game: str | None, player: str | None = None, **period: str | None
    ) -> list[PlayRecord]:
        """The plays ``stats`` (``game`` None: ``player_page``) counts holding a score the game
        cannot give (typed before the score bounds, or restored from a backup), latest first."""
        return self._store.plays_out_of_bounds(game, player, **period)

    def player_page(self, player_id: str, **period: str | None) -> PlayerPage:
        return self._store.player_page(player_id, **period)

    def records(self, game: str, **period: str | None) -> list[GameRecord]:
        return self._store.records(game, **period)

    def by_month(self, game: str, player: str | None = None, **period: str | None) -> list[Period]:
        return self._store.by_month(game, player, **period)

    def by_expansion(self, game: str, player: str | None = None, **period: str | None) -> list[Period]:
        return self._store.by_expansion(game, player, **period)

    def game_periods(self, game: str, player: str | None = None, **period: str | None) -> GamePeriods:
        return self._store.game_periods(game, player, **period)

    def win_rates(
        self, game: str | None = None, player: str | None = None, **period: str | None
    ) -> list[WinRateLine]:
        """Each player's win rate by month and up to each month (store/win_trend.py)."""
        return self._store.win_rates(game, player, **period)

    def h_index(self, **period: str | None) -> int:
        """The group's H-index over the plays the period keeps."""
        return self._store.h_index(**period).h

    def play(self, play_id: str) -> PlayRecord | None:
        return self._store.play(play_id)

    def set_location(self, play_id: str, location: str | None) -> PlayRecord:
        return self._store.set_play_location(play_id, location)

    def locations(self) -> list[str]:
        """The remembered locations, the latest used first (what a location field offers)."""
        return self._store.locations()

    def log(
        self,
        calculator: str,
        data: object,
        result: dict[str, Any] | None = None,
        *,
        date: str | None = None,
        options: dict[str, Any] | None = None,
        player_ids: list[str | None] | None = None,
    ) -> PlayRecord:
        """A play scored by a calculator (Quick score's "Log this play"); the store scores it again."""
        return self._store.log_calculated(
            calculator, data, result, date=date, options=options, player_ids=player_ids
        )

    def to_link(self) -> list[tuple[PlayRecord, list[str | None]]]:
        """Plays with seats named like remembered players and linked to nobody, with the links."""
        return self._store.plays_to_link()

    def count_to_link(self) -> int:
        """How many plays ``to_link`` would list, without loading them (the play log's card)."""
        return len(self._store.play_ids_to_link())

    def suggested_links(self, play: PlayRecord) -> list[str | None]:
        return self._store.suggested_links(play)

    def link(self, play_id: str, player_ids: list[str | None]) -> PlayRecord:
        return self._store.link_play(play_id, player_ids)

    def rescore(self, play_id: str, scores: list[int]) -> PlayRecord:
        return self._store.rescore_play(play_id, scores)

    def redate(self, play_id: str, day: str) -> PlayRecord:
        return self._store.redate_play(play_id, day)

    def set_options(self, play_id: str, options: dict[str, Any]) -> PlayRecord:
        return self._store.set_play_options(play_id, options)

    def delete(self, play_id: str) -> PlayRecord:
        """Delete a play; the record returned brings it back (``restore``)."""
        return self._store.delete_play(play_id)

    def restore(self, play: PlayRecord) -> None:
        self._store.restore_play(play)

    def plan_import(self, data: bytes) -> ImportPlan:
        """What bringing in a BG Stats file would add to the log, nothing written yet: the new
        plays, those refused (each with its reason), those already here and the players to
        create. ``ExchangeError`` (companion.plays.bgstats) for a file refused whole."""
        from companion.plays.bgstats import plan_import, read_file_text
        from companion.store.plays_import import known

        return plan_import(read_file_text(data), *known(self._store))

    def plan_bgg_import(self, data: bytes) -> ImportPlan:
        """The same for a BoardGameGeek plays file (companion.plays.bgg_import)."""
        from companion.store.plays_import import plan_bgg

        return plan_bgg(self._store, data)

    def add_imported(self, plan: ImportPlan) -> tuple[int, int]:
        """Write a planned import at once: (plays added, players created). A play the log has
        meanwhile is left as it is."""
        from companion.store.plays_import import import_plays

        return import_plays(self._store, plan.plays, plan.names)


class PlayersRepo:
    """The group's remembered players, and the links of a table's seats to them."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def all(self) -> list[PlayerInfo]:
        return self._store.players()

    def page(self, search: str = "", limit: int = 50) -> list[PlayerInfo]:
        """The first ``limit`` players (the latest to play first), or those ``search`` finds by name."""
        return self._store.players_page(search, limit)

    def by_id(self, ids: list[str]) -> list[PlayerInfo]:
        return self._store.players_by_id(ids)

    def find(self, name: str) -> PlayerInfo | None:
        return self._store.find_player(name)

    def namesakes(self, name: str, but: str | None = None) -> list[PlayerInfo]:
        """The players (other than ``but``) named as ``name`` but for accents, case and spaces."""
        return self._store.namesakes(name, but)

    def matching(self, names: list[str]) -> list[str | None]:
        """The remembered player named like each name (None: nobody)."""
        return self._store.matching_players(names)

    def last(self, game: str | None = None) -> list[LastSeat]:
        """The last play's players of ``game``, in their seats and colours."""
        return self._store.last_players(game)

    def create(self, name: str, color: str | None = None, note: str = "") -> PlayerInfo:
        return self._store.create_player(name, color, note)

    def update(
        self, player_id: str, *, name: str | None = None, color: str | None = "", note: str | None = None
    ) -> PlayerInfo:
        return self._store.update_player(player_id, name=name, color=color, note=note)

    def merge(self, keep_id: str, gone_id: str) -> PlayerInfo:
        return self._store.merge_players(keep_id, gone_id)

    def delete(self, player_id: str) -> None:
        self._store.delete_player(player_id)

    def seat_links(self, table_id: str) -> list[str | None]:
        return self._store.seat_links(table_id)

    def link_seats(self, table_id: str, player_ids: list[str | None]) -> None:
        self._store.link_seats(table_id, player_ids)


class BackupRepo:
    """The whole store as one backup file, checked before a restore replaces anything."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def save_json(self) -> str:
        from companion.store.backup import backup_json

        return backup_json(self._store)

    def check_size(self, size: int) -> None:
        """StoreError for a file larger than any backup can be (said before it is read)."""
        from companion.store.backup import MAX_BACKUP_BYTES

        if size > MAX_BACKUP_BYTES:
            raise StoreError("plays.backup.too_big", limit=MAX_BACKUP_BYTES // 1_000_000)

    def read_file(self, path: str) -> bytes:
        """A picked file read from its path, at most a backup's largest size."""
        from companion.store.backup import read_backup_file

        return read_backup_file(path)

    def check(self, data: bytes, progress: Callable[[int, int], None]) -> tuple[Backup, list[Table]]:
        """The backup and its tables, every table replayed; ``progress(done, of)`` as it goes."""
        from companion.store.backup import read_backup

        return read_backup(data, progress)

    def restore(self, backup: Backup, tables: list[Table]) -> tuple[int, int, int]:
        """Replace everything with a checked backup: (tables, plays, players) restored."""
        from companion.store.backup import restore_checked

        return restore_checked(self._store, backup, tables, replace=True)


class ReviewsRepo:
    """The post-game reviews kept with their tables (companion/store/reviews.py): the stored one
    of a table's log, or a new one made (seconds of work: a screen calls ``review`` in a thread)."""

    BUDGET_SECONDS = 6.0  # CPU time a review may take on the app; a longer one says it was cut

    def __init__(self, store: Store) -> None:
        self._store = store
        self._kept: Any = None  # the store's reviews table, made on the first review asked for

    def _reviews(self) -> Any:
        if self._kept is None:
            from companion.store.reviews import StoredReviews

            self._kept = StoredReviews(self._store)
        return self._kept

    def _budget(self) -> Any:
        from companion.review import Budget

        return Budget(seconds=self.BUDGET_SECONDS)

    def stored(self, table: Table, seat: int | None) -> Review | None:
        """The review kept for this very log and reader, or None."""
        found: Review | None = self._reviews().get(table, seat, self._budget())
        return found

    def review(self, table: Table, seat: int | None, progress: Callable[[int, int], None]) -> Review:
        """The kept review, else a new one (``progress(done, planned)`` as it goes), kept."""
        made: Review = self._reviews().review(table, seat, self._budget(), progress)
        return made


class Repos:
    """The session's repositories, made once from the hub's store."""

    def __init__(self, store: Store) -> None:
        self.reviews = ReviewsRepo(store)
        self.tables = TablesRepo(store)
        self.plays = PlaysRepo(store)
        self.players = PlayersRepo(store)
        self.backup = BackupRepo(store)
