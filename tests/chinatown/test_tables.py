"""tables.py (the plain numbers the income finder and the calculators read without pydantic)
holds what data.py's validated models hold."""

from fractions import Fraction
from math import ceil

from companion.games.chinatown import calc, tables
from companion.games.chinatown.data import ADJACENCY, BUILDINGS, DATA, YEARS


def test_the_plain_tables_equal_the_validated_data():
    assert tables.ADJACENCY == ADJACENCY and list(tables.ADJACENCY) == list(ADJACENCY)
    assert tables.BUILDINGS == BUILDINGS and tables.YEARS == YEARS
    assert DATA.shop_ids == tables.SHOP_IDS
    assert {k: (s.max, s.tiles) for k, s in tables.SHOPS.items()} == {
        s.id: (s.max, s.tiles) for s in DATA.shop_types
    }
    assert DATA.income.complete == tables.INCOME_COMPLETE
    assert DATA.income.incomplete == tables.INCOME_INCOMPLETE
    assert {n: tuple(map(list, d)) for n, d in tables.DEALING.items()} == {
        n: (d.dealt, d.kept, d.tiles) for n, d in DATA.dealing.items()
    }
    assert (DATA.starting_money, DATA.money_unit) == (tables.STARTING_MONEY, tables.MONEY_UNIT)


def test_the_money_bound_in_whole_numbers_is_the_exact_one():
    best = max(
        Fraction(amount, size)
        for table in (DATA.income.incomplete, DATA.income.complete)
        for size, amount in table.items()
    )
    players = max(DATA.dealing)
    exact = DATA.money_unit * ceil((players * DATA.starting_money + YEARS * 90 * best) / DATA.money_unit)
    assert exact == calc.MAX_MONEY
