"""The rules numbers of In the Year of the Dragon, loaded from rules_data/dragon and validated.

Nothing here is a table typed in Python: every number comes from a data file, and the
models below refuse a file that breaks the game's structure (a missing type, a group split
that does not use all seven cards, a count that would go negative with two players).
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.data import load

Age = Literal["young", "old"]
AGES: tuple[Age, ...] = ("young", "old")
MIN_PLAYERS, MAX_PLAYERS = 2, 5
WILD = "wild"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _File(_Model):
    source: str = Field(default="", alias="_source")  # where the numbers come from


class Face(_Model):
    value: int = Field(ge=1, le=6)
    symbols: int = Field(ge=1, le=3)


class AgeCounts(_Model):
    young: int = Field(ge=0)
    old: int = Field(ge=0)

    def of(self, age: Age) -> int:
        return self.young if age == "young" else self.old


class PersonType(_Model):
    id: str
    symbol: str
    young: Face
    old: Face | None
    tiles_5p: AgeCounts
    removed_per_missing_player: AgeCounts

    @model_validator(mode="after")
    def _counts(self) -> PersonType:
        for age in AGES:
            left = self.tiles_5p.of(age) - (MAX_PLAYERS - MIN_PLAYERS) * self.removed_per_missing_player.of(
                age
            )
            if left < 0:
                raise ValueError(f"{self.id}: {age} tiles would go negative with {MIN_PLAYERS} players")
        if self.old is None and self.tiles_5p.old:
            raise ValueError(f"{self.id}: a young-only type has no old tiles")
        return self

    def face(self, age: Age) -> Face | None:
        return self.young if age == "young" else self.old


class PersonsFile(_File):
    types: list[PersonType] = Field(min_length=9, max_length=9)


class ActionCard(_Model):
    id: str
    base: int = Field(ge=0)
    symbol: str | None


class SmallPrivilege(_Model):
    cost: int = Field(ge=1)
    dragons: int = Field(ge=1)


class LargePrivilege(_Model):
    cost_by_edition: dict[str, int]
    dragons: int = Field(ge=1)


class Privileges(_Model):
    small: SmallPrivilege
    large: LargePrivilege


class ActionsFile(_File):
    cards: list[ActionCard] = Field(min_length=7, max_length=7)
    privileges: Privileges
    occupied_group_cost: int = Field(ge=0)
    skip_top_up_to: int = Field(ge=0)
    group_sizes: dict[str, list[int]]

    @model_validator(mode="after")
    def _groups(self) -> ActionsFile:
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            sizes = self.group_sizes.get(str(n))
            if sizes is None or len(sizes) != n or sum(sizes) != len(self.cards) or min(sizes) < 1:
                raise ValueError(f"group sizes for {n} players must be {n} groups using all cards")
        return self


class EventsFile(_File):
    tiles: dict[str, int]
    fixed_months: list[str]
    tribute_yuan: int = Field(ge=1)
    drought_rice_per_inhabited_palace: int = Field(ge=1)
    festival_vp: dict[Literal["first", "second"], int]
    contagion_releases: int = Field(ge=0)
    mongol_releases_per_weakest: int = Field(ge=0)

    @model_validator(mode="after")
    def _row(self) -> EventsFile:
        for name in self.fixed_months:
            if self.tiles.get(name, 0) < self.fixed_months.count(name):
                raise ValueError(f"fixed month tile {name} is not among the tiles")
        return self


class SetupFile(_File):
    yuan: int = Field(ge=0)
    palaces: list[int]
    wild_cards: int = Field(ge=0)
    max_floors: int = Field(ge=1)
    initial_recruits: int = Field(ge=0)
    months: int = Field(ge=1)


class RoundScoring(_Model):
    per_palace: int
    per_court_lady_dragon: int
    per_privilege_dragon: int


class FinalScoring(_Model):
    per_person: int
    yuan_per_leftover_tile: int
    yuan_per_vp: int = Field(ge=1)


class ScoringFile(_File):
    round: RoundScoring
    final: FinalScoring


class WallTile(_Model):
    id: Literal["track", "rice", "palace", "yuan", "fireworks", "vp"]
    amount: int = Field(ge=1)


class WallFile(_File):
    """The Great Wall expansion: the eighth card, the wall tiles and the wall check."""

    card: ActionCard
    tiles: list[WallTile] = Field(min_length=1)
    max_sections: int = Field(ge=1)
    group_sizes: dict[str, list[int]]
    check_after_events: list[str]
    check_in_last_month: bool
    vp_per_section: int = Field(ge=0)
    releases_per_fewest: int = Field(ge=0)

    @model_validator(mode="after")
    def _groups(self) -> WallFile:
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            sizes = self.group_sizes.get(str(n))
            if sizes is None or len(sizes) != n or min(sizes) < 1:
                raise ValueError(f"wall group sizes for {n} players must be {n} groups")
        if len({t.id for t in self.tiles}) != len(self.tiles):
            raise ValueError("each wall tile bonus appears once")
        return self


SuperId = Literal[
    "lantern",
    "buddha",
    "earthquake",
    "flood",
    "eclipse",
    "volcano",
    "tornado",
    "sunrise",
    "assassination",
    "charter",
]


class SuperEventsFile(_File):
    """The Super Events expansion: which super events exist, their month and their numbers."""

    month: int = Field(ge=1)
    events: list[SuperId] = Field(min_length=1)
    unverified: list[SuperId]
    lantern_vp_per_person: int = Field(ge=0)
    earthquake_floors: int = Field(ge=0)
    flood_divisor: int = Field(ge=1)
    tornado_discards: int = Field(ge=0)
    sunrise_age: Age
    sunrise_one_per_type: bool
    # Charter: what each person type's symbols bring (symbols only, no card base; unverified)
    charter: dict[str, Literal["floors", "vp", "yuan", "fireworks", "track", "monks", "rice", "none"]]


class Rules:
    """All the numbers, loaded once, with a few derived lookups."""

    def __init__(self) -> None:
        self.persons = load("dragon/persons.json", PersonsFile)
        self.actions = load("dragon/actions.json", ActionsFile)
        self.events = load("dragon/events.json", EventsFile)
        self.setup = load("dragon/setup.json", SetupFile)
        self.scoring = load("dragon/scoring.json", ScoringFile)
        self.wall = load("dragon/wall.json", WallFile)
        self.super_events = load("dragon/super_events.json", SuperEventsFile)
        deck = len(self.actions.cards) + 1
        if any(sum(sizes) != deck for sizes in self.wall.group_sizes.values()):
            raise ValueError(f"the Great Wall groups must use all {deck} cards")
        if self.wall.card.id in {c.id for c in self.actions.cards}:
            raise ValueError("the wall card must be a new card")
        if set(self.super_events.charter) != {t.id for t in self.persons.types}:
            raise ValueError("the Charter needs a benefit for every person type")
        if not 1 <= self.super_events.month <= self.setup.months:
            raise ValueError("the super event lies outside the year")
        total = sum(self.events.tiles.values())
        if total != self.setup.months:
            raise ValueError(f"{total} event tiles for {self.setup.months} months")
        if any(max(f, 1) > self.setup.max_floors for f in self.setup.palaces):
            raise ValueError("a starting palace is taller than allowed")

    @cached_property
    def types(self) -> dict[str, PersonType]:
        return {t.id: t for t in self.persons.types}

    @cached_property
    def type_ids(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.persons.types)

    @cached_property
    def tile_ids(self) -> tuple[str, ...]:
        """Every tile kind, "<type>:<age>", in data order (young before old)."""
        return tuple(f"{t.id}:{age}" for t in self.persons.types for age in AGES if t.face(age) is not None)

    def card_tiles(self, card: str) -> tuple[str, ...]:
        """The tiles a person card can take: its type's young and old tile; any for the wildcard."""
        return self._card_tiles.get(card, ())

    @cached_property
    def _card_tiles(self) -> dict[str, tuple[str, ...]]:
        out = {WILD: self.tile_ids}
        for kind in self.type_ids:
            out[kind] = tuple(t for t in self.tile_ids if t.startswith(kind + ":"))
        return out

    @cached_property
    def faces(self) -> dict[str, Face]:
        out = {}
        for t in self.persons.types:  # the order of tile_ids
            for age in AGES:
                face = t.face(age)
                if face is not None:
                    out[f"{t.id}:{age}"] = face
        return out

    @cached_property
    def symbol_of(self) -> dict[str, str]:
        """tile id -> the symbol its persons show."""
        return {tile: self.types[tile.split(":")[0]].symbol for tile in self.tile_ids}

    @cached_property
    def cards(self) -> dict[str, ActionCard]:
        """Every action card, the Great Wall's included."""
        return {c.id: c for c in (*self.actions.cards, self.wall.card)}

    @cached_property
    def card_ids(self) -> tuple[str, ...]:
        """The base game's seven action cards."""
        return tuple(c.id for c in self.actions.cards)

    @cached_property
    def all_card_ids(self) -> tuple[str, ...]:
        return (*self.card_ids, self.wall.card.id)

    def deck(self, great_wall: bool) -> tuple[str, ...]:
        """The action cards dealt each month: seven, or eight with the Great Wall."""
        return self.all_card_ids if great_wall else self.card_ids

    @cached_property
    def wall_bonus(self) -> dict[str, int]:
        return {t.id: t.amount for t in self.wall.tiles}

    @cached_property
    def event_ids(self) -> tuple[str, ...]:
        return tuple(self.events.tiles)

    @cached_property
    def shuffled_events(self) -> tuple[str, ...]:
        """The tiles laid out by shuffling (all but the fixed months), as a sorted multiset."""
        pool = dict(self.events.tiles)
        for name in self.events.fixed_months:
            pool[name] -= 1
        return tuple(name for name in self.event_ids for _ in range(pool[name]))

    def supply(self, players: int) -> dict[str, int]:
        missing = MAX_PLAYERS - players
        out = {}
        for t in self.persons.types:  # the order of tile_ids
            for age in AGES:
                if t.face(age) is not None:
                    out[f"{t.id}:{age}"] = t.tiles_5p.of(age) - missing * t.removed_per_missing_player.of(age)
        return out

    def group_sizes(self, players: int, great_wall: bool = False) -> list[int]:
        table = self.wall.group_sizes if great_wall else self.actions.group_sizes
        return table[str(players)]

    def large_cost(self, option: int) -> int:
        costs = self.actions.privileges.large.cost_by_edition
        if option not in costs.values():
            raise ValueError(f"large privilege cost {option} is not an edition's cost")
        return option


RULES = Rules()
