"""Teach as you play: for each kind of question a game asks, why the step exists and what is
worth thinking about, in two or three lines with the rule behind it (data in lookup.<lang>.json).
"""

from __future__ import annotations

from companion.lookup.data import GAMES, TeachNote, book


def teach_note(game: str, prompt_kind: str, lang: str) -> TeachNote | None:
    """The note for this kind of question, or None when the game has none for it."""
    if game not in GAMES:
        return None
    note = book(game, lang).extra.teach.get(prompt_kind)
    return None if note is None else note.model_copy(update={"game": game, "kind": prompt_kind})
