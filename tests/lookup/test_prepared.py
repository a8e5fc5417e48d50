"""The command line's prepared index: the same answers as the app's, rebuilt when its inputs change."""

import json
import os
import subprocess
import sys

import pytest
from lookup_bank import ALL, BANK
from lookup_questions import QUESTIONS

from companion.lookup import fts, prepared

ASKED = [*sorted({(q[0], q[1], q[2]) for q in QUESTIONS}), ("dragon", "en", "droguht festivl")]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_prepared_index_answers_as_the_apps(cache, lang):
    prepared.index(lang)  # built and written
    assert (cache / f"lookup-{lang}.sqlite3").is_file()
    read = prepared.index(lang)  # read back
    assert read.db is not fts.index(lang).db
    for game, q_lang, query in ASKED:
        if q_lang == lang:
            for limit in (1, 10):
                assert read.search(query, game, limit) == fts.index(lang).search(query, game, limit)
    assert read.texts == fts.index(lang).texts


def test_an_edited_rules_file_is_read_and_validated_again(cache, rules_copy):
    def rules() -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "companion.cli", "rules", "dragon", "drought"],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "COMPANION_CACHE": str(cache), "COMPANION_RULES_DATA": str(rules_copy)},
        )

    assert rules().returncode == 0 and (cache / "lookup-en.sqlite3").is_file()
    path = rules_copy / "dragon" / "rules.en.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rules"][0]["title"] = ""  # a title may not be empty
    path.write_text(json.dumps(data), encoding="utf-8")
    out = rules()
    assert out.returncode == 2 and "rules.en.json" in out.stderr and out.stderr.count("\n") == 1


def test_a_damaged_cache_file_is_built_anew(cache):
    prepared.index("en")
    (cache / "lookup-en.sqlite3").write_bytes(b"not a database")
    assert prepared.index("en").search("drought", "dragon", 1)[0].rule_id == "dragon.event.drought"


def test_an_unwritable_cache_is_not_used(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("COMPANION_CACHE", str(blocked / "cache"))  # under a file: cannot be made
    assert prepared.index("en").search("drought", "dragon", 1)[0].rule_id == "dragon.event.drought"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_over_the_whole_question_bank_a_prepared_index_finds_what_the_apps_finds(cache, lang):
    """Issue 29's bank (tests/lookup_bank.py) asked of the built index and of one read back from
    its file: the same rules in the same order, with the same snippets, titles, words and scores,
    for every scope the app asks with (the question's game, all games, all games preferring one)."""
    prepared.index(lang)
    read, built = prepared.index(lang), fts.index(lang)
    assert read.db is not built.db
    asked = 0
    for game, q_lang, question, _answers, scope in BANK:
        if q_lang != lang:
            continue
        for within, prefer in ((None if scope == ALL else scope, None), (game, None), (None, game)):
            assert read.search(question, within, 10, prefer) == built.search(question, within, 10, prefer), (
                question
            )
            asked += 1
    assert asked >= 3 * 60
    # and what the ranking reads beside the FTS table, as plain data both ways
    assert read.state() == built.state()
