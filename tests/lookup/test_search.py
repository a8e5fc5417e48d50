"""Ranked search in players' words: the question set, and the pieces that make it work."""

from __future__ import annotations

import pytest
from lookup_questions import QUESTIONS

from companion.core.data import DataError
from companion.lookup import search
from companion.lookup.text import words


def _rank(game: str, lang: str, question: str, answers: tuple[str, ...]) -> int | None:
    found = [h.rule_id for h in search(question, lang, game, 10)]
    ranks = [found.index(a) for a in answers if a in found]
    return min(ranks) if ranks else None


def test_the_question_set_covers_what_it_must():
    assert len(QUESTIONS) >= 80
    spanish = [q for q in QUESTIONS if q[1] == "es"]
    assert len(spanish) * 2 >= len(QUESTIONS)
    assert {q[0] for q in QUESTIONS} == {"dragon", "chinatown", "dayu"}
    answers = {a for q in QUESTIONS for a in q[3]}
    assert any(a.startswith("dragon.wall.") for a in answers)  # The Great Wall
    assert any(a.startswith("dragon.super.") for a in answers)  # Super Events


@pytest.mark.parametrize("lang", ["en", "es"])
def test_nine_in_ten_questions_answered_in_the_first_three(lang):
    asked = [q for q in QUESTIONS if q[1] == lang]
    ranks = {q[2]: _rank(*q) for q in asked}
    missing = [q for q, r in ranks.items() if r is None]
    assert not missing, f"not in the first ten: {missing}"
    late = [q for q, r in ranks.items() if r is not None and r >= 3]
    assert len(late) <= len(asked) // 10, f"answered after the third result: {late}"


@pytest.mark.parametrize(
    ("game", "lang", "question", "answer"),
    [(*q[:3], q[3][0]) for q in QUESTIONS[:10]],  # the ones issue 16 reported, best first
)
def test_the_questions_of_issue_16_come_first_or_second(game, lang, question, answer):
    found = [h.rule_id for h in search(question, lang, game, 3)]
    assert answer in found[:2], found


def test_accents_and_case_are_ignored():
    for query in ("SEQUÍA", "sequia", "Sequía"):
        assert search(query, "es", "dragon")[0].rule_id == "dragon.event.drought"


def test_a_typo_still_finds_the_rule():
    assert search("droght", "en", "dragon")[0].rule_id == "dragon.event.drought"
    assert search("drian", "en", "dayu", 3)[0].rule_id.startswith("dayu.drain.")


@pytest.mark.parametrize(
    ("lang", "query", "rule_id"),
    [
        ("en", "epidemic", "dragon.event.contagion"),
        ("en", "plague", "dragon.event.contagion"),
        ("es", "peste", "dragon.event.contagion"),
        ("en", "money emperor", "dragon.event.tribute"),
        ("es", "empate", "dragon.final.tie_break"),
        ("en", "draw", "dragon.final.tie_break"),
    ],
)
def test_synonyms_players_use(lang, query, rule_id):
    assert rule_id in [h.rule_id for h in search(query, lang, "dragon", 3)]


def test_synonyms_belong_to_their_game():
    # In Dragon a "draw" is a tie; in Da Yu it is drawing tool cards.
    assert search("draw", "en", "dayu")[0].rule_id.startswith("dayu.draw.")


def test_a_hit_shows_the_words_that_matched():
    hit = search("what happens if my palaces are full", "en", "dragon")[0]
    assert hit.rule_id == "dragon.decision.full_palaces" and hit.game == "dragon"
    assert hit.title == "All palaces full" and hit.snippet in _text(hit.rule_id, "en")
    assert {"palaces", "full"} <= set(hit.matched)
    shown = set(words(f"{hit.title} {hit.snippet}"))
    assert all(set(words(w)) <= shown for w in hit.matched)


def test_hits_are_ranked_best_first_and_limited():
    hits = search("privilege", "en", "dragon", limit=3)
    assert len(hits) == 3
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert search("privilege", "en", "dragon", limit=0) == []


def test_one_game_or_all_games():
    assert {h.game for h in search("end of the game", "en", "chinatown")} <= {"chinatown", "core"}
    assert {"dragon", "chinatown", "dayu"} <= {h.game for h in search("tie", "en", limit=30)}


def test_filler_alone_or_nonsense_finds_nothing():
    assert search("what is the", "en", "dragon") == []
    assert search("qwxz", "es", "dayu") == []


def test_bad_language_or_game_is_a_clear_error():
    with pytest.raises(DataError, match="language"):
        search("rice", "fr")
    with pytest.raises(DataError, match="chess"):
        search("rice", "en", "chess")


def _text(rule_id: str, lang: str) -> str:
    from companion.lookup import card

    return card(rule_id, lang).text


@pytest.fixture
def without_phrasings(monkeypatch):
    """The index built as if no rule had players' phrasings: only titles, texts, examples, Q&A."""
    from companion.lookup import data, fts

    def no_phrasings(self, rule_id):
        return data.RuleExtra(examples=original(self, rule_id).examples)

    original = data.Book.extra_of
    monkeypatch.setattr(data.Book, "extra_of", no_phrasings)
    fts.index.cache_clear()
    yield
    monkeypatch.undo()
    fts.index.cache_clear()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_questions_are_answered_without_the_phrasings_too(lang, without_phrasings):
    """The phrasings help, but the set is not answered by echoing them: hide them all and nine
    questions in ten still find their rule in the first three (with them, all are in the ten)."""
    asked = [q for q in QUESTIONS if q[1] == lang]
    ranks = [_rank(*q) for q in asked]
    assert sum(r is None or r >= 3 for r in ranks) <= len(asked) // 10


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Why won't the app let me pay?", ["why", "will", "not", "the", "app", "let", "me", "pay"]),
        ("I can't", ["i", "can", "not"]),
        ("it doesn’t fit", ["it", "does", "not", "fit"]),  # a typographic apostrophe
        ("isn't, didn't, can´t", ["is", "not", "did", "not", "can", "not"]),
        ("dont cant wont cannot", ["do", "not", "can", "not", "will", "not", "can", "not"]),
        ("the player's turn, what's left", ["the", "player", "turn", "what", "left"]),
        ("want, count, cuanto, donde", ["want", "count", "cuanto", "donde"]),  # words that end in "nt"
    ],
)
def test_contractions_are_written_out(text, said):
    assert words(text) == said


@pytest.mark.parametrize(
    ("game", "lang", "question", "answer"),
    [
        # walk59: "van" (se van, they leave) matched the event row's "las dos fichas de Paz van en
        # los meses 1 y 2" first; it says what "irse" says
        ("dragon", "es", "cuándo se van mis personas", "dragon.event.release_order"),
    ],
)
def test_a_player_s_words_for_leaving_find_the_releases_first(game, lang, question, answer):
    assert search(question, lang, game, 3)[0].rule_id == answer
