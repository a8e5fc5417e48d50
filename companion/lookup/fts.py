"""Ranked search over the rules: an SQLite FTS5 index in memory, one per language.

Every field is stored as its Snowball stems, so the FTS5 ``unicode61`` tokenizer (accents
removed) only splits them and BM25 ranks them; the title and the players' phrasings weigh
more than the body. A query word the index does not know is corrected to the closest known
word (rapidfuzz's optimal string alignment distance, where swapping two letters counts one: at
most 1, or 2 for words of 7 letters or more) and every word is expanded to its synonyms.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from companion.lookup.scope import GAMES
from companion.lookup.text import stem, stems, word_stems, words

if TYPE_CHECKING:
    from companion.lookup.data import Book

# bm25 weights of the columns: title, phrasings, text, more (examples, clarifications, tags).
_WEIGHTS = (6.0, 4.0, 2.0, 1.0)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_SNIPPET_CHARS = 220
_CORE_WEIGHT = 0.8  # in a search within one game, the app's general rules (core.*) count this much


@dataclass(frozen=True)
class Hit:
    """One rule that answers a query. ``matched``: its own words that matched, to highlight."""

    rule_id: str
    game: str
    title: str
    snippet: str
    matched: tuple[str, ...]
    score: float


_Words = tuple[tuple[str, frozenset[str]], ...]  # words as written, each with its stems


@dataclass(frozen=True)
class _Query:
    groups: tuple[frozenset[str], ...]  # per meaningful query word: its stem and its synonyms' stems

    @property
    def terms(self) -> set[str]:
        return set().union(*self.groups) if self.groups else set()


class Index:
    """The FTS5 table of one language over every game, with what ranking and snippets need."""

    def __init__(self, lang: str, db: sqlite3.Connection | None = None) -> None:
        """A new index built from the lookup's validated data; with ``db``, an empty one that
        ``restored`` fills from a prepared index instead."""
        self.lang = lang
        self.db = db or sqlite3.connect(":memory:", check_same_thread=False)
        self.stems_of: dict[str, set[str]] = {}  # rule id -> every stem of its fields
        self.known: dict[str, str] = {}  # folded word -> stem, over all indexed text
        self.synonyms: dict[str, dict[str, set[str]]] = {}  # game -> stem -> stems meaning the same
        self.filler: set[str] = set()
        self.texts: dict[str, tuple[str, str, str]] = {}  # rule id -> title, text, status
        self._merged: dict[str | None, dict[str, set[str]]] = {}  # synonyms per game filter
        self._shown: dict[str, tuple[_Words, list[tuple[str, _Words]]]] = {}
        self.vocabulary: list[str] = []
        if db is None:
            self._build()

    def _build(self) -> None:
        from companion.lookup.data import book  # pydantic: only to build, never to read a prepared one

        self.db.execute(
            "CREATE VIRTUAL TABLE doc USING fts5(rule_id UNINDEXED, game UNINDEXED, "
            "title, phrasings, body, more, tokenize='unicode61 remove_diacritics 2')"
        )
        rows = []
        for b in (book(g, self.lang) for g in GAMES):
            self._read_words(b)
            for rid, rule in b.texts.items():
                self.texts[rid] = (rule.title, rule.text, rule.status)
                x = b.extra_of(rid)
                more = [
                    *x.examples,
                    *rule.tags,
                    *(f"{c.question} {c.answer}" for c in b.by_rule.get(rid, [])),
                ]
                fields = [rule.title, " ".join(x.phrasings), rule.text, " ".join(more)]
                stemmed = [self._stem_text(f) for f in fields]
                self.stems_of[rid] = {s for f in stemmed for s in f.split()}
                rows.append((rid, b.game, *stemmed))
        self.db.executemany("INSERT INTO doc VALUES (?, ?, ?, ?, ?, ?)", rows)
        self.vocabulary = [w for w in self.known if w not in self.filler]  # what a typo may become

    # ---- a prepared index (prepared.py) ------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """What the index knows beside its FTS table, as JSON data."""
        return {
            "stems_of": {rid: sorted(s) for rid, s in self.stems_of.items()},
            "known": self.known,
            "synonyms": {g: {s: sorted(same) for s, same in t.items()} for g, t in self.synonyms.items()},
            "filler": sorted(self.filler),
            "texts": self.texts,
            "vocabulary": self.vocabulary,
        }

    @classmethod
    def restored(cls, lang: str, db: sqlite3.Connection, state: dict[str, Any]) -> Index:
        """The index ``state`` describes, over ``db`` (its FTS table, as ``state`` was taken)."""
        found = cls(lang, db)
        found.stems_of = {rid: set(s) for rid, s in state["stems_of"].items()}
        found.known = state["known"]
        found.synonyms = {g: {s: set(same) for s, same in t.items()} for g, t in state["synonyms"].items()}
        found.filler = set(state["filler"])
        found.texts = {rid: (t[0], t[1], t[2]) for rid, t in state["texts"].items()}
        found.vocabulary = state["vocabulary"]
        return found

    def _read_words(self, b: Book) -> None:
        self.filler.update(w for f in b.extra.filler for w in words(f))
        table = self.synonyms.setdefault(b.game, {})
        for group in b.extra.synonyms:
            group_stems = {s for w in group for s in stems(w, self.lang)}
            for s in group_stems:
                table.setdefault(s, set()).update(group_stems)
            for w in group:
                for word in words(w):
                    self.known[word] = stem(word, self.lang)

    def _stem_text(self, text: str) -> str:
        out = []
        for w in words(text):
            s = stem(w, self.lang)
            self.known[w] = s
            out.append(s)
        return " ".join(out)

    # ---- queries ---------------------------------------------------------------------------
    def _synonyms(self, game: str | None) -> dict[str, set[str]]:
        """The synonyms of one game and core ("draw" is a tie in one game, a card in another)."""
        if game not in self._merged:
            merged: dict[str, set[str]] = {}
            for g in [game, "core"] if game else list(self.synonyms):
                for s, same in self.synonyms.get(g, {}).items():
                    merged.setdefault(s, set()).update(same)
            self._merged[game] = merged
        return self._merged[game]

    def parse(self, query: str, game: str | None = None) -> _Query:
        synonyms = self._synonyms(game)
        groups = []
        for w in words(query):
            if w in self.filler:
                continue
            s = self._known_stem(w, synonyms)
            if s is None:
                continue
            group = frozenset({s} | synonyms.get(s, set()))
            if group not in groups:
                groups.append(group)
        return _Query(tuple(groups))

    def _known_stem(self, word: str, synonyms: dict[str, set[str]]) -> str | None:
        if word in self.known:
            return self.known[word]
        s = stem(word, self.lang)
        if s in synonyms or any(s in rule for rule in self.stems_of.values()):
            return s
        if len(word) < 4 or word.isdigit():
            return None
        from rapidfuzz import process  # here: most questions have no typo, and it takes a while to load
        from rapidfuzz.distance import OSA

        best = process.extractOne(
            word, self.vocabulary, scorer=OSA.distance, score_cutoff=1 if len(word) < 7 else 2
        )
        return None if best is None else self.known[best[0]]

    def search(self, query: str, game: str | None, limit: int) -> list[Hit]:
        q = self.parse(query, game)
        if not q.groups or limit <= 0:
            return []
        match = " OR ".join(f'"{t}"' for t in sorted(q.terms))
        sql = f"SELECT rule_id, game, bm25(doc, 0, 0, {', '.join(map(str, _WEIGHTS))}) FROM doc WHERE doc MATCH ?"
        args: list[str] = [match]
        if game is not None:
            sql += " AND game IN (?, 'core')"
            args.append(game)
        scored = []
        for rid, g, rank in self.db.execute(sql, args):
            covered = sum(1 for group in q.groups if group & self.stems_of[rid])
            # BM25 alone lets one rare word outweigh a rule that answers the whole question.
            score = -rank * covered / len(q.groups)
            # A game's own rule answers better than the app's general one ("when does it end?").
            scored.append((score * _CORE_WEIGHT if g == "core" and game else score, rid, g))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return [self._hit(rid, g, score, q) for score, rid, g in scored[:limit]]

    def _hit(self, rid: str, game: str, score: float, q: _Query) -> Hit:
        title_text = self.texts[rid][0]
        terms = q.terms
        title, sentences = self._pieces(rid, game)
        best, best_words = max(sentences, key=lambda piece: sum(bool(st & terms) for _, st in piece[1]))
        if len(best) > _SNIPPET_CHARS:
            best = best[: _SNIPPET_CHARS - 1].rstrip() + "…"
            best_words = self._written(best)
        snippet = best
        shown = (*title, *best_words)
        matched = tuple(dict.fromkeys(w for w, st in shown if st & terms))
        return Hit(
            rule_id=rid, game=game, title=title_text, snippet=snippet, matched=matched, score=round(score, 4)
        )

    def _pieces(self, rid: str, game: str) -> tuple[_Words, list[tuple[str, _Words]]]:
        """The title's words and each sentence with its words, with their stems (kept once made)."""
        if rid not in self._shown:
            title, text, _status = self.texts[rid]
            sentences = [(s, self._written(s)) for s in _SENTENCE.split(text)]
            self._shown[rid] = (self._written(title), sentences)
        return self._shown[rid]

    def _written(self, text: str) -> _Words:
        return tuple((w, word_stems(w, self.lang)) for w in re.findall(r"\w+", text))


@cache
def index(lang: str) -> Index:
    """The index of one language, built on first use from rules_data."""
    return Index(lang)
