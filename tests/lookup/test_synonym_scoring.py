"""Synonyms of one group count once in the lookup's score (companion/lookup/fts.py): a rule
that says a word's synonyms weighs as one that says the word as often, never as if it had
answered several words of the question; and a single word still scores as FTS5's own bm25()."""

from __future__ import annotations

import random
import sqlite3

import pytest

from companion.lookup.fts import SCHEMA, Index, index

# A tiny index of stems: "tile", "build" and "lot" mean the same (one group of synonyms).
_ROWS = {
    "x.synonyms": "tile build lot",  # the meaning three times, in three words
    "x.repeated": "tile tile tile",  # the meaning three times, in one word
    **{f"x.other{i}": f"rice palac month{i}" for i in range(8)},  # the rest of a rulebook
}
_GROUP = frozenset({"tile", "build", "lot"})


def _tiny() -> Index:
    db = sqlite3.connect(":memory:")
    db.execute(SCHEMA)
    db.executemany("INSERT INTO doc VALUES (?, 'x', '', '', ?, '')", list(_ROWS.items()))
    stems = {rid: set(body.split()) for rid, body in _ROWS.items()}
    state = {
        "texts": {rid: (rid, body, "official") for rid, body in _ROWS.items()},
        "stems_of": {rid: " ".join(sorted(s)) for rid, s in stems.items()},
        "known": {w: w for s in stems.values() for w in s},
        "groups": {"x": [[sorted(_GROUP), []]]},
        "filler": [],
        "names": [],
        "answers": {},
        "sizes": {},
        "title_of": {rid: "" for rid in _ROWS},
        "kinds_of": {rid: "" for rid in _ROWS},
    }
    return Index.restored("en", db, state)


def _scores(ix: Index, query: str) -> dict[str, float]:
    return {h.rule_id: h.score for h in ix.search(query, "x", 20)}


def test_three_synonyms_weigh_as_the_word_said_three_times():
    scores = _scores(_tiny(), "tile")
    # Summed per word (FTS5's "tile OR build OR lot"), the synonyms' rule scored about 2.4 times
    # the other: three rare words instead of one word said thrice.
    assert scores["x.synonyms"] == pytest.approx(scores["x.repeated"])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_one_word_scores_as_fts5s_own_bm25(lang):
    ix = index(lang)
    sql = "SELECT rule_id, bm25(doc, 0, 0, 6.0, 4.0, 2.0, 1.0) FROM doc WHERE doc MATCH ?"
    for term in random.Random(3).sample(sorted({s for st in ix.stems_of.values() for s in st}), 60):
        for rid, rank in ix.db.execute(sql, [f'"{term}"']):
            assert ix._bm25(rid, (frozenset([term]),)) == pytest.approx(-rank, rel=1e-9), (term, rid)
