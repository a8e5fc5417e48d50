"""The lookup's data beside the rule texts, validated at load.

Per game, ``rules_data/<game>/lookup.<lang>.json`` holds, for the rules of that game, the
phrasings players use, worked examples and clarifications (short questions and answers on
edge cases; ``decided`` marks a reading the project had to choose), the teach-as-you-play
notes for each kind of question, and the game's synonyms and filler words. Rules link to
their related rules in ``rules_data/<game>/related.json``, and every link must be declared from both ends, so a
one-sided link is caught at load rather than shown half the time.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.data import DataError, load
from companion.core.rulebook import Rule, rules
from companion.i18n import LANGUAGES
from companion.lookup.scope import GAMES

__all__ = ["GAMES", "Book", "Clarification", "LookupFile", "RelatedFile", "RuleExtra", "TeachNote", "book"]
_ID = r"^[a-z0-9_]+(\.[a-z0-9_]+)+$"


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Clarification(_Strict):
    """A short question and answer on an edge case of one rule."""

    id: str = Field(pattern=_ID)
    rule_id: str = Field(pattern=_ID)
    question: str = Field(min_length=1)
    answer: str = Field(min_length=1)
    decided: bool = False  # a reading the project had to choose (see docs/decisions/)
    when: tuple[str, ...] = ()  # game situations in which it applies (see for_moment)


class RelatedFile(_Strict):
    """``rules_data/<game>/related.json``: the links between rules, the same in every language."""

    related: dict[str, tuple[str, ...]]


class RuleExtra(_Strict):
    phrasings: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()


class TeachNote(_Strict):
    """Two or three lines on why a step of the game exists and what is worth thinking about."""

    game: str = ""
    kind: str = ""
    rule_id: str = Field(pattern=_ID)
    lines: tuple[str, ...] = Field(min_length=2, max_length=3)


_WORD = r"^\w+$"  # synonyms are single words: "dar la vuelta" would make "dar" and "la" synonyms
_Word = Annotated[str, Field(pattern=_WORD)]


class Sense(_Strict):
    """Synonyms that hold in one sense only: not when the question also has one of ``not_with``
    ("acabar mis acciones" is not the game's end)."""

    words: tuple[_Word, ...] = Field(min_length=2)
    not_with: tuple[_Word, ...] = Field(min_length=1)


class Sizes(_Strict):
    """A number next to a named kind of thing points at the rule for that size: below, equal to
    or above the kind's own size ("6 photo tiles": photo is complete at 3, so oversize)."""

    below: str = Field(pattern=_ID)
    equal: str = Field(pattern=_ID)
    above: str = Field(pattern=_ID)
    kinds: dict[str, int]  # a word naming the kind -> its size


class AnswerKind(_Strict):
    """A kind of question and the sentence that answers it: a question with one of ``asks``
    (folded phrases) is answered by the rule's sentence with one of ``says`` (or a number)."""

    asks: tuple[str, ...] = Field(min_length=1)
    says: tuple[str, ...] = ()
    number: bool = False  # the answer is a sentence with a number in it


class LookupFile(_Strict):
    rules: dict[str, RuleExtra] = {}
    clarifications: tuple[Clarification, ...] = ()
    teach: dict[str, TeachNote] = {}
    # groups of words a player uses for one thing in this game, some in one sense only
    synonyms: tuple[tuple[_Word, ...] | Sense, ...] = ()
    filler: tuple[str, ...] = ()  # words that carry no meaning in a question ("what", "qué")
    names: tuple[str, ...] = ()  # how players name the game in a question ("chinatown", "da yu")
    sizes: Sizes | None = None
    answers: dict[str, AnswerKind] = {}  # core only: kinds of question and their answering sentence

    @model_validator(mode="after")
    def _unique(self) -> LookupFile:
        ids = [c.id for c in self.clarifications]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"clarification ids defined twice: {twice}")
        return self


class Book:
    """Everything the lookup knows about the rules of one game in one language."""

    def __init__(
        self, game: str, lang: str, texts: dict[str, Rule], extra: LookupFile, related: RelatedFile
    ) -> None:
        self.game, self.lang, self.texts, self.extra = game, lang, texts, extra
        self.related = related.related
        self.by_rule: dict[str, list[Clarification]] = {}
        for c in extra.clarifications:
            self.by_rule.setdefault(c.rule_id, []).append(c)

    def extra_of(self, rule_id: str) -> RuleExtra:
        return self.extra.rules.get(rule_id, RuleExtra())


@cache
def book(game: str, lang: str) -> Book:
    """The validated lookup data of ``game`` in ``lang`` (checked against both languages)."""
    if game not in GAMES:
        raise DataError(f"no rules lookup for game {game!r}; known: {', '.join(GAMES)}")
    if lang not in LANGUAGES:
        raise DataError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    _check(game)
    return _book(game, lang)


@cache
def _book(game: str, lang: str) -> Book:
    return Book(
        game,
        lang,
        rules(game, lang),
        load(f"{game}/lookup.{lang}.json", LookupFile),
        RelatedFile(related=_links(game)),
    )


@cache
def _check(game: str) -> None:
    """Cross-file checks: ids exist, links go both ways, both languages say the same things."""
    books = {lang: _book(game, lang) for lang in LANGUAGES}
    where = f"rules_data/{game}/lookup.<lang>.json"
    known = {rid for g in GAMES for rid in rules(g, "en")}
    for lang, b in books.items():
        for rid in b.extra.rules:
            if rid not in b.texts:
                raise DataError(f"{where} ({lang}): lookup data for unknown rule {rid!r}")
        sizes = b.extra.sizes
        for rid in (sizes.below, sizes.equal, sizes.above) if sizes else ():
            if rid not in b.texts:
                raise DataError(f"{where} ({lang}): sizes cite unknown rule {rid!r}")
        for c in b.extra.clarifications:
            if c.rule_id not in b.texts:
                raise DataError(f"{where} ({lang}): clarification {c.id} cites unknown rule {c.rule_id!r}")
        for kind, note in b.extra.teach.items():
            if note.rule_id not in known:
                raise DataError(f"{where} ({lang}): teach note {kind!r} cites unknown rule {note.rule_id!r}")
    en, es = books["en"], books["es"]
    links = {rid: set(other) for g in GAMES for rid, other in _links(g).items()}
    for rid, other_ids in _links(game).items():
        if rid not in en.texts:
            raise DataError(f"rules_data/{game}/related.json: links of unknown rule {rid!r}")
        for other in other_ids:
            if other not in known:
                raise DataError(f"rules_data/{game}/related.json: {rid} is related to unknown rule {other!r}")
            if rid not in links.get(other, set()):
                raise DataError(
                    f"rules_data/{game}/related.json: {rid} links to {other} but {other} does not link back"
                )
    _same(where, "clarification", _facts(en.extra.clarifications), _facts(es.extra.clarifications))
    _same(where, "teach note", _notes(en), _notes(es))
    _same(where, "size", _sizes(en), _sizes(es))


def _sizes(b: Book) -> dict[str, tuple[object, ...]]:
    """The sizes, each named in both languages: the same rules and the same set of sizes."""
    s = b.extra.sizes
    return {} if s is None else {"sizes": (s.below, s.equal, s.above, tuple(sorted(set(s.kinds.values()))))}


def _links(game: str) -> dict[str, tuple[str, ...]]:
    return load(f"{game}/related.json", RelatedFile).related


def _facts(items: tuple[Clarification, ...]) -> dict[str, tuple[object, ...]]:
    return {c.id: (c.rule_id, c.decided, tuple(sorted(c.when))) for c in items}


def _notes(b: Book) -> dict[str, tuple[object, ...]]:
    return {kind: (n.rule_id, len(n.lines)) for kind, n in b.extra.teach.items()}


def _same(
    where: str, what: str, en: dict[str, tuple[object, ...]], es: dict[str, tuple[object, ...]]
) -> None:
    for key in set(en) ^ set(es):
        raise DataError(f"{where}: {what} {key!r} exists in one language only")
    for key in en:
        if en[key] != es[key]:
            raise DataError(f"{where}: {what} {key!r} differs between languages ({en[key]} / {es[key]})")
