"""The search over a long list (Home's tables, the players, the merge dialog, New table's
remembered players): the text as typed and the search applied, as an observable.

The component drawing the list is given this object: applying a search (or, in a subclass,
showing more rows) redraws that component alone, not the screen. A keystroke is kept without
a redraw: the box shows the text already, and drawing the list on every key would query it
each time.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft


@ft.observable
@dataclass
class Search:
    """The text in the search box (``typed``) and the search applied (``search``: its words,
    single-spaced); a screen's list state subclasses it with what it draws (pages shown)."""

    typed: str = ""
    search: str = ""

    def keep_typed(self, text: str) -> None:
        """A keystroke: kept for the next drawing, without notifying (nothing to draw yet)."""
        object.__setattr__(self, "typed", text)

    def find(self, text: str) -> None:
        """Apply ``text`` (submitted, or the box left): a new search starts at the first page."""
        self.typed = text
        words = " ".join(text.split())
        if words != self.search:
            self.search = words
            self.first_page()

    def first_page(self) -> None:
        """What a new search resets besides itself; a paged list draws its first page again."""
