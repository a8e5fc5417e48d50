"""The catalogues: .po files in sync with the code, Babel's formats, the pseudo-locale, the
JSON import for merging other branches' texts, and every rule in every language."""

import json
import shutil

import pytest

from companion.core.data import rules_data_dir
from companion.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    PSEUDO,
    TEMPLATE,
    catalog,
    format_money,
    po_path,
    read_catalog,
    translate,
)
from companion.i18n.tools import check, extract, import_json, update


def test_catalogues_are_in_sync_with_the_code():
    """What `make lint` checks: no key missing, unused, untranslated, fuzzy or with other fields."""
    assert check() == []


@pytest.fixture
def copy(tmp_path):
    """The catalogues and template copied aside, to break on purpose."""
    shutil.copytree(LOCALE_DIR, tmp_path / "locale")
    shutil.copy(TEMPLATE, tmp_path / "messages.pot")
    return tmp_path / "locale", tmp_path / "messages.pot"


def _drop(path, key):
    text = path.read_text(encoding="utf-8")
    start = text.index(f'msgid "{key}"\n')
    end = text.index("\n\n", start)
    path.write_text(text[:start] + text[end + 2 :], encoding="utf-8")


def test_the_check_finds_a_missing_an_unused_and_an_untranslated_key(copy):
    locale, pot = copy
    _drop(po_path("es", locale), "dragon.fx.taxes")
    es = po_path("es", locale)
    es.write_text(
        es.read_text(encoding="utf-8") + '\nmsgid "dragon.fx.nobody_uses_this"\nmsgstr "x"\n', "utf-8"
    )
    en = po_path("en", locale)
    en.write_text(en.read_text(encoding="utf-8").replace('msgstr "Build the Wall"', 'msgstr ""'), "utf-8")
    problems = "\n".join(check(locale, pot))
    assert "es: dragon.fx.taxes is missing" in problems
    assert "es: dragon.fx.nobody_uses_this is not used by any code" in problems
    assert "en: dragon.action.wall is untranslated" in problems


def test_the_check_finds_a_stale_template_and_update_brings_the_languages_in_line(copy):
    locale, pot = copy
    _drop(pot, "dragon.fx.taxes")
    assert any("messages.pot is stale" in p for p in check(locale, pot))
    assert extract(locale, pot) == []
    _drop(po_path("es", locale), "dragon.fx.taxes")
    update(locale, pot)  # as `pybabel update`: the key is back, empty for the translator
    es = read_catalog("es", po_path("es", locale))
    assert "dragon.fx.taxes" not in es.messages
    assert "es: dragon.fx.taxes is untranslated or fuzzy" in check(locale, pot)


def test_import_json_adds_another_branchs_texts_with_plural_forms(copy, tmp_path):
    locale, _ = copy
    (tmp_path / "en.json").write_text(
        json.dumps({"ui.x.hello": "Hello {player}", "ui.x.cards": {"one": "{n} card", "other": "{n} cards"}}),
        "utf-8",
    )
    (tmp_path / "es.json").write_text(
        json.dumps(
            {"ui.x.hello": "Hola, {player}", "ui.x.cards": {"one": "{n} carta", "other": "{n} cartas"}}
        ),
        "utf-8",
    )
    assert import_json([tmp_path / "en.json", tmp_path / "es.json"], locale) == []
    es = read_catalog("es", po_path("es", locale))
    assert es.messages["ui.x.hello"] == "Hola, {player}"
    assert es.messages["ui.x.cards"] == ("{n} carta", "{n} cartas", "{n} cartas")  # one, many, other
    assert [es.messages["ui.x.cards"][es.plural(n)].format(n=n) for n in (1, 2)] == ["1 carta", "2 cartas"]
    (tmp_path / "es.json").write_text(json.dumps({"ui.x.hello": "Hola"}), "utf-8")
    assert import_json([tmp_path / "en.json", tmp_path / "es.json"], locale)  # keys differ: refused


def test_money_and_numbers_in_the_readers_locale():
    assert format_money(10_000, "en") == "$10,000"
    assert format_money(10_000, "es") == "10.000\xa0$"  # Spanish: dots, the sign after a fixed space
    assert translate("ui.chinatown.money", "es", amount=125_000) == "125.000\xa0$"
    assert translate("ui.chinatown.money", "en", amount=125_000) == "$125,000"


def test_a_count_in_the_readers_format():
    assert translate("ui.plays.count", "en", n=10_000) == "10,000 games"
    assert translate("ui.plays.count", "es", n=10_000) == "10.000 partidas"
    assert translate("ui.plays.count", "en", n=999) == "999 games"
    assert "9876" in translate("ui.chinatown.building", "en", n=9876, district=1)  # n names a building


def test_translate_falls_back_and_keeps_unknown_fields_visible():
    assert translate("no.such.key", "es") == "no.such.key"
    assert "{player}" in translate("core.entry.wrong_seat", "en")
    assert translate("core.entry.wrong_seat", "de", player="Ana") == translate(
        "core.entry.wrong_seat", "en", player="Ana"
    )


def test_the_pseudo_locale_accents_and_brackets_every_text_and_keeps_fields():
    en, qps = catalog("en"), catalog(PSEUDO)
    assert set(qps) == set(en)
    assert translate("dragon.label.taxes", PSEUDO, n=3) == "[Ţáẋéš: +3\u00a0ýûáñ]"
    assert all(t.startswith("[") and t.endswith("]") for t in qps.values())


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_gnu_msgfmt_accepts_the_catalogues(lang, tmp_path):
    """The tools translators use read these files: msgfmt checks syntax, plural forms and fields."""
    import subprocess

    done = subprocess.run(
        ["msgfmt", "-c", "-o", str(tmp_path / "m.mo"), str(po_path(lang))], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def games_with_rules() -> list[str]:
    return sorted(p.name for p in rules_data_dir().iterdir() if (p / "rules.en.json").exists())


@pytest.mark.parametrize("game", games_with_rules())
def test_every_rule_id_exists_in_every_language(game):
    ids = {}
    for lang in LANGUAGES:
        path = rules_data_dir() / game / f"rules.{lang}.json"
        assert path.exists(), f"{path} missing"
        ids[lang] = {r["id"] for r in json.loads(path.read_text(encoding="utf-8"))["rules"]}
    for lang in LANGUAGES[1:]:
        assert ids[lang] == ids[LANGUAGES[0]], (
            f"{game}: only in {LANGUAGES[0]}: {sorted(ids[LANGUAGES[0]] - ids[lang])}; "
            f"only in {lang}: {sorted(ids[lang] - ids[LANGUAGES[0]])}"
        )
