"""The Dragon numbers of the final scoring, as plain Python values.

The same rules data files as data.py, read without pydantic once data.py has validated them
(companion.core.data.checked): ``companion calc dragon-final`` must start faster than pydantic
imports (issue 27). tests/dragon/test_tables.py holds them equal to data.py's ``RULES``.
"""

from __future__ import annotations

from typing import Any

from companion.core.data import checked

_VALIDATOR = "companion.games.dragon.data"
_PERSONS: Any = checked("dragon/persons.json", _VALIDATOR)
_SETUP: Any = checked("dragon/setup.json", _VALIDATOR)
_SCORING: Any = checked("dragon/scoring.json", _VALIDATOR)
_FINAL = _SCORING["final"]

# Every tile kind, "<type>:<age>", in data order (young before old), and its face's symbols.
FACE_SYMBOLS: dict[str, int] = {
    f"{t['id']}:{age}": t[age]["symbols"] for t in _PERSONS["types"] for age in ("young", "old") if t[age]
}
TILE_IDS: tuple[str, ...] = tuple(FACE_SYMBOLS)
SYMBOL_OF: dict[str, str] = {
    tile: t["symbol"] for t in _PERSONS["types"] for tile in TILE_IDS if tile.startswith(f"{t['id']}:")
}
MONK_SYMBOL: str = next(t["symbol"] for t in _PERSONS["types"] if t["id"] == "monk")
MAX_FLOORS: int = _SETUP["max_floors"]
PER_PERSON: int = _FINAL["per_person"]
YUAN_PER_LEFTOVER_TILE: int = _FINAL["yuan_per_leftover_tile"]
YUAN_PER_VP: int = _FINAL["yuan_per_vp"]
