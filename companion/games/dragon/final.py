"""The final scoring of In the Year of the Dragon, on plain values: the engine's ``final_lines``
(scoring.py) and the stand-alone calculator both count with ``final_counts``. A module without
pydantic (plain tables): ``companion calc dragon-final`` starts without the engine (issue 27).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.core.msg import Msg, msg
from companion.core.ties import lower_ties, tie_detail
from companion.games.dragon.tables import (
    FACE_SYMBOLS,
    MONK_SYMBOL,
    PER_PERSON,
    SYMBOL_OF,
    YUAN_PER_LEFTOVER_TILE,
    YUAN_PER_VP,
)

FINAL_MONTH = 13  # ledger month used for the final scoring lines

# ledger source -> rule id
SOURCE_RULES = {
    "palaces": "dragon.scoring.round",
    "ladies": "dragon.scoring.round",
    "privileges": "dragon.scoring.round",
    "research": "dragon.action.research",
    "festival": "dragon.event.festival",
    "mongol": "dragon.event.mongol",
    "persons": "dragon.final.persons",
    "monks": "dragon.final.monks",
    "leftovers": "dragon.final.leftovers",
    "wall_bonus": "dragon.wall.bonus",
    "wall": "dragon.wall.check",
    "lantern": "dragon.super.lantern",
    "buddha": "dragon.super.buddha",
    "charter": "dragon.super.charter",
}


def final_rule(rule_id: str) -> bool:
    """Whether a score line or an effect, by its rule, belongs to the final scoring after month 12
    (persons, monks, leftovers) or to the game's end it decides (the winner, the tie-break)."""
    return rule_id.startswith("dragon.final.")


class FinalPalace(Protocol):
    """What the final scoring reads of a palace (the state's Palace, or the calculator's)."""

    @property
    def floors(self) -> int: ...

    @property
    def persons(self) -> Sequence[str]: ...


def final_counts(
    palaces: Sequence[FinalPalace], yuan: int, rice: int, fireworks: int
) -> list[tuple[str, int, int]]:
    """Final scoring as (source, points, count): persons, monks (Buddhas x floors), leftovers
    sold and turned into VP."""
    persons = [p for pal in palaces for p in pal.persons]
    monks = sum(
        FACE_SYMBOLS[p] * pal.floors for pal in palaces for p in pal.persons if SYMBOL_OF[p] == MONK_SYMBOL
    )
    money = yuan + YUAN_PER_LEFTOVER_TILE * (rice + fireworks)
    return [
        ("persons", len(persons) * PER_PERSON, len(persons)),
        ("monks", monks, sum(1 for p in persons if p.startswith("monk:"))),
        ("leftovers", money // YUAN_PER_VP, money),
    ]


def tie_from_places(rows: Sequence[tuple[str, int, int]]) -> Msg | None:
    """``track_tie`` from (name, VP, place on the person track) in any order: the most VP first,
    then the place further ahead (1st before 2nd)."""
    return track_tie(sorted(rows, key=lambda r: (-r[1], r[2])))


def track_tie(ranked: Sequence[tuple[str, int, int]]) -> Msg | None:
    """How a tie on the best VP was decided, from (name, VP, place on the person track) best
    first: each tied player's place. The engine's scoreboard and the final calculator say the same
    (the track order is strict: Dragon's tie-break never leaves a tie)."""
    return tie_detail(ranked, _on_track, _place)


def track_lower(ranked: Sequence[tuple[str, int, int]]) -> list[Msg]:
    """Each tie below the best VP, from (name, VP, place on the person track) best first: the
    places on the track that ordered its players ("Tie for 2nd place on 31 VP: Ben goes ahead
    on the tie-break, 2nd on the person track, against Ana (3rd).")."""
    return lower_ties(ranked, _on_track, _place, lambda n: msg("core.end.vp", n=n))


def _on_track(at: int) -> Msg:
    return msg("dragon.tie.track", place=at)


def _place(at: int) -> Msg:
    return msg("core.place", place=at)
