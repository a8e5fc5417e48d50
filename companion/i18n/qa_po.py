"""Translation checks with Translate Toolkit's pofilter: ``python -m companion.i18n.qa_po``.

The catalogues are keyed (msgid ``dragon.fx.take``, the text is the msgstr), so pofilter cannot
read them as they are. This module pairs them into a bilingual view in memory: one unit per key,
source = the English msgstr, target = the Spanish msgstr (plural forms kept as plural forms),
the key as the unit's context. pofilter's ``StandardChecker`` (configured for Spanish, with
the tunings in ``GameTextChecker``) runs the checks in ``SPANISH_CHECKS`` on each unit. The
checks in ``ENGLISH_CHECKS`` judge a text's own spelling and spacing, so they also run on each
English text as its own target, against a tidied copy of it as the source (``_tidy``).

A finding is a line ``<lang> <key>: <check>: <text> (<pofilter's message>)``. ``make lint``
runs this module; it prints the findings and exits 1 when there are any.

Checks left out, and why:

- ``printf``, ``accelerators``, ``functions``, ``emails``, ``urls``, ``options``,
  ``filepaths``, ``xmltags``, ``kdecomments``, ``credits``: the texts hold no printf
  fields, accelerator keys, code, addresses, paths, command options or markup.
- ``simpleplurals``: English texts never write "player(s)"; counts have real plural forms.
- ``short``, ``long``: Spanish runs longer than English by nature; lengths say nothing here.
- ``sentencecount``: a translation may join or split sentences to read naturally.
- ``startpunc``: Spanish opens questions and exclamations with ¿ and ¡, English does not.
- ``startcaps``, ``simplecaps``: the word order moves fields, so "{player}'s buildings: ..."
  starts with a field and "Edificios de {player}: ..." with a capital (23 and 24 false alarms).
- ``acronyms``: Spanish translates them (VP -> PV, YYYY -> AAAA, SEAT -> ASIENTO).
- ``singlequoting``, ``doublequoting``: Spanish quotes with «», English with “” or "".
- ``purepunc``: no text is punctuation only.
- ``validchars``, ``spellcheck``, ``compendiumconflicts``, ``notranslatewords``:
  need a character set, a dictionary, a compendium or a word list the project does not keep.
- ``escapes``: Babel hands over the texts with their escapes decoded; a backslash would be
  a literal character, and no text has one.
- The unit checks (``isfuzzy``, ``isreview``, ``nplurals``, ``hassuggestion``):
  ``companion.i18n.tools check`` already fails on fuzzy entries and wrong plural counts (and
  pofilter's own Spanish data says 2 plural forms where the catalogue's CLDR rule has 3).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.pofile import read_po
from translate.filters.checks import CheckerConfig, StandardChecker
from translate.filters.checks.exceptions import FilterFailure, SeriousFilterFailure
from translate.filters.decorators import cosmetic, critical, functional
from translate.misc.multistring import multistring
from translate.storage.pypo import pounit

from companion.i18n import po_path

SPANISH_CHECKS = (
    "untranslated",
    "blank",
    "unchanged",
    "pythonbraceformat",
    "variables",
    "numbers",
    "brackets",
    "doublewords",
    "doublespacing",
    "puncspacing",
    "endpunc",
    "startwhitespace",
    "endwhitespace",
    "newlines",
    "tabs",
    "musttranslatewords",
)
"""The pofilter checks run on each English -> Spanish pair."""

ENGLISH_CHECKS = ("doublewords", "doublespacing", "puncspacing", "startwhitespace", "endwhitespace")
"""The checks that judge a text by itself, run on the English catalogue too."""

MUST_TRANSLATE = (
    "the",
    "and",
    "of",
    "or",
    "with",
    "player",
    "players",
    "turn",
    "round",
    "score",
    "points",
    "tile",
    "tiles",
    "money",
    "game",
)
"""English words that, when a source text has them, must not stay in the Spanish text."""

SAME_IN_BOTH = frozenset(
    {
        "ok",
        "no",  # plays.csv.no: a yes/no column, "no" in both
        "min",  # plays.cli.minutes: "{n} min", the same abbreviation
        "table companion",  # the app's name
        "boardgamegeek",  # plays.source.bgg: the site's name
        "chinatown",  # game and shop names the Spanish editions keep
        "dim sum",
        "tornado",
        "yuan",
        "english",  # each language is named in its own language
        "español",
    }
)
"""Texts (fields, digits and punctuation left out, lower case) legitimately the same in both."""

ALLOWED = {
    # "Frame bonus (green) ×2": Spanish puts the colour after its noun, as "dayu.flood.green_bonus"
    # does ("Bonificación de marco verde"); brackets there would read as an aside.
    ("dayu.score.frame_bonus", "brackets"),
    # "empty palace 1 loses a floor (2 left)": "le quedan 1" would need the floors' plural, which
    # the message's count (the palaces) does not give; "se queda con 2" reads right for any count.
    ("dragon.fx.decay_floor", "brackets"),
    # "(otro igual)": one other player hit as hard, the singular of "(otros 2 igual)"; "otro"
    # says the one ("(1 más igual)" stumbled), so the count is left out of that form alone.
    ("ui.glance.dragon.also_players", "pythonbraceformat"),
    ("ui.glance.dragon.also_players", "variables"),
}
"""(key, check) findings that are the right Spanish for that text, not a mistake."""

_FIELD = re.compile(r"\{\{|\}\}|\{[^{}]*\}")
"""A ``str.format`` field, whatever its spec ({player}, {unit:money}, {diff:+money}), or an
escaped brace ({{ or }}, kept as it is)."""
_LONE_PUNCTUATION = re.compile(r"(?<!\S)[^\w\s]+(?!\S)")
_QUOTED = re.compile(r'"[^"]*"')
_MOVABLE = str.maketrans(dict.fromkeys('()[]"«»“”$', " "))
_ABBREVIATIONS = {"p. ej.": "p.ej."}


def _fields(text: str) -> list[str]:
    return sorted(f for f in _FIELD.findall(text) if f not in ("{{", "}}"))


class GameTextChecker(StandardChecker):
    """pofilter's standard checks, tuned where they misread this project's texts."""

    # pofilter's brace filter only knows {name}; ours also have format specs ({unit:money}).
    # The fields are removed before the word checks (unchanged, musttranslatewords).
    # (The ignores: pofilter's result cache decorator types its methods as bare functions.)
    def removevariables(self, str1: str) -> str:  # type: ignore[override]
        return _FIELD.sub(lambda m: m.group() if m.group() in ("{{", "}}") else "", str1)

    def filtervariables(self, str1: str) -> str:  # type: ignore[override]
        # pofilter keeps a field as it is here (its varname filter is a no-op), so the spacing,
        # punctuation and bracket checks read "{unit:money}" as a colon and two braces.
        return _FIELD.sub(lambda m: m.group() if m.group() in ("{{", "}}") else "x", str1)

    @critical
    def variables(self, str1: str, str2: str) -> bool:
        """The same fields, each as often, in any order.

        pofilter 3.20.4's own check reports fields a translation reorders ("{age} {type}" ->
        "{type} {age}") as added, and does not see fields with a format spec.
        """
        want, got = _fields(str1), _fields(str2)
        missing = [f for f in dict.fromkeys(want) if want.count(f) > got.count(f)]
        added = [f for f in dict.fromkeys(got) if got.count(f) > want.count(f)]
        if missing:
            raise SeriousFilterFailure(f"Do not translate: {', '.join(missing)}")
        if added:
            raise FilterFailure(f"Added variables: {', '.join(added)}")
        return True

    @cosmetic
    def doublewords(self, str1: str, str2: str) -> bool:
        # Each field and each lone punctuation mark becomes a word of its own, so that
        # "de {tile} de {player}" or "{phase} · {order} · {round}" is no repeated word.
        count = iter(range(1_000_000))
        marked = _LONE_PUNCTUATION.sub(
            lambda m: f"_{next(count)}_", _FIELD.sub(lambda m: f"_{next(count)}_", str2)
        )
        return bool(super().doublewords(str1, marked))

    @functional
    def unchanged(self, str1: str, str2: str) -> bool:
        plain = " ".join(re.sub(r"[^\w\s]|\d", " ", self.removevariables(str2)).lower().split())
        return plain in SAME_IN_BOTH or bool(super().unchanged(str1, str2))

    @cosmetic
    def puncspacing(self, str1: str, str2: str) -> bool:
        # Brackets and quotes move with the word order ("a \"players\" list" -> "una lista
        # \"players\".") and Spanish writes money "0 $" where English writes "$0": brackets,
        # quotes and $ are left out of the comparison. "p. ej." is one abbreviation ("e.g.").
        for long, short in _ABBREVIATIONS.items():
            str2 = str2.replace(long, short)
        return bool(super().puncspacing(str1.translate(_MOVABLE), str2.translate(_MOVABLE)))

    @functional
    def musttranslatewords(self, str1: str, str2: str) -> bool:
        # Words in straight double quotes are names the player types (JSON fields: "players").
        return bool(super().musttranslatewords(str1, _QUOTED.sub(" ", str2)))


class OwnTargetChecker(GameTextChecker):
    """The checks of a text against itself (English as its own target, tidied as the source).

    pofilter runs its preconditions even when they are not enabled, and a failed ``unchanged``
    switches ``doublewords`` off: with a text as its own source, that would always happen.
    """

    preconditions = {k: v for k, v in StandardChecker.preconditions.items() if k != "unchanged"}


def _config(lang: str) -> CheckerConfig:
    return CheckerConfig(
        targetlanguage=lang,
        varmatches=[("{", "}")],  # str.format fields: {player}, {n}, {unit:money}
        musttranslatewords=list(MUST_TRANSLATE) if lang != "en" else None,
    )


def _read(source: Path | PoCatalog, lang: str) -> PoCatalog:
    if isinstance(source, PoCatalog):
        return source
    with source.open("rb") as f:
        return read_po(f, locale=lang)


def _texts(cat: PoCatalog) -> dict[str, list[str]]:
    """Key -> the text, or its plural forms."""
    out: dict[str, list[str]] = {}
    for m in cat:
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        out[key] = [m.string] if isinstance(m.string, str) else [str(s) for s in m.string or ()]
    return out


def _unit(key: str, source: list[str], target: list[str]) -> pounit:
    unit = pounit()
    unit.setcontext(key)
    if len(source) > 1 or len(target) > 1:
        unit.source = multistring(source)
        unit.target = multistring(target)
    else:
        unit.source = source[0] if source else ""
        unit.target = target[0] if target else ""
    return unit


def _tidy(text: str) -> str:
    """An English text as it should be spaced: the source the English text is checked against.

    One space between words, none at either end, one after , ; : ! ? before a letter, and one
    after the full stop that ends a sentence ("tile.Then" -> "tile. Then"; not in "e.g." or 10.5).
    """
    parts = _FIELD.split(text)  # the text between the fields ({unit:money} keeps its colon)
    fields = [*_FIELD.findall(text), ""]
    for i, part in enumerate(parts):
        part = re.sub(r"([,;:!?])(?=[^\W\d_])", r"\1 ", part)
        parts[i] = re.sub(r"(?<=[a-z]{2})\.(?=[A-Z][a-z])", ". ", part)
    text = "".join(p + f for p, f in zip(parts, fields, strict=True))
    return re.sub(r" {2,}", " ", text).strip()


def _run(checker: GameTextChecker, lang: str, key: str, unit: pounit, shown: list[str]) -> Iterable[str]:
    failures = checker.run_filters(unit)
    text = " | ".join(shown)
    for check in sorted(failures):
        if (key, check) in ALLOWED:
            continue
        message = str(failures[check]).strip().split("\n")[0]  # a docstring when pofilter has no message
        yield f"{lang} {key}: {check}: {text} ({message})"


def findings(english: Path | PoCatalog | None = None, spanish: Path | PoCatalog | None = None) -> list[str]:
    """Every pofilter finding over the catalogues (the real ones unless given), as lines."""
    en = _texts(_read(english if english is not None else po_path("en"), "en"))
    es = _texts(_read(spanish if spanish is not None else po_path("es"), "es"))
    es_checker = GameTextChecker(checkerconfig=_config("es"), limitfilters=list(SPANISH_CHECKS))
    en_checker = OwnTargetChecker(checkerconfig=_config("en"), limitfilters=list(ENGLISH_CHECKS))
    lines: list[str] = []
    for key in sorted(en):
        lines += _run(en_checker, "en", key, _unit(key, [_tidy(t) for t in en[key]], en[key]), en[key])
        if key in es:
            lines += _run(es_checker, "es", key, _unit(key, en[key], es[key]), es[key])
    return lines


def main() -> int:
    lines = findings()
    for line in lines:
        print(line)
    if lines:
        print(f"{len(lines)} pofilter findings", file=sys.stderr)
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
