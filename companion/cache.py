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
