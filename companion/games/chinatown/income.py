"""Businesses and income: the one function both the engine and the calculator use.

A business is a group of orthogonally adjacent shop tiles of one type whose buildings have
one owner. It is complete when its size equals the type's maximum. A larger group counts as
complete businesses of the maximum size plus one business of the tiles left over.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from companion.games.chinatown.data import ADJACENCY, DATA

OwnerT = TypeVar("OwnerT", bound=Hashable)

RULE_COMPLETE = "chinatown.income.complete"
RULE_INCOMPLETE = "chinatown.income.incomplete"
RULE_OVERSIZE = "chinatown.income.oversize"


@dataclass(frozen=True)
class Business(Generic[OwnerT]):
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
        return DATA.income.complete[size]
    return DATA.income.incomplete[size]


def find_businesses(owner: Mapping[int, OwnerT], shop: Mapping[int, str]) -> list[Business[OwnerT]]:
    """Every business on the board, ordered by its lowest building number.

    ``owner`` maps buildings to their owners; ``shop`` maps buildings to the shop tile on
    them. A tile on a building nobody owns earns nothing (it cannot happen in play).
    """
    seen: set[int] = set()
    out: list[Business[OwnerT]] = []
    for start in sorted(shop):
        if start in seen or start not in owner:
            continue
        kind, who = shop[start], owner[start]
        # Breadth-first from the lowest number, neighbours in order: every prefix is connected,
        # so the complete part of an oversize group is a connected run of tiles.
        group, queue = [start], [start]
        seen.add(start)
        while queue:
            here = queue.pop(0)
            for nxt in ADJACENCY[here]:
                if nxt not in seen and shop.get(nxt) == kind and nxt in owner and owner[nxt] == who:
                    seen.add(nxt)
                    group.append(nxt)
                    queue.append(nxt)
        maximum = DATA.shops[kind].max
        split = len(group) > maximum
        while group:
            part, group = group[:maximum], group[maximum:]
            size = len(part)
            out.append(
                Business(
                    owner=who,
                    shop=kind,
                    buildings=tuple(sorted(part)),
                    size=size,
                    complete=size == maximum,
                    income=business_income(size, maximum),
                    split=split,
                )
            )
    out.sort(key=lambda b: b.buildings[0])
    return out


def income_by_owner(businesses: list[Business[OwnerT]]) -> dict[OwnerT, int]:
    total: dict[OwnerT, int] = {}
    for b in businesses:
        total[b.owner] = total.get(b.owner, 0) + b.income
    return total


# ---- totals only: the fast path ------------------------------------------------------------
# Neighbours by building number (index 0 unused), and each type's pay for a group of any size:
# what find_businesses + income_by_owner give, without building a Business per group.
_NEIGHBOURS: tuple[tuple[int, ...], ...] = ((), *(ADJACENCY[n] for n in range(1, len(ADJACENCY) + 1)))


def _group_pay(size: int, maximum: int) -> int:
    full, rest = divmod(size, maximum)
    return full * DATA.income.complete[maximum] + (DATA.income.incomplete[rest] if rest else 0)


_PAY: dict[str, tuple[int, ...]] = {
    s.id: tuple(_group_pay(size, s.max) if size else 0 for size in range(len(ADJACENCY) + 1))
    for s in DATA.shop_types
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
