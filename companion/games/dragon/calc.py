"""The stand-alone final-scoring calculator: each player's realm after month 12 in, totals out.

Input: ``{"players": [{"name": "Ana", "vp": 41, "track": 9, "palaces": [{"floors": 2,
"persons": ["monk:young", "farmer:old"]}], "yuan": 4, "rice": 1, "fireworks": 2}]}``.
Players are listed in stack order: on the same track space, the one listed first is higher.
The scoring itself is the engine's (``final.final_counts``), so the numbers match a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, TypedDict

# Plain tables and light modules only, no pydantic: the command starts in the time of a few
# Python starts (issue 27). Bad input alone loads the pydantic model that words its error.
from companion.core.calc import CalcInputError
from companion.core.msg import Msg, msg
from companion.games.dragon.final import SOURCE_RULES, final_counts, track_tie
from companion.games.dragon.tables import FACE_SYMBOLS, MAX_FLOORS, TILE_IDS

COUNTS = ("vp", "track", "yuan", "rice", "fireworks")  # a player's whole numbers, 0 if left out


class PalaceIn(NamedTuple):
    floors: int
    persons: list[str]


class PlayerIn(NamedTuple):
    """A player of the input, as the model (calc_model.py) reads one."""

    name: str
    vp: int
    track: int
    palaces: list[PalaceIn]
    yuan: int
    rice: int
    fireworks: int


class _Line(TypedDict):
    """One line of a player's result in the calculator's JSON."""

    label: str
    count: int
    points: int
    rule_id: str


class _Result(TypedDict):
    name: str
    total: int
    track: int  # the person track's space, as typed (the tie-break)
    breakdown: list[_Line]


def dragon_final(data: object) -> dict[str, Any]:
    players = _parse(data)
    out: list[_Result] = []
    for p in players:
        items = final_counts(p.palaces, p.yuan, p.rice, p.fireworks)
        breakdown: list[_Line] = [
            {"label": "vp", "count": p.vp, "points": p.vp, "rule_id": "dragon.scoring.track"}
        ]
        breakdown += [
            {"label": source, "count": count, "points": points, "rule_id": SOURCE_RULES[source]}
            for source, points, count in items
        ]
        total = sum(b["points"] for b in breakdown)
        out.append({"name": p.name, "total": total, "track": p.track, "breakdown": breakdown})
    # Ties: further ahead on the track wins; on one space the player listed first is higher in the stack.
    order = sorted(range(len(players)), key=lambda i: (-out[i]["total"], -players[i].track, i))
    return {
        "players": out,
        "ranking": [players[i].name for i in order],
        "stack_order": _stack_order([(players[i].name, out[i]["total"], players[i].track) for i in order]),
    }


def final_tie(result: Mapping[str, Any]) -> Msg | None:
    """How a tie on the best VP was decided, with each tied player's place on the person track
    (further ahead first; on one space, the order listed); None without one."""
    rows = result["players"]
    by_track = sorted(range(len(rows)), key=lambda i: (-rows[i]["track"], i))
    place = {rows[i]["name"]: n for n, i in enumerate(by_track, start=1)}
    totals = {row["name"]: row["total"] for row in rows}
    return track_tie([(name, totals[name], place[name]) for name in result["ranking"]])


def _stack_order(ranked: list[tuple[str, int, int]]) -> list[list[str]]:
    """The groups of players (names, best first) left tied by equal VP and an equal track: the
    listing order (their stack on that track space) split them, and the result says so."""
    groups: dict[tuple[int, int], list[str]] = {}
    for name, total, track in ranked:
        groups.setdefault((total, track), []).append(name)
    return [names for names in groups.values() if len(names) > 1]


def _parse(data: object) -> list[PlayerIn]:
    players = plain_players(data)
    if players is None:  # not plainly valid: the model words what is wrong (or takes it after all)
        players = model_players(data)
    names: set[str] = set()
    max_floors = MAX_FLOORS
    for p in players:
        if p.name.casefold() in names:
            raise CalcInputError("dragon.calc.duplicate", player=p.name)
        names.add(p.name.casefold())
        for field in COUNTS:
            if getattr(p, field) < 0:
                raise CalcInputError("dragon.calc.negative", player=p.name, field=field)
        for number, pal in enumerate(p.palaces, start=1):
            if not 1 <= pal.floors <= max_floors:
                raise CalcInputError("dragon.calc.floors", player=p.name, palace=number, max=max_floors)
            for person in pal.persons:
                if person not in FACE_SYMBOLS:
                    raise CalcInputError(
                        "dragon.calc.person", player=p.name, person=person, known=", ".join(TILE_IDS)
                    )
            if len(pal.persons) > pal.floors:
                raise CalcInputError("dragon.calc.crowded", player=p.name, palace=number)
    return players


def plain_players(data: object) -> list[PlayerIn] | None:
    """The players of input the model surely takes, by plain checks (exact types, no other
    field); None for anything else, even what the model might take: it then decides.
    tests/dragon/test_calc_paths.py holds the two equal on many random inputs."""
    if type(data) is not dict or data.keys() != {"players"} or type(data["players"]) is not list:
        return None
    out: list[PlayerIn] = []
    for raw in data["players"]:
        if type(raw) is not dict or not raw.keys() <= {"name", "palaces", *COUNTS}:
            return None
        name, palaces = raw.get("name"), raw.get("palaces", [])
        counts = [raw.get(field, 0) for field in COUNTS]
        if type(name) is not str or not name or type(palaces) is not list:
            return None
        if any(type(n) is not int for n in counts):
            return None
        read = [_plain_palace(pal) for pal in palaces]
        if any(pal is None for pal in read):
            return None
        vp, track, yuan, rice, fireworks = counts
        out.append(PlayerIn(name, vp, track, [pal for pal in read if pal is not None], yuan, rice, fireworks))
    return out or None  # none at all: the model says at least one


def _plain_palace(raw: object) -> PalaceIn | None:
    if type(raw) is not dict or not raw.keys() <= {"floors", "persons"}:
        return None
    floors, persons = raw.get("floors"), raw.get("persons", [])
    if type(floors) is not int or type(persons) is not list or any(type(p) is not str for p in persons):
        return None
    return PalaceIn(floors, list(persons))


def model_players(data: object) -> list[PlayerIn]:
    """The players as the pydantic model (calc_model.py) validates them; CalcInputError with its
    first error when it refuses them."""
    from pydantic import ValidationError

    from companion.games.dragon.calc_model import FinalInput

    try:
        parsed = FinalInput.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ()))
        raise CalcInputError("dragon.calc.bad_input", detail=f"{where}: {err.get('msg', '')}") from exc
    return [
        PlayerIn(
            p.name,
            p.vp,
            p.track,
            [PalaceIn(pal.floors, list(pal.persons)) for pal in p.palaces],
            p.yuan,
            p.rice,
            p.fireworks,
        )
        for p in parsed.players
    ]


def render_dragon_final(result: dict[str, Any], lang: str) -> str:
    lines = [msg("dragon.calc.title").render(lang)]
    for rank, name in enumerate(result["ranking"], start=1):
        player = next(p for p in result["players"] if p["name"] == name)
        lines.append(msg("dragon.calc.player", rank=rank, player=name, total=player["total"]).render(lang))
        for line in player["breakdown"]:
            lines.append(f"  {line_msg(line).render(lang)}: {line['points']}")
    lines += [stack_msg(names).render(lang) for names in result.get("stack_order", [])]
    tie = final_tie(result)
    lines += [tie.render(lang)] if tie is not None else []
    return "\n".join(lines)


def stack_msg(names: list[str]) -> Msg:
    """The note for players the listing order split (equal VP, the same track space)."""
    return msg("dragon.calc.stack_order", names=", ".join(names), first=names[0])


def line_msg(line: Mapping[str, Any]) -> Msg:
    """A result line's label ("3 persons"): its id names the dragon.calc.<id> text."""
    return msg(f"dragon.calc.{line['label']}", n=line["count"])
