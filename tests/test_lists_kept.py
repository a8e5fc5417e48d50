"""Lists without Babel for the command line (companion/i18n/lists.py): the patterns learnt from
Babel join every list as Babel's format_list does, and are kept only while Babel's files are
unchanged."""

import random

import pytest
from babel import Locale
from babel.lists import format_list

from companion.i18n import lists


def babel_list(lang: str):
    return lambda items: str(format_list(items, locale=lang))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_learnt_patterns_join_what_babel_joins(lang):
    learnt = lists.learn(dict(Locale.parse(lang).list_patterns["standard"]), babel_list(lang))
    assert learnt is not None
    rng = random.Random(lang)
    for _ in range(500):
        items = [str(rng.randint(1, 85)) for _ in range(rng.randint(1, 12))]
        assert learnt.join(items) == str(format_list(items, locale=lang)), items


def test_patterns_that_do_not_give_babels_text_are_not_learnt():
    wrong = {"2": "{0} & {1}", "start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} & {1}"}
    assert lists.learn(wrong, babel_list("en")) is None
    assert lists.learn({"2": "{0} and {1}"}, babel_list("en")) is None  # a pattern missing


def test_kept_patterns_are_read_back_while_babels_files_are_unchanged(tmp_path):
    source = tmp_path / "babel.py"
    source.write_text("# a file the patterns were learnt from")
    learnt = lists.ListFormat("{0} y {1}", "{0}, {1}", "{0}, {1}", "{0} y {1}")
    lists.keep(tmp_path, "es", learnt, [source])
    assert lists.kept_format(tmp_path, "es") == learnt
    source.write_text("# Babel upgraded: its files changed")
    assert lists.kept_format(tmp_path, "es") is None
