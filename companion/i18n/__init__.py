"""Message catalogues: gettext ``.po`` files read with Babel, rendered per language.

Sources: ``companion/i18n/locale/<lang>/LC_MESSAGES/messages.po`` (one per language) and the
template ``companion/i18n/messages.pot`` that ``make i18n`` extracts from the code. Each
entry's msgid is a message key ("dragon.fx.taxes"); its msgstr is a ``str.format`` template.
A message with a count has plural forms (msgid_plural): the form is chosen by the argument
``n`` with the language's CLDR plural rule (the Plural-Forms header Babel writes).

Format specs beyond ``str.format``: ``{x:money}`` writes Chinatown money in the reader's
locale with Babel's CLDR data ("$10,000" / "10.000 $"), ``{x:ordinal}`` a place ("2nd" / "2.º")
with the catalogue's ordinal forms (``format_ordinal``), ``{x:number}`` a grouped number, and
``{x:day}`` a day given as YYYY-MM-DD as the play log writes it ("2 Nov 2026" / "2 nov 2026"),
``{x:series}`` numbers joined by hyphens said as a list ("38-41" → "38 and 41" / "38 y 41").

``qps`` is a pseudo-locale made from English at load: every text is bracketed and accented
("[Ţáẋéš: +{n} ýûáñ]"), so a text on screen that did not come from a catalogue stands out.
"""

from __future__ import annotations

import gettext
import re
import string
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

# Babel is imported where it is used: a command that prints a few texts starts without it.

LANGUAGES = ("en", "es")
"""The real languages a player can choose."""
PSEUDO = "qps"
"""The pseudo-locale for tests and for finding texts that bypass the catalogues."""
DEFAULT_LANGUAGE = "en"
ROOT = Path(__file__).parent
LOCALE_DIR = ROOT / "locale"
TEMPLATE = ROOT / "messages.pot"

Template = str | tuple[str, ...]
"""A singular template, or the plural forms in the order of the language's Plural-Forms."""


class CatalogError(ValueError):
    """A catalogue file is missing, malformed or does not match the template."""


def po_path(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / "messages.po"


class Catalog:
    """One language's messages: key -> template, and how to pick a plural form."""

    def __init__(self, lang: str, messages: dict[str, Template], plural: Callable[[int], int]) -> None:
        self.lang = lang
        self.messages = messages
        self.plural = plural

    def template(self, key: str, n: Any) -> str | None:
        found = self.messages.get(key)
        if found is None or isinstance(found, str):
            return found
        index = self.plural(n) if isinstance(n, int) else len(found) - 1
        return found[min(index, len(found) - 1)]


_PARSED_IN: Path | None = None
"""Where parsed catalogues are kept between runs (``keep_parsed_catalogs``); None: nowhere."""


def keep_parsed_catalogs(folder: Path | None) -> None:
    """Keep each catalogue, once parsed, in ``folder`` and read it from there while its ``.po``
    file is unchanged: the command line runs once and exits, and Babel's parse of a catalogue
    is most of a short command's time (issue 27). The app parses once per process instead."""
    global _PARSED_IN
    _PARSED_IN = folder


def read_catalog(lang: str, path: Path | None = None) -> Catalog:
    """Read one ``.po`` file; untranslated (empty) entries are left out so English fills them."""
    path = path or po_path(lang)
    if not path.exists():
        raise CatalogError(f"no catalogue for {lang!r}: {path}")
    kept = None if _PARSED_IN is None else _PARSED_IN / f"catalog-{lang}.json"
    stat = path.stat()
    source = f"{path}:{stat.st_size}:{stat.st_mtime_ns}"  # like Python's .pyc check
    if kept is not None:
        found = _read_parsed(kept, source)
        if found is not None:
            return Catalog(lang, found[0], gettext.c2py(found[1]))
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    messages: dict[str, Template] = {}
    for m in po:
        if not m.id:
            continue  # the header
        if m.pluralizable:
            forms = tuple(str(f) for f in m.string or ())
            if all(forms):
                messages[str(m.id[0])] = forms
        elif m.string:
            messages[str(m.id)] = str(m.string)
    if kept is not None:
        _write_parsed(kept, {"source": source, "plural": po.plural_expr, "messages": messages})
    return Catalog(lang, messages, gettext.c2py(po.plural_expr))


def _read_parsed(kept: Path, source: str) -> tuple[dict[str, Template], str] | None:
    """The messages and plural rule kept for ``source``, or None (none kept, another, damaged)."""
    import json

    try:
        data = json.loads(kept.read_text(encoding="utf-8"))
        if data["source"] != source:
            return None
        messages = {
            str(k): tuple(map(str, v)) if isinstance(v, list) else str(v) for k, v in data["messages"].items()
        }
        return messages, str(data["plural"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _write_parsed(kept: Path, data: dict[str, Any]) -> None:
    import contextlib
    import json
    import os

    temp = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        os.replace(temp, kept)  # whole or not at all
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink()


@cache
def load(lang: str) -> Catalog:
    if lang == PSEUDO:
        from companion.i18n.pseudo import pseudo_catalog

        return pseudo_catalog(load(DEFAULT_LANGUAGE))
    if lang not in LANGUAGES:
        raise CatalogError(f"unknown language {lang!r}; known: {', '.join((*LANGUAGES, PSEUDO))}")
    return read_catalog(lang)


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of a language with one readable template (a plural message gives its last form)."""
    return {k: v if isinstance(v, str) else v[-1] for k, v in load(lang).messages.items()}


def known_language(lang: str) -> bool:
    return lang in LANGUAGES or lang == PSEUDO


# ---- numbers and money ---------------------------------------------------------------------
def _locale(lang: str) -> str:
    return DEFAULT_LANGUAGE if lang == PSEUDO else lang


@lru_cache(maxsize=4096)
def format_money(amount: int, lang: str) -> str:
    """Chinatown dollars in the locale's currency pattern, whole bills only, the symbol "$".

    English puts the sign first ("$10,000"); Spanish writes it after the amount with a
    non-breaking space and groups with dots ("10.000 $"), as prices are written in Spain.
    """
    locale = _locale(lang)
    learnt = _learnt_money(locale) if type(amount) is int else None
    if learnt is not None:  # a short command: Babel's pattern, learnt once and kept (i18n/money.py)
        return learnt.format(amount)
    return _babel_money(amount, locale)


def _babel_money(amount: int, locale: str) -> str:
    return str(_money_pattern(locale).apply(amount, locale, currency="USD", currency_digits=False))


@cache
def _learnt_money(locale: str) -> Any:
    """The money pattern kept with the parsed catalogues (``keep_parsed_catalogs``), learnt from
    Babel on the first run; None in the app, which keeps nothing and has Babel loaded anyway."""
    from companion.i18n import money

    return _kept_or_learnt(
        lambda folder: money.kept_format(folder, locale),
        lambda: money.learn(lambda amount: _babel_money(amount, locale)),
        lambda folder, found: money.keep(folder, locale, found, _babel_files(locale)),
    )


def _kept_or_learnt(
    kept: Callable[[Path], Any], learn: Callable[[], Any], keep: Callable[[Path, Any], None]
) -> Any:
    """What a short command reads instead of Babel (money, lists): kept in the cache folder, or
    learnt from Babel now and kept for the next run; None in the app (no folder kept)."""
    if _PARSED_IN is None:
        return None
    found = kept(_PARSED_IN)
    if found is None:
        found = learn()
        if found is not None:
            keep(_PARSED_IN, found)
    return found


def _babel_files(locale: str) -> list[Path]:
    """The files of Babel a money pattern is learnt from: its code and the locale's data."""
    import babel
    import babel.numbers

    data = Path(babel.__file__).parent / "locale-data"
    return [Path(babel.__file__), Path(babel.numbers.__file__), data / "root.dat", data / f"{locale}.dat"]


@lru_cache(maxsize=4096)
def format_series(value: str, lang: str) -> str:
    """A series of numbers joined by hyphens (Chinatown's buildings as its rulebook writes them,
    "38-41") said as the reader lists things: "38 and 41", "16, 17, and 19" / "38 y 41": "38-41"
    read as a range, buildings 38 to 41. Groups joined by " + " stay so ("38 and 41 + 50")."""

    def listed(group: str) -> str:
        items = group.split("-")
        if len(items) < 2 or not all(item.isdigit() for item in items):
            return group
        if not known_language(lang) or lang == PSEUDO:  # as join_list says a list (core/msg.py)
            return ", ".join(items)
        return join_words(items, lang)

    return " + ".join(listed(group) for group in value.split(" + "))


def join_words(items: list[str], lang: str) -> str:
    """A list as the reader says it, by Babel's CLDR patterns ("38 and 41" / "38 y 41"); a short
    command reads the patterns kept in the cache folder, learnt from Babel once (i18n/lists.py)."""
    learnt = _learnt_list(lang)
    if learnt is not None:
        return learnt.join(items)
    from babel.lists import format_list

    return str(format_list(items, locale=lang))


@cache
def _learnt_list(locale: str) -> Any:
    """The list patterns kept with the parsed catalogues, learnt from Babel on the first run
    (``_kept_or_learnt``)."""
    from companion.i18n import lists

    def learn() -> Any:
        from babel import Locale
        from babel.lists import format_list

        patterns = dict(Locale.parse(locale).list_patterns["standard"])
        return lists.learn(patterns, lambda items: str(format_list(items, locale=locale)))

    def keep(folder: Path, found: Any) -> None:
        import babel.lists

        lists.keep(folder, locale, found, [*_babel_files(locale), Path(babel.lists.__file__)])

    return _kept_or_learnt(lambda folder: lists.kept_format(folder, locale), learn, keep)


@lru_cache(maxsize=256)
def format_ordinal(n: int, lang: str) -> str:
    """A place as the reader writes it: "1st", "2nd", "23rd" / "1.º", "2.º". The ending is the
    catalogue's; which one a number takes is the language's CLDR ordinal rule."""
    from babel import Locale

    from companion.core.ordinal import ORDINAL_KEYS  # the keys, where the extraction sees them

    form = Locale.parse(_locale(lang)).ordinal_form(n) if known_language(lang) else "other"
    return translate(ORDINAL_KEYS.get(form, ORDINAL_KEYS["other"]), lang, n=n)


@lru_cache(maxsize=1024)
def format_compact_number(value: float | int, lang: str) -> str:
    """A number in few characters for a chart's tick, with Babel's CLDR short patterns: "800K" in
    English, "800 mil" in Spanish (a non-breaking space: one line); the axis title says the unit.
    Up to three decimals, none written when they are zeros, so a tick at a round step reads as
    its value ("1.25M": with one decimal Babel wrote "1.2M" for 1,250,000, halves to even)."""
    from babel.numbers import format_compact_decimal

    if lang == PSEUDO:  # the pseudo-locale shows only catalogue letters: the number in full
        return format_number(value, lang)
    return str(format_compact_decimal(value, locale=_locale(lang), fraction_digits=3))


MINUS = "\u2212"  # a true minus sign: the one every number below zero is written with


@lru_cache(maxsize=4096)
def format_number(value: float | int, lang: str) -> str:
    """A count or an average in the reader's format: "36.4" in English, "36,4" in Spanish (one
    decimal at most, none when it is whole); below zero with a true minus ("−2,5")."""
    from babel.numbers import format_decimal

    # Babel's pattern would write the locale's hyphen-minus: the sign is ours, the digits Babel's
    said = str(format_decimal(abs(round(value, 1)), format="#,##0.#", locale=_locale(lang)))
    return MINUS + said if round(value, 1) < 0 else said


@lru_cache(maxsize=1024)
def format_percent(rate: float, lang: str) -> str:
    """A share as a whole percentage: "33%" in English, "33 %" in Spanish."""
    from babel.numbers import format_percent as babel_percent

    return str(babel_percent(rate, locale=_locale(lang)))


def format_score(value: int, unit: str, lang: str, *, change: bool = False) -> str:
    """A score as its game counts it: money ("$760,000", "760.000 $") or points; ``change``: a
    line that adds or takes away ("+$50,000", "−3", "±0").

    The one writer of a number's sign (tests/test_signs.py refuses one written elsewhere): below
    zero a true minus sign (U+2212), never a hyphen, with or without ``change``."""
    size = format_money(abs(value), lang) if unit == "money" else str(abs(value))
    if not size[:1].isdigit():  # "$50,000": a line may end between a sign and "$" (both prefixes)
        size = WORD_JOINER + size
    if value < 0:
        return MINUS + size
    if not change:
        return size.removeprefix(WORD_JOINER)
    return ("+" if value > 0 else "±") + size


WORD_JOINER = "\u2060"
"""Joins a sign to an amount written with its currency first ("+$50,000"): Unicode's line breaking
(UAX #14) keeps a prefix such as "$" with the digits after it, but not a sign with the "$" after
it, so at 412 px "+" ended one line and "$50,000" began the next. It is invisible and silent."""


MONEY_AVERAGE_STEP = 1000
"""Chinatown's money moves in $10,000 steps (rules_data/chinatown/game.json, money_unit): an
average of money, a presentation and not a rule, is written to the nearest 1,000 (one digit finer)
("$813,000", not "$813,333"); see docs/DECISIONS.md."""


def average_amount(value: float, unit: str) -> int:
    """An average (or a difference from one) as a whole amount: money to the nearest 1,000,
    points to the nearest one; halves away from zero, the same above and below it."""
    step = MONEY_AVERAGE_STEP if unit == "money" else 1
    steps = int(abs(value) / step + 0.5)
    return (steps if value >= 0 else -steps) * step


def format_average(value: float, unit: str, lang: str, *, change: bool = False) -> str:
    """An average as its game counts it (``format_score`` of ``average_amount``)."""
    return format_score(average_amount(value, unit), unit, lang, change=change)


def format_when(stored: str, lang: str, *, time: bool = True, day_only: bool = False) -> str:
    """A stored UTC time (the play log's) in this device's local time, as the reader writes dates:
    "31 May 2026, 20:05" / "31 may 2026, 20:05"; ``time=False``: the day alone. ``day_only``: a
    play known by its day alone (stored as its noon UTC): that day, on any clock."""
    from datetime import UTC, datetime

    from babel.dates import format_date, format_datetime

    try:
        when = datetime.fromisoformat(stored)
    except ValueError:
        return stored
    local = (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone()
    if day_only:
        return str(format_date(when.date(), "d MMM y", locale=_locale(lang)))
    if not time:
        return str(format_date(local, "d MMM y", locale=_locale(lang)))
    return str(format_datetime(local, "d MMM y, HH:mm", locale=_locale(lang)))


def format_month(key: str, lang: str) -> str:
    """A month key of the statistics ("2026-03") as the reader names it: "Mar 2026" / "mar 2026"."""
    from datetime import date

    from babel.dates import format_skeleton

    try:
        year, month = (int(part) for part in key.split("-"))
        return str(format_skeleton("yMMM", date(year, month, 1), locale=_locale(lang)))
    except ValueError:
        return key


def local_day(stored: str, *, day_only: bool = False) -> str:
    """The day (YYYY-MM-DD) a stored UTC time falls on in this device's local time; ``day_only``:
    the day of a play known by its day alone (its stored noon UTC's day, on any clock)."""
    from datetime import UTC, datetime

    if day_only:
        return stored[:10]
    try:
        when = datetime.fromisoformat(stored)
    except ValueError:
        return stored[:10]
    return (when if when.tzinfo else when.replace(tzinfo=UTC)).astimezone().date().isoformat()


@cache
def _money_pattern(locale: str) -> Any:
    from babel import Locale
    from babel.numbers import get_currency_precision
    from babel.numbers import parse_pattern as _parse_pattern

    standard = Locale.parse(locale).currency_formats["standard"].pattern
    whole = standard.split(";")[0].replace(".00", "").replace("¤", "'$'")
    assert get_currency_precision("USD") == 2  # the ".00" removed above
    return _parse_pattern(whole)


class _Formatter(string.Formatter):
    """``str.format`` with the reader's number formats; an unknown {field} stays visible."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def get_value(self, key: int | str, args: Any, kwargs: Mapping[str, Any]) -> Any:
        if isinstance(key, str) and key not in kwargs:
            return _Missing(key)
        return super().get_value(key, args, kwargs)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, _Missing):
            return "{" + value.name + (":" + format_spec if format_spec else "") + "}"
        if format_spec == "ordinal":
            return format_ordinal(value, self.lang) if isinstance(value, int) else str(value)
        if format_spec == "series":  # "38-41" said as a list: "38 and 41" / "38 y 41"
            return format_series(value, self.lang) if isinstance(value, str) else str(value)
        if format_spec == "number":  # grouped as the reader writes it: "7,170,000" / "7.170.000"
            return format_number(value, self.lang) if type(value) in (int, float) else str(value)
        if format_spec == "day":  # a day (YYYY-MM-DD) as the play log writes it; else as given
            return format_when(str(value), self.lang, time=False, day_only=True)
        if format_spec in ("money", "+money") and type(value) is int:  # +money: +$10,000, −$5,000, ±$0
            return format_score(value, "money", self.lang, change=format_spec == "+money")
        if format_spec in ("money", "+money"):
            return str(value)
        if format_spec == "" and type(value) is int and value < 0:  # "−3 VP", not "-3 VP"
            return format_score(value, "points", self.lang)
        return str(super().format_field(value, format_spec))


class _Lenient(dict[str, Any]):
    """Leave an unknown {field} visible instead of raising: a missing arg must not crash the UI."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class _Missing:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


@cache
def _formatter(lang: str) -> _Formatter:
    return _Formatter(lang)


def _counts(key: str) -> bool:
    """Whether ``key`` is a message with plural forms, whose ``n`` is a count (elsewhere ``n`` can
    be a number that names something, as a building's, and is shown as it is)."""
    return not isinstance(load(DEFAULT_LANGUAGE).messages.get(key, ""), str)


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **args: Any) -> str:
    """Render message ``key`` in ``lang``; fall back to English, then to the key itself.

    A plural message picks its form by ``n``; a missing argument stays visible as {name}.
    """
    n = args.get("n")
    template = load(lang).template(key, n) if known_language(lang) else None
    if template is None:
        template = load(DEFAULT_LANGUAGE).template(key, n)
    if template is None:
        return key
    if "{" not in template:
        return template
    if type(n) is int and not -1000 < n < 1000 and _counts(key):  # "10,000 games", "10.000 partidas"
        args = {**args, "n": format_number(n, lang if known_language(lang) else DEFAULT_LANGUAGE)}
    try:
        # the locale's money format ({x:money}, {x:+money}), a grouped number ({x:number}), an
        # ordinal, a day ({x:day}), or a number below zero: slower
        if (
            "money}" in template
            or "ordinal}" in template
            or "number}" in template
            or "day}" in template
            or "series}" in template
            or _below_zero(args)
        ):
            return _formatter(lang if known_language(lang) else DEFAULT_LANGUAGE).vformat(template, (), args)
        return template.format_map(_Lenient(args))
    except (ValueError, IndexError, KeyError, TypeError):
        return template


def _below_zero(args: Mapping[str, Any]) -> bool:
    """Whether an argument is an int below zero, which the formatter writes with a true minus.
    A loop, not any() over a generator: a third of the cost, on every text rendered."""
    for value in args.values():  # noqa: SIM110 (see above)
        if type(value) is int and value < 0:
            return True
    return False


t = translate


_WORDS = re.compile(r"\w+")


def restates(label: str, effect: str, names: Iterable[str] = ()) -> bool:
    """Whether an effect line only says the choice's label again ("Ana's marker lies on place 1"
    under "Ana's marker on place 1"): every number of it in the label, at most one word not (its
    verb), not counting the words of ``names`` (the players': "Dai draws from the silver pile"
    under the answer "Draw from the silver pile (32 left)"). Such a second line made every answer
    of Da Yu's marker and draw questions read twice; the review's "Ana takes the old monk" under
    the other choice that says so, too. Both texts in the same language, as rendered."""
    said, new = set(_WORDS.findall(label.lower())), set(_WORDS.findall(effect.lower()))
    new -= {w for name in names for w in _WORDS.findall(name.lower())}
    return len(new - said) <= 1 and {w for w in new if w.isdigit()} <= said
