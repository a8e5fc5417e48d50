"""Home: the tables in progress and finished, new table, import, export, rename, delete.

The lists are a component (``HomeTables``) given the observable ``HomeList`` (the search, the
pages shown) kept in the session's drafts: a search or "Show more" draws the lists again, not
the screen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import flet as ft

from companion.core import Table, TableError
from companion.ui.device import Device
from companion.ui.dialogs import Dialogs
from companion.ui.gameui import game_title
from companion.ui.hub import TableHub
from companion.ui.i18n import Tr
from companion.ui.repos import DamagedTable, Repos, TableInfo, TablesRepo
from companion.ui.search import Search
from companion.ui.services import Services, Session
from companion.ui.views.home_card import card_lines, when_changed
from companion.ui.views.players import group_links
from companion.ui.views.space_hint import SpaceHint, space_hint
from companion.ui.widgets import button, card, heading, icon_button, scroll_column, search_field, small

PAGE = 6  # tables drawn at first in each list (a phone screen and a margin); "Show more" adds as many


@ft.observable
@dataclass
class HomeList(Search):
    """What Home's lists show (kept while the session lasts, given to ``HomeTables``): the
    search, how many tables in progress and finished are drawn, and ``version``, moved on when
    this session renames or deletes a table (the lists then read the store again)."""

    playing: int = PAGE
    finished: int = PAGE
    version: int = 0

    def first_page(self) -> None:
        self.playing, self.finished = PAGE, PAGE

    def more(self, finished: bool) -> None:
        """One list's "Show more": as many again."""
        if finished:
            self.finished += PAGE
        else:
            self.playing += PAGE

    def changed(self) -> None:
        self.version += 1


def _games_named(tr: Tr, text: str) -> tuple[str, ...]:
    """The games whose title (in this language) holds ``text``: a search finds their tables too."""
    if not text:  # the first screen loads no game module (tests/ui/test_warmup.py)
        return ()
    from companion.games import get
    from companion.ui.gameui import known_game_ids

    key = text.casefold()
    return tuple(g for g in known_game_ids() if key in tr.msg(get(g).title).casefold())


def _section(tr: Tr, tables: TablesRepo, state: HomeList, finished: bool) -> tuple[list[TableInfo], bool]:
    """The tables of one list as far as drawn, and whether there are more (one row read beyond)."""
    shown = state.finished if finished else state.playing
    infos = tables.page(
        finished=finished,
        search=state.search,
        games=_games_named(tr, state.search),
        limit=shown + 1,
    )
    return infos[:shown], len(infos) > shown


def view(services: Services, session: Session) -> ft.View:
    tr, go = session.tr, session.go
    state = session.drafts.keep(HomeList)
    actions = home_actions(services, session, state)
    lists = HomeTables(services, session, actions, state, session.drafts.keep(SpaceHint), key="home-tables")
    return ft.View(
        route="/",
        appbar=ft.AppBar(
            title=ft.Text(tr("app.title")),
            actions=[
                icon_button(ft.Icons.MENU_BOOK, "open-rules", tr("nav.rules"), lambda _: go("/rules")),
                icon_button(
                    ft.Icons.SETTINGS, "open-settings", tr("nav.settings"), lambda _: go("/settings")
                ),
            ],
        ),
        controls=[scroll_column([_top_row(tr, go, actions), group_links(tr, go), lists], key="home")],
        padding=12,
    )


@ft.component
def HomeTables(
    services: Services,
    session: Session,
    actions: HomeActions,
    state: HomeList,
    hint: SpaceHint,
    key: str | None = None,
) -> ft.Control:
    """The search, the hosted space's reminder and the two lists with their "Show more": drawn
    again when ``state`` (a search, a page more, a table renamed or deleted here) or ``hint``
    ("Not now") changes."""
    tr, hub = session.tr, services.hub
    playing, more_playing = _section(tr, services.repos.tables, state, False)
    done, more_done = _section(tr, services.repos.tables, state, True)
    searching = bool(state.search)
    body: list[ft.Control] = []
    if searching or more_playing or more_done or len(playing) > PAGE or len(done) > PAGE:
        # a search once there is more than a page: a table by its name, a player's or the game's
        body.append(search_field(state, "home-search", tr("home.search"), tr("home.search_hint")))
    reminder = space_hint(services, session, hint, bool(playing or done))  # hosted: keep the link
    if reminder is not None:
        body.append(reminder)
    if searching and not playing and not done:
        body.append(small(tr("home.none_found", text=state.search), key="home-none-found"))
    else:
        said = button_names(tr, [*playing, *done])
        cards = [table_card(tr, hub, actions, i, said[i.id]) for i in playing]
        body += [
            heading(tr("home.playing"), key="playing"),
            *(cards or [small(tr("home.none_playing"), key="no-tables")]),
        ]
    if more_playing:
        body.append(_more_button(tr, state, False))
    if done:
        body += [
            heading(tr("home.finished"), key="finished"),
            *[table_card(tr, hub, actions, i, said[i.id]) for i in done],
        ]
    if more_done:
        body.append(_more_button(tr, state, True))
    return ft.Column(body, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _more_button(tr: Tr, state: HomeList, finished: bool) -> ft.Control:
    return button(
        tr("home.more"),
        "home-more-finished" if finished else "home-more-playing",
        lambda _: state.more(finished),
        icon=ft.Icons.EXPAND_MORE,
    )


def _top_row(tr: Tr, go: Callable[[str], None], actions: HomeActions) -> ft.Control:
    """New table, Import and Quick score."""
    return ft.Row(
        [
            button(tr("home.new"), "new-table", lambda _: go("/new"), icon=ft.Icons.ADD, filled=True),
            button(tr("home.import"), "import", lambda _: actions.import_table(), icon=ft.Icons.UPLOAD_FILE),
            button(tr("home.quick"), "quick-score", lambda _: go("/quick"), icon=ft.Icons.CALCULATE),
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


@dataclass(frozen=True)
class HomeActions:
    """What Home's buttons open: the Import dialog, and for a table's card its screen and the
    rename, export and delete dialogs."""

    import_table: Callable[[], None]

    open: Callable[[str], None]
    rename: Callable[[TableInfo], None]
    export: Callable[[str], None]
    delete: Callable[[TableInfo], None]


def home_actions(services: Services, session: Session, lists: HomeList) -> HomeActions:
    """Home's actions, on this session's dialogs, tables and device services; a rename or a
    delete done here moves ``lists`` on."""
    tr, hub = session.tr, services.hub

    def export(table_id: str) -> None:
        readable = exported(tr, hub, services.repos.tables, table_id)
        export_dialog(services.dialogs, tr, readable, services.device)

    def import_table() -> None:
        import_dialog(
            services.dialogs,
            tr,
            ImportDraft(services.dialogs, tr, hub, services.repos, services.device, session.go),
        )

    return HomeActions(
        import_table=import_table,
        open=lambda table_id: session.go(f"/table/{table_id}"),
        rename=lambda info: rename_dialog(services.dialogs, tr, hub, info, lists),
        export=export,
        delete=lambda info: delete_dialog(services.dialogs, tr, hub, info, lists),
    )


def button_names(tr: Tr, infos: list[TableInfo]) -> dict[str, str]:
    """Each listed table's name as its card's buttons say it (by table id). A group's tables are
    often all named after it: where another listed table has the same name, the buttons add the
    game if that tells them apart ("Ana, Ben, Carla, Chinatown"), else when this one last
    changed, to the minute, or to the second where the minute is shared too (a screen reader
    would otherwise hear several identical "Rename Ana, Ben, Carla")."""
    names = Counter(i.name for i in infos)
    games = Counter((i.name, i.game_id) for i in infos)
    minutes = Counter((i.name, when_changed(i)) for i in infos)
    said: dict[str, str] = {}
    for i in infos:
        if names[i.name] == 1:
            said[i.id] = i.name
        elif games[(i.name, i.game_id)] == 1:
            said[i.id] = tr("home.twin_game", name=i.name, game=game_title(tr, i.game_id))
        else:
            when = when_changed(i)
            if minutes[(i.name, when)] > 1:
                when = i.updated.replace("T", " ")[:19]
            said[i.id] = tr("home.twin_name", name=i.name, when=when)
    return said


def table_card(tr: Tr, hub: TableHub, actions: HomeActions, info: TableInfo, name: str) -> ft.Control:
    """A table's card; ``name``: the table as its buttons name it (``button_names``)."""
    return card(
        ft.ListTile(
            key=f"open-{info.id}",
            title=ft.Text(info.name, weight=ft.FontWeight.BOLD),
            subtitle=card_lines(tr, hub, info),
            on_click=lambda _: actions.open(info.id),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            min_height=48,  # no tooltip: it would name the card "Open <name>", then say the name again
        ),
        ft.Row(
            [
                icon_button(
                    ft.Icons.EDIT,
                    f"rename-{info.id}",
                    tr("home.rename_named", name=name),
                    lambda _: actions.rename(info),
                ),
                icon_button(
                    ft.Icons.DOWNLOAD,
                    f"export-{info.id}",
                    tr("home.export_named", name=name),
                    lambda _: actions.export(info.id),
                ),
                icon_button(
                    ft.Icons.DELETE_OUTLINE,
                    f"delete-{info.id}",
                    tr("home.delete_named", name=name),
                    lambda _: actions.delete(info),
                ),
            ],
            alignment=ft.MainAxisAlignment.END,
        ),
        key=f"table-{info.id}",
        padding=4,
    )


def rename_dialog(dialogs: Dialogs, tr: Tr, hub: TableHub, info: TableInfo, lists: HomeList) -> None:
    """Rename ``info``'s table; once saved, Home's lists (``lists``) show the new name."""
    draft = {"name": info.name}  # what is typed so far

    def typed(e: Any) -> None:
        draft["name"] = e.control.value or ""

    def save() -> None:
        try:
            hub.rename(info.id, draft["name"])
        except TableError as exc:
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()
        lists.changed()

    def field() -> ft.Control:
        return ft.TextField(
            label=tr("home.name"),
            value=draft["name"],
            key="rename-field",
            max_length=80,
            autofocus=True,
            on_change=typed,
            on_submit=lambda _: save(),
        )

    dialogs.dialog(
        tr("home.rename"),
        lambda: [field()],
        key="rename",
        actions=lambda: [
            dialogs.dialog_button(
                tr("action.save"), "rename-save", save, filled=True, closes=False, screen=False
            )
        ],
    )


def delete_dialog(dialogs: Dialogs, tr: Tr, hub: TableHub, info: TableInfo, lists: HomeList) -> None:
    """Delete ``info``'s table once confirmed; Home's lists (``lists``) then leave it out."""

    def delete() -> None:
        hub.delete(info.id)
        lists.changed()

    dialogs.dialog(
        tr("home.delete_title"),
        lambda: [ft.Text(tr("home.delete_body", name=info.name))],
        key="delete",
        actions=lambda: [
            dialogs.dialog_button(
                tr("home.delete"), "delete-confirm", delete, filled=True, danger=True, screen=False
            )
        ],
    )


def file_name(name: str) -> str:
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name).strip("_") or "table"
    return f"{safe[:40]}.json"


def exported(tr: Tr, hub: TableHub, tables: TablesRepo, table_id: str) -> Table | str:
    """The table to export, what can still be read of a damaged one, or why nothing can."""
    try:
        return hub.get(table_id)
    except DamagedTable:  # export what can still be read of it
        try:
            return Table.from_json(tables.salvage(table_id))
        except TableError as exc:  # not even the players can be read: say so
            return tr.msg(exc.msg)


def export_dialog(dialogs: Dialogs, tr: Tr, table: Table | str, device: Device) -> None:
    """The export of ``table`` to copy or download (or why it cannot be read)."""
    if isinstance(table, str):
        why = table
        dialogs.dialog(tr("home.export"), lambda: [ft.Text(why, key="export-error")], key="export")
        return
    text = table.to_json()

    async def save() -> None:
        from companion.ui.views.files import save_or_raise  # not on the first screen's path

        try:
            await save_or_raise(device, file_name(table.name), text.encode("utf-8"), "json")
        except Exception as exc:  # a platform that cannot save: the text stays available to copy
            dialogs.dialog_note(tr("home.export_failed", detail=str(exc)))
            return
        dialogs.dialog_note(tr("home.export_saved"))

    async def copy() -> None:
        await device.clipboard.set(text)
        dialogs.dialog_note(tr("home.export_copied"))

    dialogs.dialog(
        tr("home.export_title", name=table.name),
        lambda: [
            small(tr("home.export_hint")),
            ft.TextField(
                value=text,
                key="export-text",
                multiline=True,
                min_lines=4,
                max_lines=10,
                read_only=True,
                text_size=12,
            ),
        ],
        key="export",
        actions=lambda: [
            dialogs.dialog_button(tr("home.copy"), "export-copy", copy, closes=False),
            dialogs.dialog_button(tr("home.download"), "export-save", save, filled=True, closes=False),
        ],
    )


def import_dialog(dialogs: Dialogs, tr: Tr, draft: ImportDraft) -> None:
    dialogs.dialog(
        tr("home.import"),
        lambda: [small(tr("home.import_hint")), draft.pasted()],
        key="import",
        actions=draft.actions,
    )


@dataclass(eq=False)
class ImportDraft:
    """The Import dialog: what is pasted so far, and the three ways in (a photo of a QR code,
    a file, the pasted text); a table read is offered to link its seats, then opened."""

    dialogs: Dialogs
    tr: Tr
    hub: TableHub
    repos: Repos  # the tables a snapshot joins, the players its seats are offered to
    device: Device  # the file picker
    go: Callable[[str], None]
    text: str = ""

    def typed(self, e: Any) -> None:
        self.text = e.control.value or ""

    def pasted(self) -> ft.Control:
        return ft.TextField(
            label=self.tr("home.paste"),
            value=self.text,
            key="import-text",
            multiline=True,
            min_lines=3,
            max_lines=8,
            text_size=12,
            on_change=self.typed,
        )

    def actions(self) -> list[ft.Control]:
        dialogs, tr = self.dialogs, self.tr
        return [
            dialogs.dialog_button(tr("live.from_image"), "import-image", self.pick_qr, closes=False),
            dialogs.dialog_button(tr("home.choose_file"), "import-file", self.pick_file, closes=False),
            dialogs.dialog_button(
                tr("home.import_text"),
                "import-submit",
                lambda: self.load(self.text),
                filled=True,
                closes=False,
            ),
        ]

    def load(self, text: str | bytes, image: bool = False) -> None:
        """Read a table file, a snapshot code or import link, or a photo of a QR code; a refusal
        is said under the dialog."""
        from companion.share import SnapshotError
        from companion.ui.views.share import import_image, import_text

        try:
            hub, tables = self.hub, self.repos.tables
            if image and isinstance(text, bytes):
                table = import_image(hub, tables, text)
            else:
                table = import_text(hub, tables, text)
        except (TableError, SnapshotError) as exc:
            self.dialogs.dialog_note(self.tr.msg(exc.msg))
            return
        from companion.ui.views.play_edit import offer_links  # not on the first screen's path

        go = self.go  # seats named like our players are offered first
        offer_links(self.dialogs, self.tr, self.repos.players, table, lambda: go(f"/table/{table.id}"))

    async def pick_qr(self) -> None:
        from companion.ui.views.share import pick_image

        data = await pick_image(self.device.files)
        if data:
            self.load(data, image=True)

    async def pick_file(self) -> None:
        files = await self.device.files.pick_files(
            with_data=True, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"]
        )
        if not files:
            return
        f = files[0]
        data = f.bytes if f.bytes is not None else Path(f.path).read_bytes() if f.path else b""
        self.load(data)
