"""Chinatown's stand-alone calculators, for a game played without a table.

``chinatown-income``: owners and shops on the map in, each player's income out. Input:
``{"buildings": {"16": {"owner": "Ana", "shop": "tea_house"}, "20": {"owner": "Ben"}}}``.
It uses the engine's own business finder, so the numbers are the same as in a game.

``chinatown-final``: each player's money and shop tiles on the board after 1970's income in,
the ranking out. Input: ``{"players": [{"name": "Ana", "money": 760000, "shops": 7}, ...]}``.
It ranks with the engine's own ``ranking.rank`` (more money, then more shop tiles on the board,
then a shared victory).
"""

from __future__ import annotations

import json
from collections import Counter
from math import lcm
from typing import Any, TypeGuard

# Plain tables and light modules only, no pydantic: the command starts in the time of a few
# Python starts (issue 27). Bad input alone loads the pydantic model that words its error.
from companion.core.calc import CalcInputError
from companion.core.limits import shown
from companion.core.msg import Msg, msg
from companion.games.chinatown.income import find_businesses
from companion.games.chinatown.ranking import rank, tie_line
from companion.games.chinatown.tables import (
    BUILDINGS,
    DEALING,
    INCOME_COMPLETE,
    INCOME_INCOMPLETE,
    MONEY_UNIT,
    SHOP_IDS,
    SHOPS,
    STARTING_MONEY,
    YEARS,
)
from companion.games.chinatown.text import business_msg, shop_name

MIN_PLAYERS, MAX_PLAYERS = min(DEALING), max(DEALING)
BOX_TILES = sum(s.tiles for s in SHOPS.values())  # shop tiles in the box (the blanks aside)
# No player can end with more: every player's starting money plus six years of income from the
# whole bag, each tile earning the best income per tile of the table. A bound against typos.
# In whole numbers, each income per tile scaled by a multiple of every size (fractions, the
# exact way, costs the command a tenth of its start).
_SCALE = lcm(*INCOME_INCOMPLETE, *INCOME_COMPLETE)
_BEST_PER_TILE_SCALED = max(
    amount * (_SCALE // size)
    for table in (INCOME_INCOMPLETE, INCOME_COMPLETE)
    for size, amount in table.items()
)
MAX_MONEY = MONEY_UNIT * -(
    -(MAX_PLAYERS * STARTING_MONEY * _SCALE + YEARS * BOX_TILES * _BEST_PER_TILE_SCALED)
    // (MONEY_UNIT * _SCALE)
)  # rounded up to whole bills
FIELDS = ("name", "money", "shops")

Building = tuple[str, str | None]
"""A building of the income calculator's input: its owner, and the shop tile on it if any."""


def chinatown_income(data: object) -> dict[str, Any]:
    board = _parse(data)
    owner = {n: who for n, (who, _) in board.items()}
    shop = {n: kind for n, (_, kind) in board.items() if kind is not None}
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


def _parse(data: object) -> dict[int, Building]:
    given = plain_buildings(data)
    if given is None:  # not plainly valid: the model words what is wrong (or takes it after all)
        given = model_buildings(data)
    board: dict[int, Building] = {}
    for raw, (owner, kind) in given.items():
        key = str(raw)
        if not key.strip().isdigit() or not 1 <= int(key) <= BUILDINGS:
            raise CalcInputError("chinatown.calc.bad_building", building=key, n=BUILDINGS)
        if kind is not None and kind not in SHOPS:
            raise CalcInputError("chinatown.calc.unknown_shop", shop=kind, known=", ".join(SHOP_IDS))
        if int(key) in board:
            raise CalcInputError("chinatown.calc.bad_building", building=key, n=BUILDINGS)
        board[int(key)] = (owner, kind)
    _check_box(board)
    return board


def plain_buildings(data: object) -> dict[int | str, Building] | None:
    """The buildings of input the model surely takes, by plain checks: ``{"buildings": {key:
    {"owner": non-empty text, "shop": text or null (may be left out)}}}`` with text keys and no
    other field. None for anything else, even what the model might take: it then decides.
    tests/chinatown/test_calc_paths.py holds the two equal on many random inputs."""
    if type(data) is not dict or data.keys() != {"buildings"}:
        return None
    buildings = data["buildings"]
    if type(buildings) is not dict:
        return None
    out: dict[int | str, Building] = {}
    for key, b in buildings.items():
        if type(key) is not str or type(b) is not dict or not b.keys() <= {"owner", "shop"}:
            return None
        owner, kind = b.get("owner"), b.get("shop")
        if type(owner) is not str or not owner or not (kind is None or type(kind) is str):
            return None
        out[key] = (owner, kind)
    return out


def model_buildings(data: object) -> dict[int | str, Building]:
    """The buildings as the pydantic model (calc_model.py) validates them; CalcInputError with
    its first error when it refuses them."""
    from pydantic import ValidationError

    from companion.games.chinatown.calc_model import IncomeInput

    try:
        parsed = IncomeInput.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise CalcInputError("chinatown.calc.bad_input", detail=f"{where}: {err.get('msg', '')}") from exc
    return {key: (b.owner, b.shop) for key, b in parsed.buildings.items()}


def _check_box(board: dict[int, Building]) -> None:
    """A board cannot hold more tiles of a type than the box has."""
    counts = Counter(kind for _, kind in board.values() if kind is not None)
    for kind, n in sorted(counts.items()):
        if n > SHOPS[kind].tiles:
            raise CalcInputError(
                "contract.chinatown.calc.too_many_tiles",
                shop=shop_name(kind),
                n=n,
                box=SHOPS[kind].tiles,
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
    dealing = DEALING[len(parsed)]
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
                "breakdown": [_line(msg("chinatown.calc.final.money"), money, "chinatown.end")],
            }
            for name, money, shops in parsed
        ],
        "ranking": [parsed[s][0] for s in order],
        "shared": [parsed[s][0] for s in best],
    }


def render_chinatown_final(result: dict[str, Any], lang: str) -> str:
    """The ranking with each player's money and shop tiles, the winner (or the shared victory), the
    tie-break rule and, after a tie on money, how it was decided; money in the reader's format, no
    rule ids."""
    tie = final_tie(result)
    lines = [msg("chinatown.calc.final.title"), *final_msgs(result), msg("chinatown.score.tie_break")]
    lines += [tie] if tie is not None else []
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


def final_tie(result: dict[str, Any]) -> Msg | None:
    """How a tie on the most money was decided, with each tied player's shop tiles; None without
    one (the table's scoreboard says the same)."""
    by_name = {p["name"]: p for p in result["players"]}
    return tie_line([(name, by_name[name]["money"], by_name[name]["shops"]) for name in result["ranking"]])


def _line(label: Msg, points: int, rule_id: str) -> dict[str, Any]:
    """A score line as the engine's ScoreLine is written in JSON (its label in both forms)."""
    return {"label": label.to_json(), "text": label.render(), "points": points, "rule_id": rule_id}


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
    if not _whole(money) or not 0 <= money <= MAX_MONEY or money % MONEY_UNIT:
        raise _bad(
            n,
            msg(
                "chinatown.calc.final.bad_money",
                unit=MONEY_UNIT,
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
