"""The rules lookup: ranked search in players' words, rule cards, "for this moment", teach notes.

Lives outside ``companion.core`` and ``companion.games`` (which stay pure): it builds an SQLite
index in memory and reads the lookup data in rules_data/<game>/lookup.<lang>.json.
"""

from __future__ import annotations

from companion.core.data import DataError
from companion.i18n import LANGUAGES
from companion.lookup.cards import RuleCard, card
from companion.lookup.data import GAMES, Clarification, TeachNote
from companion.lookup.fts import Hit, index
from companion.lookup.moment import Moment, for_moment
from companion.lookup.teach import teach_note

__all__ = [
    "Clarification",
    "Hit",
    "Moment",
    "RuleCard",
    "TeachNote",
    "card",
    "for_moment",
    "search",
    "teach_note",
]


def search(
    query: str, lang: str, game: str | None = None, limit: int = 10, prefer: str | None = None
) -> list[Hit]:
    """The rules that answer ``query`` best first; ``game`` limits them to one game (plus core).

    Searching every game, the game the question names weighs first, else ``prefer`` (the table's).
    """
    if lang not in LANGUAGES:
        raise DataError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    if game is not None and game not in GAMES:
        raise DataError(f"no rules lookup for game {game!r}; known: {', '.join(GAMES)}")
    if prefer is not None and prefer not in GAMES:
        raise DataError(f"no rules lookup for game {prefer!r}; known: {', '.join(GAMES)}")
    return index(lang).search(query, game, limit, prefer)
