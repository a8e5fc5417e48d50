"""A Da Yu player's final score from their cards, and the ranking: the engine's scoring and the
stand-alone calculator both use these. A module without pydantic (plain tables, the light
ScoreLine): ``companion calc dayu-final`` starts without the engine (issue 27).

A player's total is the sum of the VP numbers of their VP cards, the points of their flood
cards, and one point per VP card of a frame for each frame-bonus card of that colour.
Ties go to the player with more flood cards; a tie that remains is a shared victory.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from companion.core.msg import Msg, msg
from companion.core.scoreline import ScoreLine
from companion.core.ties import lower_ties, tie_detail
from companion.games.dayu.kinds import FRAMES, POINTS_KIND
from companion.games.dayu.tables import FLOOD_KINDS


def flood_name(kind: str, points: int) -> Msg:
    """The label of a flood card: its bonus, or its printed number."""
    if kind == POINTS_KIND:
        return msg("dayu.flood.points", points=points)
    return msg(f"dayu.flood.{kind}")


class Tally(NamedTuple):
    name: str
    total: int
    flood_cards: int
    breakdown: list[ScoreLine]


class Result(NamedTuple):
    tallies: list[Tally]
    ranking: list[str]  # names, best first
    winners: list[str]  # one name, or several when the tie-break leaves a tie


def tally(name: str, vp_cards: Iterable[tuple[str, int]], flood: Iterable[tuple[str, int]]) -> Tally:
    """Score one player from (frame, vp) pairs and (flood kind, points) pairs."""
    vp_cards, flood = list(vp_cards), list(flood)
    lines: list[ScoreLine] = []
    for frame in FRAMES:
        vps = [vp for f, vp in vp_cards if f == frame]
        if vps:
            label = msg("dayu.score.vp_cards", frame=msg(f"dayu.frame.{frame}"), n=len(vps))
            lines.append(ScoreLine(label, sum(vps), "dayu.score.vp_cards"))
    kinds = Counter(kind for kind, _ in flood)
    for kind, points in flood:
        info = FLOOD_KINDS.get(kind)
        if info is not None and info.frame is not None:
            continue  # frame-bonus cards score through the bonus line below
        rule_id = "dayu.flood.points" if kind == POINTS_KIND else f"dayu.flood.{kind}"
        lines.append(ScoreLine(msg("dayu.score.flood_card", card=flood_name(kind, points)), points, rule_id))
    for kind, info in FLOOD_KINDS.items():
        if info.frame is None or not kinds[kind]:
            continue
        framed = sum(1 for f, _ in vp_cards if f == info.frame)
        label = msg(
            "dayu.score.frame_bonus",
            frame=msg(f"dayu.frame.{info.frame}"),
            cards=kinds[kind],
            n=framed,
        )
        lines.append(
            ScoreLine(label, framed * kinds[kind] + info.points * kinds[kind], "dayu.flood.frame_bonus")
        )
    return Tally(name, sum(line.points for line in lines), len(flood), lines)


def rank(tallies: Sequence[Tally]) -> Result:
    """Best first: more points, then more flood cards; seat order among full ties."""
    order = sorted(range(len(tallies)), key=lambda i: (-tallies[i].total, -tallies[i].flood_cards, i))
    ranking = [tallies[i].name for i in order]
    if not order:
        return Result(list(tallies), [], [])
    best = tallies[order[0]]
    winners = [
        t.name
        for t in (tallies[i] for i in order)
        if (t.total, t.flood_cards) == (best.total, best.flood_cards)
    ]
    return Result(list(tallies), ranking, winners)


def tie_from_floods(rows: Sequence[tuple[str, int, int]]) -> Msg | None:
    """``tie_line`` from (name, total, flood cards) in any order: the most points first, then the
    most flood cards."""
    return tie_line(sorted(rows, key=lambda r: (-r[1], -r[2])))


def tie_line(ranked: Sequence[tuple[str, int, int]]) -> Msg | None:
    """How a tie on the most points was decided, from (name, total, flood cards) best first: the
    engine's scoreboard and the final calculator say the same."""
    return tie_detail(ranked, _floods, _short)


def lower_lines(ranked: Sequence[tuple[str, int, int]]) -> list[Msg]:
    """Each tie below the most points, from (name, total, flood cards) best first: the flood cards
    that placed its players, or that they stay tied on ("Tie for 2nd place on 37 VP: ...")."""
    return lower_ties(ranked, _floods, _short, lambda n: msg("core.end.vp", n=n))


def _floods(n: int) -> Msg:
    return msg("dayu.score.tie_floods", n=n)


def _short(n: int) -> int:
    return n


TIE_BREAK = msg("dayu.score.tie_break")
