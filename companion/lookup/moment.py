""" "For this moment": the rules of the question the table faces now, and the clarifications
that apply to the state it is in (a full palace, a tribute nobody can pay, ...).

The state predicates are the games' own pure functions (``companion.games.<game>.situations``);
this module only puts them beside the texts.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Protocol

from companion.lookup.cards import RuleCard, card
from companion.lookup.data import Clarification, book


@dataclass(frozen=True)
class Moment:
    """What to show when a player asks "what is the rule here?" during play."""

    kind: str | None  # the prompt kind, None once the game is over
    situations: tuple[str, ...]
    rules: tuple[RuleCard, ...]  # the prompt's rules first, then those the situations bring, then related
    clarifications: tuple[Clarification, ...]  # the ones that apply to this state, first


class TableLike(Protocol):
    """What "for this moment" reads of a table: ``companion.core.Table`` has all three."""

    @property
    def game_id(self) -> str: ...
    @property
    def state(self) -> Any: ...
    @property
    def prompt(self) -> Any: ...


def situations_of(game_id: str, state: Any) -> frozenset[str]:
    """The game's own predicates on a state; a game without them reports none."""
    # From the game module itself, not the package: the package's ``situations`` is its submodule
    # of that name until the package's lazy loader has run (companion/games/<game>/__init__.py).
    module = importlib.import_module(f"companion.games.{game_id}.game")
    predicate = getattr(module, "situations", None)
    return frozenset(predicate(state)) if predicate else frozenset()


def for_moment(table: TableLike, lang: str) -> Moment:
    """The rules and clarifications for the current decision of a table (``companion.core.Table``)."""
    game_id = table.game_id
    prompt = table.prompt
    found = situations_of(game_id, table.state)
    b = book(game_id, lang)
    applying = tuple(c for c in b.extra.clarifications if found & set(c.when))
    ids: list[str] = list(prompt.rule_ids) if prompt else ["core.game_over"]
    ids += [c.rule_id for c in applying]
    first = list(dict.fromkeys(ids))
    related = [r for rid in first for r in card(rid, lang).related if r not in first]
    cards = tuple(card(rid, lang) for rid in dict.fromkeys(first + related))
    return Moment(
        kind=prompt.kind if prompt else None,
        situations=tuple(sorted(found)),
        rules=cards,
        clarifications=applying,
    )
