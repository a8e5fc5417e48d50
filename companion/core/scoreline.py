"""ScoreLine alone, without the protocol's pydantic models: a stand-alone calculator scores with
the engine's own lines and must start without pydantic (issue 27)."""

from __future__ import annotations

from typing import NamedTuple

from companion.core.msg import Msg


class ScoreLine(NamedTuple):
    """One line of a player's score: (label, points, rule_id)."""

    label: Msg
    points: int
    rule_id: str
