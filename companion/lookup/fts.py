"""Ranked search over the rules: an SQLite FTS5 index in memory, one per language.

Every field is stored as its Snowball stems, so the FTS5 ``unicode61`` tokenizer (accents
removed) only splits them and BM25 ranks them; the title and the players' phrasings weigh
more than the body. A query word the index does not know is corrected to the closest known
word (rapidfuzz's optimal string alignment distance, where swapping two letters counts one: at
most 1, or 2 for words of 7 letters or more) and every word is expanded to its synonyms.
"""

from __future__ import annotations

import itertools
import math
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as _field
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from companion.lookup.scope import GAMES
from companion.lookup.text import is_word, stem, stems, word_stems, words

if TYPE_CHECKING:
    from companion.lookup.data import Book

# bm25 weights of the columns: title, phrasings, text, more (examples, clarifications, tags).
_WEIGHTS = (6.0, 4.0, 2.0, 1.0)
# The FTS table: every field as its stems (the tokenizer only splits them, accents removed).
SCHEMA = (
    "CREATE VIRTUAL TABLE doc USING fts5(rule_id UNINDEXED, game UNINDEXED, "
    "title, phrasings, body, more, tokenize='unicode61 remove_diacritics 2')"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# Between two phrasings (or examples) in a field: not a word for the FTS tokenizer nor for BM25,
# only a break, so the last word of one phrasing and the first of the next are not side by side.
_BREAK = "|"
_SNIPPET_CHARS = 220
_CORE_WEIGHT = 0.8  # in a search within one game, the app's general rules (core.*) count this much
_SIZE_WEIGHT = 3.0  # the rule for the size a question names ("6 photo tiles": oversize)
_PAIR_BONUS = 1.0  # per pair of the question's words side by side in the rule ("action points")
_TITLE_BONUS = 0.5  # a rule whose title the question says ("Ties", "Flood") is likely the one asked
_ASKED_BONUS = 0.3  # a rule whose phrasings ask the same way ("who ...", "when ...")
_K1, _B = 1.2, 0.75  # FTS5's bm25() constants
_KIND_BONUS = 2  # a sentence of the question's kind (consequence, number) outranks two more matches
_LACKED = "¬"  # before a stem: the stem as the word a cue of lack governs ("can not PAY", "sin ARROZ")
_GOVERNS = 3  # how many words after such a cue may hold the word it governs
_GAP = 3  # at most this many filler words between two of the question's words read as a pair
# A result scoring under this share of the best one answers nothing the question asked: over
# every question bank (docs/PERFORMANCE.md, "Rules lookup: the tail"), no answer in the top 3
# scores under 0.0697 of the best, and a quarter of the wrong results do.
TAIL = 0.05


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
# a rule's stems that follow each other: (a stem, the filler between) -> the stems after it
_Follows = dict[tuple[str, tuple[str, ...]], frozenset[str]]
# stem -> the groups of stems that mean the same, each with the stems that rule that sense out
_Synonyms = dict[str, list[tuple[frozenset[str], frozenset[str]]]]


class _Answer(NamedTuple):
    """A kind of question (data.AnswerKind as plain data): its cues, the answer's cues, a number."""

    asks: tuple[str, ...]
    says: tuple[str, ...]
    number: bool


class _Sizes(NamedTuple):
    """One game's sizes (data.Sizes as plain data): a kind's word -> its size, and the rules."""

    below: str
    equal: str
    above: str
    kinds: dict[str, int]


@dataclass(frozen=True)
class _Query:
    groups: tuple[frozenset[str], ...]  # per meaningful query word: its stem and its synonyms' stems
    kinds: tuple[_Answer, ...] = ()  # what kind of answer it asks for (a consequence, a number)
    kind_names: frozenset[str] = frozenset()
    # what the question says is lacking ("no puedo PAGAR"), as _LACKED terms, with its synonyms
    lacks: frozenset[str] = frozenset()
    # per pair of groups side by side: the filler the question says between them ("carta DE
    # inundación"), as stems; the rule that says the same words between them says the pair too
    gaps: dict[tuple[frozenset[str], frozenset[str]], frozenset[tuple[str, ...]]] = _field(
        default_factory=dict
    )
    # the stems of the words the question itself says (not their synonyms), filler left out
    own: frozenset[str] = frozenset()

    @property
    def scored(self) -> tuple[frozenset[str], ...]:
        """The terms BM25 and the coverage count: each word's group, and what is lacking."""
        return (*self.groups, self.lacks) if self.lacks else self.groups

    @property
    def pairs(self) -> list[tuple[frozenset[str], frozenset[str]]]:
        return list(itertools.pairwise(self.groups))

    @property
    def terms(self) -> set[str]:
        return set().union(*self.groups) if self.groups else set()


class Index:
    """The FTS5 table of one language over every game, with what ranking and snippets need."""

    def __init__(self, lang: str, db: sqlite3.Connection | None = None) -> None:
        """A new index built from the lookup's validated data; with ``db``, an empty one that
        ``restored`` fills from a prepared index instead.

        Everything a search reads is plain data (no pydantic model): the command line restores
        it from a prepared index (prepared.py) without loading the lookup's data models.
        """
        self.lang = lang
        self.db = db or sqlite3.connect(":memory:", check_same_thread=False)
        self.texts: dict[str, tuple[str, str, str]] = {}  # rule id -> title, text, status
        self.stems_of: dict[str, set[str]] = {}  # rule id -> every stem of its fields
        self.known: dict[str, str] = {}  # folded word -> stem, over all indexed text
        # per game: each group of synonyms' stems with its blockers, and stem -> its groups
        self.groups: dict[str, list[tuple[frozenset[str], frozenset[str]]]] = {}
        self.synonyms: dict[str, _Synonyms] = {}
        self.filler: set[str] = set()
        self.names: dict[tuple[str, ...], str] = {}  # a game's name as folded words -> the game
        self.answers: dict[str, _Answer] = {}  # core's kinds of question and their answers
        self.sizes: dict[str, _Sizes] = {}  # per game that has them
        self.title_of: dict[str, set[str]] = {}
        self.kinds_of: dict[str, set[str]] = {}  # rule id -> kinds of question its phrasings ask
        self._kind_cues: list[tuple[str, str]] = []
        self._merged: dict[str | None, _Synonyms] = {}  # per game filter
        self._shown: dict[str, tuple[_Words, list[tuple[str, _Words]]]] = {}
        self._stems_of_game: dict[str, set[str]] = {}
        self._pairs: dict[str, _Follows] = {}
        self._idfs: dict[frozenset[str], float] = {}
        if db is None:
            self._build()

    def _build(self) -> None:
        from companion.lookup.data import book  # pydantic: only to build, never to read a prepared one

        self.db.execute(SCHEMA)
        books = {g: book(g, self.lang) for g in GAMES}
        self._set_answers(
            {k: _Answer(kind.asks, kind.says, kind.number) for k, kind in books["core"].extra.answers.items()}
        )
        rows = []
        for b in books.values():
            self._read_words(b)
            sizes = b.extra.sizes
            if sizes is not None:
                self.sizes[b.game] = _Sizes(sizes.below, sizes.equal, sizes.above, dict(sizes.kinds))
            for rid, rule in b.texts.items():
                self.texts[rid] = (rule.title, rule.text, rule.status)
                x = b.extra_of(rid)
                more = [
                    *x.examples,
                    *rule.tags,
                    *(f"{c.question} {c.answer}" for c in b.by_rule.get(rid, [])),
                ]
                fields = [[rule.title], x.phrasings, [rule.text], more]
                stemmed = [f" {_BREAK} ".join(self._stem_text(piece) for piece in f) for f in fields]
                self.stems_of[rid] = {s for f in stemmed for s in f.split()} - {_BREAK}
                self.title_of[rid] = set(stemmed[0].split())  # less the filler, once all is read
                asked = "|".join(
                    _padded(a) for a in (*x.phrasings, *(c.question for c in b.by_rule.get(rid, [])))
                )
                self.kinds_of[rid] = {k for k, cue in self._kind_cues if cue in asked}
                rows.append((rid, b.game, *stemmed))
        self.db.executemany("INSERT INTO doc VALUES (?, ?, ?, ?, ?, ?)", rows)
        filler_stems = {stem(w, self.lang) for w in self.filler}
        for title in self.title_of.values():
            title -= filler_stems

    def _set_answers(self, answers: dict[str, _Answer]) -> None:
        self.answers = answers
        self._kind_cues = [(k, _padded(a)) for k, kind in answers.items() for a in kind.asks]

    def _set_groups(self, game: str, groups: list[tuple[frozenset[str], frozenset[str]]]) -> None:
        """A game's synonyms: its groups, and each stem's groups in the order they came."""
        self.groups[game] = groups
        table = self.synonyms.setdefault(game, {})
        for group, blockers in groups:
            for s in sorted(group):
                table.setdefault(s, []).append((group, blockers))

    # ---- a prepared index (prepared.py) ------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """What the index knows beside its FTS table, as JSON data (sets as sorted lists)."""
        return {
            "texts": self.texts,
            "stems_of": {rid: " ".join(sorted(s)) for rid, s in self.stems_of.items()},
            "known": self.known,
            "groups": {g: [[sorted(a), sorted(b)] for a, b in gs] for g, gs in self.groups.items()},
            "filler": sorted(self.filler),
            "names": [[list(name), game] for name, game in self.names.items()],
            "answers": {k: [list(a.asks), list(a.says), a.number] for k, a in self.answers.items()},
            "sizes": {g: list(s) for g, s in self.sizes.items()},
            "title_of": {rid: " ".join(sorted(s)) for rid, s in self.title_of.items()},
            "kinds_of": {rid: " ".join(sorted(s)) for rid, s in self.kinds_of.items()},
        }

    @classmethod
    def restored(cls, lang: str, db: sqlite3.Connection, state: dict[str, Any]) -> Index:
        """The index ``state`` describes, over ``db`` (its FTS table, as ``state`` was taken)."""
        found = cls(lang, db)
        found.texts = {rid: (t[0], t[1], t[2]) for rid, t in state["texts"].items()}
        found.stems_of = {rid: set(s.split()) for rid, s in state["stems_of"].items()}
        found.known = state["known"]
        for g, gs in state["groups"].items():
            found._set_groups(g, [(frozenset(a), frozenset(b)) for a, b in gs])
        found.filler = set(state["filler"])
        found.names = {tuple(name): game for name, game in state["names"]}
        found._set_answers(
            {k: _Answer(tuple(a), tuple(s), bool(n)) for k, (a, s, n) in state["answers"].items()}
        )
        found.sizes = {g: _Sizes(b, e, a, dict(k)) for g, (b, e, a, k) in state["sizes"].items()}
        found.title_of = {rid: set(s.split()) for rid, s in state["title_of"].items()}
        found.kinds_of = {rid: set(s.split()) for rid, s in state["kinds_of"].items()}
        return found

    def _read_words(self, b: Book) -> None:
        from companion.lookup.data import Sense

        self.filler.update(w for f in b.extra.filler for w in words(f))
        for name in b.extra.names:
            self.names[tuple(words(name))] = b.game
        groups = []
        for group in b.extra.synonyms:
            said, unless = (group.words, group.not_with) if isinstance(group, Sense) else (group, ())
            group_stems = frozenset(s for w in said for s in stems(w, self.lang))
            blockers = frozenset(s for w in unless for s in stems(w, self.lang))
            groups.append((group_stems, blockers))
            for w in said:
                for word in words(w):
                    self.known[word] = stem(word, self.lang)
        self._set_groups(b.game, groups)

    def _stem_text(self, text: str) -> str:
        out = []
        for w in words(text):
            s = stem(w, self.lang)
            self.known[w] = s
            out.append(s)
        return " ".join(out)

    # ---- queries ---------------------------------------------------------------------------
    def _synonyms(self, game: str | None) -> _Synonyms:
        """The synonyms of one game and core ("draw" is a tie in one game, a card in another).

        A synonym whose stem is also a filler word's ("gets" and "get", "deber" and "debo",
        "una" the number and "una" the article) brings no stem of its own: every rule that says
        the filler would match it ("you get", "debe", "una carta"). Only the word the question
        itself says keeps its stem (parse)."""
        if game not in self._merged:
            merged: _Synonyms = {}
            filler = self._filler_stems
            for g in [game, "core"] if game else list(self.synonyms):
                for s, same in self.synonyms.get(g, {}).items():
                    merged.setdefault(s, []).extend((group - filler, blockers) for group, blockers in same)
            self._merged[game] = merged
        return self._merged[game]

    def named_game(self, query: str) -> tuple[str | None, list[str]]:
        """The game a question names ("... in chinatown"), and its words without that name."""
        said = words(query)
        for name, game in sorted(self.names.items(), key=lambda x: -len(x[0])):
            n = len(name)
            for i in range(len(said) - n + 1):
                if tuple(said[i : i + n]) == name:
                    # a one-word name that is also a thing of the game ("dragon") stays a word
                    keep = n == 1 and stem(name[0], self.lang) in self._game_stems(game)
                    return game, said if keep else said[:i] + said[i + n :]
        return None, said

    def pairs_of(self, rid: str, rowid: int) -> _Follows:
        """The stems side by side in a rule's fields (its row of the FTS table, which holds them
        as stems), read when a search first needs them: (a stem, the filler after it, up to
        _GAP words) -> the stems that come next ("carta de inundación": ("cart", ("de",)) ->
        {"inund"}; side by side, the filler is ())."""
        if rid not in self._pairs:
            sql = "SELECT title, phrasings, body, more FROM doc WHERE rowid = ?"
            fields = self.db.execute(sql, (rowid,)).fetchone()
            filler = self._filler_stems
            found: dict[tuple[str, tuple[str, ...]], set[str]] = {}
            for piece in (piece.split() for f in fields for piece in f.split(_BREAK)):
                for i, first in enumerate(piece[:-1]):
                    end = i + 1  # the next stem, after the filler passed so far
                    while True:
                        found.setdefault((first, tuple(piece[i + 1 : end])), set()).add(piece[end])
                        if end - i > _GAP or end + 1 >= len(piece) or piece[end] not in filler:
                            break
                        end += 1
            self._pairs[rid] = {k: frozenset(v) for k, v in found.items()}
        return self._pairs[rid]

    @cached_property
    def _filler_stems(self) -> frozenset[str]:
        return frozenset(stem(w, self.lang) for w in self.filler)

    @cached_property
    def vocabulary(self) -> list[str]:
        """What a typo may become: every known word but the filler, made on the first typo."""
        return [w for w in self.known if w not in self.filler]

    @cached_property
    def rules_with(self) -> dict[str, int]:
        """Stem -> how many rules have it, made on the first typo (to choose among corrections)."""
        counts: dict[str, int] = {}
        for st in self.stems_of.values():
            for s in st:
                counts[s] = counts.get(s, 0) + 1
        return counts

    def _game_stems(self, game: str) -> set[str]:
        if game not in self._stems_of_game:
            of_game = (st for rid, st in self.stems_of.items() if rid.startswith(game + "."))
            self._stems_of_game[game] = set().union(*of_game)
        return self._stems_of_game[game]

    def parse(self, query: str, game: str | None = None, said: list[str] | None = None) -> _Query:
        synonyms = self._synonyms(game)
        said = words(query) if said is None else said
        meant = [w for w in said if w not in self.filler]
        found = [(w, self._known_stem(w, synonyms)) for w in meant]
        asked = {s for _, s in found if s is not None}
        groups: list[frozenset[str]] = []
        group_of: dict[str, frozenset[str]] = {}
        either = self._either(said, dict(found))
        for _, s in found:
            if s is None:
                continue
            same = set(either.get(s, {s}))
            for t in frozenset(same):
                for group, blockers in synonyms.get(t, ()):
                    if not blockers & asked:  # a synonym in another sense than this question's
                        same |= group
            group_of[s] = frozenset(same)
            if group_of[s] not in groups:
                groups.append(group_of[s])
        folded = f" {' '.join(said)} "
        named = {k for k, cue in self._kind_cues if cue in folded}
        kinds = tuple(kind for k, kind in self.answers.items() if k in named)
        stem_of = dict(found)
        lacking = {stem_of.get(said[i]) for i in self._governed([stem(w, self.lang) for w in said])}
        lacks = frozenset(_LACKED + t for group in groups if group & lacking for t in group)
        gaps = self._gaps(said, dict(found), group_of)
        return _Query(tuple(groups), kinds, frozenset(named), lacks, gaps, frozenset(asked))

    def _either(self, said: list[str], stem_of: dict[str, str | None]) -> dict[str, frozenset[str]]:
        """The numbers a question offers as alternatives ("is it 6 years OR 7", "¿son 6 O 7
        años?"), each stem -> the stems of all of them: the question asks which one holds, so
        they are one term, and a rule that lists both ("7 dealt ... then 6") does not count twice
        for it (as a group of synonyms counts once)."""
        out: dict[str, frozenset[str]] = {}
        numbers = [
            (i, s) for i, w in enumerate(said) if _number(w, self.lang) is not None and (s := stem_of.get(w))
        ]
        for (i, a), (j, b) in itertools.pairwise(numbers):
            if j - i <= _GAP + 1 and any(w in _EITHER[self.lang] for w in said[i + 1 : j]):
                one = out.get(a, frozenset({a})) | {b}
                for s in one:
                    out[s] = one
        return out

    def _gaps(
        self, said: list[str], stem_of: dict[str, str | None], group_of: dict[str, frozenset[str]]
    ) -> dict[tuple[frozenset[str], frozenset[str]], frozenset[tuple[str, ...]]]:
        """The filler between each two of the question's words that follow each other, as stems,
        by the pair of their groups ("cuántos huecos tiene una CARTA DE INUNDACIÓN": "de")."""
        out: dict[tuple[frozenset[str], frozenset[str]], set[tuple[str, ...]]] = {}
        before: frozenset[str] | None = None
        gap: list[str] = []
        for w in said:
            if w in self.filler:
                gap.append(stem(w, self.lang))
                continue
            s = stem_of.get(w)
            now = group_of.get(s) if s is not None else None
            if before is not None and now is not None and now != before and 0 < len(gap) <= _GAP:
                out.setdefault((before, now), set()).add(tuple(gap))
            before, gap = now, []
        return {k: frozenset(v) for k, v in out.items()}

    @cached_property
    def _lack_cues(self) -> tuple[dict[str, list[tuple[str, ...]]], set[str]]:
        """The cues of lack as stems, by their first ("no pued", "can not", "sin": the asks and
        says of the kinds whose answer says so), and the stems passed over to reach the word a cue
        governs (the filler and the cues' own: "no tiene suficiente ARROZ", "do not have enough RICE")."""
        cues = {
            tuple(stems(cue, self.lang))
            for kind in self.answers.values()
            if kind.says
            for cue in (*kind.asks, *kind.says)
        }
        by_first: dict[str, list[tuple[str, ...]]] = {}
        for cue in sorted(c for c in cues if c):
            by_first.setdefault(cue[0], []).append(cue)
        passed = {stem(w, self.lang) for w in self.filler} | {s for cue in cues for s in cue}
        return by_first, passed

    def _governed(self, seq: list[str]) -> list[int]:
        """Where the words that cues of lack govern stand in a sequence of stems: the first word
        within _GOVERNS after the cue that is not filler, a number or a cue's word ("no puedo
        PAGAR", "no me llega para los 3 YUANES"); with none after it, the word a relative word
        joins to the cue ("DINERO que no tengo", "MONEY that I do not have")."""
        cues, passed = self._lack_cues
        out = []
        for i, first in enumerate(seq):
            for cue in cues.get(first, ()):
                end = i + len(cue)
                if tuple(seq[i:end]) != cue:
                    continue
                after = range(end, min(end + _GOVERNS, len(seq)))
                j = next((j for j in after if seq[j] not in passed and not seq[j].isdigit()), None)
                if j is None:
                    j = self._relative(seq, i, passed)
                if j is not None and j not in out:
                    out.append(j)
        return out

    def _relative(self, seq: list[str], cue: int, passed: set[str]) -> int | None:
        """The word a relative word ("que", "that") or a subject pronoun joins to the cue of lack
        at ``cue``, if it is a word of meaning ("dinero QUE no tengo", "money I do not have")."""
        relative, pronouns = _RELATIVE[self.lang]
        i = cue - 1
        while i >= 0 and seq[i] in pronouns:
            i -= 1
        if i >= 0 and seq[i] in relative:
            i -= 1
        elif i == cue - 1:  # neither a relative word nor a pronoun
            return None
        return i if i >= 0 and seq[i] not in passed and not seq[i].isdigit() else None

    def _known_stem(self, word: str, synonyms: _Synonyms) -> str | None:
        if word in self.known:
            return self.known[word]
        s = stem(word, self.lang)
        if s in synonyms or any(s in rule for rule in self.stems_of.values()):
            return s
        # An amount ("300k") is never read as a typo of another ("100k"): a digit is not a slip.
        if len(word) < 4 or any(c.isdigit() for c in word):
            return None
        # A real word is never "corrected" into another one ("rodar" is not "robar", "laos" not
        # "lados"), however rare: the word list holds it (an ending it lists, "acion", is no word).
        if is_word(word, self.lang):
            return s
        from rapidfuzz import process  # here: most questions have no typo, and it takes a while to load
        from rapidfuzz.distance import OSA

        cutoff = 1 if len(word) < 7 else 2
        found = process.extract(word, self.vocabulary, scorer=OSA.distance, score_cutoff=cutoff, limit=8)
        if not found:
            return None
        # The closest form first; among equally close ones, the one sharing the longest start,
        # then the one more rules use.
        best = min(
            found,
            key=lambda f: (f[1], -_common_start(word, f[0]), -self.rules_with.get(self.known[f[0]], 0), f[0]),
        )
        return self.known[best[0]]

    def search(self, query: str, game: str | None, limit: int, prefer: str | None = None) -> list[Hit]:
        named, said = self.named_game(query)
        if game is None:
            prefer = named or prefer
        # Each game's rules are matched with that game's own synonyms.
        games = [game] if game is not None else [g for g in GAMES if g != "core"]
        parsed = {g: self.parse(query, g, said) for g in games}
        parsed["core"] = parsed[game] if game is not None else self.parse(query, prefer, said)
        if limit <= 0:
            return []
        # One query per set of terms, each over the games that ask it: BM25 over another game's
        # synonyms would count "equal" for a Da Yu "draw".
        asking: dict[frozenset[str], list[str]] = {}
        for g, q in parsed.items():
            if q.groups:
                asking.setdefault(frozenset(q.terms | q.lacks), []).append(g)
        scored: dict[str, tuple[float, str]] = {}
        for terms, of_games in asking.items():
            for rid, rowid, g in self._holding(terms, of_games):
                q = parsed[g]
                freq = self._rows[rid][2]
                covered = sum(1 for group in q.scored if any(t in freq for t in group))
                # BM25 alone lets one rare word outweigh a rule that answers the whole question.
                score = self._bm25(rid, q.scored) * covered / len(q.scored)
                # Two words of the question side by side in the rule ("action points") say more.
                pairs = self.pairs_of(rid, rowid)
                together = sum(1 for a, b in q.pairs if _side_by_side(a, b, q.gaps.get((a, b), ()), pairs))
                score *= 1 + _PAIR_BONUS * together
                # A rule players ask about the same way ("who ...", "when ...") is likelier the one.
                if q.kind_names & self.kinds_of[rid]:
                    score *= 1 + _ASKED_BONUS
                title = self.title_of[rid]
                score *= 1 + _TITLE_BONUS * len(title & q.terms) / max(len(title), 1)
                # A game's own rule answers better than the app's general one ("when does it end?").
                if g == "core" and game:
                    score *= _CORE_WEIGHT
                scored[rid] = (score, g)
        self._weigh_size(said, game or prefer, scored)
        # Searching every game, the rules of the game the question names (or the table's) come first.
        ranked = sorted(scored.items(), key=lambda x: (x[1][1] != prefer, -x[1][0], x[0]))
        return [self._hit(rid, g, score, parsed[g]) for rid, (score, g) in ranked[:limit]]

    # ---- BM25 with each group of synonyms as one term ---------------------------------------
    @cached_property
    def _rows(self) -> dict[str, tuple[int, str, dict[str, float], int]]:
        """Rule id -> (row, game, each stem's frequency weighted by its column, the rule's
        length in words), read from the FTS table on the first search; and ``_avgdl``.

        A word that a cue of lack governs ("no puede PAGAR", "cannot PAY") counts once more, as
        a term of its own (_LACKED and its stem), which adds nothing to the length."""
        weight = dict(zip(("title", "phrasings", "body", "more"), _WEIGHTS, strict=True))
        out = {}
        sql = "SELECT rowid, rule_id, game, title, phrasings, body, more FROM doc"
        for rowid, rid, g, *fields in self.db.execute(sql):
            freq: dict[str, float] = {}
            length = 0
            for w, field in zip(weight.values(), fields, strict=True):
                for piece in field.split(_BREAK):
                    seq = piece.split()
                    for s in seq:
                        freq[s] = freq.get(s, 0.0) + w
                    length += len(seq)
                    for i in self._governed(seq):
                        freq[_LACKED + seq[i]] = freq.get(_LACKED + seq[i], 0.0) + w
            out[rid] = (rowid, g, freq, length)
        return out

    @cached_property
    def _avgdl(self) -> float:
        return sum(r[3] for r in self._rows.values()) / max(len(self._rows), 1)

    @cached_property
    def _rules_of_stem(self) -> dict[str, set[str]]:
        """Stem -> the rules that hold it (any field); a _LACKED term, the rules that say it so."""
        out: dict[str, set[str]] = {}
        for rid, (_, _, freq, _) in self._rows.items():
            for s in freq:
                out.setdefault(s, set()).add(rid)
        return out

    def _holding(self, terms: frozenset[str], games: list[str]) -> list[tuple[str, int, str]]:
        """(rule id, row, game) of the rules of ``games`` that hold any of ``terms``."""
        found = set().union(*(self._rules_of_stem.get(t, ()) for t in terms))
        rows = self._rows
        return [(rid, rows[rid][0], rows[rid][1]) for rid in sorted(found) if rows[rid][1] in games]

    def _bm25(self, rid: str, groups: tuple[frozenset[str], ...]) -> float:
        """FTS5's bm25() (k1 1.2, b 0.75, the columns' weights), where each group of synonyms is
        one term, as Lucene's SynonymQuery scores it: its frequency in the rule is its words'
        summed, its rarity that of its commonest word. Summing each word's BM25, as FTS5 does
        for "a OR b", counts one meaning as often as the rule repeats it in other words: a rule
        that says "tile", "building" and "lot" would weigh three times for "tile"."""
        _, _, freq, length = self._rows[rid]
        k = _K1 * (1 - _B + _B * length / self._avgdl)
        score = 0.0
        for group in groups:
            f = sum(freq.get(t, 0.0) for t in group)
            if f:
                score += self._idf(group) * f * (_K1 + 1) / (f + k)
        return score

    def _idf(self, group: frozenset[str]) -> float:
        if group not in self._idfs:
            # As Lucene's SynonymQuery: the group is as rare as its commonest word.
            n = max(len(self._rules_of_stem.get(t, ())) for t in group)
            total = len(self._rows)
            self._idfs[group] = max(math.log((total - n + 0.5) / (n + 0.5)), 1e-6)  # as FTS5
        return self._idfs[group]

    def _weigh_size(self, said: list[str], game: str | None, scored: dict[str, tuple[float, str]]) -> None:
        """A number and a kind with a size ("7 restaurant tiles") bring the rule for that size first."""
        sizes = self.sizes.get(game) if game else None
        if sizes is None or not scored:
            return
        numbers = [n for w in said if (n := _number(w, self.lang)) is not None]
        # Compared as stems, so "tea houses" is the "tea house" kind.
        stemmed = f" {' '.join(stem(w, self.lang) for w in said)} "
        kinds = [
            size for kind, size in sizes.kinds.items() if f" {' '.join(stems(kind, self.lang))} " in stemmed
        ]
        if not numbers or not kinds:
            return
        n, size = max(numbers), kinds[0]
        rid = sizes.below if n < size else sizes.equal if n == size else sizes.above
        best = max(score for score, _ in scored.values())
        score = scored.get(rid, (0.0, ""))[0]
        scored[rid] = (max(score * _SIZE_WEIGHT, best * 1.01), rid.split(".", 1)[0])

    def _hit(self, rid: str, game: str, score: float, q: _Query) -> Hit:
        terms = q.terms
        title, sentences = self._pieces(rid, game)

        def answers(piece: tuple[str, _Words]) -> int:
            said, written = piece
            hits = sum(bool(st & terms) for _, st in written)
            folded = f" {' '.join(words(said))} "
            kind = any(
                (k.number and any(c.isdigit() for c in said))
                or any(f" {' '.join(words(cue))} " in folded for cue in k.says)
                for k in q.kinds
            )
            return hits + (_KIND_BONUS if kind and hits else 0)

        best, best_words = _with_number(
            sentences, max(range(len(sentences)), key=lambda i: answers(sentences[i])), answers
        )
        if len(best) > _SNIPPET_CHARS:
            best = best[: _SNIPPET_CHARS - 1].rstrip() + "…"
            best_words = self._written(best)
        snippet = best
        shown = (*title, *best_words)
        matched = tuple(dict.fromkeys(w for w, st in shown if st & terms and self._said(w, st, q)))
        return Hit(
            rule_id=rid,
            game=game,
            title=self.texts[rid][0],
            snippet=snippet,
            matched=matched,
            score=round(score, 4),
        )

    def _said(self, written: str, its_stems: frozenset[str], q: _Query) -> bool:
        """Whether a word of a rule that matched is one to highlight: any but the filler ("como",
        "that"), which only the question's own word brings ("si PASO" bolds "pasar"), never a
        synonym's stem it shares ("comida" for "arroz" was "com", as "como")."""
        return not self.filler.intersection(words(written)) or bool(its_stems & q.own)

    def _pieces(self, rid: str, game: str) -> tuple[_Words, list[tuple[str, _Words]]]:
        """The title's words and each sentence with its words, with their stems (kept once made)."""
        if rid not in self._shown:
            title, text, _status = self.texts[rid]
            sentences = [(s, self._written(s)) for s in _SENTENCE.split(text)]
            self._shown[rid] = (self._written(title), sentences)
        return self._shown[rid]

    def _written(self, text: str) -> _Words:
        return tuple((w, word_stems(w, self.lang)) for w in re.findall(r"\w+", text))


def answering(hits: list[Hit]) -> tuple[list[Hit], list[Hit]]:
    """The hits that answer (scoring at least TAIL of the best), and the tail of the others,
    each in the order found (searching every game, a weak rule of the table's game may come
    before a strong one of another game: the cut is by score, not by place)."""
    if not hits:
        return [], []
    floor = TAIL * max(h.score for h in hits)
    return [h for h in hits if h.score >= floor], [h for h in hits if h.score < floor]


def _with_number(
    sentences: list[tuple[str, _Words]], i: int, answers: Callable[[tuple[str, _Words]], int]
) -> tuple[str, _Words]:
    """The sentence ``i`` that answers best, and beside it, when it has no number, the sentence
    before or after it that has one and says a word of the question, if both fit in a snippet:
    the figure a player asks for ("each player pays 4 yuan") is often one sentence off."""
    said, written = sentences[i]
    if any(c.isdigit() for c in said):
        return said, written
    near = [
        j
        for j in (i - 1, i + 1)
        if 0 <= j < len(sentences) and any(c.isdigit() for c in sentences[j][0]) and answers(sentences[j])
    ]
    if not near:
        return said, written
    j = max(near, key=lambda j: answers(sentences[j]))
    if len(said) + 1 + len(sentences[j][0]) > _SNIPPET_CHARS:
        return said, written
    first, second = sorted((i, j))
    return f"{sentences[first][0]} {sentences[second][0]}", sentences[first][1] + sentences[second][1]


def _side_by_side(
    a: frozenset[str], b: frozenset[str], gaps: frozenset[tuple[str, ...]] | tuple[()], follows: _Follows
) -> bool:
    """Whether a rule says a word of ``a`` then one of ``b``, next to each other or with the
    filler the question put between them ("carta de inundación" in both)."""
    return any(not b.isdisjoint(follows.get((x, g), ())) for g in ((), *gaps) for x in a)


def _padded(text: str) -> str:
    """Folded words between spaces, to find a phrase as whole words."""
    return f" {' '.join(words(text))} "


def _common_start(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


# The words that join a thing to a cue of lack after it ("dinero QUE no tengo"), and the subject
# pronouns that may stand between ("money that I do not have"), as stems.
_RELATIVE = {"en": ({"that", "which"}, {"i", "we", "you", "they", "he", "she"}), "es": ({"que"}, {"yo"})}

# The words that offer alternatives between two numbers ("6 or 7", "6 o 7", "7 u 8").
_EITHER = {"en": ("or",), "es": ("o", "u")}

_NUMBER_WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce",
}


def _number(word: str, lang: str) -> int | None:
    """A small number as a player writes it: "7", "seven", "siete"."""
    if word.isdigit():
        return int(word) if len(word) <= 2 else None
    named = _NUMBER_WORDS[lang].split()
    return named.index(word) if word in named else None


@cache
def index(lang: str) -> Index:
    """The index of one language, built on first use from rules_data."""
    return Index(lang)
