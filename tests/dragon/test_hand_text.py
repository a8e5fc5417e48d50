"""A seat's hand of person cards in words: counted, in the order each type first comes in the hand."""

from __future__ import annotations

import pytest

from companion.games.dragon.data import WILD
from companion.games.dragon.public import cards_text
from companion.i18n import translate


def said(cards: list[str], lang: str) -> str:
    return ", ".join(m.render(lang) for m in cards_text(cards))


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "craftsman, wildcard ×2, court lady"),
        ("es", "artesano, comodín ×2, dama de la corte"),
    ],
)
def test_a_hand_is_counted_by_type_in_its_order(lang, expected):
    assert said(["craftsman", WILD, "court_lady", WILD], lang) == expected


def test_one_card_of_a_type_is_its_name_alone_and_an_empty_hand_says_nothing():
    assert said(["monk"], "en") == translate("dragon.type.monk", "en")
    assert said([], "es") == ""
