"""The pydantic model of the income calculator's input: what it takes, and the words of its
error when it refuses something. calc.py loads it only for input its plain checks do not take.

The classes keep their old names: pydantic writes a model's name into some of its errors
("Input should be a valid dictionary or instance of _Building"), which the CLI prints.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Building(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    owner: str = Field(min_length=1)
    shop: str | None = None


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    buildings: dict[int | str, _Building]


IncomeInput = _Input
