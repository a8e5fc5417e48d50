"""Teach as you play: a note for every kind of question each game asks, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.dragon.flow import STEP_RULES
from companion.lookup import card, teach_note

ROOT = Path(__file__).resolve().parents[2]


def _kinds(game: str) -> set[str]:
    """The prompt kinds a game's flow asks (Dragon names them in STEP_RULES)."""
    if game == "dragon":
        return set(STEP_RULES)
    source = (ROOT / f"companion/games/{game}/flow.py").read_text(encoding="utf-8")
    return set(re.findall(r'kind="(\w+)"', source))


@pytest.mark.parametrize("game", ["dragon", "chinatown", "dayu"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_prompt_kind_has_a_note(game, lang):
    kinds = _kinds(game)
    assert len(kinds) >= 6
    for kind in kinds:
        note = teach_note(game, kind, lang)
        assert note is not None, f"{game}: no teach note for {kind!r} in {lang}"
        assert note.game == game and note.kind == kind
        assert 2 <= len(note.lines) <= 3 and all(line.strip() for line in note.lines)
        assert card(note.rule_id, lang).title  # the rule it links to exists


def test_notes_are_translated_and_cite_the_prompt_rule():
    en, es = teach_note("dragon", "person_place", "en"), teach_note("dragon", "person_place", "es")
    assert en.rule_id == es.rule_id == STEP_RULES["person_place"]
    assert en.lines != es.lines
    for kind, rule_id in STEP_RULES.items():
        assert teach_note("dragon", kind, "en").rule_id == rule_id, kind


def test_no_note_for_an_unknown_kind_or_game():
    assert teach_note("dragon", "juggle", "en") is None
    assert teach_note("chess", "move", "es") is None
