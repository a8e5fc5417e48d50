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


# A sign before a money field ("+{gain:money}"): the helper writes the sign, joined to the amount
# ("+$10,000" had "+" end a line at 412 px, "$10,000" start the next); a player's name before a
# money field: one unit in a list of them ("…, Carla $50,000, Dai\n$30,000")
SIGN_BEFORE_MONEY = re.compile(r"[+\-\u2212\u00b1]\{[^{}]*:money\}")
NAME_SPACE_MONEY = re.compile(r"\{(?:name|player)\} \{[^{}]*:money\}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sign_or_a_name_and_money_are_not_split(lang):
    texts = catalogue_texts(lang)
    split = [
        (where, m.group(0))
        for where, text in texts
        for pat in (SIGN_BEFORE_MONEY, NAME_SPACE_MONEY)
        for m in pat.finditer(text)
    ]
    assert split == []
    assert any(":+money}" in text for _, text in texts)  # the texts were read


# between a sign and what follows it, Unicode's line breaking (UAX #14) allows a break unless it
# is a digit (a prefix before a number) or a joiner: "+$" is two prefixes, a break between them
BREAKABLE_SIGN = re.compile(r"[+\u2212\u00b1](?![\d\u2060])")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("value", [-50_000, 0, 10_000, 1_250_000])
def test_a_written_sign_stays_with_its_amount(lang, value):
    from companion.i18n import format_score, translate

    for said in (
        format_score(value, "money", lang, change=True),
        format_score(value, "money", lang),
        format_score(value, "points", lang, change=True),
        translate("foresight.chinatown.tile.alone", lang, shop="Photo", gain=abs(value) or 10_000),
    ):
        assert not BREAKABLE_SIGN.search(said), said
    assert "\u2060" not in format_score(value, "money", lang) or value < 0  # nothing to join


def test_a_sign_before_a_symbol_is_breakable():
    assert BREAKABLE_SIGN.search("+$10,000") and BREAKABLE_SIGN.search("(\u00b1$0)")
    assert not BREAKABLE_SIGN.search("+10.000\u00a0$") and not BREAKABLE_SIGN.search("+\u2060$10,000")
