"""Money without Babel for the command line (companion/i18n/money.py): the pattern learnt from
Babel writes every amount as Babel does, and is kept only while Babel's files are unchanged."""

import random

import pytest

from companion import i18n
from companion.i18n import money


def babel_money(lang: str):
    return lambda amount: i18n._babel_money(amount, lang)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_learnt_pattern_writes_what_babel_writes(lang):
    learnt = money.learn(babel_money(lang))
    assert learnt is not None
    rng = random.Random(lang)
    amounts = [
        0,
        1,
        -1,
        999,
        1000,
        -1000,
        10_000,
        9_999_999,
        *(rng.randint(-(10**12), 10**12) for _ in range(2000)),
    ]
    amounts += [rng.randrange(-200, 1500) * 10_000 for _ in range(2000)]  # Chinatown's own amounts
    for amount in amounts:
        assert learnt.format(amount) == i18n._babel_money(amount, lang), amount


def test_a_pattern_it_cannot_learn_exactly_is_not_learnt():
    assert money.learn(lambda n: f"{n:,}".replace(",", "", 1)) is None  # grouping it cannot hold
    assert money.learn(lambda n: f"77 {n}") is None  # the probe's digit in the symbol


def test_kept_while_babel_s_files_are_unchanged(tmp_path):
    learnt = money.learn(babel_money("es"))
    babel_file = tmp_path / "numbers.py"
    babel_file.write_text("x")
    money.keep(tmp_path, "es", learnt, [babel_file])
    assert money.kept_format(tmp_path, "es") == learnt
    babel_file.write_text("xy")  # Babel upgraded: learnt again
    assert money.kept_format(tmp_path, "es") is None
    (tmp_path / "money-es.json").write_text("{damaged")
    assert money.kept_format(tmp_path, "es") is None


def test_format_money_with_a_kept_pattern_is_babel_s(tmp_path):
    i18n.format_money.cache_clear()
    i18n._learnt_money.cache_clear()
    i18n.keep_parsed_catalogs(tmp_path)
    try:
        shown = [i18n.format_money(n, lang) for n in (0, 20_000, -50_000, 1_230_000) for lang in ("en", "es")]
        assert (tmp_path / "money-es.json").is_file() and i18n._learnt_money("es") is not None
    finally:
        i18n.keep_parsed_catalogs(None)
        i18n.format_money.cache_clear()
        i18n._learnt_money.cache_clear()
    assert shown == [
        i18n.format_money(n, lang) for n in (0, 20_000, -50_000, 1_230_000) for lang in ("en", "es")
    ]
    assert shown[:4] == ["$0", "0\xa0$", "$20,000", "20.000\xa0$"]
