"""The root component: the session's views and its open dialog, as a function of its state."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.ui.services import SERVICES, SESSION
from companion.ui.state import Dialog, SessionState

if TYPE_CHECKING:
    from companion.ui.i18n import Tr
    from companion.ui.parts import Kept
    from companion.ui.services import Services, Session
    from companion.ui.settings import Settings


@ft.component
def Root(
    state: SessionState,
    settings: Settings,
    services: Services,
    session: Session,
    kept: Kept,
    views: Callable[[], list[ft.View]],
) -> list[ft.View]:
    """Re-rendered whenever ``state`` or ``settings`` changes (both are observable); Flet patches only the controls that changed.
    ``views()`` draws the session's view stack (ui/shell.py); the screens in it read the
    session's ``services`` and ``session`` from the context provided here. ``kept`` holds the
    parts as last drawn (ui/parts.py)."""
    kept.new_render()
    with kept.drawing():  # the parts drawn here are kept for the next render
        drawn = SERVICES(services, lambda: SESSION(session, views))
        ft.use_dialog(dialog_control(session.tr, services.dialogs.close_dialog, state.dialog))
    return drawn


def dialog_control(
    tr: Tr, close_dialog: Callable[[Dialog], None], dialog: Dialog | None
) -> ft.AlertDialog | None:
    """The open dialog's controls, with a Close button (``close_dialog`` closes this one only)."""
    if dialog is None:
        return None
    from companion.ui.widgets import text_button

    close = text_button(tr("action.close"), f"{dialog.key}-close", lambda _: close_dialog(dialog))
    return ft.AlertDialog(
        key=dialog.key,
        title=ft.Text(dialog.title),
        # Flutter's AlertDialog is an "alertdialog" to the browser, whatever it shows (Flet 1.0.5
        # offers no plain Dialog), and is named "Alert" in English unless given a label: named by
        # its title, a reader says "Delete this table?" where it said "Alert"
        semantics_label=dialog.title,
        content=DialogBody(dialog, key=f"{dialog.key}-body"),
        actions=[*dialog.actions(), close],
        scrollable=True,
        on_dismiss=lambda _: close_dialog(dialog),
    )


@ft.component
def DialogBody(dialog: Dialog, key: str | None = None) -> ft.Control:
    """The dialog's body and its note: drawn again when the note changes (``dialog_note``)."""
    body = dialog.body()
    if dialog.note:
        body.append(ft.Text(dialog.note, key=f"{dialog.key}-note", color=ft.Colors.PRIMARY))
    # No scroll of its own: the AlertDialog (scrollable=True) scrolls its content already, and a
    # scrolling column inside it is a viewport given unbounded height. In Chromium a wheel turned
    # over such a dialog (the rule card) now and then left Flutter's page at 100 % CPU for good.
    return ft.Column(body, tight=True, width=380)
