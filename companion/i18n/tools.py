"""Catalogue tools: ``python -m companion.i18n.tools extract|update|check|import-json``.

- ``extract``: write ``messages.pot`` from the keys the code uses (see keys.py); each entry
  carries the English text as a comment, so a translator in Poedit sees what to translate.
- ``update``: bring every language's ``.po`` in line with the template (Babel's
  ``Catalog.update``, as ``pybabel update`` does): new keys appear empty, dropped keys go.
- ``check``: fail when the template is stale, a language lacks a key, has an empty or fuzzy
  entry, a key no code uses, or format fields ({name}) that differ from English. ``make lint`` runs it.
- ``import-json EN.json ES.json [LANG.json ...]``: add a flat JSON catalogue pair (key ->
  ``str.format`` template, or an object of CLDR plural forms such as {"one": ..., "other":
  ...}) to the ``.po`` sources, one file per language in the order of LANGUAGES.

``make i18n`` runs extract then update.
"""

from __future__ import annotations

import argparse
import json
import string
import sys
from datetime import datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog as PoCatalog
from babel.messages.catalog import Message
from babel.messages.pofile import read_po, write_po

from companion.i18n import LANGUAGES, LOCALE_DIR, TEMPLATE, po_path

_FIXED_DATE = datetime(2026, 1, 1)  # fixed header dates keep the files stable between runs
_HEADER = "Table Companion messages. Each msgid is a message key; the msgstr is what the player reads."


def _read(path: Path, lang: str | None = None) -> PoCatalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _write(path: Path, cat: PoCatalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    cat.creation_date = cat.revision_date = _FIXED_DATE
    cat.msgid_bugs_address = ""  # no address: the project's issue tracker takes reports
    if cat.locale is not None and cat.last_translator.startswith("FULL NAME"):
        cat.last_translator = "the Table Companion authors"
        cat.language_team = f"{cat.locale} (the Table Companion authors)"
    with path.open("wb") as f:
        write_po(f, cat, width=0, sort_output=True, omit_header=False, ignore_obsolete=True)


def _new_catalog(lang: str | None) -> PoCatalog:
    cat = PoCatalog(
        locale=lang,
        project="Table Companion",
        version="1",
        copyright_holder="the Table Companion authors",
        msgid_bugs_address="",
        header_comment=f"# {_HEADER}",
        fuzzy=False,
    )
    return cat


def _key(m: Message) -> str:
    """A message's key: its id, or the singular id of a plural message."""
    return m.id if isinstance(m.id, str) else m.id[0]


def _forms(m: Message) -> list[str]:
    """A message's texts: the one, or one per plural form."""
    return [m.string] if isinstance(m.string, str) else list(m.string or ())


def format_fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


# ---- extract -------------------------------------------------------------------------------
def build_template(locale_dir: Path = LOCALE_DIR) -> tuple[PoCatalog, list[str]]:
    """The template from the code, plural forms and English texts taken from en.po."""
    from companion.core.data import rules_data_dir
    from companion.i18n.families import families
    from companion.i18n.keys import scan

    english = _read(po_path("en", locale_dir), "en")
    rule_ids: set[str] = set()
    for path in rules_data_dir().glob("*/rules.en.json"):
        rule_ids |= {r["id"] for r in json.loads(path.read_text(encoding="utf-8"))["rules"]}
    known = {_key(m) for m in english if m.id}
    found = scan(known, rule_ids, families())
    problems = [f"{k}: used at {', '.join(w[:2])} but no catalogue has it" for k, w in found.unknown.items()]
    problems += [
        f"{p}: a key built at run time at {', '.join(w[:2])}; declare it in companion/i18n/families.py"
        for p, w in found.undeclared.items()
    ]
    pot = _new_catalog(None)
    for key, where in sorted(found.used.items()):
        src = english[key]
        mid = (key, key) if src.pluralizable else key
        comments = [f"English: {t}" for t in _forms(src)]
        locations = sorted({(w.split(":")[0], int(w.split(":")[1])) for w in where})[:3]
        pot.add(mid, auto_comments=comments, locations=locations, flags=("python-brace-format",))
    return pot, problems


def extract(locale_dir: Path = LOCALE_DIR, template: Path = TEMPLATE) -> list[str]:
    pot, problems = build_template(locale_dir)
    _write(template, pot)
    return problems


# ---- update --------------------------------------------------------------------------------
def update(locale_dir: Path = LOCALE_DIR, template: Path = TEMPLATE) -> None:
    pot = _read(template)
    for lang in LANGUAGES:
        path = po_path(lang, locale_dir)
        cat = _read(path, lang) if path.exists() else _new_catalog(lang)
        cat.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        _write(path, cat)


# ---- check ---------------------------------------------------------------------------------
def check(locale_dir: Path = LOCALE_DIR, template: Path = TEMPLATE) -> list[str]:
    """Everything wrong with the catalogues, as lines to show; empty when all is in order."""
    fresh, problems = build_template(locale_dir)
    stored = _read(template)
    want = {_key(m): m for m in fresh if m.id}
    have = {_key(m): m for m in stored if m.id}
    if set(want) != set(have) or any(want[k].pluralizable != have[k].pluralizable for k in want):
        problems.append(
            f"messages.pot is stale (run `make i18n`): new {sorted(set(want) - set(have))[:5]},"
            f" gone {sorted(set(have) - set(want))[:5]}"
        )
    english = _read(po_path("en", locale_dir), "en")
    for lang in LANGUAGES:
        cat = _read(po_path(lang, locale_dir), lang)
        nplurals = cat.num_plurals
        ids = {_key(m): m for m in cat if m.id}
        for key in sorted(set(want) - set(ids)):
            problems.append(f"{lang}: {key} is missing (used in the code)")
        for key in sorted(set(ids) - set(want)):
            problems.append(f"{lang}: {key} is not used by any code (remove it, or `make i18n`)")
        for key in sorted(set(ids) & set(want)):
            m, en = ids[key], english[key]
            if m.pluralizable != want[key].pluralizable:
                problems.append(f"{lang}: {key} plural forms differ from the template")
                continue
            forms = _forms(m)
            if m.fuzzy or not all(f.strip() for f in forms):
                problems.append(f"{lang}: {key} is untranslated or fuzzy")
                continue
            if m.pluralizable and len(forms) != nplurals:
                problems.append(f"{lang}: {key} has {len(forms)} plural forms, {lang} needs {nplurals}")
            expected = set().union(*(format_fields(f) for f in _forms(en)))
            for f in forms:
                try:
                    got = format_fields(f)
                except ValueError as exc:
                    problems.append(f"{lang}: {key} is not a valid template ({exc})")
                    continue
                if not got <= expected or (not m.pluralizable and got != expected):
                    problems.append(
                        f"{lang}: {key} format fields {sorted(got)} differ from {sorted(expected)}"
                    )
    return problems


# ---- import-json ---------------------------------------------------------------------------
def import_json(paths: list[Path], locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Add flat JSON catalogues (one per language, in the order of LANGUAGES) to the .po files."""
    if len(paths) != len(LANGUAGES):
        return [f"give one JSON file per language, in this order: {', '.join(LANGUAGES)}"]
    problems: list[str] = []
    data = {lang: json.loads(p.read_text(encoding="utf-8")) for lang, p in zip(LANGUAGES, paths, strict=True)}
    keys = set(data[LANGUAGES[0]])
    for lang in LANGUAGES[1:]:
        if set(data[lang]) != keys:
            problems.append(f"{lang}: keys differ from {LANGUAGES[0]}: {sorted(set(data[lang]) ^ keys)[:5]}")
    if problems:
        return problems
    for lang in LANGUAGES:
        path = po_path(lang, locale_dir)
        cat = _read(path, lang) if path.exists() else _new_catalog(lang)
        categories = _plural_categories(lang, cat.num_plurals)
        for key, value in data[lang].items():
            old = cat.get(key)
            if isinstance(value, dict):
                forms = tuple(value.get(c) or value["other"] for c in categories)
                new = Message((key, key), forms, flags=("python-brace-format",))
            else:
                new = Message(key, value, flags=("python-brace-format",))
            if old is not None and old.string != new.string:
                problems.append(f"{lang}: {key} already exists with another text; left as it was")
                continue
            cat[key] = new
        _write(path, cat)
    return problems


def _plural_categories(lang: str, nplurals: int) -> list[str]:
    """The CLDR categories in the order of the language's gettext plural forms."""
    order = {"en": ["one", "other"], "es": ["one", "many", "other"]}.get(lang)
    if order is None or len(order) != nplurals:
        loc = Locale.parse(lang)
        order = sorted(
            loc.plural_form.tags | {"other"}, key=["zero", "one", "two", "few", "many", "other"].index
        )
    return order[:nplurals]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m companion.i18n.tools", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("extract", help="write messages.pot from the code")
    sub.add_parser("update", help="bring every .po in line with messages.pot")
    sub.add_parser("check", help="fail on a stale template, a missing, unused or untranslated key")
    p = sub.add_parser("import-json", help="add flat JSON catalogues (one per language) to the .po files")
    p.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    if args.command == "extract":
        problems = extract()
    elif args.command == "update":
        update()
        problems = []
    elif args.command == "check":
        problems = check()
    else:
        problems = import_json(args.files)
    for line in problems:
        print(line, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
