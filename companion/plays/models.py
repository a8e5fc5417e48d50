"""The shape of a play as the log, the exports and the backups hold it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

# Every number a play holds stays within ±10^9: sums over 10,000 plays stay far inside SQLite's
# 64-bit integers (a score of 10^25 from a calculator or a backup would overflow them).
MAX_NUMBER = 10**9
MAX_LOCATION = 48  # characters of a play's location (a room, a café, a town)


class PlaySeat(BaseModel):
    """One player of a play, in seat order; ``name`` is the table's own copy of the name."""

    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    seat: int = Field(ge=0, le=7)
    name: str = Field(min_length=1, max_length=24)
    color: str | None = None
    player_id: str | None = Field(None, max_length=64)  # the player in the player list, if linked
    # None: not known (a BoardGameGeek play logged with its winners alone, schema 10); a play's
    # seats all have a score or none has (PlayRecord), and the statistics leave such seats out
    score: int | None = Field(ge=-MAX_NUMBER, le=MAX_NUMBER)
    place: int = Field(ge=1, le=8)  # 1 = won (a shared win gives several seats place 1)
    winner: bool


class Figure(BaseModel):
    """One game-specific number: ``name`` says what it is, ``key`` which part (a source, a year, a cause).

    ``seat`` is None for a figure of the whole table (the Great Wall finished).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    seat: int | None = Field(None, ge=0, le=7)
    name: str = Field(min_length=1, max_length=32)
    key: str = Field("", max_length=48)
    value: int = Field(ge=-MAX_NUMBER, le=MAX_NUMBER)


class PlayRecord(BaseModel):
    """A play: a finished table (``table_id`` set), a game scored with a calculator, or a play brought
    in from another play logger (``source`` "import" from BG Stats, companion/plays/bgstats.py; "bgg"
    from BoardGameGeek, companion/plays/bgg_import.py)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    id: str = Field(min_length=1, max_length=64)
    table_id: str | None = Field(None, max_length=64)
    source: Literal["table", "calculator", "import", "bgg"] = "table"
    game: str = Field(max_length=32)
    options: dict[str, Any] = {}
    date: str = Field(max_length=64)  # when it ended (ISO 8601, UTC)
    # True: only the day is known (a day typed, a BoardGameGeek play): ``date`` is that day at
    # noon UTC, the order the log sorts by, and the play is shown by its day alone (schema 9).
    day_only: bool = False
    started: str | None = Field(None, max_length=64)  # the first entry (None when unknown)
    seconds: int | None = Field(None, ge=0, le=MAX_NUMBER)  # first entry to last entry
    seats: list[PlaySeat] = Field(min_length=1, max_length=8)
    tie_break: str | None = Field(None, max_length=64)  # message key of the tie-break that decided
    figures: list[Figure] = Field([], max_length=2_000)
    location: str | None = Field(None, min_length=1, max_length=MAX_LOCATION)  # where it was played

    @model_serializer(mode="wrap")
    def _without_unset_location(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """A play with no location is written as before schema 8 (no "location" key), and one
        with its time known as before schema 9 (no "day_only" key), so an older version still
        reads the exports and backups of a group that never set one."""
        data: dict[str, Any] = handler(self)
        if data.get("location") is None:
            data.pop("location", None)
        if not data.get("day_only"):
            data.pop("day_only", None)
        return data

    @model_validator(mode="after")
    def _scores_all_or_none(self) -> PlayRecord:
        """Every seat has a score, or none has and a winner is marked: a play known by its
        winners alone (docs/DECISIONS.md, "Plays logged with winners alone")."""
        unknown = [s.score is None for s in self.seats]
        if any(unknown) and not all(unknown):
            raise ValueError("either every seat has a score or none has")
        if all(unknown) and not any(s.winner for s in self.seats):
            raise ValueError("a play without scores names its winners")
        return self

    @property
    def scored(self) -> bool:
        """Whether the play keeps its scores (False: its winners alone, every score None)."""
        return self.seats[0].score is not None

    @property
    def winners(self) -> list[str]:
        return [s.name for s in self.seats if s.winner]
