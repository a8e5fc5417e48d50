"""A prepared search index for the command line: built and validated once, then read from disk.

``companion rules`` runs once and exits, so building the index (pydantic validating every
lookup file, stemming every rule) would be most of its time (issue 27). The first run builds
it as the app does (``fts.Index``), then keeps its FTS table and what ranking needs in one
SQLite file per language in the user's cache folder; later runs read that file. The file
holds the inputs it was made from (each data file's and lookup module's path, size and
modification time, like Python's own .pyc check): when they differ the index is built, so
validated, again; a cache that cannot be read or written is simply not used.

The app itself builds its index in memory (``fts.index``): it runs for hours, and a phone has
no cache folder to trust.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
from pathlib import Path

from companion.cache import cache_dir
from companion.lookup import fts
from companion.lookup.scope import GAMES

FORMAT = 3  # bump when the file's layout or Index.state() changes


def _inputs(lang: str) -> list[Path]:
    """Every file the index is made from: the rules data (both languages: the lookup checks one
    against the other) and the code that reads and stems it. Not pyspellchecker's word lists:
    they are read at query time, to tell a typo from a word, and nothing of them is kept."""
    from companion.core.data import rules_data_dir  # light: pydantic only when it loads a file

    root = rules_data_dir()
    data = [
        root / g / f"{kind}.{lg}.json" for g in GAMES for kind in ("rules", "lookup") for lg in ("en", "es")
    ]
    data += [root / g / "related.json" for g in GAMES]
    here = Path(__file__).parent
    code = [here / f"{m}.py" for m in ("prepared", "fts", "text", "data", "scope")]
    code.append(Path(fts.__file__).parents[1] / "core" / "rulebook.py")
    return data + code


def _key(lang: str) -> str:
    """What the index of ``lang`` is made from, as one text to compare."""
    import snowballstemmer

    parts = [str(FORMAT), lang, sys.version, getattr(snowballstemmer, "__version__", "")]
    for path in _inputs(lang):
        try:
            st = path.stat()
        except OSError:
            parts.append(f"{path}:-")  # missing: the build says so
            continue
        parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(parts)


def index(lang: str) -> fts.Index:
    """The index of ``lang``: read from its prepared file, else built (DataError if the data is
    damaged, as the app's) and its file written for next time."""
    path, key = cache_dir() / f"lookup-{lang}.sqlite3", _key(lang)
    found = _read(path, lang, key)
    if found is not None:
        return found
    built = fts.Index(lang)
    _write(path, built, key)
    return built


def _read(path: Path, lang: str, key: str) -> fts.Index | None:
    if not path.is_file():
        return None
    try:
        # Read-only and kept open: a newer file replacing it leaves this one whole until closed.
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        stored = dict(db.execute("SELECT key, value FROM prepared"))
        if stored.get("inputs") != key:  # made from other files (or code): not this index
            db.close()
            return None
        return fts.Index.restored(lang, db, json.loads(stored["state"]))
    except (sqlite3.Error, ValueError, KeyError, TypeError):  # damaged or foreign: build anew
        return None


def _write(path: Path, built: fts.Index, key: str) -> None:
    temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        out = sqlite3.connect(temp)
        built.db.commit()  # the build's inserts: backup waits for an open transaction forever
        built.db.backup(out)
        out.execute("CREATE TABLE prepared (key TEXT PRIMARY KEY, value TEXT)")
        out.execute("INSERT INTO prepared VALUES ('inputs', ?)", (key,))
        out.execute("INSERT INTO prepared VALUES ('state', ?)", (json.dumps(built.state()),))
        out.commit()
        out.close()
        os.replace(temp, path)  # whole or not at all: a reader never sees half a file
    except (OSError, sqlite3.Error):
        with contextlib.suppress(OSError):  # nothing written, or no folder to write in
            temp.unlink()
