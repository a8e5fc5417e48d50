"""The table one session has open: following changes made elsewhere, and the commands that
change it (submit, deal, undo, redo), each refused with its reason shown at the question.

The shared ``Table`` lives in the process-wide hub (ui/hub.py); this object remembers which
table the session shows and the version it drew, and writes both into the session's
observable state (ui/state.py), which the screens follow. It is made by the session shell
(ui/shell.py) and reaches the screens as the commands of a ``TableModel`` (ui/table_model.py).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.core import Msg, RuleViolation, Table, TableError
from companion.share.live import LiveRefusal, stamp
from companion.ui.state import Drafts, Notice, SessionState

if TYPE_CHECKING:
    import flet as ft

    from companion.ui.hosted import SpaceSession
    from companion.ui.hub import TableHub
    from companion.ui.i18n import Tr
    from companion.ui.sharing import Sharing

Keys = tuple[str, str]  # the news of one entry, and of a run of them ("... and what followed")


class OpenTable:
    def __init__(
        self,
        page: ft.Page,
        hub: TableHub,
        state: SessionState,
        drafts: Drafts,
        sharing: Sharing,
        tr: Callable[[], Tr],
        space: SpaceSession | None = None,
    ) -> None:
        self.page = page
        self.hub = hub
        self.state = state
        self.drafts = drafts
        self.sharing = sharing
        self._tr = tr  # the translator of the language chosen now
        self.space = space
        self.rng = random.Random()  # "Deal for me" draws from it
        self._topic: str | None = None

    # ---- who sees it ---------------------------------------------------------------------
    @property
    def id(self) -> str | None:
        return self.state.table_id

    @property
    def table(self) -> Table:
        if self.id is None:
            raise TableError("ui.error.no_table")
        return self.hub.get(self.id)

    @property
    def guest(self) -> bool:
        """A live-share client (viewer or seat), not the host."""
        return self.state.access is not None or not self.state.host_device

    # ---- following it ----------------------------------------------------------------------
    def follow(self, table_id: str | None) -> None:
        """Show ``table_id`` (None: no table) and hear every change other sessions make to it."""
        if table_id != self.state.table_id:
            self.unfollow()
            self.state.table_id = table_id
            if table_id is not None:
                self._topic = self.hub.topic(table_id)
                self.page.pubsub.subscribe_topic(self._topic, self._on_table_changed)
                self._lapse_old_offers(table_id)
        self._seen_version()

    def _lapse_old_offers(self, table_id: str) -> None:
        """Offers a version before stop 57 left open on a table moved past them: closed when the
        table is first opened (ui/offer_desk.lapse_on_open)."""
        from companion.ui.offer_desk import lapse_on_open

        with contextlib.suppress(TableError):  # a deleted or unknown table: its screen says so
            lapse_on_open(self.hub, table_id)

    def unfollow(self) -> None:
        if self._topic is not None:
            self.page.pubsub.unsubscribe_topic(self._topic)
            self._topic = None

    def _seen_version(self) -> None:
        try:
            self.state.version = self.table.version if self.id is not None else -1
        except TableError:  # a deleted or unknown table: its screen says so
            self.state.version = -1

    async def _on_table_changed(self, _topic: str, _version: Any) -> None:
        """Another session changed the table this one shows: show the new state.

        Pubsub runs this in a task copied from the sender's context (whose page is the sender's),
        so the redraw goes through ``page.run_task``, which runs it bound to this session's page:
        the re-render is then scheduled on this session, not on the sender's. A tab closed or
        gone away has no connection to redraw on: it stops following the table instead."""
        if self.page.session.connection is None:
            self.unfollow()
            return
        self.page.run_task(self._show_change)

    async def _show_change(self) -> None:
        if self.id is not None:
            drawn = self.state.version
            self._seen_version()
            notice = self.state.notice
            if notice is not None and notice.version != self.state.version:  # said of a table since moved on
                self.state.notice = None
            if self.guest and 0 <= self.state.version < drawn:  # the host undid: a guest's question came back
                self._say(self._host_undid(drawn - self.state.version), info=True)
            self.state.table_changed()  # a revoked link or a rename changes no version

    # ---- changing it -------------------------------------------------------------------------
    def _change(self, action: Callable[[Table], Any], at: str | None = None, drafted: bool = True) -> bool:
        """Run ``action`` on the table; ``drafted``: it sent the session's fact form, which is
        dropped once it is taken (an answer to an offer keeps a trade being written up)."""
        tr = self._tr()
        if self.space is not None and not self.space.allow_entry():  # the space's entries per second
            self._say(tr("space.busy"), at=at)
            return False
        from companion.ui.offer_desk import moving_on

        try:
            self.hub.change(self.table.id, moving_on(self.hub, action))
        except RuleViolation as exc:
            self._say(exc.message_in(tr.lang), exc.rule_id, at)
            return False
        except LiveRefusal as exc:  # a guest's entry the host refuses (stale, not theirs, viewer)
            self._say(tr.msg(exc.msg), at=at)
            return False
        except TableError as exc:  # the store refused: changed elsewhere (reloaded), disk full, read-only
            self._say(tr.msg(exc.msg), at=at)
            if self.id is not None:  # the hub may have reloaded it: other sessions redraw too
                self.page.pubsub.send_others_on_topic(self.hub.topic(self.id), None)
                self.state.version = self.table.version
            self.state.table_changed()
            return False
        self.state.notice = None
        if drafted:
            self.drafts.drop_form()  # a fact form's taps were entered
        self.page.pubsub.send_others_on_topic(self.hub.topic(self.table.id), self.table.version)
        self.state.version = self.table.version
        self.state.table_changed()  # undo then redo returns to a version already shown
        return True

    def submit(self, entry: Any, seen: str | None = None, at: str | None = None) -> bool:
        """Send an entry; a refused one shows its reason and rule, and changes nothing.

        ``seen`` is the table stamp the screen showed (``share.live.stamp``): an entry tapped on
        a screen the table has moved past is refused. Guests always go through the host's checks.
        ``at`` is the key of the control tapped: a refusal is shown there.
        """
        if self.guest:
            return self._change(
                lambda t: self.sharing.guest_submit(self.hub, self.state, self.drafts, t, entry, seen), at
            )

        def host(t: Table) -> Any:
            if seen is not None and seen != stamp(t):  # the screen showed a table since moved on
                raise LiveRefusal("live.refused.stale")
            return t.submit(entry)

        return self._change(host, at)

    # ---- trades offered from a seat's phone (ui/offer_desk.py) -------------------------------
    def offers(self, table: Table) -> tuple[Any, ...]:
        """The open table's trade offers (none outside trading)."""
        from companion.ui.offer_desk import table_offers

        return table_offers(self.hub, table)

    def offer(self, entry: Any, seen: str | None = None, at: str | None = None) -> bool:
        """This seat's phone offers ``entry`` (a trade drawn on the table stamped ``seen``) to
        its other party; a refusal is shown at ``at``."""
        from companion.ui.offer_desk import offer

        return self._change(lambda t: offer(self.hub, self.state.access, t, entry, seen), at)

    def answer_offer(self, offer_id: str, action: str) -> bool:
        """Accept, decline or withdraw an offer, or mark a declined one seen (offer_desk.answer)."""
        from companion.ui.offer_desk import answer

        return self._change(
            lambda t: answer(self.hub, self.state.access, t, offer_id, action), f"offer-{offer_id}", False
        )

    def _host_only(self, action: Callable[[Table], Any]) -> bool:
        if self.guest:
            return self._change(_refuse_host_only)
        return self._change(action)

    def deal(self) -> bool:
        """Let the app make the table-fact entry itself (deal, draw, shuffle)."""
        return self._host_only(lambda t: t.auto(self.rng))

    def undo(self, steps: int = 1) -> bool:
        """Take back ``steps`` entries; the host's screen says which, at the question."""
        return self._steps(lambda t: t.undo(steps), undone_text, ("play.undone", "play.undone_run"))

    def redo(self, steps: int = 1) -> bool:
        return self._steps(lambda t: t.redo(steps), redone_text, ("play.redone", "play.redone_run"))

    def _steps(self, action: Callable[[Table], int], told: Callable[..., str | None], keys: Keys) -> bool:
        """Undo or redo (host only), then the news of what it took back or put back (info)."""
        done: list[int] = []
        ok = self._host_only(lambda t: done.append(action(t)))
        if ok and done and done[0]:
            self._say(told(self._tr(), self.table, done[0], keys) or "", info=True)
        return ok

    def _host_undid(self, n: int) -> str:
        """A guest's news of the host's undo of ``n`` entries: the first of them if still there."""
        tr = self._tr()
        said = undone_text(tr, self.table, n, ("live.host_undid_entry", "live.host_undid_entry_run"))
        return said or tr("live.host_undid")  # a new entry has replaced them

    def tap_lost(self) -> None:
        """A tap reached a control that had been redrawn away (the table moved on, on this phone
        or another): nothing was entered, and the screen says so where the question is."""
        if self.id is not None:
            self._say(self._tr()("play.tap_lost"))

    def fail(self, message: Msg | str, rule_id: str | None = None) -> None:
        self._say(self._tr().msg(message), rule_id)

    def _say(self, text: str, rule_id: str | None = None, at: str | None = None, info: bool = False) -> None:
        """Show ``text`` at the question until the table next changes (here or on another phone)."""
        try:
            version = self.table.version if self.id is not None else None
        except TableError:  # a deleted or unknown table
            version = None
        self.state.notice = Notice(text, rule_id, at, version, info)


def undone_text(tr: Tr, table: Table, n: int, keys: Keys) -> str | None:
    """The news of ``n`` entries just undone on ``table``: the first of them as History tells it
    (the game's ``narrate``, at the state it was made in), "and what followed" for more; None when
    no undone entry is left to name (a new entry replaced them)."""
    redo = table.redo_entries
    if not redo:
        return None
    what = tr.msg(table.game.narrate(table.state, redo[-1]))
    return tr(keys[1] if n > 1 else keys[0], what=what)


def redone_text(tr: Tr, table: Table, n: int, keys: Keys) -> str:
    """The news of ``n`` entries just redone: the first of them, "and what followed" for more."""
    i = table.version - n
    what = tr.msg(table.game.narrate(table.state_at(i), table.entries[i]))
    return tr(keys[1] if n > 1 else keys[0], what=what)


def _refuse_host_only(_table: Table) -> None:
    raise LiveRefusal("live.refused.host_only")
