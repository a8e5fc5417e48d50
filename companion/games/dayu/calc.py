"""Stand-alone Da Yu final scoring, for a game played without a table (``companion calc dayu-final``).

Input::

    {"players": [{"name": "Ana", "vp_cards": [{"frame": "red", "vp": 3}],
                  "flood_cards": ["red_bonus", "free_move", {"points": 2}]}]}

Scored with the same functions as the engine (companion.games.dayu.tally).
"""

from __future__ import annotations

from typing import Any

# Plain tables and light modules only, no pydantic: the command starts in the time of a few
# Python starts (issue 27).
from companion.core.calc import CalcInputError
from companion.core.msg import Msg, msg
from companion.games.dayu.kinds import FRAMES, POINTS_KIND
from companion.games.dayu.tables import FLOOD_CARD_POINTS, FLOOD_KINDS, MAX_PLAYERS, MIN_PLAYERS, VP_PER_FACE
from companion.games.dayu.tally import TIE_BREAK, rank, tally, tie_line
from companion.i18n import format_score


def dayu_final(data: object) -> dict[str, Any]:
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise CalcInputError("dayu.calc.bad_root")
    players = data["players"]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise CalcInputError("dayu.calc.bad_count", n=len(players), low=MIN_PLAYERS, high=MAX_PLAYERS)
    tallies, seen = [], set()
    for n, raw in enumerate(players, start=1):
        name, vp_cards, flood = _player(n, raw)
        if name.casefold() in seen:
            raise _bad(n, msg("dayu.calc.bad_name"))
        seen.add(name.casefold())
        tallies.append(tally(name, vp_cards, flood))
    result = rank(tallies)
    return {
        "players": [
            {
                "name": t.name,
                "total": t.total,
                "flood_cards": t.flood_cards,
                "breakdown": [
                    {
                        "label": line.label.to_json(),
                        "text": line.label.render(),
                        "points": line.points,
                        "rule_id": line.rule_id,
                    }
                    for line in t.breakdown
                ],
            }
            for t in result.tallies
        ],
        "ranking": result.ranking,
        "shared": result.winners,
    }


def render_dayu_final(result: dict[str, Any], lang: str) -> str:
    lines = [msg("dayu.calc.title").render(lang)]
    for player in result["players"]:
        lines.append(
            msg(
                "dayu.calc.total", name=player["name"], total=player["total"], flood=player["flood_cards"]
            ).render(lang)
        )
        for line in player["breakdown"]:
            label = revive_msg(line["label"]).render(lang)
            lines.append(
                f"  {format_score(line['points'], 'points', lang, change=True):>4}  {label}  [{line['rule_id']}]"
            )
    key = "dayu.calc.shared" if len(result["shared"]) > 1 else "dayu.calc.winner"
    lines.append(msg(key, names=", ".join(result["shared"])).render(lang))
    lines.append(TIE_BREAK.render(lang))
    tie = final_tie(result)
    if tie is not None:  # how the tie on points was decided, with each tied player's flood cards
        lines.append(tie.render(lang))
    return "\n".join(lines)


def final_tie(result: dict[str, Any]) -> Msg | None:
    """How a tie on the most points was decided, with each tied player's flood cards; None without
    one (the table's scoreboard says the same)."""
    by_name = {p["name"]: p for p in result["players"]}
    return tie_line([(n, by_name[n]["total"], by_name[n]["flood_cards"]) for n in result["ranking"]])


def revive_msg(value: Any) -> Any:
    """A Msg back from its JSON form, nested Msgs included."""
    if isinstance(value, dict) and set(value) == {"key", "args"}:
        return Msg(key=value["key"], args={k: revive_msg(v) for k, v in value["args"].items()})
    return value


def _player(n: int, raw: object) -> tuple[str, list[tuple[str, int]], list[tuple[str, int]]]:
    if not isinstance(raw, dict):
        raise _bad(n, msg("dayu.calc.bad_name"))
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _bad(n, msg("dayu.calc.bad_name"))
    vp_cards: list[tuple[str, int]] = []
    for i, card in enumerate(_list(n, raw, "vp_cards"), start=1):
        frame = card.get("frame") if isinstance(card, dict) else None
        vp = card.get("vp") if isinstance(card, dict) else None
        # Span holds ints only; the isinstance tells the type checker so.
        if frame not in FRAMES or not isinstance(vp, int) or isinstance(vp, bool) or vp not in VP_PER_FACE:
            raise _bad(n, msg("dayu.calc.bad_vp_card", i=i, low=VP_PER_FACE.low, high=VP_PER_FACE.high))
        vp_cards.append((frame, vp))
    flood: list[tuple[str, int]] = []
    for i, card in enumerate(_list(n, raw, "flood_cards"), start=1):
        if isinstance(card, str) and card in FLOOD_KINDS:
            flood.append((card, FLOOD_KINDS[card].points))
            continue
        points = card.get("points") if isinstance(card, dict) and set(card) == {"points"} else None
        if not isinstance(points, int) or isinstance(points, bool) or points not in FLOOD_CARD_POINTS:
            span = FLOOD_CARD_POINTS
            raise _bad(
                n,
                msg(
                    "dayu.calc.bad_flood",
                    i=i,
                    kinds=", ".join(FLOOD_KINDS),
                    low=span.low,
                    high=span.high,
                ),
            )
        flood.append((POINTS_KIND, points))
    return name.strip(), vp_cards, flood


def _list(n: int, raw: dict[str, Any], field: str) -> list[Any]:
    value = raw.get(field, [])
    if not isinstance(value, list):
        raise _bad(n, msg("dayu.calc.bad_list", field=field))
    return value


def _bad(n: int, detail: Msg) -> CalcInputError:
    return CalcInputError("dayu.calc.bad_player", n=n, detail=detail)
