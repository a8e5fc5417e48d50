"""The game-agnostic core: the table as a log of entries, and the Game protocol."""

from companion.core.msg import Msg, msg
from companion.core.protocol import (
    Effect,
    Entry,
    Game,
    Pick,
    PlayerView,
    Prompt,
    RuleViolation,
    Scoreboard,
    ScoreLine,
    ScoreRow,
)
from companion.core.table import Journal, Player, Table, TableError

__all__ = [
    "Effect",
    "Entry",
    "Game",
    "Journal",
    "Msg",
    "Pick",
    "Player",
    "PlayerView",
    "Prompt",
    "RuleViolation",
    "ScoreLine",
    "ScoreRow",
    "Scoreboard",
    "Table",
    "TableError",
    "msg",
]
