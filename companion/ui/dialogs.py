"""What a screen needs to ask something in a dialog: open one, write a line under it, close it,
and make its buttons. ``SessionDialogs`` keeps the open dialog in the session's state and
satisfies this Protocol; a function that opens a dialog takes ``Dialogs`` and not the session,
so it sees nothing else of it (issue 25)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.ui.command import on_the_wire
from companion.ui.i18n import Tr
from companion.ui.state import Dialog, SessionState
from companion.ui.widgets import selectable_text


class Dialogs(Protocol):
    """The session's dialogs: one is open at a time, and a new one replaces it."""

    @property
    def open_dialog(self) -> Dialog | None:
        """The dialog on screen, if any (a flow checks it is still the one it opened)."""
        ...

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
        screen: bool = True,
    ) -> ft.Control:
        """An action of the open dialog: with ``closes`` a tap closes it and runs ``run`` once;
        with ``screen`` the screen is drawn again after it."""
        ...


class SessionDialogs:
    """``Dialogs`` over one session's observable state: opening, noting and closing are state
    changes, so the root component draws them (ui/root.py). ``open_rule`` opens a rule's card
    (False for a rule the lookup does not know: its plain text is shown instead)."""

    def __init__(
        self,
        state: SessionState,
        tr: Callable[[], Tr],
        open_rule: Callable[[Dialogs, Tr, str], bool],
    ) -> None:
        self._state = state
        self._tr = tr  # the translator of the language chosen now
        self._open_rule = open_rule

    def open_card(self, rule_id: str) -> bool:
        return self._open_rule(self, self._tr(), rule_id)

    def show_rule(self, rule_id: str) -> None:
        if self.open_card(rule_id):  # with its examples, clarifications and related rules
            return
        from companion.core.rulebook import rule  # its models: when a rule is first shown, not at the start

        tr = self._tr()
        found = rule(rule_id, tr.lang)
        title = found.title if found else tr("screens.rules.unknown")
        body = found.text if found else tr("rules.missing", rule=rule_id)
        status = "" if found is None or found.status == "official" else tr(f"rules.status.{found.status}")

        def content() -> list[ft.Control]:
            items: list[ft.Control] = [selectable_text(body, key="rule-dialog-text")]
            if status:
                items.insert(0, ft.Text(status, italic=True, key="rule-dialog-status"))
            return items

        self.dialog(title, content, key="rule-dialog")

    def dialog(
        self,
        title: str,
        body: Callable[[], list[ft.Control]],
        *,
        key: str,
        actions: Callable[[], list[ft.Control]] | None = None,
    ) -> Dialog:
        """Open a dialog (it replaces any open one). ``body`` and ``actions`` build its controls;
        make its buttons with ``dialog_button`` so that a tap acts once and closes it."""
        opened = Dialog(key=key, title=title, body=body, actions=actions or (lambda: []))
        self._state.dialog = opened
        return opened

    @property
    def open_dialog(self) -> Dialog | None:
        return self._state.dialog

    def close_dialog(self, dialog: Dialog | None = None) -> None:
        """Close ``dialog`` (or whichever is open); a dialog already closed stays closed."""
        if dialog is None or self._state.dialog is dialog:
            self._state.dialog = None

    def dialog_note(self, text: str) -> None:
        """A line under the open dialog's body (an error, or "Copied"): the dialog is observable,
        its body redraws."""
        if self._state.dialog is not None:
            self._state.dialog.note = text

    def dialog_button(
        self,
        label: str,
        key: str,
        run: Callable[[], Any],
        *,
        filled: bool = False,
        danger: bool = False,
        closes: bool = True,
        screen: bool = True,
    ) -> ft.Control:
        """A dialog's action. With ``closes``, the closing and the action are one state change,
        so a second tap (the dialog is closed by then) does nothing. Without it, ``run`` closes
        the dialog itself when it succeeds (a refused name keeps it open with a note).
        ``run`` may be a coroutine function. ``screen``: the action may have changed what the
        screen reads from the store, so the screen is drawn again after it; False for an action
        that moves the version of the list it changed (Home's, Players', the play log's), whose
        component draws the change alone: the screen drawn too would draw that list twice."""
        from companion.ui.widgets import text_button

        opened = self._state.dialog

        async def tap(_: Any = None) -> None:
            if opened is None or self._state.dialog is not opened:
                return  # closed already: a second tap of the same confirm does nothing
            if closes:
                self._state.dialog = None
                await on_the_wire()  # the dialog is gone on the phone before the action runs
            result = run()
            if hasattr(result, "__await__"):
                await result
            if screen:
                self._state.saved()  # the action may have changed what the screen shows

        return text_button(label, key, tap, filled=filled, danger=danger)
