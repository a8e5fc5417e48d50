"""The observable state of one session (one browser tab or one device).

Screens are functions of this state: the root component (ui/root.py) subscribes to it, and any
change re-renders the screen, which Flet diffs against what is on screen by key. Nothing here
builds controls.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.share.live import Access
from companion.ui.peer import is_host_session


@dataclass(frozen=True)
class Notice:
    """A refused entry (or another error) shown at the question until the next change."""

    text: str
    rule_id: str | None = None
    at: str | None = None  # the key of the control whose tap was refused: shown under it


@dataclass(eq=False)
class Dialog:
    """An open dialog. ``body`` and ``actions`` build its controls on every render, so what a
    dialog shows follows the state (a ``note`` set by its own action, a draft in a field)."""

    key: str
    title: str
    body: Callable[[], list[ft.Control]]
    actions: Callable[[], list[ft.Control]] = field(default=lambda: [])
    note: str = ""  # an error or status line under the body (e.g. "Copied")


@ft.observable
@dataclass
class SessionState:
    """What one session shows: the route, the open table and its version, the notice, who this
    device is, and which dialog is open. ``revision`` counts other redraws (form drafts)."""

    route: str = "/"
    table_id: str | None = None
    version: int = -1
    notice: Notice | None = None
    access: Access | None = None
    host_device: bool = True
    dialog: Dialog | None = None
    revision: int = 0

    def redraw(self) -> None:
        self.revision += 1


def is_host_device(page: Any) -> bool:
    """Whether this session runs on the machine serving the app (the host of a live share).

    The one place the host/guest decision is made: from the connection's peer address as the
    server recorded it (ui/peer.py), never from a property the client can write."""
    return is_host_session(page)
