"""The lookup data beside the rule texts: every rule has it in both languages, links go both
ways, every reading the project decided is marked, and damaged files are refused at load."""

from __future__ import annotations

import json

import pytest

from companion.core.data import DataError
from companion.lookup import card
from companion.lookup.data import GAMES, book

LANGS = ("en", "es")


def _all_ids() -> set[str]:
    return {rid for g in GAMES for rid in book(g, "en").texts}


@pytest.mark.parametrize("game", GAMES)
def test_every_related_rule_exists_and_links_back(game):
    ids = _all_ids()
    b = book(game, "en")
    for rid in b.texts:
        for other in card(rid, "en").related:
            assert other in ids, (rid, other)
            assert rid in card(other, "en").related, f"{rid} -> {other} has no link back"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_has_related_rules_and_phrasings_in_both_languages(game):
    for lang in LANGS:
        b = book(game, lang)
        for rid in b.texts:
            c = card(rid, lang)
            assert c.related, f"{rid} has no related rule"
            assert c.phrasings, f"{rid} has no phrasing in {lang}"


@pytest.mark.parametrize("game", GAMES)
def test_every_clarification_exists_in_both_languages(game):
    en, es = (book(game, lang).extra.clarifications for lang in LANGS)
    assert {c.id for c in en} == {c.id for c in es}
    es_by_id = {c.id: c for c in es}
    for c in en:
        twin = es_by_id[c.id]
        assert (c.rule_id, c.decided, c.when) == (twin.rule_id, twin.decided, twin.when)
        assert c.question != twin.question and c.answer != twin.answer  # really translated


@pytest.mark.parametrize("game", GAMES)
def test_every_decided_or_unverified_rule_has_a_clarification_marked_decided(game):
    b = book(game, "en")
    for rid, rule in b.texts.items():
        if rule.status != "official":
            assert any(c.decided for c in card(rid, "en").clarifications), rid


def test_worked_examples_in_both_languages():
    for game in GAMES:
        for rid in book(game, "en").texts:
            assert len(card(rid, "en").examples) == len(card(rid, "es").examples), rid
    assert card("dragon.event.festival", "es").examples


def test_a_rule_card_gathers_text_links_and_clarifications():
    c = card("dragon.decision.full_palaces", "es")
    assert c.title == "Todos los palacios llenos" and c.status == "decision"
    assert "dragon.palace.capacity" in c.related
    assert [q.id for q in c.clarifications] == [
        "dragon.q.full_palaces_marker",
        "dragon.q.full_palaces_discard",
    ]
    with pytest.raises(DataError, match="unknown rule"):
        card("dragon.nothing.here", "en")


def _edit(path, change):
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_one_sided_link_is_refused(rules_copy):
    _edit(
        rules_copy / "dragon/related.json",
        lambda d: d["related"]["dragon.event.peace"].append("dragon.decay"),
    )
    with pytest.raises(DataError, match="does not link back"):
        book("dragon", "en")


def test_a_link_to_an_unknown_rule_is_refused(rules_copy):
    def change(d):
        d["related"]["dragon.event.peace"].append("dragon.event.party")

    _edit(rules_copy / "dragon/related.json", change)
    with pytest.raises(DataError, match=r"unknown rule 'dragon\.event\.party'"):
        book("dragon", "es")


def test_a_clarification_in_one_language_only_is_refused(rules_copy):
    _edit(rules_copy / "dayu/lookup.es.json", lambda d: d["clarifications"].pop())
    with pytest.raises(DataError, match="one language only"):
        book("dayu", "en")


def test_a_clarification_whose_facts_differ_between_languages_is_refused(rules_copy):
    def change(d):
        d["clarifications"][0]["decided"] = not d["clarifications"][0].get("decided", False)

    _edit(rules_copy / "chinatown/lookup.es.json", change)
    with pytest.raises(DataError, match="differs between languages"):
        book("chinatown", "es")


def test_an_unknown_field_is_refused(rules_copy):
    _edit(rules_copy / "dragon/lookup.en.json", lambda d: d["rules"]["dragon.decay"].update(sees="x"))
    with pytest.raises(DataError, match="sees"):
        book("dragon", "en")
