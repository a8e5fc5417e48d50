"""The stand-alone income calculator: owners and shops on the map in, each player's income out.

Input: ``{"buildings": {"16": {"owner": "Ana", "shop": "tea_house"}, "20": {"owner": "Ben"}}}``.
It uses the engine's own business finder, so the numbers are the same as in a game.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.core import msg
from companion.core.calc import CalcInputError
from companion.games.chinatown.data import BUILDINGS, DATA
from companion.games.chinatown.income import find_businesses
from companion.games.chinatown.text import business_msg, shop_name


class _Building(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    owner: str = Field(min_length=1)
    shop: str | None = None


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    buildings: dict[int | str, _Building]


def chinatown_income(data: object) -> dict[str, Any]:
    board = _parse(data)
    owner = {n: b.owner for n, b in board.items()}
    shop = {n: b.shop for n, b in board.items() if b.shop is not None}
    found = find_businesses(owner, shop)
    income = {name: 0 for name in sorted(set(owner.values()))}
    for b in found:
        income[b.owner] += b.income
    return {
        "income": income,
        "businesses": [
            {
                "owner": b.owner,
                "shop": b.shop,
                "buildings": list(b.buildings),
                "size": b.size,
                "complete": b.complete,
                "income": b.income,
            }
            for b in sorted(found, key=lambda b: (b.owner, b.buildings[0]))
        ],
    }


def _parse(data: object) -> dict[int, _Building]:
    try:
        parsed = _Input.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise CalcInputError("chinatown.calc.bad_input", detail=f"{where}: {err.get('msg', '')}") from exc
    board: dict[int, _Building] = {}
    for raw, b in parsed.buildings.items():
        key = str(raw)
        if not key.strip().isdigit() or not 1 <= int(key) <= BUILDINGS:
            raise CalcInputError("chinatown.calc.bad_building", building=key, n=BUILDINGS)
        if b.shop is not None and b.shop not in DATA.shops:
            raise CalcInputError("chinatown.calc.unknown_shop", shop=b.shop, known=", ".join(DATA.shop_ids))
        if int(key) in board:
            raise CalcInputError("chinatown.calc.bad_building", building=key, n=BUILDINGS)
        board[int(key)] = b
    _check_box(board)
    return board


def _check_box(board: dict[int, _Building]) -> None:
    """A board cannot hold more tiles of a type than the box has."""
    counts = Counter(b.shop for b in board.values() if b.shop is not None)
    for shop, n in sorted(counts.items()):
        if n > DATA.shops[shop].tiles:
            raise CalcInputError(
                "contract.chinatown.calc.too_many_tiles",
                shop=shop_name(shop),
                n=n,
                box=DATA.shops[shop].tiles,
            )


def render_chinatown_income(result: dict[str, Any], lang: str) -> str:
    lines = [msg("chinatown.calc.title").render(lang)]
    for name, total in result["income"].items():
        lines.append(msg("chinatown.calc.player", player=name, amount=total).render(lang))
        for b in result["businesses"]:
            if b["owner"] == name:
                line = business_msg(b["shop"], tuple(b["buildings"]), b["size"], b["complete"], b["income"])
                lines.append("  " + line.render(lang))
    if not result["income"]:
        lines.append(msg("chinatown.calc.empty").render(lang))
    return "\n".join(lines)
