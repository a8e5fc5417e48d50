"""companion/calculators.py, the calculators `companion calc` finds without the registry, holds
what the games' registry declares: the same names in the same order, the same functions."""

from companion.calculators import CALCULATORS, calculator, names
from companion.core.registry import calculators


def test_the_table_is_the_registry_s():
    declared = calculators()
    assert names() == list(declared)
    for name, found in declared.items():
        mine = calculator(name)
        assert mine is not None
        assert (mine.run, mine.render) == (found.run, found.render), name


def test_an_unknown_name_has_no_calculator():
    assert calculator("chinatown-incomes") is None
    assert "chinatown-income" in CALCULATORS
