"""A rule as the lookup shows it: its text with related rules, examples and clarifications."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.data import DataError
from companion.lookup.data import Clarification, book


@dataclass(frozen=True)
class RuleCard:
    rule_id: str
    game: str
    title: str
    text: str
    status: str  # official | decision | unverified
    related: tuple[str, ...]
    phrasings: tuple[str, ...]
    examples: tuple[str, ...]
    clarifications: tuple[Clarification, ...]


def card(rule_id: str, lang: str) -> RuleCard:
    """The rule ``rule_id`` (its game is the id's first part) in ``lang``; DataError if unknown."""
    game = rule_id.split(".", 1)[0]
    b = book(game, lang)
    rule = b.texts.get(rule_id)
    if rule is None:
        raise DataError(f"unknown rule {rule_id!r}")
    x = b.extra_of(rule_id)
    return RuleCard(
        rule_id=rule_id,
        game=game,
        title=rule.title,
        text=rule.text,
        status=rule.status,
        related=b.related.get(rule_id, ()),
        phrasings=x.phrasings,
        examples=x.examples,
        clarifications=tuple(b.by_rule.get(rule_id, ())),
    )
