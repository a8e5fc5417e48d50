"""Teach as you play, with the table's numbers: the tips a game's own ``tips`` module finds in
the state (companion/games/<game>/tips.py), and which of them (or which fixed note, when none
applies) a table that has seen some already is due to see now.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any, Protocol

from companion.core.tips import Tip
from companion.lookup.data import GAMES, TeachNote
from companion.lookup.teach import teach_note

MOST = 2  # tips shown at once: what the app just resolved, then the question's


class TableLike(Protocol):
    """What the tips read of a table: ``companion.core.Table`` has all four."""

    @property
    def game_id(self) -> str: ...
    @property
    def state(self) -> Any: ...
    @property
    def prompt(self) -> Any: ...
    @property
    def last(self) -> Any: ...


@cache
def _module(game_id: str) -> ModuleType | None:
    if game_id not in GAMES:
        return None
    return importlib.import_module(f"companion.games.{game_id}.tips")


def table_tips(table: TableLike) -> list[Tip]:
    """Every tip that applies to the table as it stands (the last entry's effects included)."""
    module = _module(table.game_id)
    if module is None:
        return []
    last = table.last
    return list(module.tips(table.state, table.prompt, last[2] if last else []))


@dataclass(frozen=True)
class Teaching:
    """What to show now: tips with numbers, or else the question's fixed note; and the marks to
    keep as shown (tips' marks, or the prompt kind for a note)."""

    tips: tuple[Tip, ...] = ()
    note: TeachNote | None = None
    marks: tuple[str, ...] = ()


def due(table: TableLike, shown: frozenset[str], lang: str) -> Teaching | None:
    """The tips not yet shown (at most ``MOST``), else the fixed note of the question if its
    kind was not explained yet, else None."""
    fresh = [t for t in table_tips(table) if t.mark not in shown][:MOST]
    if fresh:
        return Teaching(tips=tuple(fresh), marks=tuple(t.mark for t in fresh))
    prompt = table.prompt
    if prompt is None or prompt.kind in shown:
        return None
    note = teach_note(table.game_id, prompt.kind, lang)
    return None if note is None else Teaching(note=note, marks=(prompt.kind,))
