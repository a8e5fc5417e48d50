"""Businesses and income: the one function both the engine and the calculator use.

A business is a group of orthogonally adjacent shop tiles of one type whose buildings have
one owner. It is complete when its size equals the type's maximum. A larger group counts as
complete businesses of the maximum size plus one business of the tiles left over.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, Generic, NamedTuple, TypeVar

# The plain tables, not data.py's models: the calculator imports this module without pydantic.
from companion.games.chinatown.tables import ADJACENCY, BUILDINGS, INCOME_COMPLETE, INCOME_INCOMPLETE, SHOPS

OwnerT = TypeVar("OwnerT", bound=Hashable)

RULE_COMPLETE = "chinatown.income.complete"
RULE_INCOMPLETE = "chinatown.income.incomplete"
RULE_OVERSIZE = "chinatown.income.oversize"


class Business(NamedTuple, Generic[OwnerT]):
    # A named tuple, not a frozen dataclass: one is built per business on every income, and
    # tuple.__new__ costs a fifth of a frozen dataclass's __init__ (issue 27).
    owner: OwnerT
    shop: str
    buildings: tuple[int, ...]  # sorted
    size: int
    complete: bool
    income: int
    split: bool  # one part of a group larger than the type's maximum

    @property
    def rule_id(self) -> str:
        if self.split:
            return RULE_OVERSIZE
        return RULE_COMPLETE if self.complete else RULE_INCOMPLETE


def business_income(size: int, maximum: int) -> int:
    """The income table: a complete business pays the complete column."""
    if size == maximum:
        return INCOME_COMPLETE[size]
    return INCOME_INCOMPLETE[size]


# ---- tables derived from the rules data at load ------------------------------------------
# Neighbours by building number (index 0 unused): list indexing instead of dict look-ups.
_NEIGHBOURS: tuple[tuple[int, ...], ...] = ((), *(ADJACENCY[n] for n in range(1, BUILDINGS + 1)))
# Each type's maximum and the pay of one business of each size up to it (index 0 unused).
_PART: dict[str, tuple[int, tuple[int, ...]]] = {
    kind: (s.max, (0, *(business_income(size, s.max) for size in range(1, s.max + 1))))
    for kind, s in SHOPS.items()
}
# A lone tile, the commonest business: (complete, income) by type.
_LONE: dict[str, tuple[bool, int]] = {
    kind: (s.max == 1, business_income(1, s.max)) for kind, s in SHOPS.items()
}
_new: Any = tuple.__new__  # builds a Business from one tuple, skipping the keyword __new__


def find_businesses(owner: Mapping[int, OwnerT], shop: Mapping[int, str]) -> list[Business[OwnerT]]:
    """Every business on the board, ordered by its lowest building number.

    ``owner`` maps buildings to their owners; ``shop`` maps buildings to the shop tile on
    them. A tile on a building nobody owns earns nothing (it cannot happen in play).
    """
    # Each owned tile's (owner, type) by building number; None when absent or already grouped.
    label: list[tuple[OwnerT, str] | None] = [None] * len(_NEIGHBOURS)
    for n, kind in shop.items():
        if n in owner:
            label[n] = (owner[n], kind)
    out: list[Business[OwnerT]] = []
    split = False
    neighbours = _NEIGHBOURS
    # Lowest number first: a group's start is its lowest building, so `out` stays in order
    # unless an oversize group is split.
    for start, key in enumerate(label):
        if key is None:
            continue
        label[start] = None
        for nxt in neighbours[start]:
            if label[nxt] == key:
                break
        else:  # no like neighbour: a lone tile
            who, kind = key
            complete, pay = _LONE[kind]
            out.append(_new(Business, (who, kind, (start,), 1, complete, pay, False)))
            continue
        # Breadth-first, neighbours in order (the list is its own queue): every prefix is
        # connected, so the complete part of an oversize group is a connected run of tiles.
        group = [start]
        for here in group:
            for nxt in neighbours[here]:
                if label[nxt] == key:
                    label[nxt] = None
                    group.append(nxt)
        who, kind = key
        top, pays = _PART[kind]
        size = len(group)
        if size <= top:
            group.sort()
            out.append(_new(Business, (who, kind, tuple(group), size, size == top, pays[size], False)))
            continue
        split = True
        for i in range(0, size, top):
            part = sorted(group[i : i + top])
            n = len(part)
            out.append(_new(Business, (who, kind, tuple(part), n, n == top, pays[n], True)))
    if split:
        out.sort(key=lambda b: b.buildings[0])
    return out


def income_by_owner(businesses: list[Business[OwnerT]]) -> dict[OwnerT, int]:
    total: dict[OwnerT, int] = {}
    for b in businesses:
        total[b.owner] = total.get(b.owner, 0) + b.income
    return total


# ---- totals only: the fast path ------------------------------------------------------------
# Each type's pay for a group of any size: what find_businesses + income_by_owner give,
# without building a Business per group.
def _group_pay(size: int, maximum: int) -> int:
    full, rest = divmod(size, maximum)
    return full * INCOME_COMPLETE[maximum] + (INCOME_INCOMPLETE[rest] if rest else 0)


_PAY: dict[str, tuple[int, ...]] = {
    kind: tuple(_group_pay(size, s.max) if size else 0 for size in range(len(ADJACENCY) + 1))
    for kind, s in SHOPS.items()
}


def income_totals(owner: Mapping[int, OwnerT], shop: Mapping[int, str]) -> dict[OwnerT, int]:
    """Each owner's income of the board: the same as ``income_by_owner(find_businesses(...))``.

    Income only depends on the size of each one-owner, one-type group, so this counts sizes
    with a flood fill over small integer labels, and looks the pay up in a table.
    """
    label = [0] * len(_NEIGHBOURS)
    keys: dict[tuple[OwnerT, str], int] = {}
    for n, kind in shop.items():
        who = owner.get(n)
        if who is not None:
            label[n] = keys.setdefault((who, kind), len(keys) + 1)
    if not keys:
        return {}
    pay: dict[OwnerT, int] = dict.fromkeys((who for who, _ in keys), 0)
    by_key = list(keys)
    for start in shop:
        key = label[start]
        if not key:
            continue
        label[start] = 0
        size, stack = 1, [start]
        while stack:
            for nxt in _NEIGHBOURS[stack.pop()]:
                if label[nxt] == key:
                    label[nxt] = 0
                    size += 1
                    stack.append(nxt)
        who, kind = by_key[key - 1]
        pay[who] += _PAY[kind][size]
    return pay
