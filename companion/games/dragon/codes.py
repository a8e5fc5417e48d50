"""Dealing by the app (event row, action groups) and compact codes for those free-form entries.

The event row is coded as its rank among the legal rows (rows of months 3..12 with no two
identical tiles side by side), so every code decodes to a legal row. The action groups are
coded as the rank of the dealt card order (a permutation of the seven cards, or eight with
the Great Wall); the super event as its index among the ten.
"""

from __future__ import annotations

import random
from functools import cache
from math import factorial

from companion.games.dragon.choices import deal_deck, deal_sizes, step
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import EventRow, Groups, SuperEvent
from companion.games.dragon.state import DragonState
from companion.games.dragon.validate import row_problem

# ---- the event row -----------------------------------------------------------------------


def _kinds() -> tuple[str, ...]:
    return tuple(dict.fromkeys(RULES.shuffled_events))


@cache
def _completions(remaining: tuple[int, ...], last: int) -> int:
    """How many legal ways finish a row with these tiles left, after tile kind ``last``."""
    if not any(remaining):
        return 1
    total = 0
    for i, n in enumerate(remaining):
        if n and i != last:
            total += _completions(_take(remaining, i), i)
    return total


def _take(remaining: tuple[int, ...], i: int) -> tuple[int, ...]:
    return (*remaining[:i], remaining[i] - 1, *remaining[i + 1 :])


def _start() -> tuple[int, ...]:
    kinds = _kinds()
    return tuple(RULES.shuffled_events.count(k) for k in kinds)


def legal_rows() -> int:
    return _completions(_start(), -1)


def rank_row(months: tuple[str, ...]) -> int:
    kinds = _kinds()
    remaining, last, rank = _start(), -1, 0
    for tile in months:
        actual = kinds.index(tile)
        for i in range(actual):
            if remaining[i] and i != last:
                rank += _completions(_take(remaining, i), i)
        remaining, last = _take(remaining, actual), actual
    return rank


def unrank_row(rank: int) -> tuple[str, ...]:
    kinds = _kinds()
    remaining, last, out = _start(), -1, []
    for _ in range(len(RULES.shuffled_events)):
        for i, n in enumerate(remaining):
            if not n or i == last:
                continue
            c = _completions(_take(remaining, i), i)
            if rank < c:
                out.append(kinds[i])
                remaining, last = _take(remaining, i), i
                break
            rank -= c
    return tuple(out)


def slide_row(deck: list[str]) -> tuple[str, ...]:
    """Lay the shuffled tiles from month 3 on, as the rulebook says.

    A tile that would touch an identical tile slides to the next free space that suits it.
    If no free space suits it (possible only near the end), it takes the first free space,
    and the row is then mended by one swap (``mend_row``).
    """
    slots: list[str | None] = [None] * len(deck)
    last = len(slots) - 1
    for tile in deck:
        first_free = None  # the first free space, taken when none suits the tile
        for i, x in enumerate(slots):  # the first free space that suits it, in one pass
            if x is None:
                if (i == 0 or slots[i - 1] != tile) and (i == last or slots[i + 1] != tile):
                    slots[i] = tile
                    break
                if first_free is None:
                    first_free = i
        else:
            assert first_free is not None  # as many spaces as tiles: one is free
            slots[first_free] = tile
    row = tuple(x for x in slots if x is not None)
    return row if row_problem(row) is None else mend_row(row)


def mend_row(row: tuple[str, ...]) -> tuple[str, ...]:
    """The rulebook leaves a final clash open (reference §9 item 6): swap the latest tile that
    clashes with the nearest earlier tile that makes the whole row legal."""
    tiles = list(row)
    clash = max(i for i in range(1, len(tiles)) if tiles[i] == tiles[i - 1])
    for j in range(clash - 1, -1, -1):
        trial = list(tiles)
        trial[clash], trial[j] = trial[j], trial[clash]
        if row_problem(trial) is None:
            return tuple(trial)
    for j in range(clash + 1, len(tiles)):
        trial = list(tiles)
        trial[clash], trial[j] = trial[j], trial[clash]
        if row_problem(trial) is None:
            return tuple(trial)
    raise AssertionError(f"no single swap mends {row}")  # checked exhaustively by the tests


# ---- the action groups ---------------------------------------------------------------------


def _perm_rank(perm: list[int]) -> int:
    items = sorted(perm)
    rank = 0
    for i, x in enumerate(perm):
        pos = items.index(x)
        rank += pos * factorial(len(perm) - 1 - i)
        items.pop(pos)
    return rank


def _perm_unrank(rank: int, n: int) -> list[int]:
    items = list(range(n))
    out = []
    for i in range(n):
        f = factorial(n - 1 - i)
        out.append(items.pop(rank // f))
        rank %= f
    return out


def _split(cards: list[str], sizes: list[int]) -> tuple[tuple[str, ...], ...]:
    out, at = [], 0
    for size in sizes:
        out.append(tuple(cards[at : at + size]))
        at += size
    return tuple(out)


# ---- the Game hooks ------------------------------------------------------------------------


def deal(state: DragonState, rng: random.Random) -> EventRow | Groups | SuperEvent | None:
    """What the app deals itself: the event row, the super event and the month's action groups."""
    name = step(state)
    if name == "event_row":
        deck = list(RULES.shuffled_events)
        rng.shuffle(deck)
        return EventRow(months=slide_row(deck))
    if name == "super_event":
        return SuperEvent(event=rng.choice(RULES.super_events.events))
    if name == "groups":
        cards = list(deal_deck(state))
        rng.shuffle(cards)
        return Groups(groups=_split(cards, deal_sizes(state)))
    return None


def entry_code(state: DragonState, entry: object) -> tuple[int, int] | None:
    if isinstance(entry, EventRow):
        return rank_row(entry.months), legal_rows()
    if isinstance(entry, SuperEvent):
        events = RULES.super_events.events
        return events.index(entry.event), len(events)
    if isinstance(entry, Groups):
        ids = deal_deck(state)
        perm = [ids.index(c) for g in entry.groups for c in g]
        return _perm_rank(perm), factorial(len(ids))
    return None


def entry_from_code(state: DragonState, value: int) -> EventRow | Groups | SuperEvent | None:
    name = step(state)
    if name == "event_row" and 0 <= value < legal_rows():
        return EventRow(months=unrank_row(value))
    events = RULES.super_events.events
    if name == "super_event" and 0 <= value < len(events):
        return SuperEvent(event=events[value])
    ids = deal_deck(state)
    if name == "groups" and 0 <= value < factorial(len(ids)):
        cards = [ids[i] for i in _perm_unrank(value, len(ids))]
        return Groups(groups=_split(cards, deal_sizes(state)))
    return None
