"""Every text of twenty random complete games of each game, rendered in English and in Spanish,
passes every rendered-text check (companion/i18n/textcheck.py): 0 findings.

The texts (tests/render_corpus.py) are what the screens show: prompts, choices, effects,
banners, history, scores, foresight, round summaries, statistics, rules and tips, and the
refusals of illegal entries and damaged files.
"""

from __future__ import annotations

import pytest
from render_corpus import GAMES_PER_GAME, corpus, games_played, names

from companion.i18n import LANGUAGES
from companion.i18n.textcheck import check


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_of_random_games_passes_the_checks(lang):
    texts = corpus(lang)
    findings = [
        f"{r.game} {r.source} {r.key}: {f}"
        for r in texts
        for f in check(r.text, lang, None if r.game == "app" else r.game, names())
    ]
    assert not findings, f"{len(findings)} findings:\n" + "\n".join(sorted(set(findings))[:40])


def test_the_corpus_is_twenty_games_of_each_game_with_every_kind_of_text():
    assert all(n >= GAMES_PER_GAME >= 20 for n in games_played().values())
    sources = {r.source for r in corpus("es")}
    for needed in (
        "prompt",
        "choice",
        "effect",
        "banner",
        "foresight",
        "summary",
        "score",
        "statistics",
        "tip",
        "error",
    ):
        assert needed in sources, needed
