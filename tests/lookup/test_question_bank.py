"""Issue 29's question bank (tests/lookup_bank.py): top-1 and top-3 per language and game, over
the whole bank and over its held-out third, against floors.

The issue's targets are top-1 >= 85% and top-3 >= 97%, over all and held out. The floors below
are what the lookup reaches (docs/PERFORMANCE.md, "Rules lookup", "Rules lookup: players'
phrasings" and "Rules lookup: a group of synonyms counts once"): over all and held out, at or
above the targets. Run with -s to see the table.
"""

from __future__ import annotations

import pytest
from lookup_bank import ALL, BANK, figures, held_out, tuned

from companion.lookup.data import GAMES, book

# (top-1, top-3) floors as shares, at what the lookup reaches, so a change that loses a question
# fails. With the players' phrasings of issue 29 (items 1-2) both parts meet the issue's targets
# (85%, 97%): over all 255/288 (88.5%) and 284/288 (98.6%), held out 74/87 (85.1%) and 86/87
# (98.9%). Before them: 247/288 and 281/288 over all, 63/87 and 83/87 held out. Since a group of
# synonyms counts once in the score (companion/lookup/fts.py, Index._bm25): over all 252/288
# (87.5%) and 284/288, held out 74/87 and 86/87.
FLOORS = {"all": (0.875, 0.986), "held out": (0.850, 0.988)}
TARGETS = (0.85, 0.97)


def test_the_bank_is_what_the_issue_asks():
    assert len(BANK) >= 150
    assert {q[1] for q in BANK} == {"en", "es"}
    assert {q[0] for q in BANK} == {"dragon", "chinatown", "dayu"}
    for lang in ("en", "es"):
        assert sum(q[1] == lang for q in BANK) >= 60
    answers = {a for q in BANK for a in q[3]}
    assert any(a.startswith("dragon.wall.") for a in answers)  # The Great Wall
    assert any(a.startswith("dragon.super.") for a in answers)  # Super Events
    assert any(q[4] == ALL for q in BANK)  # asked under "All games"
    assert len(held_out()) * 10 >= len(BANK) * 3 and len(tuned()) + len(held_out()) == len(BANK)
    assert len({(q[1], q[2]) for q in BANK}) == len(BANK), "a question asked twice"


def test_every_answer_is_a_rule_of_its_game():
    for game, lang, question, answers, scope in BANK:
        assert game in GAMES and scope in (game, ALL), question
        for rid in answers:
            assert rid.split(".", 1)[0] == game and rid in book(game, lang).texts, (question, rid)


def _table(name: str, found: dict[str, tuple[int, float, float]]) -> str:
    rows = [f"{name:<14} {'n':>4} {'top-1':>6} {'top-3':>6}"]
    rows += [f"{k:<14} {n:>4} {a:>6.0%} {b:>6.0%}" for k, (n, a, b) in sorted(found.items())]
    return "\n".join(rows)


@pytest.mark.parametrize("part", ["all", "held out"])
def test_top_1_and_top_3_reach_their_floors(part):
    found = figures(BANK if part == "all" else held_out())
    print("\n" + _table(part, found))
    _, top1, top3 = found["all"]
    want1, want3 = FLOORS[part]
    assert top1 >= want1 and top3 >= want3, _table(part, found)
    if part == "all":
        assert top1 >= TARGETS[0] and top3 >= TARGETS[1]


def test_no_language_or_game_falls_far_behind():
    for key, (_, top1, top3) in figures(BANK).items():
        assert top1 >= 0.7 and top3 >= 0.85, (key, top1, top3)
