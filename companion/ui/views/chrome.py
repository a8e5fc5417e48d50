"""What every table screen shares: the app bar with undo and redo, and the bottom tabs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from companion.core import Table
from companion.share.live import Access, stamp
from companion.ui.command import command_icon_button
from companion.ui.gameui import ui_for
from companion.ui.i18n import Tr
from companion.ui.parts import slot_part
from companion.ui.table_model import TableModel
from companion.ui.widgets import BAR_ROOMY, BODY, bar_title, icon_button

TABS = ("play", "scores", "history", "rules")
FINISHED_TABS = (*TABS, "review")  # a game over gets its review (ui/views/review.py)
# A guest's bar: the table's name, and who this phone is under it. At the Material height (56 px)
# while the name takes one line at the Material size (22 px, 28 px a line, and 20 under it for
# who this is); 72 px for a longer name, smaller, on up to two lines.
GUEST_BAR = 72
_ICONS = {
    "play": ft.Icons.CASINO,
    "scores": ft.Icons.LEADERBOARD,
    "history": ft.Icons.HISTORY,
    "rules": ft.Icons.MENU_BOOK,
    "review": ft.Icons.INSIGHTS,
}


def tabs_of(table: Table) -> tuple[str, ...]:
    return FINISHED_TABS if table.finished else TABS


def tab_route(table_id: str, tab: str) -> str:
    return f"/table/{table_id}" if tab == "play" else f"/table/{table_id}/{tab}"


def appbar(model: TableModel, table_now: Callable[[], Table]) -> ft.AppBar:
    """The table's name, and Share, Undo and Redo on the host; Undo and Redo take back or put
    back the whole last tap, counted on the table as it stands at the tap (``table_now``)."""
    table, tr = model.table, model.tr
    if model.guest:  # a live-share client: who it is, no undo or redo (the host orders entries)
        name = bar_title(table.name, key="table-name", room=BAR_ROOMY)
        one_line = len(table.name) <= BAR_ROOMY
        if one_line:  # the Material height holds one line of it: a wider one is cut with "…"
            name.max_lines = 1
        return ft.AppBar(
            leading=_my_space(tr, model.leave),  # a hosted guest on another space's link
            # who this phone is, under the table's name: beside it, it left the name a third of
            # the bar ("Alejandra, Bartolo…" beside "Jugador: Bartolomé")
            title=ft.Column([name, guest_badge(tr, model.access, table)], spacing=0, tight=True),
            toolbar_height=None if one_line else GUEST_BAR,
            automatically_imply_leading=False,
            actions=[  # a guest's own phone: its language and theme (Home, with Settings, is the host's)
                icon_button(
                    ft.Icons.SETTINGS, "guest-settings", tr("nav.settings"), lambda _: model.go("/settings")
                ),
            ],
        )
    gui = ui_for(table.game_id)

    def steps(count: Any) -> int:  # the whole last tap, as the table stands at the tap
        return count(table_now()) if count is not None else 1

    return ft.AppBar(
        title=bar_title(table.name, key="table-name"),
        actions=[
            icon_button(
                ft.Icons.SHARE, "share", tr("live.share"), lambda _: model.go(f"/table/{table.id}/share")
            ),
            command_icon_button(
                ft.Icons.UNDO,
                "undo",
                tr("history.undo_move"),  # the whole last tap: History's Undo takes one entry
                lambda: model.undo(steps(gui.undo_steps)),
                disabled=not table.can_undo(),
            ),
            command_icon_button(
                ft.Icons.REDO,
                "redo",
                tr("history.redo_move"),
                lambda: model.redo(steps(gui.redo_steps)),
                disabled=not table.can_redo(),
            ),
        ],
    )


def _my_space(tr: Tr, leave: Callable[[], Awaitable[None]] | None) -> ft.Control | None:
    """A hosted guest on another space's link: a way back to its own space (``leave``)."""
    if leave is None:
        return None

    async def tap(_: Any = None) -> None:
        await leave()

    return icon_button(ft.Icons.HOME, "my-space", tr("space.back_home"), tap)


def guest_badge(tr: Tr, access: Access | None, table: Table) -> ft.Control:
    """Who this live-share client is: a seat's player, or a viewer. It says whose phone this is:
    at body size in the bar's own colour, not a small grey aside (the title's 22 px otherwise)."""
    if access is None or access.seat is None or not 0 <= access.seat < len(table.players):
        said = tr("live.viewer")
    else:
        said = tr("live.seat", name=table.players[access.seat].name)
    return ft.Text(said, key="role", size=BODY, color=ft.Colors.ON_SURFACE)


def tabs(tr: Tr, go: Callable[[str], None], table: Table, current: str) -> ft.NavigationBar:
    shown = tabs_of(table)

    def change(e: Any) -> None:
        go(tab_route(table.id, shown[int(e.control.selected_index)]))

    return ft.NavigationBar(
        key="tabs",
        selected_index=shown.index(current) if current in shown else 0,
        on_change=change,
        destinations=[ft.NavigationBarDestination(icon=_ICONS[t], label=tr(f"nav.{t}")) for t in shown],
    )


def table_view(
    model: TableModel, tab: str, body: list[ft.Control], table_now: Callable[[], Table]
) -> ft.View:
    """A table screen: ``body`` between the app bar and the tabs. The bar and the tabs are parts,
    kept as they were while what they show is unchanged (most taps change neither); the bar's
    Undo and Redo count their steps on the session's open table at the tap (``table_now``)."""
    from companion.ui.widgets import scroll_column

    table, tr = model.table, model.tr
    guest = (model.access, tuple(p.name for p in table.players)) if model.guest else None
    bar = (tr.lang, table.id, table.name, guest, table.can_undo(), table.can_redo())
    if tab == "play":  # the question comes back into view after every entry, on every device
        content: ft.Control = QuestionColumn(body, stamp(table), model.dialog_open)
    else:
        content = scroll_column(body, key=f"{tab}-body")
    return ft.View(
        route=tab_route(table.id, tab),
        appbar=slot_part(bar, lambda: appbar(model, table_now), key="appbar-part"),
        navigation_bar=slot_part(
            (tr.lang, table.id, tab, table.finished),
            lambda: tabs(tr, model.go, table, tab),
            key="tabs-part",
        ),
        controls=[content],
        padding=12,
    )


@ft.component
def QuestionColumn(body: list[ft.Control], question: str, reading_dialog: bool) -> ft.Control:
    """The Play screen's scrolling body. When the table moves on (``question``, its stamp,
    changes: an entry here or on another phone, an undo) it scrolls back to the top, where the
    banner and the question are: a tap low on the page (the map, the month summary) must not
    leave the next question above the screen. Never while a dialog is open over it."""
    from companion.ui.widgets import scroll_column

    column = scroll_column(body, key="play-body")
    shown = ft.use_ref(question)  # the question the column was last scrolled for

    def to_question() -> None:
        if shown.current == question or reading_dialog:
            return
        shown.current = question
        ft.context.page.run_task(column.scroll_to, offset=0)

    ft.use_effect(to_question, [question, reading_dialog])
    return column
