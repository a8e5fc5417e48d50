"""The options of a Chinatown table (validated by Table.new, recorded in the table's file)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from companion.games.chinatown.data import DATA


class ChinatownOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    # Seat holding the First Player card; None: the table enters it (or the app draws it).
    first_player: int | None = Field(default=None, ge=0, le=max(DATA.dealing) - 1)
