"""Issue 29's question bank (tests/lookup_bank.py): top-1 and top-3 per language and game, over
the whole bank and over its held-out third, against floors.

The issue's targets are top-1 >= 85% and top-3 >= 97%, over all and held out. The floors below
are what the lookup reaches (docs/PERFORMANCE.md, "Rules lookup", "Rules lookup: players'
phrasings" and "Rules lookup: a group of synonyms counts once"): over all and held out, at or
above the targets. The fresh block (written 2026-12-06, ``FRESH``, with its own held-out third)
and the misses reported that day (``REPORTED``) have floors of their own ("Rules lookup: a
fresh block of questions"). Run with -s to see the tables.
"""

from __future__ import annotations

import pytest
from lookup_bank import (
    ALL,
    BANK,
    FIFTH,
    FOURTH,
    FRESH,
    REPORTED,
    SIXTH,
    THIRD,
    figures,
    fresh_held_out,
    held_out,
    rank_of,
    tuned,
)

from companion.lookup.data import GAMES, book

# (top-1, top-3) floors as shares, at what the lookup reaches, so a change that loses a question
# fails. With the players' phrasings of issue 29 (items 1-2) both parts meet the issue's targets
# (85%, 97%): over all 255/288 (88.5%) and 284/288 (98.6%), held out 74/87 (85.1%) and 86/87
# (98.9%). Before them: 247/288 and 281/288 over all, 63/87 and 83/87 held out. Since a group of
# synonyms counts once in the score (companion/lookup/fts.py, Index._bm25): over all 252/288
# (87.5%) and 284/288, held out 74/87 and 86/87. With the lookup changes for the fresh block
# (2026-12-06: phrasings no longer side by side for the pair bonus, data in players' words): over
# all 259/288 (89.9%) and 285/288, held out 77/87 (88.5%) and 86/87. With contractions written
# out (branch lookupfix: "can't" no longer "can" and a stray "t"): over all 260/288 (90.3%).
# With pairs said with the same filler between them (branch lookup4, "carta de inundación"):
# over all 267/288 (92.7%) and 286/288, held out 79/87 (90.8%) and 87/87. With "viejo" the
# rules' "anciano" (branch polish, "cuanto vale un monje viejo al final" 2nd -> 1st): over all
# 268/288 (93.1%), held out 80/87 (92.0%).
FLOORS = {"all": (0.930, 0.993), "held out": (0.919, 1.0)}
# The fresh block: 88/104 first and 100/104 in three before the changes, 96/104 and 102/104
# after; its held-out third 27/31 and 31/31 both before and after. Branch lookup4: 99/104 and
# 102/104, held out 28/31 and 31/31.
FRESH_FLOORS = {"fresh": (0.951, 0.980), "fresh held out": (0.903, 1.0)}
# The third block (branch lookup3, 2026-12-07, ``THIRD``): 24/40 first and 35/40 in three on main
# at 673b2de, 37/40 and 40/40 after (docs/PERFORMANCE.md, "Rules lookup: a third block"); all
# 40 first since branch lookup4 ("Rules lookup: a fourth block").
THIRD_FLOORS = (1.0, 1.0)
# The fourth block (branch lookup4, ``FOURTH``): 24/30 first and 27/30 in three on main at
# 26e2472, 26/30 and 28/30 with the paired filler, 30/30 and 30/30 after its four misses were
# mended (docs/PERFORMANCE.md, "Rules lookup: a fourth block").
FOURTH_FLOORS = (1.0, 1.0)
# The fifth block (branch lookup5, ``FIFTH``): 32/40 first and 37/40 in three on main at 052597e,
# 39/40 and 40/40 after (docs/PERFORMANCE.md, "Rules lookup: a fifth block"); the one left second,
# "is it 6 years or 7", met the building cards' "7 dealt ... then 6" before the six years: first
# since branch lookup6 (two numbers offered as alternatives are one term).
FIFTH_FLOORS = (1.0, 1.0)
# The sixth block (branch lookup6, ``SIXTH``): 33/40 first and 39/40 in three on main at c9868a0,
# 36/40 and 40/40 after (docs/PERFORMANCE.md, "Rules lookup: a sixth block").
SIXTH_FLOORS = (0.9, 1.0)
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
    asked = BANK + FRESH + REPORTED + THIRD + FOURTH + FIFTH + SIXTH
    assert len({(q[1], q[2].lower()) for q in asked}) == len(asked), "a question asked twice"
    for lang in ("en", "es"):
        for game in ("dragon", "chinatown", "dayu"):
            assert sum(q[0] == game for q in FRESH) >= 25
            assert sum(q[:2] == (game, lang) for q in FRESH) >= 12, (game, lang)
    assert [sum(q[0] == g for q in THIRD) for g in ("dragon", "chinatown", "dayu")] == [14, 13, 13]
    assert sum(q[1] == "es" for q in THIRD) == 20
    assert [sum(q[0] == g for q in FOURTH) for g in ("dragon", "chinatown", "dayu")] == [14, 8, 8]
    assert sum(q[1] == "es" for q in FOURTH) == sum(q[1] == "en" for q in FOURTH) == 15
    expansions = [a.split(".")[1] for q in FOURTH for a in q[3][:1] if a.split(".")[1] in ("wall", "super")]
    assert sorted(expansions) == ["super"] * 4 + ["wall"] * 4  # The Great Wall, Super Events
    assert [sum(q[0] == g for q in FIFTH) for g in ("dragon", "chinatown", "dayu")] == [14, 14, 12]
    assert sum(q[1] == "es" for q in FIFTH) == sum(q[1] == "en" for q in FIFTH) == 20
    expansions = [a.split(".")[1] for q in FIFTH for a in q[3][:1] if a.split(".")[1] in ("wall", "super")]
    assert sorted(expansions) == ["super"] * 4 + ["wall"] * 3
    assert [sum(q[0] == g for q in SIXTH) for g in ("dragon", "chinatown", "dayu")] == [14, 14, 12]
    assert sum(q[1] == "es" for q in SIXTH) == sum(q[1] == "en" for q in SIXTH) == 20
    expansions = [a.split(".")[1] for q in SIXTH for a in q[3][:1] if a.split(".")[1] in ("wall", "super")]
    assert sorted(expansions) == ["super"] * 4 + ["wall"] * 4


def test_every_answer_is_a_rule_of_its_game():
    for game, lang, question, answers, scope in BANK + FRESH + REPORTED + THIRD + FOURTH + FIFTH + SIXTH:
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


@pytest.mark.parametrize("part", ["fresh", "fresh held out"])
def test_the_fresh_block_reaches_its_floors(part):
    found = figures(FRESH if part == "fresh" else fresh_held_out())
    print("\n" + _table(part, found))
    _, top1, top3 = found["all"]
    want1, want3 = FRESH_FLOORS[part]
    assert top1 >= want1 and top3 >= want3, _table(part, found)


@pytest.mark.parametrize("entry", REPORTED, ids=[q[2] for q in REPORTED])
def test_the_reported_misses_come_first(entry):
    assert rank_of(entry) == 0


def test_the_third_block_reaches_its_floors():
    found = figures(THIRD)
    print("\n" + _table("third", found))
    _, top1, top3 = found["all"]
    assert top1 >= THIRD_FLOORS[0] and top3 >= THIRD_FLOORS[1], _table("third", found)


def test_the_fourth_block_reaches_its_floors():
    found = figures(FOURTH)
    print("\n" + _table("fourth", found))
    _, top1, top3 = found["all"]
    assert top1 >= FOURTH_FLOORS[0] and top3 >= FOURTH_FLOORS[1], _table("fourth", found)


def test_the_fifth_block_reaches_its_floors():
    found = figures(FIFTH)
    print("\n" + _table("fifth", found))
    _, top1, top3 = found["all"]
    assert top1 >= FIFTH_FLOORS[0] and top3 >= FIFTH_FLOORS[1], _table("fifth", found)


def test_the_sixth_block_reaches_its_floors():
    found = figures(SIXTH)
    print("\n" + _table("sixth", found))
    _, top1, top3 = found["all"]
    assert top1 >= SIXTH_FLOORS[0] and top3 >= SIXTH_FLOORS[1], _table("sixth", found)
