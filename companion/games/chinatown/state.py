"""The state of a game of Chinatown (derived from the entry log, never stored)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.games.chinatown.data import DATA

Phase = Literal["first", "buildings", "tiles", "trade", "place", "over"]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Seat holding the First Player card; None: the table enters it (or the app draws it).
    first_player: int | None = Field(default=None, ge=0, le=max(DATA.dealing) - 1)


class TableSide(BaseModel):
    """What everybody at the table sees: the board, the tiles in front of each player, the year
    and whose turn it is. The state adds what some players may not see (view.py shows each seat
    its part)."""

    model_config = ConfigDict(extra="forbid")

    players: list[str]
    first: int | None = None
    year: int = 0  # index into DATA.years; len(DATA.years) once the game is over
    phase: Phase = "first"
    owner: dict[int, int] = {}  # building -> seat
    shop: dict[int, str] = {}  # building -> shop type placed on it (for ever)
    hands: list[dict[str, int]]  # unplaced shop tiles per seat: type -> count (no zero counts)
    bag: dict[str, int]  # shop tiles still in the bag (no zero counts)
    kept: dict[int, list[int]] = {}  # seat -> buildings kept this year
    drawn: int = 0  # how many players (in turn order) have drawn this year
    placer: int = 0  # position in turn order of the player placing now

    @property
    def n(self) -> int:
        return len(self.players)

    def order(self) -> list[int]:
        """Seats in turn order, starting with the first player."""
        first = self.first or 0
        return [(first + i) % self.n for i in range(self.n)]

    @property
    def year_label(self) -> int:
        return DATA.years[min(self.year, len(DATA.years) - 1)]

    def tiles_on_board(self, seat: int) -> int:
        return sum(1 for b in self.shop if self.owner.get(b) == seat)

    def vacant_of(self, seat: int) -> list[int]:
        return sorted(b for b, s in self.owner.items() if s == seat and b not in self.shop)


class ChinatownState(TableSide):
    deck: list[int]  # building cards not yet kept (and not out in an app-dealt hand), sorted
    money: list[int]  # secret until the game is over
    dealt: list[list[int]] | None = None  # this year's hands when the app dealt them
    income: list[list[int]] = []  # [year][seat]: income paid
    money_by_year: list[list[int]] = []  # [year][seat]: money after that year's income
