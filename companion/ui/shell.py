"""One session of the app: routing, the open table, settings, and the actions screens call.

Screens are functions ``view(app, **params) -> ft.View`` rebuilt after every change (the page
diff sends only what changed). The shared Table lives in the process-wide hub; this session
only remembers which table it shows and re-renders when another session changes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.core import Msg, RuleViolation, Table, TableError
from companion.core.rulebook import rule
from companion.games import UnknownGame
from companion.share.live import Access, LiveRefusal
from companion.ui import live
from companion.ui import settings as prefs_io
from companion.ui.hub import TableHub, topic
from companion.ui.i18n import Tr
from companion.ui.palette import SEED
from companion.ui.peer import is_host_session
from companion.ui.settings import Settings
from companion.ui.widgets import text_button

Builder = Callable[..., ft.View]


@dataclass
class Notice:
    """A refused entry (or another error) shown above the prompt until the next change."""

    text: str
    rule_id: str | None = None


def match(route: str, pattern: str) -> dict[str, str] | None:
    """Match ``/table/abc/scores`` against ``/table/:id/scores``; the params, or None."""
    parts = [p for p in route.split("?", 1)[0].split("/") if p]
    want = [p for p in pattern.split("/") if p]
    if len(parts) != len(want):
        return None
    params = {}
    for got, exp in zip(parts, want, strict=True):
        if exp.startswith(":"):
            params[exp[1:]] = got
        elif got != exp:
            return None
    return params


class App:
    def __init__(self, page: ft.Page, hub: TableHub, routes: list[tuple[str, Builder]]) -> None:
        self.page = page
        self.hub = hub
        self.routes = routes
        self.settings = Settings()
        self.tr = Tr(self.settings.lang)
        self.prefs = ft.SharedPreferences()
        self.wakelock = ft.Wakelock()
        self.files = ft.FilePicker()
        self.clipboard = ft.Clipboard()
        self.table_id: str | None = None
        self.notice: Notice | None = None
        self.memo: dict[str, Any] = {}  # per-screen form state (setup form, search text, ...)
        self.rng = random.Random()
        self._topic: str | None = None
        self._awake = False
        self._root: ft.View | None = None
        # live share: a session that opened a link acts through it; one without a link is the
        # host on this machine and a guest (join screen only) elsewhere. See ui/live.py.
        self.access: Access | None = None
        self.local = is_host_session(page)
        page.session.store.set("companion.app", self)

    @property
    def guest(self) -> bool:
        """A live-share client (viewer or seat), not the host."""
        return self.access is not None or not self.local

    # ---- lifecycle -------------------------------------------------------------------
    async def start(self) -> None:
        self.settings = await prefs_io.load(self.prefs)
        self.tr = Tr(self.settings.lang)
        page = self.page
        page.title = "Table Companion"
        page.theme = ft.Theme(color_scheme_seed=SEED)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED)
        page.theme_mode = self.settings.theme_mode
        page.on_route_change = self._on_route
        page.on_view_pop = self._on_pop
        page.on_close = self._on_close
        await live.restore(self)
        await self.show()

    async def _on_route(self, _: Any = None) -> None:
        self.notice = None
        await self.show()

    async def _on_pop(self, _: Any = None) -> None:
        self.go("/")

    def _on_close(self, _: Any = None) -> None:
        self._unsubscribe()

    # ---- routing and rendering -------------------------------------------------------
    def go(self, route: str) -> None:
        self.page.navigate(route)

    @property
    def route(self) -> str:
        return self.page.route or "/"

    def _resolve(self, route: str) -> tuple[Builder, dict[str, str]]:
        if self.guest or match(route, "/join/:token") is not None:
            return live.guest_route(self, route, self.routes)
        for pattern, builder in self.routes:
            params = match(route, pattern)
            if params is not None:
                return builder, params
        return self.routes[0][1], {}

    async def show(self) -> None:
        """Rebuild the view stack for the current route (home under every other screen)."""
        await live.admit(self)
        builder, params = self._resolve(self.route)
        await self._follow_table(params.get("id"))
        top = self._build(builder, params)
        home = match(self.route, "/") is not None or self.guest
        self._root = None if home else self._build(*self._resolve("/"))
        self.page.views.clear()
        if self._root is not None:
            self.page.views.append(self._root)
        self.page.views.append(top)

    def refresh(self) -> None:
        """Rebuild the top screen after a change (the diff sends only what changed)."""
        builder, params = self._resolve(self.route)
        top = self._build(builder, params)
        if self.page.views:
            self.page.views[-1] = top
        else:
            self.page.views.append(top)

    def _build(self, builder: Builder, params: dict[str, str]) -> ft.View:
        try:
            return builder(self, **params)
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
        if table_id != self.table_id:
            self._unsubscribe()
            self.table_id = table_id
            if table_id is not None:
                self._topic = topic(table_id)
                self.page.pubsub.subscribe_topic(self._topic, self._on_table_changed)
        await self._keep_awake(table_id is not None and self.settings.keep_awake)

    def _unsubscribe(self) -> None:
        if self._topic is not None:
            self.page.pubsub.unsubscribe_topic(self._topic)
            self._topic = None

    async def _on_table_changed(self, _topic: str, _version: Any) -> None:
        """Another session changed the table this one shows: show the new state."""
        if self.table_id is not None:
            self.refresh()
            self.page.update()

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

    def player_name(self, seat: int | None) -> str:
        if seat is None or self.table_id is None:
            return ""
        players = self.table.players
        return players[seat].name if 0 <= seat < len(players) else ""

    # ---- changing the table --------------------------------------------------------------
    def _change(self, action: Callable[[Table], Any]) -> bool:
        try:
            self.hub.change(self.table.id, action)
        except RuleViolation as exc:
            self.notice = Notice(exc.message_in(self.tr.lang), exc.rule_id)
            self.refresh()
            return False
        except LiveRefusal as exc:  # a guest's entry the host refuses (stale, not theirs, viewer)
            self.notice = Notice(self.tr.msg(exc.msg))
            self.refresh()
            return False
        self.notice = None
        self.memo.pop("form", None)
        self.page.pubsub.send_others_on_topic(topic(self.table.id), self.table.version)
        self.refresh()
        return True

    def submit(self, entry: Any, seen: str | None = None) -> bool:
        """Send an entry; a refused one shows its reason and rule, and changes nothing.

        ``seen`` is the table stamp the screen showed (``share.live.stamp``): an entry tapped on
        a screen the table has moved past is refused. Guests always go through the host's checks.
        """
        if self.guest:
            return self._change(lambda t: live.guest_submit(self, t, entry, seen))

        def host(t: Table) -> Any:
            live.check_seen(t, seen)
            return t.submit(entry)

        return self._change(host)

    def _host_only(self, action: Callable[[Table], Any]) -> bool:
        if self.guest:
            return self._change(lambda _t: live.refuse_host_only())
        return self._change(action)

    def deal(self) -> bool:
        """Let the app make the table-fact entry itself (deal, draw, shuffle)."""
        return self._host_only(lambda t: t.auto(self.rng))

    def undo(self, steps: int = 1) -> bool:
        return self._host_only(lambda t: t.undo(steps))

    def redo(self, steps: int = 1) -> bool:
        return self._host_only(lambda t: t.redo(steps))

    def fail(self, message: Msg | str, rule_id: str | None = None) -> None:
        self.notice = Notice(self.tr.msg(message), rule_id)
        self.refresh()

    # ---- settings ----------------------------------------------------------------------
    async def update_settings(self, **changes: Any) -> None:
        for k, v in changes.items():
            setattr(self.settings, k, v)
        self.tr = Tr(self.settings.lang)
        self.page.theme_mode = self.settings.theme_mode
        await prefs_io.save(self.prefs, self.settings)
        await self.show()

    # ---- dialogs -------------------------------------------------------------------------
    def show_rule(self, rule_id: str) -> None:
        found = rule(rule_id, self.tr.lang)
        title = found.title if found else rule_id
        body = found.text if found else self.tr("rules.missing", rule=rule_id)
        status = (
            "" if found is None or found.status == "official" else self.tr(f"rules.status.{found.status}")
        )
        content = [ft.Text(body, key="rule-dialog-text", selectable=True)]
        if status:
            content.insert(0, ft.Text(status, italic=True, key="rule-dialog-status"))
        content.append(ft.Text(rule_id, size=12, color=ft.Colors.ON_SURFACE_VARIANT))
        self.dialog(title, content, key="rule-dialog")

    def dialog(
        self, title: str, content: list[ft.Control], *, key: str, actions: list[ft.Control] | None = None
    ) -> ft.AlertDialog:
        close = text_button(self.tr("action.close"), f"{key}-close", lambda _: self.close_dialog())
        dlg = ft.AlertDialog(
            key=key,
            title=ft.Text(title),
            content=ft.Column(content, tight=True, scroll=ft.ScrollMode.AUTO, width=380),
            actions=[*(actions or []), close],
            scrollable=True,
        )
        self.page.show_dialog(dlg)
        return dlg

    def close_dialog(self) -> None:
        self.page.pop_dialog()

    def from_dialog(self, action: Callable[[], Any]) -> None:
        """Close the dialog, then act: the page is updated explicitly, as the dialog that
        received the tap is no longer on the page when Flet's auto-update runs."""
        self.close_dialog()
        action()
        self.page.update()
