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
    if source is None or note is None or _noted(note).get(relative) != source:
        importlib.import_module(validator)
        if source is not None and note is not None:
            _write_note(note, {**_noted(note), relative: source})
    return _read(path)


def _noted(note: Path) -> dict[str, str]:
    try:
        found = json.loads(note.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def _write_note(note: Path, data: dict[str, str]) -> None:
    temp = note.with_name(f"{note.name}.{os.getpid()}.tmp")
    try:
        note.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temp, note)  # whole or not at all: another process may read it now
    except OSError:  # a note not kept is only a slower start next time
        import contextlib

        with contextlib.suppress(OSError):
            temp.unlink()
