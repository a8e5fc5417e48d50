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
