"""Loading the rules data files (rules_data/), validated by pydantic at load.

Files are read once per process and cached. A damaged file stops the program with a
DataError naming the file and the field, never with a half-loaded table.

``checked`` hands out a file's plain JSON, for the few modules that must start without pydantic
(the stand-alone calculators, issue 27), once the game's data module has validated it.
"""

from __future__ import annotations

import importlib
import json
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from companion.cache import read_kept, write_kept

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


_NOTES_IN: Path | None = None
"""The folder of the note of files that validated (``keep_checked_notes``); None: no note."""


def keep_checked_notes(folder: Path | None) -> None:
    """Note in ``folder`` each rules data file once it has validated, and trust the note while
    the file is unchanged: a short command then reads the plain JSON without pydantic, which
    costs more than the whole calculator (issue 27). The app validates once per process."""
    global _NOTES_IN
    _NOTES_IN = folder


def checked(relative: str, validator: str) -> object:
    """The plain JSON of ``rules_data/<relative>``, known to validate: the module ``validator``
    (the game's data module) loads it through its pydantic models at import, and stops the
    program with a DataError if it is damaged. With a note of the file unchanged since it
    validated (size and time, as Python's .pyc check), the validator is not imported."""
    path = rules_data_dir() / relative
    try:
        stat = path.stat()
        source = f"{path}:{stat.st_size}:{stat.st_mtime_ns}"
    except OSError:
        source = None  # missing: the validator says so
    note = None if _NOTES_IN is None else _NOTES_IN / "checked-rules-data.json"
    noted = read_kept(note) if note is not None else None
    noted = noted if isinstance(noted, dict) else {}
    if source is None or note is None or noted.get(relative) != source:
        importlib.import_module(validator)
        if source is not None and note is not None:
            write_kept(note, {**noted, relative: source})
    return _read(path)
