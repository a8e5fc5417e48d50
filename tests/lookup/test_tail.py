"""The tail of a search (branch searchtail): results scoring a sliver of the best are set apart,
and a result bolds only words the question asked for, never filler it reached through a synonym.

Reported on the Spanish Rules screen of a Dragon table: "qué pasa si no tengo arroz en la
sequía" listed ten rules, the third to the tenth scoring about 0.4 against 35.9, with "como"
in bold in them: "comida" (food, a synonym of rice) and "como" (filler) were one stem, "com".
"""

from __future__ import annotations

import pytest
from lookup_bank import ALL, BANK, FIFTH, FOURTH, FRESH, REPORTED, SIXTH, THIRD

from companion.lookup import answering, search
from companion.lookup.fts import TAIL, index
from companion.lookup.text import stem, words

DROUGHT = "qué pasa si no tengo arroz en la sequía"


def test_the_drought_question_answers_with_the_drought_alone():
    found = search(DROUGHT, "es", "dragon")
    shown, tail = answering(found)
    assert [h.rule_id for h in shown] == ["dragon.event.drought"]
    assert shown + tail == found  # nothing lost: the tail is there to show on request
    assert all(h.score < TAIL * shown[0].score for h in tail)


def test_no_filler_word_in_bold_for_the_drought_question():
    for hit in search(DROUGHT, "es", "dragon"):
        assert "como" not in {w.casefold() for w in hit.matched}, hit.rule_id


def test_food_and_como_are_two_stems():
    assert stem("comida", "es") != stem("como", "es")
    assert stem("comida", "es") == stem("comidas", "es") == "comida"
    assert stem("comer", "es") == stem("come", "es")  # the verb keeps Snowball's stem


@pytest.mark.parametrize(
    ("lang", "question", "game"),
    [
        # "get" is filler that is also a Da Yu synonym of "take": "takes" bolded every "gets"
        ("en", "who takes a full flood card", "dayu"),
        # "thats" (no apostrophe) was read as "that", filler, and bolded it
        ("en", "can i trade a shop thats already on the board", "chinatown"),
        # "uno" ("cada uno") bolded every "una", a synonym it shares with "1"
        ("es", "cuantas cartas de persona tiene cada uno", "dragon"),
    ],
)
def test_filler_reached_through_a_synonym_is_never_bold(lang, question, game):
    filler = index(lang).filler
    for hit in search(question, lang, game):
        assert not [w for w in hit.matched if set(words(w)) & filler], hit.rule_id


def test_filler_the_question_says_as_its_own_word_stays_bold():
    # "paso" (I pass) is the player's word: the rule's "Pasar" is what they asked, filler or not
    hit = next(
        h for h in search("si paso cuanto dinero cojo", "es", "dragon") if h.rule_id == "dragon.action.skip"
    )
    assert "Pasar" in hit.matched


def test_no_answer_in_the_first_three_of_any_block_is_cut():
    """The rule TAIL was chosen from (docs/PERFORMANCE.md, "Rules lookup: the tail")."""
    lost = []
    for _game, lang, question, expected, scope in BANK + REPORTED + FRESH + THIRD + FOURTH + FIFTH + SIXTH:
        found = search(question, lang, None if scope == ALL else scope, 10)
        kept = {h.rule_id for h in answering(found)[0]}
        lost += [(question, h.rule_id) for h in found[:3] if h.rule_id in expected and h.rule_id not in kept]
    assert lost == []
