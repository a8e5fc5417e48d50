"""Table options: the edition's large privilege cost, and the expansions (not yet playable)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator


class DragonOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # 6 yuan in the 2007 rules, 7 in the newer edition (reference §9 item 1; project default 7).
    large_privilege_cost: Literal[6, 7] = 7
    # The expansions have their own issue; the state and phases leave room for them.
    great_wall: bool = False
    super_events: bool = False

    @field_validator("great_wall", "super_events")
    @classmethod
    def _not_yet(cls, value: bool, info: object) -> bool:
        if value:
            name = getattr(info, "field_name", "expansion")
            raise ValueError(f"{name}: this expansion is not available yet; play the base game")
        return value
