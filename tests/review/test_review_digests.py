"""A review made faster must say the same: every decision, alternative, total, rank and effect of
reviews of seeded random games, hashed, against what the tree before the speed work of issue 30's
follow-up (52eb367) gave. tests/review_digests.py says how to make review_digests.json again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from review_digests import REVIEWS, digest

EXPECTED = json.loads((Path(__file__).parent / "review_digests.json").read_text())


def test_every_review_is_listed() -> None:
    assert EXPECTED.keys() == REVIEWS.keys()


@pytest.mark.parametrize("name", list(REVIEWS))
def test_the_review_says_what_it_said(name: str) -> None:
    assert digest(name) == EXPECTED[name]
