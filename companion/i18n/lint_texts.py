"""``python -m companion.i18n.lint_texts``: the termbase and the rendered-text checks over every
text the app ships, in ``make lint``.

- Every catalogue text of both languages, each plural form, rendered with sample values (a
  player's name for a name, 0, 1, 2 and 5 for a plural message's count, a sum of money for a
  money field, a number for anything else), through every check of companion/i18n/textcheck.py.
- Every game's History lines (its ``<game>.fx.*`` texts) end alike, and alike across the
  games: none with a full stop, as the entry lines above them (each game's ``did`` texts) and
  the list lines of the rest of the app. Chinatown's read "Ana takes the start player card."
  above "Ana: +$10,000 from Antiques 1, incomplete (1/6)", then Dragon's had none where Da Yu's
  and Chinatown's had one (issue 25). ``FX_FRAGMENTS`` are the keys that are parts of a line.
- Every rules-data text a player reads (rule titles and texts, clarifications, first-game tips)
  through the termbase. The search phrasings and synonyms are left out on purpose: they list the
  words players might type, variants included, so that a search finds the rule.

The texts of real games are checked by tests/test_render_corpus.py (random complete games of
each game in both languages).
"""

from __future__ import annotations

import json
import string
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.i18n import LANGUAGES, load, translate
from companion.i18n import termbase as tb
from companion.i18n.textcheck import check

NAME_FIELDS = {"player", "name", "giver", "receiver", "keep", "gone", "first", "owner", "other"}
SAMPLE_NAMES = ("Ana", "Ben", "Carla", "Dan")
LIST_FIELDS = {"players", "names"}
MONEY_SAMPLE = 10_000
COUNTS = (0, 1, 2, 5)
# Keys whose text shows a number as the player types it (an input example, not an amount).
TYPED_NUMBERS = {"ui.chinatown.money_digits", "ui.chinatown.quick.final_hint", "plays.calc.too_big"}


def _sample_args(template: str, n: int | None) -> dict[str, Any]:
    args: dict[str, Any] = {}
    names = iter(SAMPLE_NAMES * 3)
    for _, field, spec, _ in string.Formatter().parse(template):
        if not field:
            continue
        if field == "n" and n is not None:
            args[field] = n
        elif spec and "money" in spec:
            args[field] = MONEY_SAMPLE
        elif field in NAME_FIELDS:
            args[field] = next(names)
        elif field in LIST_FIELDS:
            args[field] = "Ben, Carla"
        else:  # a word no check reads as a count, a name or the start of a sentence
            args[field] = "x"
    return args


def catalogue_renders(lang: str) -> Iterator[tuple[str, str]]:
    """(key, text) for every catalogue text rendered with sample values."""
    for key, value in sorted(load(lang).messages.items()):
        if isinstance(value, str):
            yield key, translate(key, lang, **_sample_args(value, None))
        else:
            for n in COUNTS:
                yield key, translate(key, lang, **_sample_args(value[-1], n))


def catalogue_findings(lang: str) -> list[str]:
    out = []
    for key, text in catalogue_renders(lang):
        for f in check(text, lang, tb.game_of(key), names=SAMPLE_NAMES):
            if f.check == "money" and key in TYPED_NUMBERS:
                continue
            out.append(f"{lang} {key}: {f}")
    return out


# Effect texts that are part of a line, joined with " · " into one (the income card's businesses)
FX_FRAGMENTS = {"chinatown.fx.business_complete", "chinatown.fx.business_incomplete"}


def fx_ending_findings(lang: str, messages: dict[str, Any] | None = None) -> list[str]:
    """The History lines, of any game, that end with a full stop (docs/DECISIONS.md, texts58)."""
    out = []
    for key, value in sorted((messages if messages is not None else load(lang).messages).items()):
        parts = key.split(".")
        if len(parts) > 2 and parts[0] in tb.GAMES and parts[1] == "fx" and key not in FX_FRAGMENTS:
            forms = [value] if isinstance(value, str) else list(value)
            if any(f.rstrip().endswith(".") for f in forms):
                out.append(
                    f"{lang} {key}: History line with a full stop, where every game's lines end without one"
                )
    return out


def _shown(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """The strings of a rules-data file a player reads, with where they are."""
    if isinstance(data, dict):
        for k, v in data.items():
            if k not in {"phrasings", "synonyms", "filler", "words", "id", "rule_id", "tags", "status"}:
                yield from _shown(v, f"{path}.{k}" if path else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _shown(v, f"{path}[{i}]")
    elif isinstance(data, str):
        yield path, data


def rules_data_findings(lang: str, root: Path | None = None) -> list[str]:
    from companion.core.data import rules_data_dir

    root = root or rules_data_dir()
    out = []
    for path in sorted(root.glob(f"*/*.{lang}.json")):
        game = path.parent.name if path.parent.name in tb.GAMES else None
        for where, text in _shown(json.loads(path.read_text(encoding="utf-8"))):
            out += [
                f"{lang} {path.parent.name}/{path.name} {where}: termbase: {v}: {text[:90]!r}"
                for v in tb.variants(text, lang, game)
            ]
    return out


def findings() -> list[str]:
    out: list[str] = []
    for lang in LANGUAGES:
        out += catalogue_findings(lang)
        out += fx_ending_findings(lang)
        out += rules_data_findings(lang)
    return out


def main() -> int:
    found = findings()
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} findings in the texts (companion/i18n/textcheck.py says what each check wants)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
