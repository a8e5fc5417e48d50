"""Text typed into a field of an observable draft, kept without drawing the form again.

Assigning a field of an ``@ft.observable`` draft redraws the components given it. For what a
text field sends on every keystroke that redraw has nothing to show (the field shows the text
already) and can do harm: a field drawn with a default in place of blank text ("today" for an
empty date) would fill itself again while the player clears it. So a keystroke is kept this way,
and the next redraw (a tap elsewhere on the form) draws the text as typed.
"""

from __future__ import annotations


def keep_typed(draft: object, name: str, text: object) -> None:
    """Set ``draft.<name>`` to ``text`` without notifying the components that follow ``draft``."""
    object.__setattr__(draft, name, text)
