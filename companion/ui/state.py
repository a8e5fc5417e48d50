"""The observable state of one session (one browser tab or one device).

Screens are functions of this state: the root component (ui/root.py) subscribes to it, and any
change re-renders the screen, which Flet diffs against what is on screen by key. Nothing here
builds controls.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import flet as ft

from companion.share.live import Access
from companion.ui.peer import is_host_session


@dataclass(frozen=True)
class Notice:
    """A refused entry (or another error) shown at the question until the next change, made
    here or on another phone: ``version`` is the table's when it was said (ui/open_table.py)."""

    text: str
    rule_id: str | None = None
    at: str | None = None  # the key of the control whose tap was refused: shown under it
    version: int | None = None
    info: bool = False  # news (the host undid), not a refusal: drawn without the error's colours


@ft.observable
@dataclass(eq=False)
class Dialog:
    """An open dialog. ``body`` and ``actions`` build its controls on every render of the
    session's root; the body is drawn again when its ``note`` changes (it is observable, and the
    root's dialog body component takes it: ui/root.py)."""

    key: str
    title: str
    body: Callable[[], list[ft.Control]]
    actions: Callable[[], list[ft.Control]] = field(default=lambda: [])
    note: str = ""  # an error or status line under the body (e.g. "Copied")


@ft.observable
@dataclass
class SessionState:
    """What one session shows: the route, the open table and its version, the notice, who this
    device is, and which dialog is open. ``changes`` counts the open table's changes this
    session has seen (an undo then a redo returns to a version already drawn; a rename or a
    revoked link changes no version) and ``visits`` the arrivals at an address (a screen back on
    top is drawn afresh: what it shows may have changed while another covered it); ``saves``
    counts this session's changes to the store outside a table (a rename, a delete)."""

    route: str = "/"
    table_id: str | None = None
    version: int = -1
    notice: Notice | None = None
    access: Access | None = None
    host_device: bool = True  # False once the session opened a link, wherever it runs (ui/live.py)
    dialog: Dialog | None = None
    changes: int = 0
    visits: int = 0
    saves: int = 0

    def table_changed(self) -> None:
        self.changes += 1

    def saved(self) -> None:
        """This session changed what the screens read from the store (a rename, a delete, an
        import): the screen on top reads it again."""
        self.saves += 1

    def arrived(self, route: str) -> None:
        self.route = route
        self.visits += 1


D = TypeVar("D")
F = TypeVar("F", bound="FactForm")


class FactForm:
    """The base of a table fact's form draft ("as dealt": Dragon's event row, Chinatown's kept
    buildings or a trade): one at a time, dropped by the shell after every accepted entry."""


class Drafts:
    """The session's drafts and hand-overs between screens, typed: each is a small dataclass
    defined in the module that owns its screen or form, found here by its class and, where a
    screen keeps several, a key (a table id, an import code). They last as long as the session
    unless their owner drops them (``drop``), or, for a fact form, the next accepted entry."""

    def __init__(self) -> None:
        self._held: dict[tuple[type[Any], Hashable], Any] = {}

    def get(self, kind: type[D], key: Hashable = None) -> D | None:
        found: D | None = self._held.get((kind, key))
        return found

    def keep(self, kind: type[D], key: Hashable = None, make: Callable[[], D] | None = None) -> D:
        """The draft, made (``make()``, else ``kind()``) the first time it is asked for."""
        found: D | None = self._held.get((kind, key))
        if found is None:
            found = self._held[(kind, key)] = (make or kind)()
        return found

    def put(self, draft: D, key: Hashable = None) -> D:
        """Keep ``draft`` (replacing any of its class and key)."""
        self._held[(type(draft), key)] = draft
        return draft

    def drop(self, kind: type[D], key: Hashable = None) -> D | None:
        """Forget the draft; what it held, if any (a hand-over is taken this way, once)."""
        found: D | None = self._held.pop((kind, key), None)
        return found

    def form(self, kind: type[F], make: Callable[[], F]) -> F:
        """The fact form being filled: a form of another kind in its place is replaced."""
        held = self._held.get((FactForm, None))
        if not isinstance(held, kind):
            held = self._held[(FactForm, None)] = make()
        return held

    def drop_form(self) -> None:
        self._held.pop((FactForm, None), None)


def is_host_device(page: Any) -> bool:
    """Whether this session runs on the machine serving the app (the host of a live share).

    The one place the host/guest decision is made: from the connection's peer address as the
    server recorded it (ui/peer.py), never from a property the client can write."""
    return is_host_session(page)
