"""The state of a game of Chinatown (derived from the entry log, never stored)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from companion.games.chinatown.data import DATA

Phase = Literal["first", "buildings", "tiles", "trade", "place", "over"]


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
        first = self.first or 0  # always a seat: below the number of players
        return [*range(first, len(self.players)), *range(first)]

    @property
    def year_label(self) -> int:
        return DATA.years[min(self.year, len(DATA.years) - 1)]

    def tiles_on_board(self, seat: int) -> int:
        return sum(1 for b in self.shop if self.owner.get(b) == seat)

    def vacant_of(self, seat: int) -> list[int]:
        shop = self.shop
        return sorted([b for b, s in self.owner.items() if s == seat and b not in shop])

    def has_vacant(self, seat: int) -> bool:
        """``bool(self.vacant_of(seat))``, stopping at the first one (asked after every tile placed)."""
        shop = self.shop
        for b, s in self.owner.items():  # noqa: SIM110 (a loop: any() over a generator is slower)
            if s == seat and b not in shop:
                return True
        return False


class ChinatownState(TableSide):
    deck: list[int]  # building cards not yet kept (and not out in an app-dealt hand), sorted
    money: list[int]  # secret until the game is over
    dealt: list[list[int]] | None = None  # this year's hands when the app dealt them
    income: list[list[int]] = []  # [year][seat]: income paid
    money_by_year: list[list[int]] = []  # [year][seat]: money after that year's income

    def clone(self) -> ChinatownState:
        """A copy safe to change: the containers an entry changes are copied, the rest shared.

        The inner lists of ``kept``, ``dealt``, ``income`` and ``money_by_year`` are replaced,
        never changed in place, so they are shared; the hands' counts change in place, so each
        hand is copied. Many times cheaper than ``model_copy(deep=True)`` (docs/PERFORMANCE.md).
        """
        changes = {
            "owner": dict(self.owner),
            "shop": dict(self.shop),
            "hands": [dict(h) for h in self.hands],
            "bag": dict(self.bag),
            "kept": dict(self.kept),
            "deck": list(self.deck),
            "money": list(self.money),
            "income": list(self.income),
            "money_by_year": list(self.money_by_year),
        }
        # ``self.model_copy(update=changes)`` without pydantic's generic copy (its calls were half
        # of a clone, and a review clones a state per entry replayed): the same fields, the changed
        # names added to the fields set, no extra or private attributes (the model has none).
        new = _new(self.__class__)
        _set_dict(new, {**self.__dict__, **changes})
        _set_fields_set(new, self.__pydantic_fields_set__ | changes.keys())
        _set_extra(new, None)
        _set_private(new, None)
        return new


# BaseModel's own slot setters (as companion/games/dragon/state.py uses them).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_new = object.__new__
