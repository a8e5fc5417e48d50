"""An average of Chinatown money is written to the nearest 1,000, as the game's money moves
(the review's "table average: 813.333 $" of a walkthrough); a best, a worst or a total stays exact."""

from __future__ import annotations

import pytest

from companion.cli_review import _headline, _source_line
from companion.i18n import average_amount
from companion.plays.labels import average_shown, average_text, figure_text, score_text
from companion.review.model import PlayerReview, Source
from companion.ui.i18n import Tr
from companion.ui.views import review


@pytest.mark.parametrize(
    ("value", "unit", "expected"),
    [
        (813333.33, "money", 813000),
        (812500, "money", 813000),  # a half goes away from zero, not to the even thousand
        (-13333.33, "money", -13000),
        (-500, "money", -1000),
        (499.9, "money", 0),
        (36.5, "vp", 37),
        (-2.5, "vp", -3),
    ],
)
def test_average_amounts(value, unit, expected):
    assert average_amount(value, unit) == expected


def test_statistics_write_a_money_average_to_the_thousand():
    assert average_text("chinatown", 813333.33, "es") == "813.000\xa0$"
    assert average_text("chinatown", 813333.33, "en") == "$813,000"
    assert average_text("dragon", 36.44, "en") == "36.4\xa0VP"  # points keep their tenth
    assert score_text("chinatown", 813333, "en") == "$813,333"  # a best or a worst is a real score
    assert figure_text("chinatown", "income", 1234567, "en") == "$1,234,567"  # a total is exact
    assert figure_text("chinatown", "income", 123456.7, "en", mean=True) == "$123,000"


def _player() -> PlayerReview:
    return PlayerReview(
        seat=0, name="Ana", hidden=False, total=830000, rank=1, against_average=16666.67,
        sources=[], turning_points=[], decisions=0,
    )  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_review_writes_a_money_average_to_the_thousand(lang):
    source = Source(rule_id="chinatown.end", points=830000, average=813333.33)
    said = {
        "cli headline": _headline(_player(), "money", lang),
        "cli source": _source_line(source, "money", lang),
        "screen headline": review.headline(Tr(lang), "money", _player()),
    }
    for where, text in said.items():
        assert "333" not in text and "667" not in text, (where, text)
    assert ("813,000" if lang == "en" else "813.000") in said["cli source"]
    assert ("+\u2060$17,000" if lang == "en" else "+17.000") in said["screen headline"]


@pytest.mark.parametrize(("lang", "said"), [("en", "$106"), ("es", "106\xa0$")])
def test_an_average_of_chinatown_scores_logged_in_thousands_is_never_zero(lang, said):
    """A BoardGameGeek group logs Chinatown's money in thousands ("120" for $120,000): the average
    of 120, 90, 100, 80, 150, 110 and 95 was written "$0" beside a best of "$150" (Statistics,
    the player's page, the month line and chart)."""
    average = sum((120, 90, 100, 80, 150, 110, 95)) / 7
    assert average_text("chinatown", average, lang) == said
    assert average_shown("chinatown", average) == 106  # the month chart plots what the line says
    assert average_shown("chinatown", 813333.33) == 813000  # real dollars: still to the thousand
