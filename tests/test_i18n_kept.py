"""Parsed catalogues kept for the command line (keep_parsed_catalogs): the same messages as a
parse, and parsed again when the .po file changes or the kept file is damaged."""

import shutil

import pytest

from companion import i18n


@pytest.fixture
def kept(tmp_path):
    i18n.keep_parsed_catalogs(tmp_path / "cache")
    yield tmp_path / "cache"
    i18n.keep_parsed_catalogs(None)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_kept_catalogue_is_the_parsed_one(kept, lang):
    parsed = i18n.read_catalog(lang)  # parsed, then kept
    assert (kept / f"catalog-{lang}.json").is_file()
    again = i18n.read_catalog(lang)  # read back
    assert again.messages == parsed.messages
    assert [again.plural(n) for n in range(5)] == [parsed.plural(n) for n in range(5)]


def test_a_changed_or_damaged_catalogue_is_parsed_again(kept, tmp_path):
    po = tmp_path / "messages.po"
    shutil.copy(i18n.po_path("es"), po)
    assert "test.kept" not in i18n.read_catalog("es", po).messages  # parsed, then kept
    with po.open("a", encoding="utf-8") as f:
        f.write('\nmsgid "test.kept"\nmsgstr "nuevo"\n')
    assert i18n.read_catalog("es", po).messages["test.kept"] == "nuevo"  # not the kept one
    (kept / "catalog-es.json").write_text("{not json", encoding="utf-8")
    assert i18n.read_catalog("es", po).messages["test.kept"] == "nuevo"
