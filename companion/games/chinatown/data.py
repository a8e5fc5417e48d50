"""The Chinatown rules data (rules_data/chinatown/), validated at load.

board.json holds the map (85 buildings, 6 districts, orthogonal adjacency); game.json holds
the Z-Man 2014 numbers (shop types, dealing per year, income, starting money). Every number
the engine uses comes from here: a damaged file stops the program at import.
"""

from __future__ import annotations

from functools import cached_property

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.data import load

BUILDINGS = 85
ADJACENT_PAIRS = 119
TOTAL_TILES = 90
YEARS = 6


class District(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    rows: list[list[int | None]]


class Building(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    district: int
    row: int
    col: int
    grid_row: int
    grid_col: int
    adjacent: list[int]


class Board(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    provenance: list[str] = Field(min_length=1)
    districts: list[District]
    buildings: dict[int, Building]

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        numbers = sorted(self.buildings)
        if numbers != list(range(1, BUILDINGS + 1)):
            raise ValueError(f"the board needs buildings 1 to {BUILDINGS}, found {len(numbers)}")
        pairs: set[tuple[int, int]] = set()
        for n, b in self.buildings.items():
            for m in b.adjacent:
                if m not in self.buildings or n not in self.buildings[m].adjacent:
                    raise ValueError(f"adjacency {n}-{m} is not symmetric")
                if self.buildings[m].district != b.district:
                    raise ValueError(f"{n} and {m} are in different districts")
                pairs.add((min(n, m), max(n, m)))
        if len(pairs) != ADJACENT_PAIRS:
            raise ValueError(f"expected {ADJACENT_PAIRS} adjacent pairs, found {len(pairs)}")
        # The district grids must place every building where its row/col say, and orthogonal
        # neighbours on a grid must be exactly the adjacency lists.
        seen: list[int] = []
        for d in self.districts:
            for r, row in enumerate(d.rows):
                for c, cell in enumerate(row):
                    if cell is None:
                        continue
                    placed = self.buildings.get(cell)
                    if placed is None or (placed.district, placed.row, placed.col) != (d.id, r, c):
                        raise ValueError(f"building {cell} is misplaced in district {d.id}")
                    seen.append(cell)
                    grid = {
                        d.rows[rr][cc]
                        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                        if 0 <= rr < len(d.rows) and 0 <= cc < len(d.rows[rr]) and d.rows[rr][cc] is not None
                    }
                    if grid != set(placed.adjacent):
                        raise ValueError(f"building {cell}: adjacency differs from the district grid")
        if sorted(seen) != numbers:
            raise ValueError("the district grids do not hold every building exactly once")
        return self


class ShopType(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z_]+$")
    max: int = Field(ge=1)
    tiles: int = Field(ge=1)


class Dealing(BaseModel):
    """One player count: building cards dealt and kept, and shop tiles drawn, for each year."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dealt: list[int] = Field(min_length=YEARS, max_length=YEARS)
    kept: list[int] = Field(min_length=YEARS, max_length=YEARS)
    tiles: list[int] = Field(min_length=YEARS, max_length=YEARS)


class IncomeTable(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    incomplete: dict[int, int]
    complete: dict[int, int]


class GameData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    starting_money: int = Field(gt=0)
    money_unit: int = Field(gt=0)
    years: list[int] = Field(min_length=YEARS, max_length=YEARS)
    shop_types: list[ShopType]
    dealing: dict[int, Dealing]
    income: IncomeTable

    @model_validator(mode="after")
    def _consistent(self) -> GameData:
        ids = [s.id for s in self.shop_types]
        if len(ids) != 12 or len(set(ids)) != 12:
            raise ValueError("there must be 12 distinct shop types")
        for s in self.shop_types:
            if s.tiles != s.max + 3:
                raise ValueError(f"{s.id}: a type has max + 3 tiles")
            if s.max not in self.income.complete:
                raise ValueError(f"{s.id}: no complete income for size {s.max}")
            if any(size not in self.income.incomplete for size in range(1, s.max)):
                raise ValueError(f"{s.id}: an incomplete size has no income")
        if sum(s.tiles for s in self.shop_types) != TOTAL_TILES:
            raise ValueError(f"the bag must hold {TOTAL_TILES} tiles")
        for players, d in self.dealing.items():
            if any(k > dealt for k, dealt in zip(d.kept, d.dealt, strict=True)):
                raise ValueError(f"{players} players: more kept than dealt")
            if players * sum(d.kept) > BUILDINGS or players * sum(d.tiles) > TOTAL_TILES:
                raise ValueError(f"{players} players: the deck or the bag runs out")
            # Enough cards in the deck each year: the cards not kept so far must cover the deal.
            kept_before = 0
            for year in range(YEARS):
                if players * d.dealt[year] > BUILDINGS - kept_before:
                    raise ValueError(f"{players} players: the deck runs out in year {year + 1}")
                kept_before += players * d.kept[year]
        return self

    @cached_property
    def shops(self) -> dict[str, ShopType]:
        return {s.id: s for s in self.shop_types}

    @cached_property
    def shop_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.shop_types)


BOARD: Board = load("chinatown/board.json", Board)
DATA: GameData = load("chinatown/game.json", GameData)
ADJACENCY: dict[int, tuple[int, ...]] = {n: tuple(sorted(b.adjacent)) for n, b in BOARD.buildings.items()}
