"""The rulebook's income examples, and a cross-check against an independent implementation."""

import random

import pytest

from companion.games.chinatown.data import ADJACENCY, DATA
from companion.games.chinatown.income import find_businesses, income_by_owner


def board(shop: str, buildings, owner="Ana"):
    return {b: owner for b in buildings}, {b: shop for b in buildings}


def incomes(owner, shop):
    return sorted(b.income for b in find_businesses(owner, shop))


def test_tea_houses_16_17_19_earn_50000():
    (found,) = find_businesses(*board("tea_house", [16, 17, 19]))
    assert (found.buildings, found.size, found.complete, found.income) == ((16, 17, 19), 3, True, 50000)
    assert found.rule_id == "chinatown.income.complete"


def test_factories_52_53_and_56_earn_20000_plus_10000_and_55_joins_them():
    owner, shop = board("factory", [52, 53, 56])
    assert incomes(owner, shop) == [10000, 20000]
    owner, shop = board("factory", [52, 53, 55, 56])
    (joined,) = find_businesses(owner, shop)
    assert joined.buildings == (52, 53, 55, 56) and joined.income == 60000 and not joined.complete


def test_seafood_71_72_75_is_complete():
    (found,) = find_businesses(*board("seafood", [71, 72, 75]))
    assert found.complete and found.income == 50000


def test_laundry_80_81_85_earns_40000():
    (found,) = find_businesses(*board("laundry", [80, 81, 85]))
    assert found.size == 3 and not found.complete and found.income == 40000


def test_five_adjacent_photos_earn_50000_plus_20000():
    found = find_businesses(*board("photo", [6, 7, 8, 9, 5]))
    assert sorted((b.size, b.complete, b.income) for b in found) == [(2, False, 20000), (3, True, 50000)]
    assert all(b.rule_id == "chinatown.income.oversize" for b in found)


def test_six_adjacent_photos_are_two_complete_businesses():
    assert incomes(*board("photo", [43, 44, 45, 46, 47, 48])) == [50000, 50000]


def test_same_type_with_different_owners_are_separate():
    owner = {16: "Ana", 17: "Ana", 19: "Ben"}
    shop = {16: "tea_house", 17: "tea_house", 19: "tea_house"}
    assert sorted((b.owner, b.income) for b in find_businesses(owner, shop)) == [
        ("Ana", 20000),
        ("Ben", 10000),
    ]


def test_diagonals_do_not_connect():
    assert incomes(*board("florist", [2, 5])) == [10000, 10000]  # 5 is diagonal to 2


def test_different_types_do_not_connect():
    owner = {16: "Ana", 17: "Ana"}
    assert incomes(owner, {16: "florist", 17: "laundry"}) == [10000, 10000]


def test_full_complete_sizes():
    assert incomes(*board("antiques", [43, 44, 45, 46, 47, 48])) == [140000]
    assert incomes(*board("dim_sum", [43, 44, 45, 46, 47])) == [110000]
    assert incomes(*board("jewelry", [43, 44, 45, 46])) == [80000]


def _reference_income(owner: dict, shop: dict) -> dict:
    """An independent reading of the rules: union-find components, then split by the maximum."""
    parent = {b: b for b in shop}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a in shop:
        for b in ADJACENCY[a]:
            if b in shop and shop[a] == shop[b] and owner[a] == owner[b]:
                parent[find(a)] = find(b)
    sizes: dict = {}
    for b in shop:
        sizes[find(b)] = sizes.get(find(b), 0) + 1
    out: dict = {}
    for root, size in sizes.items():
        top = DATA.shops[shop[root]].max
        full, rest = divmod(size, top)
        money = full * DATA.income.complete[top] + (DATA.income.incomplete[rest] if rest else 0)
        out[owner[root]] = out.get(owner[root], 0) + money
    return out


@pytest.mark.parametrize("seed", range(40))
def test_matches_an_independent_implementation_on_random_boards(seed):
    rng = random.Random(seed)
    bag = [s.id for s in DATA.shop_types for _ in range(s.tiles)]
    rng.shuffle(bag)
    # Few owners and few types make big groups likely, oversize ones included.
    types = rng.sample(DATA.shop_ids, rng.randint(1, 4))
    owner = {b: rng.choice("AB") for b in range(1, 86) if rng.random() < 0.9}
    shop = {b: rng.choice(types) for b in owner if rng.random() < 0.8}
    assert income_by_owner(find_businesses(owner, shop)) == _reference_income(owner, shop)
