"""What a screen is given instead of the session itself (issue 25): the session's services,
which do not change while it lasts, and its session value, the observable state and what goes
with it for one render.

Both are frozen dataclasses: two made for the same session and render compare equal (the
repositories and services are the same objects, bound methods of one session compare equal),
so a kept part given one is not redrawn for it. The root component (ui/root.py) provides both
through Flet's context (``SERVICES``, ``SESSION``); the route table's ``Screen`` (ui/routes.py)
hands them to a screen's builder.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.ui.i18n import translator

if TYPE_CHECKING:
    from companion.core import Table
    from companion.ui.device import Device, Prefs
    from companion.ui.dialogs import Dialogs
    from companion.ui.hosted import SpaceSession
    from companion.ui.hub import TableHub
    from companion.ui.i18n import Tr
    from companion.ui.repos import Repos
    from companion.ui.settings import Settings
    from companion.ui.state import Drafts, SessionState
    from companion.ui.table_model import TableModel


@dataclass(frozen=True)
class Services:
    """The session's services: the shared tables (``hub``), the repositories of plays, players,
    statistics and links (``repos``), the device's file picker, clipboard and links
    (``device``), the dialogs (``dialogs``), a rule's card (``open_rule``, False for a rule the
    lookup does not know; ``show_rule`` shows such a rule's text instead), ``run_task`` (work
    run on this session, as the review's worker), the device's stored preferences (``prefs``),
    the messages between sessions (``pubsub``), the address this page was opened at
    (``page_url()``), whose wrong live-share codes a try counts against (``attempt_keys()``,
    ui/live.py) and the session entry the Share screen serves on the local network (``main``) and the address other devices open when served on the network; on a hosted server,
    the ``space`` the session runs on (ui/hosted.py; None on a local server)."""

    hub: TableHub
    repos: Repos
    device: Device
    dialogs: Dialogs
    open_rule: Callable[[str], bool]
    show_rule: Callable[[str], None]
    run_task: Callable[..., Any]
    prefs: Prefs
    pubsub: ft.PubSubClient
    page_url: Callable[[], str | None]
    attempt_keys: Callable[[], list[str]]
    main: Any = None
    lan_url: str | None = None
    space: SpaceSession | None = None  # hosted mode: the space this session runs on (ui/hosted.py)


@dataclass(frozen=True)
class Session:
    """One session as a screen reads it for one render: its observable ``state`` (route, open
    table, notice, access, dialog), the ``settings`` and their translator ``tr``, the screens'
    ``drafts`` (each an observable given to the component that edits it, which a change redraws
    alone), and ``go`` to an address. ``change_settings`` saves new settings (observable: the
    root redraws).
    A table's screens take ``table_model(table)``, the table as this session sees it with its
    commands (ui/table_model.py), and ``table_now()``, the open table at a tap; ``fail`` shows
    a refusal at the question.
    Nothing in it is replaced once the session has started (the settings change in place), so
    one made then equals any other and the context provided at the root is never stale."""

    state: SessionState
    settings: Settings
    drafts: Drafts
    go: Callable[[str], None]
    change_settings: Callable[..., Awaitable[None]]
    table_model: Callable[[Table], TableModel]
    table_now: Callable[[], Table]
    fail: Callable[[str], None]

    @property
    def tr(self) -> Tr:
        """The translator of the language chosen now: read at each render, so the value is the
        same all session long and a context holding it is never out of date."""
        return translator(self.settings.lang)


SERVICES: ft.ContextProvider[Any] = ft.create_context(None)
"""The session's ``Services``, provided by the root component."""

SESSION: ft.ContextProvider[Any] = ft.create_context(None)
"""The session's ``Session`` of the render, provided by the root component."""


def use_services() -> Services:
    """The session's services, in a component rendered under the root (a screen's part)."""
    found: Services | None = ft.use_context(SERVICES)
    if found is None:
        raise LookupError("no Services: rendered outside the session's root component")
    return found


def use_session() -> Session:
    """The session's value for this render, in a component rendered under the root."""
    found: Session | None = ft.use_context(SESSION)
    if found is None:
        raise LookupError("no Session: rendered outside the session's root component")
    return found
