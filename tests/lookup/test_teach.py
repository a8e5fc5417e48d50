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


def test_the_overstated_notes_are_corrected():
    """Issue 29: the order on the track is read again at every phase (not "all game"), and a
    placed shop is never traded apart from its building."""
    said = {
        lang: " ".join(
            line for game in ("dragon", "chinatown", "dayu") for n in _notes(game, lang) for line in n.lines
        )
        for lang in ("en", "es")
    }
    for gone in ("plays earlier all game", "Everything is open to trade", "buildings, tiles and money"):
        assert gone not in said["en"]
    for gone in ("jugar antes toda la partida", "Todo se puede negociar", "edificios, losetas y dinero."):
        assert gone not in said["es"]
    recruit = teach_note("dragon", "recruit_place", "en").lines[1]
    assert "every phase" in recruit and "not for the whole game" in recruit
    assert "cada fase" in teach_note("dragon", "recruit_place", "es").lines[1]
    trade_en, trade_es = (
        teach_note("chinatown", "trade", "en").lines[0],
        teach_note("chinatown", "trade", "es").lines[0],
    )
    assert "placed never changes hands on its own, only with its building" in trade_en
    assert "colocada nunca cambia de manos sola, solo con su edificio" in trade_es


def _notes(game: str, lang: str):
    return [teach_note(game, kind, lang) for kind in _kinds(game) if teach_note(game, kind, lang) is not None]
