"""The pydantic model of the final-scoring calculator's input: what it takes, and the words of
its error when it refuses something. calc.py loads it only for input its plain checks do not take.

The classes keep their old names: pydantic writes a model's name into some of its errors
("Input should be a valid dictionary or instance of _Player"), which the CLI prints.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Palace(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    floors: int
    persons: list[str] = []


class _Player(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(min_length=1)
    vp: int = 0
    track: int = 0
    palaces: list[_Palace] = []
    yuan: int = 0
    rice: int = 0
    fireworks: int = 0


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    players: list[_Player] = Field(min_length=1)


FinalInput = _Input
