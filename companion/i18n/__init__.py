"""Message catalogues in English and Spanish.

Catalogues live in ``companion/i18n/<lang>/<namespace>.json``: flat objects mapping a
message key to a ``str.format`` template. Splitting by namespace (core, ui, dragon, ...)
keeps each game's messages beside each other without one huge file. Every key must exist
in every language; ``tests/test_i18n.py`` enforces it.
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"
_ROOT = Path(__file__).parent


class CatalogError(ValueError):
    """A catalogue file is malformed or defines a key twice."""


@cache
def catalog(lang: str) -> dict[str, str]:
    """All messages of one language, merged from its namespace files."""
    if lang not in LANGUAGES:
        raise CatalogError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    merged: dict[str, str] = {}
    for path in sorted((_ROOT / lang).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
            raise CatalogError(f"{path}: a catalogue is an object of strings")
        for key in data:
            if key in merged:
                raise CatalogError(f"{path}: key {key!r} is defined twice")
        merged.update(data)
    return merged


class _Lenient(dict[str, Any]):
    """Leave an unknown {field} visible instead of raising: a missing arg must not crash the UI."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **args: Any) -> str:
    """Render message ``key`` in ``lang``; fall back to English, then to the key itself."""
    template = catalog(lang).get(key) or catalog(DEFAULT_LANGUAGE).get(key)
    if template is None:
        return key
    try:
        return string.Formatter().vformat(template, (), _Lenient(args))
    except (ValueError, IndexError, KeyError):
        return template


t = translate
