"""The options of a Da Yu table (validated by Table.new, recorded in the table's file)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class DayuOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # The rulebook deals one card of each pile to every player; "chosen" lets the table
    # name the pile of each opening card instead (see docs/decisions/dayu.md).
    opening: Literal["one_of_each", "chosen"] = "one_of_each"
