"""The root component: the session's views and its open dialog, as a function of its state."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.ui.services import SERVICES, SESSION
from companion.ui.state import Dialog, SessionState

if TYPE_CHECKING:
    from companion.ui.i18n import Tr
    from companion.ui.shell import App


@ft.component
def Root(app: App, state: SessionState) -> list[ft.View]:
    """Re-rendered whenever ``state`` changes; Flet patches only the controls that changed.
    The screens below it read the session's services and session value from its context."""
    app.kept.new_render()
    with app.kept.drawing():  # the parts drawn here are kept for the next render (ui/parts.py)
        views = SERVICES(app.services, lambda: SESSION(app.session(), app.views))
        ft.use_dialog(dialog_control(app.tr, app.close_dialog, state.dialog))
    return views


def dialog_control(
    tr: Tr, close_dialog: Callable[[Dialog], None], dialog: Dialog | None
) -> ft.AlertDialog | None:
    """The open dialog's controls, with a Close button (``close_dialog`` closes this one only)."""
    if dialog is None:
        return None
    from companion.ui.widgets import text_button

    body = dialog.body()
    if dialog.note:
        body.append(ft.Text(dialog.note, key=f"{dialog.key}-note", color=ft.Colors.PRIMARY))
    close = text_button(tr("action.close"), f"{dialog.key}-close", lambda _: close_dialog(dialog))
    return ft.AlertDialog(
        key=dialog.key,
        title=ft.Text(dialog.title),
        content=ft.Column(body, tight=True, scroll=ft.ScrollMode.AUTO, width=380),
        actions=[*dialog.actions(), close],
        scrollable=True,
        on_dismiss=lambda _: close_dialog(dialog),
    )
