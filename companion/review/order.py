"""The order in which a review replays the alternatives, so that a budget cut early has looked at
what matters most (docs/DECISIONS.md, "Review: the order under a budget").

1. A first pass replays one alternative of every decision, the decisions spread over the game
   and the players: each seat in turn, and each seat's own decisions in van der Corput order
   (its first, its last, its middle, then the quarters...). However early the budget stops it,
   every player and every part of the game has been looked at about as much.
2. Then the other alternatives, in passes (every decision's second, then every one's third...);
   within a pass the decisions whose replays so far moved the result the most come first (ties
   in the first pass's order): where one other choice changed the final points, another may
   change them more.

Deterministic: the same table and budget give the same order. Without a budget every
alternative is replayed, each decision's in the prompt's order, whatever this order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol


class Point(Protocol):
    seats: tuple[int, ...]
    alternatives: list[Any]


def spread(points: Sequence[Point]) -> list[Point]:
    """The first pass's order: the seats in turn, each one's decisions in van der Corput order."""
    queues: dict[int, list[Point]] = {}
    for point in points:  # a trade is its first party's (it is one decision, reviewed once)
        queues.setdefault(point.seats[0], []).append(point)
    spread_queues = [_van_der_corput(queues[s]) for s in sorted(queues)]
    order: list[Point] = []
    for turn in range(max((len(q) for q in spread_queues), default=0)):
        order += [q[turn] for q in spread_queues if turn < len(q)]
    return order


def _van_der_corput(items: list[Point]) -> list[Point]:
    """``items`` by the bit-reversed value of their position: 0, n/2, n/4, 3n/4, ... over the
    next power of two, so any prefix is spread over the whole list."""
    bits = max(1, (len(items) - 1).bit_length())
    return [items[i] for i in sorted(range(len(items)), key=lambda i: _reversed_bits(i, bits))]


def _reversed_bits(i: int, bits: int) -> int:
    return int(format(i, f"0{bits}b")[::-1], 2)


def schedule(points: Sequence[Point], reach: Callable[[Any], int]) -> Iterator[tuple[Any, Any]]:
    """Every (decision, alternative) once, in the order of the module docstring. ``reach(point)``:
    the largest change of the final result its replays gave so far (asked again at each pass)."""
    first = spread(points)
    yield from ((p, p.alternatives[0]) for p in first if p.alternatives)
    depth = max((len(p.alternatives) for p in first), default=0)
    for k in range(1, depth):
        ranked = sorted((p for p in first if k < len(p.alternatives)), key=lambda p: -reach(p))
        yield from ((p, p.alternatives[k]) for p in ranked)
