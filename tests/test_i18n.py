"""Every message exists in every language with the same placeholders; every rule in every language."""

import json
import string
from pathlib import Path

import pytest

from companion.core.data import rules_data_dir
from companion.i18n import LANGUAGES, catalog

I18N = Path(__file__).resolve().parents[1] / "companion" / "i18n"


def placeholders(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def namespaces() -> list[str]:
    return sorted({p.stem for lang in LANGUAGES for p in (I18N / lang).glob("*.json")})


@pytest.mark.parametrize("namespace", namespaces())
def test_every_key_in_every_language_with_the_same_placeholders(namespace):
    files = {lang: I18N / lang / f"{namespace}.json" for lang in LANGUAGES}
    missing_files = [lang for lang, f in files.items() if not f.exists()]
    assert not missing_files, f"{namespace}.json missing in {missing_files}"
    data = {lang: json.loads(f.read_text(encoding="utf-8")) for lang, f in files.items()}
    base = data[LANGUAGES[0]]
    for lang in LANGUAGES[1:]:
        assert set(data[lang]) == set(base), (
            f"{namespace}: only in {LANGUAGES[0]}: {sorted(set(base) - set(data[lang]))}; "
            f"only in {lang}: {sorted(set(data[lang]) - set(base))}"
        )
        for key, template in base.items():
            assert placeholders(data[lang][key]) == placeholders(template), f"{lang} {key}"
    prefix = namespace.replace("_", ".") + "."  # ui_dragon.json holds the ui.dragon.* keys
    for lang, d in data.items():
        for key, template in d.items():
            assert key.startswith(prefix), f"{lang}/{namespace}.json: {key} outside its namespace"
            assert template.strip(), f"{lang} {key} is empty"


def test_catalogues_load_without_duplicates():
    for lang in LANGUAGES:
        assert catalog(lang)


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
