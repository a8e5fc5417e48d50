"""What the table tells the app during a game of Chinatown: one small entry per decision or fact.

Entries made by the whole table (the first player, a deal, a trade, the end of trading) declare
``seat: None``, so an entry that names a seat for them is refused when it is parsed.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from companion.core import Entry


class ChooseFirst(Entry):
    """Who holds the First Player card (when the options did not say)."""

    kind: Literal["first_player"] = "first_player"
    seat: None = None
    first: int


class DealBuildings(Entry):
    """The app dealt building cards: one hand per seat, in seat order."""

    kind: Literal["deal_buildings"] = "deal_buildings"
    seat: None = None
    hands: tuple[tuple[int, ...], ...]

    @field_validator("hands")
    @classmethod
    def _sorted(cls, v: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sorted(h)) for h in v)


class KeepBuildings(Entry):
    """The building cards a player keeps this year (the rest go back into the deck)."""

    kind: Literal["keep_buildings"] = "keep_buildings"
    seat: int
    buildings: tuple[int, ...]

    @field_validator("buildings")
    @classmethod
    def _sorted(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(v))


class DrawTiles(Entry):
    """The shop tiles a player drew from the bag (shop type ids, one per tile)."""

    kind: Literal["draw_tiles"] = "draw_tiles"
    seat: int
    tiles: tuple[str, ...]

    @field_validator("tiles")
    @classmethod
    def _sorted(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(v))


class Give(BaseModel):
    """One direction of a trade: what ``giver`` hands to ``receiver``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    giver: int
    receiver: int
    buildings: tuple[int, ...] = ()
    tiles: tuple[str, ...] = ()
    money: int = 0

    @field_validator("buildings")
    @classmethod
    def _sorted_buildings(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted(v))

    @field_validator("tiles")
    @classmethod
    def _sorted_tiles(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted(v))


class Trade(Entry):
    """A deal among any players: every give happens at once; gifts are gives with nothing back."""

    kind: Literal["trade"] = "trade"
    seat: None = None
    gives: tuple[Give, ...] = Field(min_length=1)

    @property
    def parties(self) -> frozenset[int]:
        """Every seat that gives or receives something in this trade."""
        return frozenset(p for g in self.gives for p in (g.giver, g.receiver))

    def without_money(self, seats: set[int]) -> Trade | None:
        """This trade without the money ``seats`` hand over (None when nothing else is left): what
        can be checked before those seats agree, money being secret. A refusal "Ben does not have
        that much money" would tell the one offering how much Ben has."""
        gives = [g.model_copy(update={"money": 0}) if g.giver in seats else g for g in self.gives]
        kept = tuple(g for g in gives if g.buildings or g.tiles or g.money)
        return self.model_copy(update={"gives": kept}) if kept else None


class TradingDone(Entry):
    """The table has finished trading this year."""

    kind: Literal["trading_done"] = "trading_done"
    seat: None = None


class PlaceTile(Entry):
    kind: Literal["place_tile"] = "place_tile"
    seat: int
    shop: str
    building: int


class DonePlacing(Entry):
    kind: Literal["done_placing"] = "done_placing"
    seat: int


ChinatownEntry = Annotated[
    ChooseFirst | DealBuildings | KeepBuildings | DrawTiles | Trade | TradingDone | PlaceTile | DonePlacing,
    Field(discriminator="kind"),
]
ENTRY_ADAPTER: TypeAdapter[ChinatownEntry] = TypeAdapter(ChinatownEntry)
