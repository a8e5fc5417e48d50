"""Entries as small integers, for compact snapshots (QR codes).

Every entry is encoded relative to the state it was made in: ``(value, radix)`` with
``0 <= value < radix``. For a prompt with a choice list, the value is the entry's index in
the list. Games whose prompts take free-form entries (a dealt row, a trade) provide
``entry_code(state, entry) -> (value, radix) | None`` and ``entry_from_code(state, value) ->
Entry | None`` themselves (None: use the choice index, as above). A radix of 0 means "no compact code: store
the entry as JSON".
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from companion.core.protocol import RuleViolation

RAW = 0  # radix meaning: no compact code for this entry


def entry_code(game: Any, state: BaseModel, entry: BaseModel) -> tuple[int, int]:
    custom = getattr(game, "entry_code", None)
    if custom is not None and (code := custom(state, entry)) is not None:
        value, radix = code
        return int(value), int(radix)
    prompt = game.prompt(state)
    if prompt is None or prompt.choices is None:
        return 0, RAW
    try:
        return prompt.choices.index(entry), len(prompt.choices)
    except ValueError:
        return 0, RAW


def entry_from_code(game: Any, state: BaseModel, value: int) -> BaseModel:
    custom = getattr(game, "entry_from_code", None)
    if custom is not None and isinstance(entry := custom(state, value), BaseModel):
        return entry
    prompt = game.prompt(state)
    if prompt is None or prompt.choices is None or not 0 <= value < len(prompt.choices):
        raise RuleViolation("core.entry", "core.entry.malformed", detail=f"choice {value}")
    choice: BaseModel = prompt.choices[value]
    return choice
