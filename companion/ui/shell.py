"""One session of the app: its observable state, the open table, settings, and the actions
screens call.

The shell knows the session, not what is built on it: the app that composes a session
(ui/app.py) gives it the live share (``Sharing``, ui/live.py) and the rule card it opens
(ui/rule_card.py), and renders its root component (ui/root.py).

A screen is a function ``view(services, session, **params) -> ft.View`` of the session's
services and state (ui/services.py, made here; ui/state.py), rendered under the root component
(ui/root.py), which provides both: an action changes the state, Flet re-renders and
patches only the controls that changed (by key). The shared Table lives in the process-wide hub;
this session remembers which table it shows and its version, and follows changes made elsewhere.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import flet as ft

from companion.core import Msg, PlayerView, RuleViolation, Table, TableError
from companion.core.rulebook import rule
from companion.games import UnknownGame
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES
from companion.share.live import Access, LiveRefusal, stamp
from companion.ui import settings as prefs_io
from companion.ui.command import on_the_wire
from companion.ui.dialogs import Dialogs
from companion.ui.hub import TableHub
from companion.ui.i18n import Tr, translator
from companion.ui.palette import SEED
from companion.ui.parts import Kept, slot_part
from companion.ui.repos import Repos
from companion.ui.routes import Builder, match, parent, stack
from companion.ui.scanned import take_scanned
from companion.ui.seen import seen_by
from companion.ui.services import Services, Session
from companion.ui.settings import Settings
from companion.ui.state import Dialog, Drafts, Notice, SessionState, is_host_device
from companion.ui.table_model import TableModel
from companion.ui.widgets import text_button

if TYPE_CHECKING:
    from companion.ui.hosted import SpaceSession

__all__ = ["App", "Builder", "Notice", "Sharing", "match"]

S = TypeVar("S", bound=ft.Service)


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


class App:
    def __init__(
        self,
        page: ft.Page,
        hub: TableHub,
        routes: list[tuple[str, Builder]],
        *,
        sharing: Sharing,
        open_rule: Callable[[Dialogs, Tr, str], bool],
        lan_url: str | None = None,
        main: Any = None,
        host_device: bool | None = None,
        space: SpaceSession | None = None,
        prefs: ft.SharedPreferences | None = None,
    ) -> None:
        self.page = page
        self.sharing = sharing
        self._open_rule = open_rule  # a rule's card; False for a rule the lookup does not know
        self.main = main  # this app's session entry (the Share screen serves it on the network)
        self.hub = hub
        self.repos = Repos(hub.store)  # what the screens read and change besides the open table
        self.routes = routes
        self.lan_url = lan_url  # the address other devices open, when served on the network
        self.settings = Settings()
        self.tr = translator(self.settings.lang)
        self.prefs = prefs or ft.SharedPreferences()  # the settings: the first screen waits for them
        self.space = space  # hosted mode: the space this session runs on (ui/hosted.py)
        self._services: dict[type[ft.Service], ft.Service] = {}
        # live share: a session that opened a link acts through it; one without a link is the
        # host on this machine and a guest (join screen only) elsewhere. See ui/live.py. A hosted
        # server decides it by the space's key instead (``host_device``, ui/hosted.py).
        host = is_host_device(page) if host_device is None else host_device
        self.state = SessionState(route=page.route or "/", host_device=host)
        self.drafts = Drafts()  # the screens' drafts (setup form, search text, ...), each by its class
        # Each screen's props when it was last on top: a screen another one covers keeps them, so
        # opening the play log does not draw Home again under it.
        self._covered: dict[str, tuple[object, ...]] = {}
        self.kept = Kept(page.session.index)  # the screens' parts as last drawn (ui/parts.py)
        self.rng = random.Random()
        self._topic: str | None = None
        self._awake = False
        # what the screens are given instead of this object (ui/services.py): made once
        self.services = Services(
            hub=hub,
            repos=self.repos,
            device=self,
            dialogs=self,
            open_rule=self._open_card,
            show_rule=self.show_rule,
            run_task=page.run_task,
            prefs=self.prefs,
            pubsub=page.pubsub,
            page_url=lambda: page.url,
            attempt_keys=partial(sharing.attempt_keys, page, self.state),
            main=main,
            lan_url=lan_url,
            space=space,
        )
        page.session.store.set("companion.app", self)

    def session(self) -> Session:
        """The session value the screens read (ui/services.py): every one made equals the others
        (the same state, settings and drafts, bound methods of this session)."""
        return Session(
            state=self.state,
            settings=self.settings,
            drafts=self.drafts,
            go=self.go,
            refresh=self.refresh,
            change_settings=self.update_settings,
            table_model=self.table_model,
            table_now=self.table_now,
            fail=self.fail,
        )

    def _open_card(self, rule_id: str) -> bool:
        return self._open_rule(self, self.tr, rule_id)

    # ---- device services, made on first use (each is set up on the device when made) -----
    def _service(self, kind: type[S]) -> S:
        found = self._services.get(kind)
        if found is None:
            found = self._services[kind] = kind()
        return found  # type: ignore[return-value]

    @property
    def wakelock(self) -> ft.Wakelock:
        return self._service(ft.Wakelock)

    @property
    def files(self) -> ft.FilePicker:
        return self._service(ft.FilePicker)

    @property
    def clipboard(self) -> ft.Clipboard:
        return self._service(ft.Clipboard)

    @property
    def urls(self) -> ft.UrlLauncher:
        """Opens a link in the browser (a new tab on a web client) or the app that takes it."""
        return self._service(ft.UrlLauncher)

    @property
    def web(self) -> bool:
        """A browser client (ui/device.py)."""
        return bool(self.page.web)

    # ---- the state, by name --------------------------------------------------------------
    @property
    def table_id(self) -> str | None:
        return self.state.table_id

    @property
    def notice(self) -> Notice | None:
        return self.state.notice

    @notice.setter
    def notice(self, value: Notice | None) -> None:
        self.state.notice = value

    @property
    def access(self) -> Access | None:
        return self.state.access

    @access.setter
    def access(self, value: Access | None) -> None:
        self.state.access = value

    @property
    def local(self) -> bool:
        return self.state.host_device

    @property
    def seat(self) -> int | None:
        """Whose eyes this screen is drawn for: a seat link's player; None for a viewer and for
        the host's shared screen, which everybody at the table sees (the public)."""
        return self.access.seat if self.access is not None else None

    def view(self, table: Table | None = None) -> PlayerView:
        """What this screen may show of ``table`` (the open one by default): every screen others
        can see is drawn from it, never from the table's own state or scoreboard."""
        return seen_by(table or self.table, self.seat)

    @property
    def guest(self) -> bool:
        """A live-share client (viewer or seat), not the host."""
        return self.access is not None or not self.local

    # ---- lifecycle -------------------------------------------------------------------
    async def start(self) -> None:
        self.settings = await prefs_io.load(self.prefs)
        self.tr = translator(self.settings.lang)
        page = self.page
        page.title = "Table Companion"
        page.theme = ft.Theme(color_scheme_seed=SEED)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED)
        self._page_look()
        page.on_route_change = self._on_route
        page.on_view_pop = self._on_pop
        page.on_close = self._on_close
        await self.sharing.restore(self.services, self.state, self.drafts)
        await self._arrive(page.route or "/")

    async def _on_route(self, e: Any = None) -> None:
        await self._arrive(getattr(e, "route", None) or self.page.route or "/")

    async def _arrive(self, route: str) -> None:
        """Everything a new address needs before it is drawn: a link to open, the table to follow."""
        self.state.route = route
        self.state.redraw()  # a screen back on top is drawn fresh (one covered kept its props)
        await self.sharing.admit(self.services, self.state, self.drafts, self._land)
        self.state.notice = None
        self.state.dialog = None
        _, params = self._resolve(self.route)
        if params.get("code") == "scanned":  # a scanned import link's code, kept by its landing page
            await take_scanned(self.prefs, self.drafts)
        await self._follow_table(params.get("id"))

    def _land(self, route: str) -> None:
        """Go to ``route`` with the page's route already set to it (a link opened on arrival)."""
        self.page.route = route
        self.go(route)

    async def _on_pop(self, _: Any = None) -> None:
        self.go(parent(self.route))

    def _on_close(self, _: Any = None) -> None:
        self._unsubscribe()
        if self.space is not None:  # hosted: the space may be closed once idle (ui/space_use.py)
            self.space.end()

    # ---- routing and rendering -------------------------------------------------------
    def go(self, route: str) -> None:
        self.page.navigate(route)

    @property
    def route(self) -> str:
        return self.state.route or "/"

    def _resolve(self, route: str) -> tuple[Builder, dict[str, str]]:
        if self.guest or match(route, "/join/:token") is not None:
            return self.sharing.guest_route(self.hub, self.state, self.drafts, route, self.routes)
        for pattern, builder in self.routes:
            params = match(route, pattern)
            if params is not None:
                return builder, params
        return self.routes[0][1], {}

    def views(self) -> list[ft.View]:
        """The view stack for the current route (a guest sees only its one screen)."""
        routes = [self.route] if self.guest else stack(self.route)
        return [self._screen(r, top=r == routes[-1]) for r in routes]

    def _screen(self, route: str, *, top: bool) -> Any:
        """One view of the stack, drawn again only when it is on top and the state changed
        (the screens under it are hidden; each is drawn fresh when it comes back on top)."""
        s = self.state
        props: tuple[object, ...] = (route, self.tr.lang, s.table_id, s.access, s.host_device)
        if top:
            props += (s.version, s.notice, s.revision)
            self._covered[route] = props
        else:
            props = self._covered.get(route, props)
        return slot_part(props, lambda: self._build(*self._resolve(route)), key=f"screen:{route}")

    def refresh(self) -> None:
        """Redraw after a change the state does not hold itself (a form draft in ``drafts``)."""
        self.state.redraw()

    def _build(self, builder: Builder, params: dict[str, str]) -> ft.View:
        try:
            return builder(**params)  # a Screen: it reads the root's context (ui/routes.py)
        except (TableError, UnknownGame) as exc:
            return self._missing(exc)

    def _missing(self, exc: Exception) -> ft.View:
        from companion.ui.widgets import button

        text = self.tr.msg(exc.msg) if isinstance(exc, TableError) else self.tr("error.unknown_game")
        return ft.View(
            route=self.route,
            appbar=ft.AppBar(title=ft.Text(self.tr("error.title"))),
            controls=[
                ft.Text(text, key="missing"),
                button(self.tr("nav.home"), "missing-home", lambda _: self.go("/")),
            ],
        )

    # ---- the open table ----------------------------------------------------------------
    async def _follow_table(self, table_id: str | None) -> None:
        if table_id != self.state.table_id:
            self._unsubscribe()
            self.state.table_id = table_id
            if table_id is not None:
                self._topic = self.hub.topic(table_id)
                self.page.pubsub.subscribe_topic(self._topic, self._on_table_changed)
        self._seen_version()
        await self._keep_awake(table_id is not None and self.settings.keep_awake)

    def _seen_version(self) -> None:
        try:
            self.state.version = self.table.version if self.table_id is not None else -1
        except TableError:  # a deleted or unknown table: its screen says so
            self.state.version = -1

    def _unsubscribe(self) -> None:
        if self._topic is not None:
            self.page.pubsub.unsubscribe_topic(self._topic)
            self._topic = None

    async def _on_table_changed(self, _topic: str, _version: Any) -> None:
        """Another session changed the table this one shows: show the new state.

        Pubsub runs this in a task copied from the sender's context (whose page is the sender's),
        so the redraw goes through ``page.run_task``, which runs it bound to this session's page:
        the re-render is then scheduled on this session, not on the sender's. A tab closed or
        gone away has no connection to redraw on: it stops following the table instead."""
        if self.page.session.connection is None:
            self._unsubscribe()
            return
        self.page.run_task(self._show_change)

    async def _show_change(self) -> None:
        if self.table_id is not None:
            self._seen_version()
            self.state.redraw()  # a revoked link or a rename changes no version

    async def _keep_awake(self, on: bool) -> None:
        if on == self._awake:
            return
        self._awake = on
        try:
            await (self.wakelock.enable() if on else self.wakelock.disable())
        except Exception:  # a platform without a wakelock: the setting simply has no effect
            self._awake = False

    @property
    def table(self) -> Table:
        if self.table_id is None:
            raise TableError("ui.error.no_table")
        return self.hub.get(self.table_id)

    def table_now(self) -> Table:
        """The open table as it is now (a kept app bar's Undo counts its steps at the tap)."""
        return self.table

    def table_model(self, table: Table | None = None) -> TableModel:
        """The open table (or ``table``) as this session's screen sees it, with the session's
        commands (ui/table_model.py): what the table's screens and the game hooks take."""
        return TableModel(
            table=table or self.table,
            tr=self.tr,
            access=self.access,
            guest=self.guest,
            notice=self.notice,
            dialog_open=self.state.dialog is not None,
            drafts=self.drafts,
            refresh=self.refresh,
            submit=self.submit,
            deal=self.deal,
            undo=self.undo,
            redo=self.redo,
            show_rule=self.show_rule,
            go=self.go,
            fail=self.fail,
            dialogs=self,
            leave=self.leave_space if self.space is not None and not self.space.own else None,
        )

    async def leave_space(self) -> None:
        """A guest on another space's link goes back to its own space: the app opened afresh
        (a session runs on one space's hub from its start, ui/hosted.py)."""
        if self.space is not None:
            await self.urls.launch_url(self.space.home_url, web_only_window_name=ft.UrlTarget.SELF.value)

    # ---- changing the table --------------------------------------------------------------
    def _change(self, action: Callable[[Table], Any], at: str | None = None) -> bool:
        if self.space is not None and not self.space.allow_entry():  # the space's entries per second
            self.state.notice = Notice(self.tr("space.busy"), at=at)
            return False
        try:
            self.hub.change(self.table.id, action)
        except RuleViolation as exc:
            self.state.notice = Notice(exc.message_in(self.tr.lang), exc.rule_id, at=at)
            return False
        except LiveRefusal as exc:  # a guest's entry the host refuses (stale, not theirs, viewer)
            self.state.notice = Notice(self.tr.msg(exc.msg), at=at)
            return False
        except TableError as exc:  # the store refused: changed elsewhere (reloaded), disk full, read-only
            self.state.notice = Notice(self.tr.msg(exc.msg), at=at)
            if self.table_id is not None:  # the hub may have reloaded it: other sessions redraw too
                self.page.pubsub.send_others_on_topic(self.hub.topic(self.table_id), None)
                self.state.version = self.table.version
            self.state.redraw()
            return False
        self.state.notice = None
        self.drafts.drop_form()  # a fact form's taps were entered
        self.page.pubsub.send_others_on_topic(self.hub.topic(self.table.id), self.table.version)
        self.state.version = self.table.version
        self.state.redraw()  # undo then redo returns to a version already shown
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

    def _host_only(self, action: Callable[[Table], Any]) -> bool:
        if self.guest:
            return self._change(_refuse_host_only)
        return self._change(action)

    def deal(self) -> bool:
        """Let the app make the table-fact entry itself (deal, draw, shuffle)."""
        return self._host_only(lambda t: t.auto(self.rng))

    def undo(self, steps: int = 1) -> bool:
        return self._host_only(lambda t: t.undo(steps))

    def redo(self, steps: int = 1) -> bool:
        return self._host_only(lambda t: t.redo(steps))

    def tap_lost(self) -> None:
        """A tap reached a control that had been redrawn away (the table moved on, on this phone
        or another): nothing was entered, and the screen says so where the question is."""
        if self.table_id is not None:
            self.state.notice = Notice(self.tr("play.tap_lost"))

    def fail(self, message: Msg | str, rule_id: str | None = None) -> None:
        self.state.notice = Notice(self.tr.msg(message), rule_id)

    # ---- settings ----------------------------------------------------------------------
    async def update_settings(self, **changes: Any) -> None:
        for k, v in changes.items():
            setattr(self.settings, k, v)
        self.tr = translator(self.settings.lang)
        self._page_look()
        await prefs_io.save(self.prefs, self.settings)
        self.page.update()  # the theme is a page property, outside the rendered views
        self.state.redraw()

    def _page_look(self) -> None:
        """The page properties the settings drive: the theme, and the language Flutter's own
        words use (the back button's "Atrás", a text field's menu), the reader's language."""
        page = self.page
        page.theme_mode = self.settings.theme_mode
        lang = self.tr.lang if self.tr.lang in LANGUAGES else DEFAULT_LANGUAGE  # qps: English's
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in LANGUAGES], current_locale=ft.Locale(lang)
        )

    # ---- dialogs: part of the state ------------------------------------------------------
    def show_rule(self, rule_id: str) -> None:
        if self._open_rule(self, self.tr, rule_id):  # with its examples, clarifications and related rules
            return
        found = rule(rule_id, self.tr.lang)
        title = found.title if found else self.tr("screens.rules.unknown")
        body = found.text if found else self.tr("rules.missing", rule=rule_id)
        status = (
            "" if found is None or found.status == "official" else self.tr(f"rules.status.{found.status}")
        )

        def content() -> list[ft.Control]:
            items: list[ft.Control] = [ft.Text(body, key="rule-dialog-text", selectable=True)]
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
        self.state.dialog = opened
        return opened

    @property
    def open_dialog(self) -> Dialog | None:
        return self.state.dialog

    def close_dialog(self, dialog: Dialog | None = None) -> None:
        """Close ``dialog`` (or whichever is open); a dialog already closed stays closed."""
        if dialog is None or self.state.dialog is dialog:
            self.state.dialog = None

    def dialog_note(self, text: str) -> None:
        """A line under the open dialog's body (an error, or "Copied")."""
        if self.state.dialog is not None:
            self.state.dialog.note = text
            self.state.redraw()

    def dialog_button(
        self,
        label: str,
        key: str,
        run: Callable[[], Any],
        *,
        filled: bool = False,
        danger: bool = False,
        closes: bool = True,
    ) -> ft.Control:
        """A dialog's action. With ``closes``, the closing and the action are one state change,
        so a second tap (the dialog is closed by then) does nothing. Without it, ``run`` closes
        the dialog itself when it succeeds (a refused name keeps it open with a note).
        ``run`` may be a coroutine function."""
        opened = self.state.dialog

        async def tap(_: Any = None) -> None:
            if opened is None or self.state.dialog is not opened:
                return  # closed already: a second tap of the same confirm does nothing
            if closes:
                self.state.dialog = None
                await on_the_wire()  # the dialog is gone on the phone before the action runs
            result = run()
            if hasattr(result, "__await__"):
                await result
            self.state.redraw()  # the action may have changed what the screen shows (a rename)

        return text_button(label, key, tap, filled=filled, danger=danger)


def _refuse_host_only(_table: Table) -> None:
    raise LiveRefusal("live.refused.host_only")
