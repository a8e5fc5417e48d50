"""The termbase: one English and one Spanish term for every game and app concept.

``termbase.csv`` (beside this file) is the list a translator reads (Poedit, Weblate and OmegaT
take a glossary as CSV): per concept its id, the game it belongs to ("all" for the app), its
kind (noun, a Dragon person type, verb, adjective, or a name such as an event or a shop), the English and Spanish
terms with their plurals and the Spanish gender, and the variants to avoid in each language as
regular expressions (``|`` between alternatives). The variants are what a text must not say
instead of the term: "despedir" where the game says "liberar", "losetas" and "fichas" mixed.

``variants(text, lang, game)`` finds them in one text; ``make lint`` runs it over every
catalogue text and every rules-data text a player reads (companion/i18n/lint_texts.py).
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

TERMBASE = Path(__file__).with_name("termbase.csv")
GAMES = ("dragon", "chinatown", "dayu")


class Term(BaseModel):
    """One concept of the termbase, validated as it is read."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z_]*$")
    domain: Literal["all", "dragon", "chinatown", "dayu"]
    kind: Literal["noun", "person", "verb", "adj", "name"]  # person: a Dragon person type
    en: str = Field(min_length=1)
    en_plural: str = ""
    es: str = Field(min_length=1)
    es_plural: str = ""
    es_gender: Literal["m", "f", ""] = ""
    en_avoid: str = ""
    es_avoid: str = ""
    note: str = ""

    @field_validator("en_avoid", "es_avoid")
    @classmethod
    def _compiles(cls, value: str) -> str:
        try:
            re.compile(value)  # a bad pattern fails at load, named by its row
        except re.error as exc:
            raise ValueError(f"not a regular expression ({exc})") from exc
        return value

    def avoid(self, lang: str) -> str:
        return self.es_avoid if lang == "es" else self.en_avoid

    def term(self, lang: str) -> str:
        return self.es if lang == "es" else self.en


class TermbaseError(ValueError):
    """termbase.csv has a row that is not a valid term, or one concept twice."""


@dataclass(frozen=True, slots=True)
class Variant:
    term: Term
    found: str

    def __str__(self) -> str:
        return (
            f"says {self.found!r} where the termbase says {self.term.es!r}/{self.term.en!r} ({self.term.id})"
        )


def read_termbase(path: Path = TERMBASE) -> tuple[Term, ...]:
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    terms: list[Term] = []
    for line, row in enumerate(rows, start=2):
        try:
            terms.append(Term.model_validate(row))
        except ValidationError as exc:
            raise TermbaseError(f"{path.name} line {line}: {exc.errors()[0]['msg']}") from exc
    ids = [t.id for t in terms]
    if dupes := sorted({i for i in ids if ids.count(i) > 1}):
        raise TermbaseError(f"{path.name}: a concept listed twice: {', '.join(dupes)}")
    return tuple(terms)


@cache
def terms() -> tuple[Term, ...]:
    return read_termbase()


@cache
def _patterns(lang: str, game: str | None) -> tuple[tuple[Term, re.Pattern[str]], ...]:
    """The variants that count in a text of ``game`` (None: a text of the whole app).

    A game's term is checked in that game's texts and in the app's; another game's texts may
    use the word for their own concept (Da Yu's "Intercambio" card is not a Chinatown trade).
    """
    out = []
    for term in terms():
        avoid = term.avoid(lang)
        if avoid and (term.domain == "all" or game is None or term.domain == game):
            out.append((term, re.compile(rf"(?<![\w-])(?:{avoid})(?![\w-])", re.IGNORECASE)))
    return tuple(out)


def variants(text: str, lang: str, game: str | None = None) -> list[Variant]:
    """Every termbase variant in ``text`` (a text of ``lang``, shown in ``game``)."""
    return [
        Variant(term, m.group(0)) for term, pattern in _patterns(lang, game) for m in pattern.finditer(text)
    ]


def game_of(key: str) -> str | None:
    """The game a catalogue key's text belongs to ("ui.dragon.month" -> "dragon"), if any."""
    for part in key.split("."):
        if part in GAMES:
            return part
    return None


@cache  # read from terms(), itself read once: the text checks ask for every text
def proper_names(lang: str) -> frozenset[str]:
    """The first word of every name in the termbase (events, actions, shops...): a capital there
    is the name's, not a sentence's."""
    return frozenset(t.term(lang).split()[0] for t in terms() if t.kind == "name")


@cache  # read from terms(), itself read once: the text checks ask for every text
def person_types(lang: str) -> tuple[str, ...]:
    """Dragon's person types as the termbase names them ("monje", "dama de la corte")."""
    return tuple(t.term(lang) for t in terms() if t.kind == "person")


@cache  # read from terms(), itself read once: the text checks ask for every text
def long_names(lang: str) -> tuple[str, ...]:
    """Names of several words, longest first (a text may hold one whole, colon and all)."""
    return tuple(
        sorted(
            (t.term(lang) for t in terms() if t.kind == "name" and " " in t.term(lang)), key=len, reverse=True
        )
    )
