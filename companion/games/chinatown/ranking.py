"""Chinatown's ranking, alone in a module without pydantic: the engine's scoring and the final
calculator both rank with it, and the calculator starts without the engine (issue 27)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.msg import Msg, msg
from companion.core.ties import lower_ties, tie_detail


def rank(money: Sequence[int], tiles: Sequence[int]) -> tuple[list[int], list[int]]:
    """Seats best first (more money, then more shop tiles on the board, then seat order) and the
    winners' seats: several when money and tiles are both equal, a shared victory
    (docs/decisions/chinatown.md, 16). The engine and the final calculator both rank with it."""
    order = sorted(range(len(money)), key=lambda s: (-money[s], -tiles[s], s))
    if not order:
        return [], []
    top = (money[order[0]], tiles[order[0]])
    return order, [s for s in order if (money[s], tiles[s]) == top]


def tie_from_tiles(rows: Sequence[tuple[str, int, int]]) -> Msg | None:
    """``tie_line`` from (name, money, shop tiles on the board) in any order: the most money
    first, then the most shop tiles."""
    return tie_line(sorted(rows, key=lambda r: (-r[1], -r[2])))


def tie_line(ranked: Sequence[tuple[str, int, int]]) -> Msg | None:
    """How a tie on the most money was decided, from (name, money, shop tiles on the board) best
    first: the engine's scoreboard and the final calculator say the same."""
    return tie_detail(ranked, _tiles, _short)


def lower_lines(ranked: Sequence[tuple[str, int, int]]) -> list[Msg]:
    """Each tie below the most money, from (name, money, shop tiles on the board) best first: the
    shop tiles that placed its players, or that they stay tied on."""
    return lower_ties(ranked, _tiles, _short, lambda n: msg("core.end.money", n=n))


def _tiles(n: int) -> Msg:
    return msg("chinatown.score.tie_tiles", n=n)


def _short(n: int) -> int:
    return n
