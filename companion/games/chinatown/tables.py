"""The Chinatown numbers of the income finder and the calculators, as plain Python values.

The same rules data files as data.py, read without pydantic once data.py has validated them
(companion.core.data.checked): ``companion calc chinatown-income`` must start faster than
pydantic imports (issue 27). tests/chinatown/test_tables.py holds them equal to data.py's.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from companion.core.data import checked


class Shop(NamedTuple):
    max: int  # the size of a complete business
    tiles: int  # tiles of the type in the box


class Dealing(NamedTuple):
    """One player count, each year: building cards dealt and kept, shop tiles drawn."""

    dealt: tuple[int, ...]
    kept: tuple[int, ...]
    tiles: tuple[int, ...]


_VALIDATOR = "companion.games.chinatown.data"
_BOARD: Any = checked("chinatown/board.json", _VALIDATOR)
_GAME: Any = checked("chinatown/game.json", _VALIDATOR)

ADJACENCY: dict[int, tuple[int, ...]] = {
    int(n): tuple(sorted(b["adjacent"])) for n, b in _BOARD["buildings"].items()
}
BUILDINGS = len(ADJACENCY)  # numbered 1 to BUILDINGS (data.py checks it)
SHOPS: dict[str, Shop] = {s["id"]: Shop(s["max"], s["tiles"]) for s in _GAME["shop_types"]}
SHOP_IDS: tuple[str, ...] = tuple(SHOPS)  # in the rulebook's order
INCOME_COMPLETE: dict[int, int] = {int(k): v for k, v in _GAME["income"]["complete"].items()}
INCOME_INCOMPLETE: dict[int, int] = {int(k): v for k, v in _GAME["income"]["incomplete"].items()}
DEALING: dict[int, Dealing] = {
    int(n): Dealing(tuple(d["dealt"]), tuple(d["kept"]), tuple(d["tiles"]))
    for n, d in _GAME["dealing"].items()
}
STARTING_MONEY: int = _GAME["starting_money"]
MONEY_UNIT: int = _GAME["money_unit"]
YEARS = len(_GAME["years"])
