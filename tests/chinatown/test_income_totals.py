"""The fast income totals agree with find_businesses + income_by_owner on 1,000 random boards."""

import random

from companion.games.chinatown.data import BUILDINGS, DATA
from companion.games.chinatown.income import find_businesses, income_by_owner, income_totals


def _board(rng: random.Random) -> tuple[dict[int, int], dict[int, str]]:
    owners = rng.choice([1, 2, 3, 5])
    kinds = rng.choice([1, 3, len(DATA.shop_ids)])
    owner = {b: rng.randrange(owners) for b in range(1, BUILDINGS + 1) if rng.random() < 0.95}
    shop = {b: rng.choice(DATA.shop_ids[:kinds]) for b in range(1, BUILDINGS + 1) if rng.random() < 0.9}
    return owner, shop


def test_income_totals_match_the_businesses_on_1000_random_boards() -> None:
    rng = random.Random(13)
    for _ in range(1000):
        owner, shop = _board(rng)
        assert income_totals(owner, shop) == income_by_owner(find_businesses(owner, shop))


def test_the_one_owner_worst_case_and_an_empty_board() -> None:
    one = dict.fromkeys(range(1, BUILDINGS + 1), "Ana")
    big = {b: DATA.shop_ids[b % 3] for b in range(1, BUILDINGS + 1)}
    assert income_totals(one, big) == income_by_owner(find_businesses(one, big))
    assert income_totals(one, {}) == {} and income_totals({}, big) == {}
