"""The game-agnostic core: the table as a log of entries, and the Game protocol.

The names below load on first use (PEP 562), so that importing one light module of the core
(``companion.core.limits``, ``.memory``) does not build every pydantic model of the protocol
and the table: a command-line tool that needs neither starts without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.lazy import lazy_names

# Light, and loaded now: the function ``msg`` must shadow the submodule of the same name.
from companion.core.msg import Msg, msg

if TYPE_CHECKING:
    from companion.core.protocol import (
        Effect,
        Entry,
        Game,
        Pick,
        PlayerView,
        Prompt,
        RuleViolation,
        Scoreboard,
        ScoreRow,
    )
    from companion.core.scoreline import ScoreLine
    from companion.core.table import Journal, Player, Table, TableError

_WHERE = {
    "Effect": "protocol",
    "Entry": "protocol",
    "Game": "protocol",
    "Pick": "protocol",
    "PlayerView": "protocol",
    "Prompt": "protocol",
    "RuleViolation": "protocol",
    "Scoreboard": "protocol",
    "ScoreLine": "scoreline",
    "ScoreRow": "protocol",
    "Journal": "table",
    "Player": "table",
    "Table": "table",
    "TableError": "table",
}


__getattr__ = lazy_names(__name__, _WHERE, globals())


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
