"""A number and its unit stay on one line: every catalogue text (both languages) and every rule
text joins a number, or a numeric field, to a unit word with a non-breaking space (U+00A0). At
412 px a plain space let a line end after "+3" and start the next with "PV"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.i18n import LANGUAGES, po_path

ROOT = Path(__file__).resolve().parents[1]
UNITS = r"(?:VP|PV|yuan(?:es)?|floors?|pisos?|tokens?|fichas?|puntos?|action points?)"
# a digit, or a field other than {frame} (a card's colour: "a {frame} VP card"), then the unit
NUMBER = r"(?:\{(?!frame\b)[^{}]*\}|\d)"
SPLIT = re.compile(rf"{NUMBER} {UNITS}\b")
JOINED = re.compile(rf"{NUMBER}\u00a0{UNITS}\b")


def catalogue_texts(lang: str) -> list[tuple[str, str]]:
    with po_path(lang).open("rb") as f:
        cat = read_po(f, locale=lang)
    found = []
    for m in cat:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        found += [(key, s) for s in forms if s]
    return found


def strings(node: object, where: str) -> list[tuple[str, str]]:
    if isinstance(node, str):
        return [(where, node)]
    if isinstance(node, dict):
        return [x for k, v in node.items() for x in strings(v, f"{where}.{k}")]
    if isinstance(node, list):
        return [x for i, v in enumerate(node) for x in strings(v, f"{where}[{i}]")]
    return []


def rule_texts(lang: str) -> list[tuple[str, str]]:
    found = []
    for path in sorted(ROOT.glob(f"rules_data/*/rules.{lang}.json")):
        found += strings(json.loads(path.read_text(encoding="utf-8")), path.parent.name)
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_and_units_are_joined_by_a_non_breaking_space(lang):
    texts = catalogue_texts(lang) + rule_texts(lang)
    split = [(where, m.group(0)) for where, text in texts for m in SPLIT.finditer(text)]
    assert split == []
    # the texts were read: the game texts join many such pairs
    assert sum(len(JOINED.findall(text)) for _, text in texts) > 100


def test_a_colour_before_a_unit_is_not_a_number():
    assert (
        SPLIT.search("+{vp} PV por")
        and SPLIT.search("3 yuan")
        and SPLIT.search("{n} yuanes")
        and SPLIT.search("{n} action points")
    )
    assert not SPLIT.search("a {frame} VP card") and not SPLIT.search("3\u00a0VP")
