"""pofilter's checks over the catalogues (companion/i18n/qa_po.py, run by `make lint`).

Each enabled check is shown a bad text in a tiny English/Spanish catalogue pair and must name
it; the tunings for this project's texts must not report the good ones; the real catalogues
must have no finding.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from companion.i18n import qa_po
from companion.i18n.qa_po import ENGLISH_CHECKS, SPANISH_CHECKS, findings

KEY = "test.key"
Text = str | tuple[str, ...]


def _write(path: Path, lang: str, text: Text) -> Path:
    cat = Catalog(locale=lang)
    cat.add((KEY, KEY) if isinstance(text, tuple) else KEY, text)
    with path.open("wb") as f:
        write_po(f, cat, width=0)
    return path


def _findings(tmp_path: Path, english: Text, spanish: Text) -> list[str]:
    return findings(_write(tmp_path / "en.po", "en", english), _write(tmp_path / "es.po", "es", spanish))


def _checks(lines: list[str], lang: str = "es") -> set[str]:
    return {line.split(": ")[1] for line in lines if line.startswith(f"{lang} {KEY}: ")}


def test_the_real_catalogues_have_no_finding() -> None:
    assert findings() == []


def test_main_prints_nothing_and_exits_0_on_the_real_catalogues(capsys: pytest.CaptureFixture[str]) -> None:
    assert qa_po.main() == 0
    assert capsys.readouterr().out == ""


def test_a_finding_names_the_language_the_key_the_check_and_the_text(tmp_path: Path) -> None:
    lines = _findings(tmp_path, "Take a tile.", "Toma una loseta")
    assert lines == [f"es {KEY}: endpunc: Toma una loseta (Different punctuation at the end)"]


def test_main_exits_1_on_a_finding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = _findings(tmp_path, "Take a tile.", "Toma una loseta")
    monkeypatch.setattr(qa_po, "findings", lambda: bad)
    assert qa_po.main() == 1


# One bad Spanish text for each check run on the English -> Spanish pairs.
SPANISH_BAD = {
    "untranslated": ("Take a tile.", ""),
    "blank": ("Take a tile.", "   "),
    "unchanged": ("Dragon tile", "Dragon tile"),
    "pythonbraceformat": ("{player} takes a tile.", "Toma una loseta."),
    "variables": ("{n} of {n} tiles", "{n} losetas"),
    "numbers": ("Take 2 tiles.", "Toma 3 losetas."),
    "brackets": ("Palace (2 floors)", "Palacio 2 pisos"),
    "doublewords": ("Take the tile.", "Toma la la loseta."),
    "doublespacing": ("Take a tile.", "Toma  una loseta."),
    "puncspacing": ("Pick a tile, then play.", "Elige una loseta,luego juega."),
    "endpunc": ("Take a tile.", "Toma una loseta:"),
    "startwhitespace": ("Take a tile.", " Toma una loseta."),
    "endwhitespace": ("Take a tile:", "Toma una loseta: "),
    "newlines": ("Take a tile.\nThen play.", "Toma una loseta. Luego juega."),
    "tabs": ("Tiles:\t{n}", "Losetas: {n}"),
    "musttranslatewords": ("The player takes a tile.", "The player toma una loseta."),
}


def test_every_spanish_check_has_a_bad_example() -> None:
    assert set(SPANISH_BAD) == set(SPANISH_CHECKS)


@pytest.mark.parametrize("check", sorted(SPANISH_BAD))
def test_each_spanish_check_finds_its_bad_text(tmp_path: Path, check: str) -> None:
    english, spanish = SPANISH_BAD[check]
    assert check in _checks(_findings(tmp_path, english, spanish))


# One bad English text for each check that English goes through as its own target.
ENGLISH_BAD = {
    "doublewords": "Take the the tile.",
    "doublespacing": "Take a  tile.",
    "puncspacing": "Pick a tile,then play.",
    "startwhitespace": " Take a tile.",
    "endwhitespace": "Take a tile. ",
}


def test_every_english_check_has_a_bad_example() -> None:
    assert set(ENGLISH_BAD) == set(ENGLISH_CHECKS)


@pytest.mark.parametrize("check", sorted(ENGLISH_BAD))
def test_each_english_check_finds_its_bad_text(tmp_path: Path, check: str) -> None:
    lines = _findings(tmp_path, ENGLISH_BAD[check], "Toma una loseta.")
    assert check in _checks(lines, "en")


def test_a_plural_form_that_drops_a_field_is_found(tmp_path: Path) -> None:
    lines = _findings(
        tmp_path,
        ("{n} tile for {player}", "{n} tiles for {player}"),
        ("{n} loseta", "{n} losetas", "{n} losetas"),
    )
    assert {"pythonbraceformat", "variables"} <= _checks(lines)


@pytest.mark.parametrize(
    ("english", "spanish"),
    [
        # plural forms, each with its source form
        (("{n} tile", "{n} tiles"), ("{n} loseta", "{n} losetas", "{n} losetas")),
        # fields in another order, fields with a format spec
        ("{age} {type}", "{type} {age}"),
        ("{player} pays {amount:money}.", "{player} paga {amount:money}."),
        # a word repeated around a field or a lone punctuation mark
        ("{tile} tile of {player}", "Ficha de {tile} de {player}"),
        ("{month} · {phase} · {order}", "Mes {month} · {phase} · {order}"),
        ("{player}: {rule}: release a person.", "{player}: {rule}: libera a una persona."),
        # legitimately the same in both languages
        ("OK", "OK"),
        ("Chinatown", "Chinatown"),
        (("+{n} yuan", "+{n} yuan"), ("+{n} yuan", "+{n} yuanes", "+{n} yuanes")),
        ("{n} min", "{n} min"),
        # Spanish spacing: money after the number, quotes moved, "p. ej."
        ("from $0 to {high:money}", "entre 0 $ y {high:money}"),
        (
            'The input must be an object with a "players" list.',
            'La entrada debe ser un objeto con una lista "players".',
        ),
        ("money (e.g. 760000) and tiles.", "dinero (p. ej. 760000) y losetas."),
        # a question opens with ¿ in Spanish
        ("{player}: where does the tile go?", "{player}: ¿dónde va la ficha?"),
    ],
)
def test_good_texts_have_no_finding(tmp_path: Path, english: Text, spanish: Text) -> None:
    assert _findings(tmp_path, english, spanish) == []


def test_catalogues_can_be_given_as_babel_catalogs() -> None:
    en, es = Catalog(locale="en"), Catalog(locale="es")
    en.add(KEY, "Take a tile.")
    es.add(KEY, "Toma una loseta")
    assert _checks(findings(en, es)) == {"endpunc"}


def test_an_allowed_finding_is_left_out_for_its_key_only() -> None:
    def pair(key: str) -> list[str]:
        en, es = Catalog(locale="en"), Catalog(locale="es")
        en.add(key, "Frame bonus ({frame})")
        es.add(key, "Bonificación de marco {frame}")
        return findings(en, es)

    assert pair("dayu.score.frame_bonus") == []
    assert [line.split(": ")[1] for line in pair(KEY)] == ["brackets"]
