"""The Da Yu numbers (rules_data/dayu/game.json), validated once at import."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, model_validator

from companion.core.data import load
from companion.games.dayu.kinds import FRAMES, POINTS_KIND, Frame

__all__ = [
    "DATA",
    "FRAMES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "POINTS_KIND",
    "DayuData",
    "FloodKind",
    "FloodSplit",
    "Frame",
    "Span",
]


class Span(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    low: int
    high: int

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.low > self.high:
            raise ValueError("low is above high")
        return self

    def values(self) -> range:
        return range(self.low, self.high + 1)

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


class FloodSplit(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    removed: int
    placed: int


class FloodKind(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    points: int
    frame: Frame | None = None  # a frame-bonus card
    privilege: bool = False  # once per turn, without an action point


class DayuData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    flood_cards: int
    spaces_per_flood_card: int
    drainage_tokens: int
    hand_size: int
    action_points: int
    piles: dict[Frame, int]
    by_players: dict[int, FloodSplit]
    tools_per_face: Span
    vp_per_face: Span
    flood_card_points: Span
    flood_kinds: dict[str, FloodKind]
    provenance: str

    @model_validator(mode="after")
    def _consistent(self) -> DayuData:
        if set(self.piles) != set(FRAMES):
            raise ValueError("piles must name silver, green and red")
        for n, split in self.by_players.items():
            if split.removed + split.placed > self.flood_cards:
                raise ValueError(f"{n} players: more flood cards removed and placed than exist")
            if split.placed != n + 1:
                raise ValueError(f"{n} players: the ring holds one card more than the players")
        if POINTS_KIND in self.flood_kinds:
            raise ValueError(f"{POINTS_KIND!r} is reserved for cards with a printed number only")
        return self


DATA: DayuData = load("dayu/game.json", DayuData)
MIN_PLAYERS = min(DATA.by_players)  # the player counts the flood-card split is given for
MAX_PLAYERS = max(DATA.by_players)
