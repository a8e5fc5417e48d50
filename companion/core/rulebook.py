"""Rule texts for lookup: each rule has a stable id and a text in every language.

Files: ``rules_data/<game>/rules.<lang>.json`` holding ``{"rules": [{"id", "title", "text",
"tags"}]}``. Search ignores case and accents, so "sequia" finds "Sequía".
"""

from __future__ import annotations

import unicodedata
from functools import cache

from pydantic import BaseModel, ConfigDict, Field, model_validator

from companion.core.data import load
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, PSEUDO


class Rule(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+(\.[a-z0-9_]+)+$")
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    tags: list[str] = []
    status: str = "official"  # official | decision | unverified: shown in the lookup


class RuleFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    rules: list[Rule]

    @model_validator(mode="after")
    def _unique(self) -> RuleFile:
        ids = [r.id for r in self.rules]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            raise ValueError(f"rule ids defined twice: {sorted(dup)}")
        return self


def fold(text: str) -> str:
    """Lower case without accents: the form search compares."""
    nfkd = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in nfkd if not unicodedata.combining(c))


@cache
def rules(game_id: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, Rule]:
    if lang == PSEUDO:  # the pseudo-locale accents the English rules, like the catalogues
        from companion.i18n.pseudo import pseudo_plain

        return {
            k: r.model_copy(update={"title": pseudo_plain(r.title), "text": pseudo_plain(r.text)})
            for k, r in rules(game_id, DEFAULT_LANGUAGE).items()
        }
    if lang not in LANGUAGES:
        lang = DEFAULT_LANGUAGE
    return {r.id: r for r in load(f"{game_id}/rules.{lang}.json", RuleFile).rules}


def rule(rule_id: str, lang: str = DEFAULT_LANGUAGE) -> Rule | None:
    """The rule with this id (its game is the id's first part), or None."""
    game_id = rule_id.split(".", 1)[0]
    try:
        book = rules(game_id, lang)
    except Exception:  # an unknown game prefix has no file: simply no rule
        return None
    return book.get(rule_id)


def search(game_id: str, query: str, lang: str = DEFAULT_LANGUAGE) -> list[Rule]:
    """Rules whose id, title, text or tags contain every word of the query, best first."""
    words = fold(query).split()
    book = list(rules(game_id, lang).values()) + (
        list(rules("core", lang).values()) if game_id != "core" else []
    )
    if not words:
        return book
    scored = []
    for order, r in enumerate(book):
        title, body = fold(r.title), fold(" ".join([r.text, r.id, *r.tags]))
        if all(w in title or w in body for w in words):
            scored.append((-sum(w in title for w in words), order, r))
    return [r for *_, r in sorted(scored, key=lambda x: (x[0], x[1]))]
