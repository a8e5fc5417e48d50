"""Checks on a rendered text, as a careful reader of a game's texts would make them.

Each check takes a text as a player reads it (every field filled in) and says what is wrong
with it. ``make lint`` runs them over every catalogue text rendered with sample values
(companion/i18n/lint_texts.py); tests/test_render_corpus.py runs them over every text of random
complete games of the three games in both languages. tests/test_textcheck.py feeds each one a
bad line.

- termbase: a variant where the termbase has one term ("despedir" for "liberar").
- agreement: a count and the word after it disagree ("1 ganadas", "6 yuan", "1 floors", "le
  faltan 1"), a feminine shop name with a masculine adjective ("Lavandería 58, incompleto"),
  "a" before a vowel in English ("a Antiques").
- numbers: a decimal point in Spanish ("36.4"), a decimal comma in English, or grouping of the
  other language.
- money: Chinatown dollars not in the reader's format ("$10000" in Spanish, "10000").
- rule id / raw key: an id meant for the code ("dragon.fx.take") on screen.
- colon capital: a capital after a colon in a Spanish sentence where no name follows
  ("Solo hay una posibilidad: Liberar ...").
- de: a tile and its person type without the "de" Spanish puts between them ("la ficha monje").
- unreplaced field, doubled punctuation, doubled word, English words in a Spanish text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from companion.i18n import termbase


@dataclass(frozen=True, slots=True)
class Finding:
    check: str
    text: str
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.check}: {self.detail + ': ' if self.detail else ''}{self.text!r}"


RAW_KEY = re.compile(
    r"\b(?:dragon|chinatown|dayu|ui|core|share|cli|live|plays|foresight|rules)\.[a-z_]+(?:\.[a-z_]+)*\b"
)
DOUBLED_PUNCTUATION = re.compile(r"[.,;:]\s*[.,;:]|·\s*·|·\s*$|^\s*·|\?\s*[.?]|\s[,;.?!](?!\d)")
# The same word twice across a space, a colon or a "·" ("Setup · Setup"); a list may repeat an
# item ("Peace, Peace": months 1 and 2), so a comma does not count.
DOUBLED_WORD = re.compile(r"\b([^\W\d_]{2,}(?: [^\W\d_]{2,})?)\b[^\w,.]{1,3}\b\1\b", re.IGNORECASE)
ENGLISH_WORDS = re.compile(
    r"\b(?:the|and|of|with|from|player|players|palace|floor|month|card|tile|takes|gives|round|points"
    r"|setup|event|each|release|build|skip|taxes|wall)\b",
    re.IGNORECASE,
)

# ---- agreement -----------------------------------------------------------------------------
# Spanish words that end like a plural but are singular (after "1" they are right).
_SINGULAR_ES = {
    "mes",
    "menos",
    "más",
    "tras",
    "antes",
    "después",
    "gratis",
    "es",
    "des",
    "vez",
    "tres",
    "seis",
}
_NUMBER_BEFORE = r"(?<![\d.,:/×x])(?<!\d )"  # a count, not part of "3/5", "10.000" or "× 2"
# The last of a list of counts ("3, 2 y 1 fuegos") takes the plural of the whole list.
_NOT_LAST_OF_LIST = r"(?<!\d y )(?<!\d o )(?<!\d, )(?<!\d and )(?<!\d or )"
_ONE_THEN_PLURAL_ES = re.compile(_NUMBER_BEFORE + _NOT_LAST_OF_LIST + r"\b1 ([a-záéíóúñ]+(?:os|as|es))\b")
_VERB_ONE = re.compile(r"\b(faltan|quedan|sobran|quedaban) 1\b")
_VERB_MANY = re.compile(r"\b(falta|queda|sobra) (?:0|[2-9]|\d{2,})\b(?! de )")
_ARTICLE_EN = re.compile(r"\ba (?=[AEIOUaeiou])(?!one\b|uni|use|usu|Eu)")
_PLURAL_EN = re.compile(
    _NUMBER_BEFORE
    + _NOT_LAST_OF_LIST
    + r"\b1 (persons|floors|palaces|dragons|monks|sections|spaces|tools|points|shops|tiles|cards|entries"
    r"|rules|steps|codes|choices|tokens|players|buildings|plays|games|wins|trades|months|rounds|years)\b"
)


@cache
def _singular_after_many_es() -> re.Pattern[str]:
    """A count other than one before a Spanish noun in the singular ("6 yuan", "5 partida")."""
    nouns = {
        t.es.split()[0]
        for t in termbase.terms()
        if t.kind in ("noun", "person") and t.es_plural and t.es_plural.split()[0] != t.es.split()[0]
    }
    words = "|".join(sorted(nouns, key=len, reverse=True))
    return re.compile(_NUMBER_BEFORE + rf"\b(?:0|[2-9]|\d{{2,}}) ({words})\b(?! de (?:\d|PV))")


@cache
def _feminine_then_masculine() -> re.Pattern[str]:
    names = "|".join(t.es for t in termbase.terms() if t.es_gender == "f" and t.kind == "name")
    return re.compile(rf"\b(?:{names})\b[\d ,y]*, (?:in)?completo\b")


def agreement(text: str, lang: str) -> list[str]:
    found: list[str] = []
    text = text.replace("\u00a0", " ")  # a number joined to its unit ("6\u00a0yuan") is still a count
    if lang == "es":
        found += [
            f"1 + plural {m.group(1)!r}"
            for m in _ONE_THEN_PLURAL_ES.finditer(text)
            if m.group(1) not in _SINGULAR_ES
        ]
        found += [f"count + singular {m.group(0)!r}" for m in _singular_after_many_es().finditer(text)]
        found += [f"plural verb with 1: {m.group(0)!r}" for m in _VERB_ONE.finditer(text)]
        found += [f"singular verb with a count: {m.group(0)!r}" for m in _VERB_MANY.finditer(text)]
        found += [f"gender: {m.group(0)!r}" for m in _feminine_then_masculine().finditer(text)]
    else:
        found += [f"1 + plural {m.group(1)!r}" for m in _PLURAL_EN.finditer(text)]
        found += [
            f"'a' before a vowel: {text[m.start() : m.start() + 12]!r}" for m in _ARTICLE_EN.finditer(text)
        ]
    return found


# ---- numbers and money ---------------------------------------------------------------------
_DECIMAL = {
    "es": re.compile(r"(?<![\d.,])\d+\.\d{1,2}(?![\d])"),
    "en": re.compile(r"(?<![\d.,])\d+,\d{1,2}(?![\d])"),
}
_OTHER_GROUPING = {"es": re.compile(r"\b\d{1,3}(?:,\d{3})+\b"), "en": re.compile(r"\b\d{1,3}(?:\.\d{3})+\b")}
_MONEY_SIGN = {"es": re.compile(r"\$\d"), "en": re.compile(r"\d\s?\$(?!\d)")}
_UNGROUPED = re.compile(r"(?<![\d.,])\d{5,}(?![\d.,])")


def numbers(text: str, lang: str) -> list[str]:
    found = [
        f"decimal separator of the other language: {m.group(0)!r}" for m in _DECIMAL[lang].finditer(text)
    ]
    found += [f"grouping of the other language: {m.group(0)!r}" for m in _OTHER_GROUPING[lang].finditer(text)]
    return found


_HYPHEN_MINUS = re.compile(r"(?:^|(?<=[\s(]))-\d[\d.,]*")


def minus(text: str) -> list[str]:
    """A number below zero written with a hyphen ("-3"): the app writes a true minus ("−3")."""
    return [f"a hyphen for a minus sign: {m.group(0)!r}" for m in _HYPHEN_MINUS.finditer(text)]


def money(text: str, lang: str, game: str | None = None) -> list[str]:
    """Chinatown's dollars in the reader's format (elsewhere a long number is a port or an id)."""
    found = [f"money sign on the wrong side: {m.group(0)!r}" for m in _MONEY_SIGN[lang].finditer(text)]
    if game == "chinatown":
        found += [f"a big number without grouping: {m.group(0)!r}" for m in _UNGROUPED.finditer(text)]
    return found


# ---- sentences -----------------------------------------------------------------------------
_COLON_WORD = re.compile(r"(?<=\S): ([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)")
_QUOTED = re.compile(r"«[^»]*»|\"[^\"]*\"")
_JSON = re.compile(r"\{\"[^{}]*\}|\"[\w.]+\"")


@cache
def _tile_without_de() -> re.Pattern[str]:
    """ "la ficha monje": a tile and its person type (from the termbase) without the "de"."""
    kinds = "|".join(re.escape(name.split()[0]) for name in termbase.person_types("es"))
    return re.compile(rf"\bfichas? (?=(?:{kinds})\b)")


def colon_capital(text: str, lang: str, names: Iterable[str] = ()) -> list[str]:
    """Spanish writes on in lower case after a colon; a name keeps its capital."""
    if lang != "es":
        return []
    allowed = termbase.proper_names(lang) | {n.split()[0] for n in names} | {"PV", "Table"}
    bare = _QUOTED.sub("«»", text)
    for name in termbase.long_names(lang):  # a name with a colon of its own ("Da Yu: El ...")
        bare = bare.replace(name, "«»")
    return [
        f"capital after a colon: {m.group(1)!r}"
        for m in _COLON_WORD.finditer(bare)
        if m.group(1) not in allowed
    ]


def check(text: str, lang: str, game: str | None = None, names: Iterable[str] = ()) -> list[Finding]:
    """Every finding in one rendered text. ``names``: the players' names (data, not wording)."""
    names = tuple(names)
    bare = _JSON.sub("«json»", text)  # a JSON example in an error ({"points": N}) is code, not wording
    found: list[Finding] = []

    def add(kind: str, details: Iterable[str]) -> None:
        found.extend(Finding(kind, text, d) for d in details)

    add("termbase", (str(v) for v in termbase.variants(bare, lang, game)))
    add("agreement", agreement(bare, lang))
    add("numbers", numbers(bare, lang))
    add("money", money(bare, lang, game))
    add("minus", minus(bare))
    add("raw key", (m.group(0) for m in RAW_KEY.finditer(bare)))
    add("unreplaced field", ["{"] if "{" in bare or "}" in bare else [])
    add("colon capital", colon_capital(bare, lang, names))
    if lang == "es":
        add("de", (m.group(0) for m in _tile_without_de().finditer(bare)))
        add("English word", (m.group(0) for m in ENGLISH_WORDS.finditer(bare)))
    add("doubled punctuation", (m.group(0) for m in DOUBLED_PUNCTUATION.finditer(bare)))
    add("doubled word", (m.group(0) for m in DOUBLED_WORD.finditer(bare)))
    return found
