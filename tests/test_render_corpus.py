"""The rendered-text corpus (tests/render_corpus.py) covers every game and every kind of text,
in English and in Spanish, from the same games; and every text of it passes every rendered-text
check (companion/i18n/textcheck.py): 0 findings.

The texts are what the screens show: prompts, choices, effects, banners, history, scores,
foresight, round summaries, statistics, rules and tips, and the refusals of illegal entries and
damaged files. The checks live in this file, beside the coverage, so the corpus (twenty random
complete games of each game) is played once per test run: ``--dist loadfile`` keeps a file on
one worker, and the corpus is cached per process."""

from __future__ import annotations

from collections import Counter

import pytest
from render_corpus import GAMES_PER_GAME, corpus, games_played, names

from companion.i18n.textcheck import check

LANGS = ("en", "es")
GAMES = ("dragon", "chinatown", "dayu")
PER_GAME = ("prompt", "choice", "effect", "banner", "standing", "history", "score", "tie_break")
SOURCES = (
    *PER_GAME,
    "foresight",
    "summary",
    "statistics",
    "plays",
    "tip",
    "rule",
    "error",
)


@pytest.fixture(scope="module", params=LANGS)
def texts(request):
    return corpus(request.param)


def test_every_text_passes_the_checks(texts):
    lang = texts[0].lang
    findings = [
        f"{r.game} {r.source} {r.key}: {f}"
        for r in texts
        for f in check(r.text, lang, None if r.game == "app" else r.game, names())
    ]
    assert not findings, f"{len(findings)} findings:\n" + "\n".join(sorted(set(findings))[:40])


def test_enough_games_of_each_game():
    assert GAMES_PER_GAME >= 20
    assert games_played() == dict.fromkeys(GAMES, GAMES_PER_GAME)


def test_every_game_and_source(texts):
    seen = Counter((r.game, r.source) for r in texts)
    for game in GAMES:
        for source in SOURCES:
            assert seen[game, source] > 0, (game, source)
    for source in ("error", "tip", "rule", "statistics", "plays"):
        assert seen["app", source] > 0, source
    assert {r.source for r in texts} == set(SOURCES)


def test_rendered_in_its_language_and_not_empty(texts):
    lang = texts[0].lang
    assert all(r.lang == lang and r.text.strip() and r.key for r in texts)


def test_same_messages_in_both_languages():
    """Each language renders the same Msgs: the counts per (game, source) differ only where two
    Msgs render alike in one language and not in the other (then within 2 %)."""
    en, es = (Counter((r.game, r.source) for r in corpus(lang)) for lang in LANGS)
    assert en.keys() == es.keys()
    for k in en:
        assert abs(en[k] - es[k]) <= max(2, en[k] // 50), (k, en[k], es[k])


def test_errors_are_refusals_not_crashes():
    keys = {r.key for r in corpus("en") if r.source == "error"}
    for key in (
        "core.entry.malformed",
        "core.entry.wrong_seat",
        "core.entry.game_over",
        "core.file.not_json",
    ):
        assert key in keys
    assert any(k.startswith("share.code.") for k in keys)
    for game in GAMES:
        assert any(k.startswith(f"{game}.") for k in keys), game


def test_names_are_the_players():
    assert set(names()) >= {"Ana", "Ben"}
    assert any("Ana" in r.text for r in corpus("en") if r.source == "prompt")
