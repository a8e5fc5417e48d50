"""The rules lookup: ranked search in players' words, rule cards, "for this moment", teach notes.

Lives outside ``companion.core`` and ``companion.games`` (which stay pure): it builds an SQLite
index in memory and reads the lookup data in rules_data/<game>/lookup.<lang>.json.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.core.lazy import lazy_names
from companion.i18n import LANGUAGES
from companion.lookup.scope import GAMES

if TYPE_CHECKING:
    from companion.lookup.cards import RuleCard, card
    from companion.lookup.data import Clarification, TeachNote
    from companion.lookup.fts import Hit, answering
    from companion.lookup.moment import Moment, for_moment
    from companion.lookup.teach import teach_note

# Loaded on first use (PEP 562): `companion rules` reads a prepared index (prepared.py) and
# must not validate every data file with pydantic just to import this package.
_WHERE = {
    "RuleCard": "cards",
    "card": "cards",
    "Clarification": "data",
    "TeachNote": "data",
    "Hit": "fts",
    "answering": "fts",
    "Moment": "moment",
    "for_moment": "moment",
    "teach_note": "teach",
}


__getattr__ = lazy_names(__name__, _WHERE, globals())


__all__ = [
    "Clarification",
    "Hit",
    "Moment",
    "RuleCard",
    "TeachNote",
    "answering",
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
    from companion.core.data import DataError
    from companion.lookup.fts import index

    if lang not in LANGUAGES:
        raise DataError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    if game is not None and game not in GAMES:
        raise DataError(f"no rules lookup for game {game!r}; known: {', '.join(GAMES)}")
    if prefer is not None and prefer not in GAMES:
        raise DataError(f"no rules lookup for game {prefer!r}; known: {', '.join(GAMES)}")
    return index(lang).search(query, game, limit, prefer)
