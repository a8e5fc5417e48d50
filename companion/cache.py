"""The command line's cache folder: what a short-lived process would otherwise rebuild on every
run (the lookup's prepared index, the parsed message catalogues; issue 27). The app keeps its
own in memory and never writes here."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """$COMPANION_CACHE, else $XDG_CACHE_HOME/table-companion, else ~/.cache/table-companion."""
    own = os.environ.get("COMPANION_CACHE")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "table-companion"


def read_kept(path: Path) -> object:
    """A JSON file kept in the cache folder, or None (none kept, unreadable, damaged)."""
    import json

    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_kept(path: Path, data: object) -> None:
    """Keep ``data`` as JSON at ``path``, whole or not at all (another process may read it at
    the same time); a file not kept only makes the next start slower."""
    import contextlib
    import json

    temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()
