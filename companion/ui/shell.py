"""One session of the app: it composes the session's observable state, its services and the
open table, and draws the view stack for the route.

The shell knows the session, not what is built on it: the app that composes a session
(ui/app.py) gives it the live share (``Sharing``, ui/live.py) and the rule card it opens
(ui/rule_card.py), and renders its root component (ui/root.py).

A screen is a function ``view(services, session, **params) -> ft.View`` of the session's
services and state (ui/services.py, made here; ui/state.py), rendered under the root component
(ui/root.py), which provides both: an action changes the state, Flet re-renders and patches
only the controls that changed (by key). The open table's following and commands are
``OpenTable``'s (ui/open_table.py), the dialogs ``SessionDialogs``' (ui/dialogs.py), the
device's services ``DeviceServices``' (ui/device.py).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core import Table, TableError
from companion.games import UnknownGame
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES
from companion.ui import settings as prefs_io
from companion.ui.device import DeviceServices, LaterPrefs, Prefs
from companion.ui.dialogs import Dialogs, SessionDialogs
from companion.ui.hub import TableHub
from companion.ui.i18n import Tr, translator
from companion.ui.open_table import OpenTable
from companion.ui.palette import seed_theme
from companion.ui.parts import Kept, slot_part
from companion.ui.reconnect import asked
from companion.ui.repos import Repos
from companion.ui.retap import redrawn
from companion.ui.routes import Builder, match, parent, stack
from companion.ui.scanned import take_scanned
from companion.ui.sent_settings import sent
from companion.ui.services import Services, Session
from companion.ui.settings import Settings
from companion.ui.sharing import Sharing
from companion.ui.state import Drafts, Notice, SessionState, is_host_device
from companion.ui.table_model import TableModel

if TYPE_CHECKING:
    from companion.ui.hosted import SpaceSession

__all__ = ["Builder", "Notice", "SessionShell", "Sharing", "match"]


class SessionShell:
    """One session: it composes the session's state, services and open table, draws the view
    stack for the route, and keeps the settings. The pieces each have one job: ``DeviceServices``
    (ui/device.py), ``SessionDialogs`` (ui/dialogs.py), ``OpenTable`` (ui/open_table.py)."""

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
        prefs: Prefs | None = None,
    ) -> None:
        self.page = page
        self.sharing = sharing
        self.hub = hub
        self.routes = routes
        self.settings = Settings()
        self.prefs: Prefs = prefs or LaterPrefs()  # made when first read or written
        self.space = space  # hosted mode: the space this session runs on (ui/hosted.py)
        # live share: a session that opened a link acts through it; one without a link is the
        # host on this machine and a guest (join screen only) elsewhere. See ui/live.py. A hosted
        # server decides it by the space's key instead (``host_device``, ui/hosted.py).
        host = is_host_device(page) if host_device is None else host_device
        self.state = SessionState(route=page.route or "/", host_device=host)
        self.drafts = Drafts()  # the screens' drafts (setup form, search text, ...), each by its class
        # Each screen's props when it was last on top: a screen another one covers keeps them, so
        # opening the play log does not draw Home again under it.
        self._covered: dict[str, tuple[object, ...]] = {}
        self._changes_seen = 0  # the table's changes seen when no dialog was open (moved_under_dialog)
        self.kept = Kept(page.session.index)  # the screens' parts as last drawn (ui/parts.py)
        self.device = DeviceServices(page)
        self.dialogs = SessionDialogs(self.state, lambda: self.tr, open_rule)
        self.open = OpenTable(page, hub, self.state, self.drafts, sharing, lambda: self.tr, space)
        # what the screens are given (ui/services.py): made once
        self.services = Services(
            hub=hub,
            repos=Repos(hub.store),
            device=self.device,
            dialogs=self.dialogs,
            open_rule=self.dialogs.open_card,
            show_rule=self.dialogs.show_rule,
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

    @property
    def tr(self) -> Tr:
        return translator(self.settings.lang)

    def session(self) -> Session:
        """The session value the screens read (ui/services.py): every one made equals the others
        (the same state, settings and drafts, bound methods of this session)."""
        return Session(
            state=self.state,
            settings=self.settings,
            drafts=self.drafts,
            go=self.go,
            change_settings=self.update_settings,
            table_model=self.table_model,
            table_now=self.table_now,
            fail=self.open.fail,
        )

    @property
    def guest(self) -> bool:
        """A live-share client (viewer or seat), not the host."""
        return self.open.guest

    # ---- lifecycle -------------------------------------------------------------------
    async def start(self) -> None:
        page = self.page
        # as the browser sent them with its handshake (ui/sent_settings.py), else asked: a tab
        # reloaded meanwhile rejoins this session and must be asked again (ui/reconnect.py)
        stored = sent(page)
        if stored is None:
            stored = await asked(page, lambda: prefs_io.load(self.prefs))
        self.settings.take(stored)
        page.title = "Table Companion"
        page.theme = seed_theme()
        page.dark_theme = seed_theme()
        self._page_look()
        page.on_route_change = self._on_route
        page.on_view_pop = self._on_pop
        page.on_close = self._on_close
        await asked(page, lambda: self.sharing.restore(self.services, self.state, self.drafts))
        await self._arrive(page.route or "/")

    async def _on_route(self, e: Any = None) -> None:
        await self._arrive(getattr(e, "route", None) or self.page.route or "/")

    async def _arrive(self, route: str) -> None:
        """Everything a new address needs before it is drawn: a link to open, the table to follow."""
        self.state.arrived(route)  # a screen back on top is drawn fresh (one covered kept its props)
        await self.sharing.admit(self.services, self.state, self.drafts, self._land)
        self.state.notice = None
        self.state.dialog = None
        _, params = self._resolve(self.route)
        if params.get("code") == "scanned":  # a scanned import link's code, kept by its landing page
            await take_scanned(self.prefs, self.drafts)
        table_id = params.get("id")
        self.open.follow(table_id)
        await self.device.keep_awake(table_id is not None and self.settings.keep_awake)

    def _land(self, route: str) -> None:
        """Go to ``route`` with the page's route already set to it (a link opened on arrival)."""
        self.page.route = route
        self.go(route)

    async def _on_pop(self, _: Any = None) -> None:
        self.go(parent(self.route))

    def _on_close(self, _: Any = None) -> None:
        self.open.unfollow()
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
        """The view stack for the current route (a guest sees only its one screen, or Settings
        over its table: Back returns there)."""
        routes = self._guest_stack() if self.guest else stack(self.route)
        return [self._screen(r, top=r == routes[-1]) for r in routes]

    def _guest_stack(self) -> list[str]:
        access = self.state.access
        if access is not None and match(self.route.split("?", 1)[0], "/settings") is not None:
            return [f"/table/{access.table_id}", self.route]
        return [self.route]

    def _screen(self, route: str, *, top: bool) -> Any:
        """One view of the stack, drawn again only when it is on top and the state changed
        (the screens under it are hidden; each is drawn fresh when it comes back on top)."""
        s = self.state
        props: tuple[object, ...] = (route, self.settings.key(), s.table_id, s.access, s.host_device)
        if top:
            props += (s.version, s.notice, s.changes, s.visits, s.saves, self._moved_under_dialog())
            self._covered[route] = props
        else:
            props = self._covered.get(route, props)
        return slot_part(props, lambda: self._build(*self._resolve(route)), key=f"screen:{route}")

    def _moved_under_dialog(self) -> bool:
        """Whether the open table changed while the open dialog covered the screen. It turns back
        to False when that dialog closes, so the screen is drawn again then: the Play column
        scrolls to the question it could not scroll to under the dialog. A dialog opened and
        closed over a table that stayed still draws nothing again (a rule's card over Dragon's
        Play screen: 4 ms to open and close, 15 ms when the screen was drawn again each time)."""
        s = self.state
        if s.dialog is None:
            self._changes_seen = s.changes
            return False
        return s.changes != self._changes_seen

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

    # ---- the open table, as the screens take it ------------------------------------------
    def table_now(self) -> Table:
        """The open table as it is now (a kept app bar's Undo counts its steps at the tap)."""
        return self.open.table

    def table_model(self, table: Table | None = None) -> TableModel:
        """The open table (or ``table``) as this session's screen sees it, with the session's
        commands (ui/table_model.py): what the table's screens and the game hooks take."""
        opened = self.open
        shown = table or opened.table
        return TableModel(
            table=shown,
            tr=self.tr,
            access=self.state.access,
            guest=opened.guest,
            notice=self.state.notice,
            dialog_open=self.state.dialog is not None,
            drafts=self.drafts,
            submit=opened.submit,
            deal=opened.deal,
            undo=opened.undo,
            redo=opened.redo,
            show_rule=self.dialogs.show_rule,
            go=self.go,
            fail=opened.fail,
            dialogs=self.dialogs,
            offers=opened.offers(shown),
            offer=opened.offer,
            answer_offer=opened.answer_offer,
            leave=self.leave_space if self.space is not None and not self.space.own else None,
        )

    async def leave_space(self) -> None:
        """A guest on another space's link goes back to its own space: the app opened afresh
        (a session runs on one space's hub from its start, ui/hosted.py)."""
        if self.space is not None:
            await self.device.urls.launch_url(
                self.space.home_url, web_only_window_name=ft.UrlTarget.SELF.value
            )

    def tap_lost(self) -> None:
        """A tap reached a control that had been redrawn away (ui/guard.py)."""
        self.open.tap_lost()

    # ---- settings ----------------------------------------------------------------------
    async def update_settings(self, **changes: Any) -> None:
        def apply() -> None:
            for name, value in changes.items():
                setattr(self.settings, name, value)  # observable: the root draws the screen again

        redrawn(self.settings, apply)  # a chosen chip tapped again too: the phone unticked it
        self._page_look()
        await prefs_io.save(self.prefs, self.settings)
        self.page.update()  # the theme is a page property, outside the rendered views

    def _page_look(self) -> None:
        """The page properties the settings drive: the theme, and the language Flutter's own
        words use (the back button's "Atrás", a text field's menu), the reader's language."""
        page = self.page
        page.theme_mode = self.settings.theme_mode
        lang = self.tr.lang if self.tr.lang in LANGUAGES else DEFAULT_LANGUAGE  # qps: English's
        page.locale_configuration = ft.LocaleConfiguration(
            supported_locales=[ft.Locale(code) for code in LANGUAGES], current_locale=ft.Locale(lang)
        )
