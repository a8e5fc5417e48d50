"""The Store's methods for the deeper statistics of companion/store/plays_insights.py."""

from __future__ import annotations

from typing import Any

from companion.store import plays_insights as insights
from companion.store.plays_filter import PlayFilter
from companion.store.win_trend import WinRateLine, win_rate_lines


class InsightsMixin:
    """Each method takes ``since``/``until`` (dates, as ``Store.plays``) and ``location`` (any
    spelling of a remembered one); mixed into Store: uses its _read, _db and location_name."""

    _read: Any
    _db: Any
    location_name: Any

    def play_filter(
        self, since: str | None = None, until: str | None = None, location: str | None = None
    ) -> PlayFilter:
        return PlayFilter(
            since=since, until=until, location=self.location_name(location) if location else None
        )

    def player_page(
        self, player_id: str, game: str | None = None, **period: str | None
    ) -> insights.PlayerPage:
        """One player's page (of one game when given); StoreError for an unknown player."""
        from companion.store.sqlite_store import StoreError

        if not self._read("SELECT 1 FROM players WHERE id = ?", (player_id,)):
            raise StoreError("plays.player.unknown", id=player_id)
        return insights.player_page(self._read, player_id, game, self.play_filter(**period))

    def records(self, game: str, **period: str | None) -> list[insights.GameRecord]:
        """The records of one game, each with its holders and the play that set it."""
        return insights.game_records(self._read, game, self.play_filter(**period))

    def by_month(self, game: str, player: str | None = None, **period: str | None) -> list[insights.Period]:
        """Plays, wins and scores of one game per month (of one player's seats when given)."""
        return insights.by_month(self._read, game, player, self.play_filter(**period))

    def game_periods(
        self, game: str, player: str | None = None, **period: str | None
    ) -> insights.GamePeriods:
        """by_month, by_expansion and by_player_count from one pass over the seats."""
        return insights.game_periods(self._read, game, player, self.play_filter(**period))

    def by_expansion(
        self, game: str, player: str | None = None, **period: str | None
    ) -> list[insights.Period]:
        """The same figures per set of expansions in play."""
        return insights.by_expansion(self._read, game, player, self.play_filter(**period))

    def by_player_count(
        self, game: str, player: str | None = None, **period: str | None
    ) -> list[insights.Period]:
        """The same figures per player count."""
        return insights.by_player_count(self._read, game, player, self.play_filter(**period))

    def win_rates(
        self, game: str | None = None, player: str | None = None, **period: str | None
    ) -> list[WinRateLine]:
        """Each linked player's win rate month by month, and up to each month (of one game when
        given, of one player when given); companion/store/win_trend.py defines it."""
        return win_rate_lines(self._read, game, player, self.play_filter(**period))

    def h_index(self, player: str | None = None, **period: str | None) -> insights.HIndex:
        """The group's H-index (or one player's)."""
        return insights.h_index(self._read, player, self.play_filter(**period))
