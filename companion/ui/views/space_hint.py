"""Home's reminder on a hosted server: the device's tables live in a private space that only
this browser holds, so until the recovery link has been shown here, Home asks to keep it.
Clearing the browser's data would otherwise lose the space for good. Kept apart from
views/space.py so Home does not load the QR code's modules."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.ui.services import Services, Session
from companion.ui.widgets import button, card, heading, small, text_button

SPACE_ROUTE = "/settings/space"


@ft.observable
@dataclass
class SpaceHint:
    """Whether "Not now" put the reminder away for this session: kept in the session's drafts
    and given to the component that shows the reminder (Home's lists), which "Not now" redraws."""

    later: bool = False

    def put_away(self) -> None:
        self.later = True


def open_space(services: Services, session: Session) -> Callable[[Any], Awaitable[None]]:
    """The handler opening "Your space": its recovery link counts as shown on this device."""

    async def open_screen(_: Any = None) -> None:
        if services.space is not None:
            await services.space.mark_saved(services.prefs)
        session.go(SPACE_ROUTE)

    return open_screen


def space_hint(services: Services, session: Session, hint: SpaceHint, has_tables: bool) -> ft.Control | None:
    """The reminder card, or None: only on a hosted server, on the device's own space, once it
    holds a table, until its recovery link was shown here (or "Not now" this session, ``hint``)."""
    space, tr = services.space, session.tr
    if space is None or not space.own or space.saved or hint.later or not has_tables:
        return None

    return card(
        heading(tr("space.keep.title")),
        small(tr("space.keep.hint")),
        ft.Row(
            [
                button(
                    tr("space.keep.open"), "space-keep-open", open_space(services, session), icon=ft.Icons.KEY
                ),
                text_button(tr("space.keep.later"), "space-keep-later", lambda _: hint.put_away()),
            ],
            wrap=True,
        ),
        key="space-keep",
    )
