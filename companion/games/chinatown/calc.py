"""Chinatown's stand-alone calculators, for a game played without a table.

``chinatown-income``: owners and shops on the map in, each player's income out. Input:
``{"buildings": {"16": {"owner": "Ana", "shop": "tea_house"}, "20": {"owner": "Ben"}}}``.
It uses the engine's own business finder, so the numbers are the same as in a game.

``chinatown-final``: each player's money and shop tiles on the board after 1970's income in,
the ranking out. Input: ``{"players": [{"name": "Ana", "money": 760000, "shops": 7}, ...]}``.
It ranks with the engine's own ``scoring.rank`` (more money, then more shop tiles on the board,
then a shared victory).
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from math import ceil
from typing import Any, TypeGuard

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.core import Msg, ScoreLine, msg
from companion.core.calc import CalcInputError
from companion.core.limits import shown
from companion.games.chinatown.data import BUILDINGS, DATA, YEARS
from companion.games.chinatown.income import find_businesses
from companion.games.chinatown.scoring import rank
from companion.games.chinatown.text import business_msg, shop_name

MIN_PLAYERS, MAX_PLAYERS = min(DATA.dealing), max(DATA.dealing)
BOX_TILES = sum(s.tiles for s in DATA.shop_types)  # shop tiles in the box (the blanks aside)
# No player can end with more: every player's starting money plus six years of income from the
# whole bag, each tile earning the best income per tile of the table. A bound against typos.
_BEST_PER_TILE = max(
    Fraction(amount, size)
    for table in (DATA.income.incomplete, DATA.income.complete)
    for size, amount in table.items()
)
MAX_MONEY = DATA.money_unit * ceil(
    (MAX_PLAYERS * DATA.starting_money + YEARS * BOX_TILES * _BEST_PER_TILE) / DATA.money_unit
)
FIELDS = ("name", "money", "shops")


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
    owners = sorted(set(owner.values()))
    if len(owners) > MAX_PLAYERS:  # the map of a 3-5 player game
        raise CalcInputError(
            "chinatown.calc.too_many_owners", n=len(owners), low=MIN_PLAYERS, high=MAX_PLAYERS
        )
    found = find_businesses(owner, shop)
    income = {name: 0 for name in owners}
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


def chinatown_final(data: object) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise CalcInputError("chinatown.calc.final.bad_root")
    players = data["players"]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise CalcInputError(
            "chinatown.calc.final.bad_count", n=len(players), low=MIN_PLAYERS, high=MAX_PLAYERS
        )
    parsed: list[tuple[str, int, int]] = []
    seen: set[str] = set()
    for n, raw in enumerate(players, start=1):
        name, money, shops = _final_player(n, raw)
        if name.casefold() in seen:
            raise _bad(n, msg("chinatown.calc.final.bad_name"))
        seen.add(name.casefold())
        parsed.append((name, money, shops))
    # Each tile on the board was drawn from the bag and stands on a building someone kept.
    dealing = DATA.dealing[len(parsed)]
    most = min(len(parsed) * sum(dealing.tiles), len(parsed) * sum(dealing.kept))
    placed = sum(shops for _, _, shops in parsed)
    if placed > most:
        raise CalcInputError("chinatown.calc.final.too_many_shops", n=placed, players=len(parsed), high=most)
    order, best = rank([m for _, m, _ in parsed], [t for _, _, t in parsed])
    return {
        "players": [
            {
                "name": name,
                "total": money,
                "money": money,
                "shops": shops,
                "breakdown": [_line(ScoreLine(msg("chinatown.calc.final.money"), money, "chinatown.end"))],
            }
            for name, money, shops in parsed
        ],
        "ranking": [parsed[s][0] for s in order],
        "shared": [parsed[s][0] for s in best],
    }


def render_chinatown_final(result: dict[str, Any], lang: str) -> str:
    """The ranking with each player's money and shop tiles, the winner (or the shared victory) and
    the tie-break rule; money in the reader's format, no rule ids."""
    lines = [msg("chinatown.calc.final.title"), *final_msgs(result), msg("chinatown.score.tie_break")]
    return "\n".join(line.render(lang) for line in lines)


def final_msgs(result: dict[str, Any]) -> list[Msg]:
    """A chinatown-final result in words: one line per player, best first, then the winner or
    the shared victory (the CLI and the Quick score screen say the same)."""
    by_name = {p["name"]: p for p in result["players"]}
    lines = [
        msg(
            "chinatown.calc.final.player",
            rank=place,
            name=name,
            money=by_name[name]["money"],
            tiles=msg("chinatown.calc.final.tiles", n=by_name[name]["shops"]),
        )
        for place, name in enumerate(result["ranking"], start=1)
    ]
    key = "chinatown.calc.final.shared" if len(result["shared"]) > 1 else "chinatown.calc.final.winner"
    return [*lines, msg(key, names=", ".join(result["shared"]))]


def _line(line: ScoreLine) -> dict[str, Any]:
    return {
        "label": line.label.to_json(),
        "text": line.label.render(),
        "points": line.points,
        "rule_id": line.rule_id,
    }


def _final_player(n: int, raw: object) -> tuple[str, int, int]:
    if not isinstance(raw, dict):
        raise _bad(n, msg("chinatown.calc.final.bad_name"))
    for field in raw:
        if field not in FIELDS:
            raise _bad(n, msg("chinatown.calc.final.unknown_field", field=_found(field)))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _bad(n, msg("chinatown.calc.final.bad_name"))
    money = raw.get("money")
    if not _whole(money) or not 0 <= money <= MAX_MONEY or money % DATA.money_unit:
        raise _bad(
            n,
            msg(
                "chinatown.calc.final.bad_money",
                unit=DATA.money_unit,
                high=MAX_MONEY,
                found=_found(money),
            ),
        )
    shops = raw.get("shops")
    if not _whole(shops) or not 0 <= shops <= BOX_TILES:
        raise _bad(n, msg("chinatown.calc.final.bad_shops", high=BOX_TILES, found=_found(shops)))
    return name.strip(), money, shops


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _found(value: object) -> str:
    """What was given, as JSON writes it, short (input may hold megabytes or escapes)."""
    if value is None:
        return "—"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON data, or an integer too long to write
        text = "…"
    return shown(text, 40)


def _bad(n: int, detail: Msg) -> CalcInputError:
    return CalcInputError("chinatown.calc.final.bad_player", n=n, detail=detail)
