"""What a screen needs to ask something in a dialog: open one, write a line under it, close it,
and make its buttons. The session (``App``, ui/shell.py) keeps the open dialog in its state and
satisfies this Protocol; a function that opens a dialog takes ``Dialogs`` and not the session,
so it sees nothing else of it (issue 25)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.ui.state import Dialog


class Dialogs(Protocol):
    """The session's dialogs: one is open at a time, and a new one replaces it."""

    def dialog(
        self,
        title: str,
        body: Callable[[], list[ft.Control]],
        *,
        key: str,
        actions: Callable[[], list[ft.Control]] | None = None,
    ) -> Dialog:
        """Open a dialog; ``body`` and ``actions`` build its controls on every render."""
        ...

    def dialog_note(self, text: str) -> None:
        """A line under the open dialog's body (an error, or "Copied")."""
        ...

    def close_dialog(self, dialog: Dialog | None = None) -> None:
        """Close ``dialog`` (or whichever is open); one already closed stays closed."""
        ...

    def dialog_button(
        self,
        label: str,
        key: str,
        run: Callable[[], Any],
        *,
        filled: bool = False,
        danger: bool = False,
        closes: bool = True,
    ) -> ft.Control:
        """An action of the open dialog: with ``closes`` a tap closes it and runs ``run`` once."""
        ...
