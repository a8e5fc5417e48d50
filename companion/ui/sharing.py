"""What the live share adds to a session (ui/live.py implements it): the session shell
(ui/shell.py) and the open table (ui/open_table.py) hold this Protocol, not the live share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from companion.core import Table
from companion.ui.hub import TableHub
from companion.ui.routes import Builder
from companion.ui.services import Services
from companion.ui.state import Drafts, SessionState


class Sharing(Protocol):
    """What the live share adds to a session (ui/live.py): a guest's link, the screens it may
    open and the entries it may make."""

    async def restore(self, services: Services, state: SessionState, drafts: Drafts) -> None:
        """A guest coming back rejoins with its stored link."""

    async def admit(
        self, services: Services, state: SessionState, drafts: Drafts, land: Callable[[str], None]
    ) -> None:
        """``/join/<token>``: open the link in this session, then ``land`` on its table."""

    def guest_route(
        self,
        hub: TableHub,
        state: SessionState,
        drafts: Drafts,
        route: str,
        routes: list[tuple[str, Builder]],
    ) -> tuple[Builder, dict[str, str]]:
        """The screen a guest may see for ``route``."""

    def attempt_keys(self, page: ft.Page, session: object) -> list[str]:
        """Whose wrong codes a try counts against: this session, and its network address."""

    def guest_submit(
        self, hub: TableHub, state: SessionState, drafts: Drafts, table: Table, entry: Any, seen: str | None
    ) -> Any:
        """Under the table's lock: the entry if this guest may make it, else a LiveRefusal."""
