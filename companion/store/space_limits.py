"""What one hosted space may hold and how fast it may write: its budget.

The store refuses a table past ``max_tables`` and any writing past ``max_bytes``
(companion/store/space_store.py); the served side meters entries with ``entries_per_second``
and ``entries_burst`` (a token bucket: a burst of taps, then a steady rate).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

MB = 1_000_000


class SpaceLimits(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # A group playing weekly for years keeps a few hundred tables; a backup frees room.
    max_tables: int = Field(300, ge=1)
    # A finished five-player game takes about 50 KB: 300 tables fit with room to spare.
    max_bytes: int = Field(50 * MB, ge=1)
    # Steady entries per second over the whole space (several tables at once), and the burst.
    entries_per_second: float = Field(5.0, gt=0)
    entries_burst: int = Field(30, ge=1)
