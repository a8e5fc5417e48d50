"""How other play loggers name this app's games (rules_data/core/exchange.json, validated at load).

BoardGameGeek's object id where one is known, and the names a BG Stats file may give a game.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel, ConfigDict, Field, field_validator

from companion.core.data import load


class ExchangeGame(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    bgg_id: int | None = Field(ge=1, le=10**9)  # None: no id found in any source (Da Yu)
    names: list[str] = Field(min_length=1)  # the first is the name written in exports

    @field_validator("names")
    @classmethod
    def _distinct(cls, names: list[str]) -> list[str]:
        keys = [name_key(n) for n in names]
        if any(not k for k in keys) or len(set(keys)) != len(keys):
            raise ValueError("names must be non-empty and differ (case and spacing ignored)")
        return names


class ExchangeData(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    games: dict[str, ExchangeGame]


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


@cache
def exchange_data() -> ExchangeData:
    """The file, checked: no two games share a BGG id or a name."""
    from companion.core.data import DataError

    data = load("core/exchange.json", ExchangeData)
    seen: dict[object, str] = {}
    for game, info in data.games.items():
        for key in [*(name_key(n) for n in info.names), *([info.bgg_id] if info.bgg_id else [])]:
            if key in seen:
                raise DataError(f"rules_data/core/exchange.json: {game} and {seen[key]} share {key!r}")
            seen[key] = game
    return data


def game_info(game: str) -> ExchangeGame | None:
    return exchange_data().games.get(game)


def game_by_bgg_id(bgg_id: int) -> str | None:
    for game, info in exchange_data().games.items():
        if info.bgg_id == bgg_id:
            return game
    return None


def game_by_name(name: str) -> str | None:
    key = name_key(name)
    for game, info in exchange_data().games.items():
        if key in (name_key(n) for n in info.names):
            return game
    return None


def game_of(bgg_id: int | None, name: str) -> str | None:
    """The game another logger's play is of: by its BGG id where it has one, else by its name."""
    return (game_by_bgg_id(bgg_id) if bgg_id else None) or game_by_name(name)
