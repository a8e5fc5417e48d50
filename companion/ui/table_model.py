"""The open table as one session's screen sees it (issue 25): the table, the seat whose eyes
draw it, the translator, the session's drafts, and the commands that change the table.

The session (``SessionShell``, ui/shell.py) makes one ``TableModel`` per render (``table_model``);
the table's screens and the game hooks (``GameUI``, ui/gameui.py) take it instead of the
session, so a hook sees the table screen's inputs and commands and nothing else of the session
(no store, no routes, no settings). It is a frozen dataclass of values and bound methods of the
one session: two models made for the same render state compare equal, so a kept part given
one is not redrawn for it (ui/parts.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from companion.core import Msg, PlayerView, Prompt, Table
from companion.share.live import Access
from companion.share.offers import Offer
from companion.ui.command import Submit
from companion.ui.dialogs import Dialogs
from companion.ui.i18n import Tr
from companion.ui.seen import seen_by
from companion.ui.state import Drafts, Notice


class Steps(Protocol):
    """Undo or redo: one step by default (a button), or several (a tap on an undone entry)."""

    def __call__(self, steps: int = 1) -> bool: ...


class Fail(Protocol):
    """The session's ``fail``: show ``message`` (and a way to its rule) where the question is."""

    def __call__(self, message: Msg | str, rule_id: str | None = None) -> None: ...


@dataclass(frozen=True)
class TableModel:
    """One open table for one screen: what it shows (``table``, ``view``, ``notice``) and what a
    tap on it can do (``submit``, ``deal``, ``undo``, ``redo``, and the session's ``show_rule``,
    ``go``, ``fail``, ``dialogs``). The commands are the session's own bound methods."""

    table: Table
    tr: Tr
    access: Access | None  # a live-share link's (a seat's or a viewer's); None on the host
    guest: bool  # a live-share client: its entries go through the host's checks
    notice: Notice | None  # the last refusal, shown at the question
    dialog_open: bool  # a dialog is over the screen: the question column keeps its place
    drafts: Drafts  # the session's half-made forms (a fact form's taps, a fold)
    submit: Submit
    deal: Callable[[], bool]
    undo: Steps
    redo: Steps
    show_rule: Callable[[str], None]
    go: Callable[[str], None]
    fail: Fail
    dialogs: Dialogs
    # trades offered from seats' phones (Chinatown's trading; ui/offer_desk.py): the open ones
    # and those declined, the command that offers one and the one that answers one
    offers: tuple[Offer, ...] = ()
    offer: Submit | None = None
    answer_offer: Callable[[str, str], bool] | None = None
    # hosted mode, a guest on another space's link: back to its own space (ui/hosted.py)
    leave: Callable[[], Awaitable[None]] | None = None

    @property
    def id(self) -> str:
        return self.table.id

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def prompt(self) -> Prompt | None:
        return self.table.prompt

    @property
    def seat(self) -> int | None:
        """Whose eyes this screen is drawn for: a seat link's player; None for the public."""
        return self.access.seat if self.access is not None else None

    @property
    def view(self) -> PlayerView:
        """What this screen may show of the table: every screen others can see is drawn from it."""
        return seen_by(self.table, self.seat)
