"""A format learnt from Babel, kept in the cache folder while Babel's files are unchanged.

Money (i18n/money.py) and lists (i18n/lists.py) are learnt once per language so that a short
command need not import Babel; both keep what they learnt here, stamped with the files it came
from, and read it back only while those files are the same."""

from __future__ import annotations

from pathlib import Path

from companion.cache import read_kept, write_kept


def kept(path: Path) -> object:
    """The format kept at ``path`` while the files it was learnt from are unchanged, else None."""
    found = read_kept(path)
    if not isinstance(found, dict) or found.get("source") != stamp(found.get("files")):
        return None
    return found.get("format")


def keep(path: Path, learnt: object, files: list[Path]) -> None:
    names = [str(f) for f in files]
    write_kept(path, {"source": stamp(names), "files": names, "format": learnt})


def stamp(files: object) -> str | None:
    """Babel's files by size and time (as Python's .pyc check); None when one is gone."""
    if not isinstance(files, list) or not files:
        return None
    try:
        return ";".join(f"{f}:{(s := Path(f).stat()).st_size}:{s.st_mtime_ns}" for f in files)
    except (OSError, TypeError):
        return None
