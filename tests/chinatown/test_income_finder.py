"""The lean business finder (issue 27) lists exactly what the straightforward one did.

The reference below is find_businesses as it was before (a BFS over the dicts, one record per
business, sorted at the end), kept here only to compare with: same businesses, same fields,
same order, on thousands of random boards, oversize splits included.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

import pytest

from companion.games.chinatown.data import ADJACENCY, BUILDINGS, DATA
from companion.games.chinatown.income import (
    RULE_COMPLETE,
    RULE_INCOMPLETE,
    RULE_OVERSIZE,
    business_income,
    find_businesses,
)

Row = tuple[Hashable, str, tuple[int, ...], int, bool, int, bool, str]


def reference(owner: Mapping[int, Hashable], shop: Mapping[int, str]) -> list[Row]:
    seen: set[int] = set()
    out: list[Row] = []
    for start in sorted(shop):
        if start in seen or start not in owner:
            continue
        kind, who = shop[start], owner[start]
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
            complete = size == maximum
            rule = RULE_OVERSIZE if split else RULE_COMPLETE if complete else RULE_INCOMPLETE
            income = business_income(size, maximum)
            out.append((who, kind, tuple(sorted(part)), size, complete, income, split, rule))
    out.sort(key=lambda row: row[2][0])
    return out


def rows(owner: Mapping[int, Hashable], shop: Mapping[int, str]) -> list[Row]:
    return [
        (b.owner, b.shop, b.buildings, b.size, b.complete, b.income, b.split, b.rule_id)
        for b in find_businesses(owner, shop)
    ]


def random_board(rng: random.Random) -> tuple[dict[int, Hashable], dict[int, str]]:
    """Any mix: partly owned, partly built, few or many owners and types, clustered or not."""
    types = rng.sample(DATA.shop_ids, rng.randint(1, 12))
    owners: list[Hashable] = rng.choice([[0, 1, 2, 3, 4], ["Ana", "Ben"], [7], [None, 1, "x"]])
    owned, built, copy = rng.random(), rng.random(), rng.random()
    owner: dict[int, Hashable] = {}
    shop: dict[int, str] = {}
    for b in rng.sample(range(1, BUILDINGS + 1), BUILDINGS):  # dict order is not number order
        near = [n for n in ADJACENCY[b] if n in owner or n in shop]
        if near and rng.random() < copy:  # like a neighbour: big groups and oversize ones
            n = rng.choice(near)
            if n in owner:
                owner[b] = owner[n]
            if n in shop:
                shop[b] = shop[n]
            continue
        if rng.random() < owned:
            owner[b] = rng.choice(owners)
        if rng.random() < built:
            shop[b] = rng.choice(types)
    return owner, shop


def test_the_finder_matches_the_reference_on_3000_random_boards() -> None:
    rng = random.Random(27)
    splits = lone = unowned = 0
    for _ in range(3000):
        owner, shop = random_board(rng)
        want = reference(owner, shop)
        assert rows(owner, shop) == want, (owner, shop)
        splits += sum(row[6] for row in want)
        lone += sum(row[3] == 1 for row in want)
        unowned += sum(b not in owner for b in shop)
    # The boards reach every case the finder treats apart.
    assert splits > 1000 and lone > 1000 and unowned > 1000


@pytest.mark.parametrize("players", [3, 4, 5])
def test_full_boards_match_the_reference(players: int) -> None:
    for seed in range(100):
        rng = random.Random(seed)
        bag = [s.id for s in DATA.shop_types for _ in range(s.tiles)]
        rng.shuffle(bag)
        owner = {b: rng.randrange(players) for b in range(1, BUILDINGS + 1)}
        shop = {b: bag[b - 1] for b in range(1, BUILDINGS + 1)}
        assert rows(owner, shop) == reference(owner, shop)


def test_one_owner_one_type_everywhere() -> None:
    for kind in DATA.shop_ids:
        owner = dict.fromkeys(range(1, BUILDINGS + 1), "Ana")
        shop = dict.fromkeys(range(1, BUILDINGS + 1), kind)
        assert rows(owner, shop) == reference(owner, shop)
    assert find_businesses({}, {}) == [] and find_businesses({1: 0}, {}) == []
