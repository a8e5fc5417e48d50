"""The stand-alone final-scoring calculator: each player's realm after month 12 in, totals out.

Input: ``{"players": [{"name": "Ana", "vp": 41, "track": 9, "palaces": [{"floors": 2,
"persons": ["monk:young", "farmer:old"]}], "yuan": 4, "rice": 1, "fireworks": 2}]}``.
Players are listed in stack order: on the same track space, the one listed first is higher.
The scoring itself is the engine's ``final_lines``, so the numbers match a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.core.calc import CalcInputError
from companion.core.msg import Msg, msg
from companion.games.dragon.data import RULES
from companion.games.dragon.scoring import SOURCE_RULES, final_lines
from companion.games.dragon.state import Palace


class _Palace(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    floors: int
    persons: list[str] = []


class _Player(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(min_length=1)
    vp: int = 0
    track: int = 0
    palaces: list[_Palace] = []
    yuan: int = 0
    rice: int = 0
    fireworks: int = 0


class _Input(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    players: list[_Player] = Field(min_length=1)


class _Line(TypedDict):
    """One line of a player's result in the calculator's JSON."""

    label: str
    count: int
    points: int
    rule_id: str


class _Result(TypedDict):
    name: str
    total: int
    breakdown: list[_Line]


def dragon_final(data: object) -> dict[str, Any]:
    players = _parse(data)
    out: list[_Result] = []
    for p in players:
        palaces = [Palace(floors=pal.floors, persons=tuple(pal.persons)) for pal in p.palaces]
        items = final_lines(palaces, p.yuan, p.rice, p.fireworks)
        breakdown: list[_Line] = [
            {"label": "vp", "count": p.vp, "points": p.vp, "rule_id": "dragon.scoring.track"}
        ]
        breakdown += [
            {"label": i.source, "count": i.count, "points": i.points, "rule_id": SOURCE_RULES[i.source]}
            for i in items
        ]
        out.append({"name": p.name, "total": sum(b["points"] for b in breakdown), "breakdown": breakdown})
    # Ties: further ahead on the track wins; on one space the player listed first is higher in the stack.
    order = sorted(range(len(players)), key=lambda i: (-out[i]["total"], -players[i].track, i))
    return {
        "players": out,
        "ranking": [players[i].name for i in order],
        "stack_order": _stack_order([(players[i].name, out[i]["total"], players[i].track) for i in order]),
    }


def _stack_order(ranked: list[tuple[str, int, int]]) -> list[list[str]]:
    """The groups of players (names, best first) left tied by equal VP and an equal track: the
    listing order (their stack on that track space) split them, and the result says so."""
    groups: dict[tuple[int, int], list[str]] = {}
    for name, total, track in ranked:
        groups.setdefault((total, track), []).append(name)
    return [names for names in groups.values() if len(names) > 1]


def _parse(data: object) -> list[_Player]:
    try:
        parsed = _Input.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise CalcInputError("dragon.calc.bad_input", detail=f"{where}: {err.get('msg', '')}") from exc
    names: set[str] = set()
    max_floors = RULES.setup.max_floors
    for p in parsed.players:
        if p.name.casefold() in names:
            raise CalcInputError("dragon.calc.duplicate", player=p.name)
        names.add(p.name.casefold())
        for field in ("vp", "track", "yuan", "rice", "fireworks"):
            if getattr(p, field) < 0:
                raise CalcInputError("dragon.calc.negative", player=p.name, field=field)
        for number, pal in enumerate(p.palaces, start=1):
            if not 1 <= pal.floors <= max_floors:
                raise CalcInputError("dragon.calc.floors", player=p.name, palace=number, max=max_floors)
            for person in pal.persons:
                if person not in RULES.faces:
                    raise CalcInputError(
                        "dragon.calc.person", player=p.name, person=person, known=", ".join(RULES.tile_ids)
                    )
            if len(pal.persons) > pal.floors:
                raise CalcInputError("dragon.calc.crowded", player=p.name, palace=number)
    return parsed.players


def render_dragon_final(result: dict[str, Any], lang: str) -> str:
    lines = [msg("dragon.calc.title").render(lang)]
    for rank, name in enumerate(result["ranking"], start=1):
        player = next(p for p in result["players"] if p["name"] == name)
        lines.append(msg("dragon.calc.player", rank=rank, player=name, total=player["total"]).render(lang))
        for line in player["breakdown"]:
            lines.append(f"  {line_msg(line).render(lang)}: {line['points']}")
    lines += [stack_msg(names).render(lang) for names in result.get("stack_order", [])]
    return "\n".join(lines)


def stack_msg(names: list[str]) -> Msg:
    """The note for players the listing order split (equal VP, the same track space)."""
    return msg("dragon.calc.stack_order", names=", ".join(names), first=names[0])


def line_msg(line: Mapping[str, Any]) -> Msg:
    """A result line's label ("3 persons"): its id names the dragon.calc.<id> text."""
    return msg(f"dragon.calc.{line['label']}", n=line["count"])
