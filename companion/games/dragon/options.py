"""Table options: the edition's large privilege cost, and the two expansions."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class DragonOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # 6 yuan in the 2007 rules, 7 in the newer edition (reference §9 item 1; project default 7).
    large_privilege_cost: Literal[6, 7] = 7
    # The Great Wall: an eighth action card and the wall check (reference §5).
    great_wall: bool = False
    # Super Events: one super event on month 7 (reference §6).
    super_events: bool = False
