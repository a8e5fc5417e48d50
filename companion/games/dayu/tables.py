"""The Da Yu numbers of the final-scoring calculator, as plain Python values.

The same rules data file as data.py, read without pydantic once data.py has validated it
(companion.core.data.checked): ``companion calc dayu-final`` must start faster than pydantic
imports (issue 27). tests/dayu/test_tables.py holds them equal to data.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core.data import checked
from companion.games.dayu.kinds import Frame


@dataclass(frozen=True)
class Span:
    """A range of whole numbers, both ends included (data.py's Span)."""

    low: int
    high: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


@dataclass(frozen=True)
class FloodKind:
    points: int
    frame: Frame | None  # a frame-bonus card


_GAME: Any = checked("dayu/game.json", "companion.games.dayu.data")

VP_PER_FACE = Span(_GAME["vp_per_face"]["low"], _GAME["vp_per_face"]["high"])
FLOOD_CARD_POINTS = Span(_GAME["flood_card_points"]["low"], _GAME["flood_card_points"]["high"])
FLOOD_KINDS: dict[str, FloodKind] = {
    kind: FloodKind(info["points"], info.get("frame")) for kind, info in _GAME["flood_kinds"].items()
}
MIN_PLAYERS = min(int(n) for n in _GAME["by_players"])  # the counts the flood-card split is given for
MAX_PLAYERS = max(int(n) for n in _GAME["by_players"])
