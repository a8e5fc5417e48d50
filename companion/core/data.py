"""Loading the rules data files (rules_data/), validated by pydantic at load.

Files are read once per process and cached. A damaged file stops the program with a
DataError naming the file and the field, never with a half-loaded table.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from pydantic import BaseModel

T = TypeVar("T", bound="BaseModel")


class DataError(RuntimeError):
    """A rules data file is missing or does not validate."""


def rules_data_dir() -> Path:
    """rules_data/ beside the package (override with COMPANION_RULES_DATA)."""
    override = os.environ.get("COMPANION_RULES_DATA")
    return Path(override) if override else Path(__file__).resolve().parents[2] / "rules_data"


@cache
def _read(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise DataError(f"missing rules data file {path}") from exc
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON ({exc})") from exc


def load(relative: str, model: type[T]) -> T:
    """Load ``rules_data/<relative>`` and validate it as ``model``."""
    from pydantic import ValidationError  # here: DataError and the folder need no pydantic

    path = rules_data_dir() / relative
    try:
        return model.model_validate(_read(path))
    except ValidationError as exc:
        raise DataError(f"{path}: {exc}") from exc
