"""Players: the group's remembered players; add one, rename, colour and note, merge two, remove.

A rename or a merge reaches every statistic at once (the store keeps the link per seat); old
tables keep the names they were played with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.core import TableError
from companion.ui.i18n import Tr
from companion.ui.palette import PLAYER_COLORS, TAP
from companion.ui.repos import MAX_NOTE, PlayerInfo
from companion.ui.shell import App
from companion.ui.widgets import (
    button,
    card,
    colour_swatch,
    dot,
    icon_button,
    scroll_column,
    search_field,
    small,
)

PAGE = 15  # players drawn at first (about two phone screens); "Show more" adds as many again


@dataclass
class PlayersList:
    """What Players shows (kept while the session lasts): the search as typed and applied, and
    how many players are drawn."""

    typed: str = ""
    search: str = ""
    shown: int = PAGE

    def find(self, text: str) -> None:
        self.typed = text
        if " ".join(text.split()) != self.search:
            self.search, self.shown = " ".join(text.split()), PAGE


def view(app: App) -> ft.View:
    tr = app.tr
    state = app.drafts.keep(PlayersList)
    found = app.repos.players.page(state.search, state.shown + 1)  # one beyond: are there more?
    players, more = found[: state.shown], len(found) > state.shown
    body: list[ft.Control] = [
        ft.Row(
            [
                button(
                    tr("players.add"),
                    "players-add",
                    lambda _: edit_dialog(app, None),
                    icon=ft.Icons.PERSON_ADD,
                    filled=True,
                ),
                button(tr("nav.plays"), "players-plays", lambda _: app.go("/plays"), icon=ft.Icons.HISTORY),
                button(tr("nav.stats"), "players-stats", lambda _: app.go("/stats"), icon=ft.Icons.BAR_CHART),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
        small(tr("players.hint")),
    ]
    if state.search or more or len(players) > PAGE:  # a search once there is more than a page
        body.append(search_field(state, "players-search", tr("players.search"), app.refresh))
    # someone to merge with: on this page, beyond it, or (a search showing one) in the group
    can_merge = len(players) > 1 or more or (bool(state.search) and len(app.repos.players.page(limit=2)) > 1)
    body += [player_card(app, p, can_merge) for p in players] or [
        small(tr("players.none_found", text=state.search), key="players-none-found")
        if state.search
        else small(tr("players.none"), key="players-none")
    ]
    if more:
        body.append(
            button(
                tr("players.more"),
                "players-more",
                lambda _: _more(app.refresh, state),
                icon=ft.Icons.EXPAND_MORE,
            )
        )
    return ft.View(
        route="/players",
        appbar=ft.AppBar(title=ft.Text(tr("players.title"))),
        controls=[scroll_column(body, key="players")],
        padding=12,
    )


def _more(refresh: Callable[[], None], state: PlayersList) -> None:
    state.shown += PAGE
    refresh()


def group_links(tr: Tr, go: Callable[[str], None]) -> ft.Control:
    """Home's way to the group's records: the players, the play log, the statistics."""
    return ft.Row(
        [
            button(tr("nav.players"), "open-players", lambda _: go("/players"), icon=ft.Icons.GROUP),
            button(tr("nav.plays"), "open-plays", lambda _: go("/plays"), icon=ft.Icons.HISTORY),
            button(tr("nav.stats"), "open-stats", lambda _: go("/stats"), icon=ft.Icons.BAR_CHART),
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )


def played_line(tr: Tr, p: PlayerInfo) -> str:
    if not p.plays:
        return tr("players.no_plays")
    return tr("players.played", n=p.plays, when=(p.last_played or "")[:10])


def player_card(app: App, p: PlayerInfo, can_merge: bool) -> ft.Control:
    tr = app.tr
    lines: list[ft.Control] = [
        ft.Row(
            [
                dot(p.color, 18),
                ft.Container(  # a tap on the name opens the player's page
                    ft.Text(p.name, weight=ft.FontWeight.BOLD, key=f"player-name-of-{p.id}"),
                    expand=True,
                    on_click=lambda _: app.go(f"/player/{p.id}"),
                    key=f"player-open-{p.id}",
                    tooltip=tr("insights.open_page", name=p.name),
                ),
                icon_button(
                    ft.Icons.INSIGHTS,
                    f"player-page-{p.id}",
                    tr("insights.open_page", name=p.name),
                    lambda _: app.go(f"/player/{p.id}"),
                ),
                icon_button(
                    ft.Icons.EDIT,
                    f"player-edit-{p.id}",
                    tr("players.edit", name=p.name),
                    lambda _: edit_dialog(app, p),
                ),
                icon_button(
                    ft.Icons.CALL_MERGE,
                    f"player-merge-{p.id}",
                    tr("players.merge", name=p.name),
                    lambda _: merge_dialog(app, p),
                    disabled=not can_merge,
                ),
                icon_button(
                    ft.Icons.DELETE_OUTLINE,
                    f"player-delete-{p.id}",
                    tr("players.delete", name=p.name),
                    lambda _: delete_dialog(app, p),
                ),
            ],
            spacing=4,
        ),
        small(played_line(tr, p), key=f"player-played-{p.id}"),
    ]
    if p.note:
        lines.append(ft.Text(p.note, italic=True, size=14, key=f"player-note-{p.id}"))
    return card(*lines, key=f"player-card-{p.id}", padding=8)


def edit_dialog(app: App, p: PlayerInfo | None) -> None:
    """Add a player (``p`` None) or change one's name, colour and note."""
    tr = app.tr
    draft = PlayerEdit.of(app, p)
    app.dialog(
        tr("players.add") if p is None else tr("players.edit", name=p.name),
        draft.body,
        key="player-edit",
        actions=lambda: [
            app.dialog_button(tr("action.save"), "edit-save", draft.save, filled=True, closes=False)
        ],
    )


@dataclass(eq=False)
class PlayerEdit:
    """The Add / Edit dialog's draft of a player until Save: name, colour (or none) and note."""

    app: App
    player: PlayerInfo | None  # None: a new player
    name: str
    note: str
    color: str | None

    @classmethod
    def of(cls, app: App, p: PlayerInfo | None) -> PlayerEdit:
        if p is None:
            return cls(app, None, "", "", None)
        return cls(app, p, p.name, p.note, p.color)

    def typed_name(self, e: Any) -> None:
        self.name = e.control.value or ""

    def typed_note(self, e: Any) -> None:
        self.note = e.control.value or ""

    def colour(self, c: str) -> Any:
        def go(_: Any = None) -> None:
            self.color = None if self.color == c else c  # a second tap clears it
            self.app.state.redraw()

        return go

    def save(self) -> None:
        """Create or update the player; a refused name is said under the dialog, kept open."""
        players = self.app.repos.players
        try:
            if self.player is None:
                players.create(self.name, self.color, self.note)
            else:
                players.update(self.player.id, name=self.name, color=self.color, note=self.note)
        except TableError as exc:
            self.app.dialog_note(self.app.tr.msg(exc.msg))
            return
        self.app.close_dialog()

    def body(self) -> list[ft.Control]:
        tr = self.app.tr
        return [
            ft.TextField(
                label=tr("players.name"),
                value=self.name,
                key="edit-name",
                max_length=24,
                autofocus=True,
                on_change=self.typed_name,
            ),
            small(tr("players.color_hint")),
            ft.Row(self.swatches(), wrap=True, spacing=6, run_spacing=6),
            ft.TextField(
                label=tr("players.note"),
                value=self.note,
                key="edit-note",
                max_length=MAX_NOTE,
                on_change=self.typed_note,
            ),
        ]

    def swatches(self) -> list[ft.Control]:
        """A swatch per colour, the chosen one ringed."""
        tr = self.app.tr
        return [
            colour_swatch(  # "Usual colour: red, button, selected"
                f"edit-color-{c}",
                hexv,
                tr("players.color", color=tr(f"color.{c}")),
                self.color == c,
                self.colour(c),
            )
            for c, hexv in PLAYER_COLORS.items()
        ]


def merge_dialog(app: App, gone: PlayerInfo) -> None:
    """Merge ``gone`` into the player tapped: one tap to choose, one to confirm."""
    tr = app.tr
    draft: dict[str, PlayerInfo | None] = {"keep": None}
    looking = PlayersList()  # the dialog's own search: a page of the others, found by name

    def others() -> tuple[list[PlayerInfo], bool]:
        found = [p for p in app.repos.players.page(looking.search, PAGE + 2) if p.id != gone.id]
        return found[:PAGE], len(found) > PAGE

    def choose(p: PlayerInfo) -> Any:
        def go(_: Any = None) -> None:
            draft["keep"] = p
            app.state.redraw()

        return go

    def merge() -> None:
        keep = draft["keep"]
        if keep is None:
            return
        try:
            app.repos.players.merge(keep.id, gone.id)
        except TableError as exc:
            app.dialog_note(tr.msg(exc.msg))
            return
        app.close_dialog()

    def body() -> list[ft.Control]:
        keep = draft["keep"]
        shown, more = others()
        chips: list[ft.Control] = [
            ft.Chip(
                label=ft.Text(p.name),
                key=f"merge-into-{p.id}",
                selected=keep is not None and keep.id == p.id,
                on_select=choose(p),
                tooltip=p.name,
                height=TAP,
            )
            for p in shown
        ]
        items: list[ft.Control] = [small(tr("players.merge_hint", name=gone.name))]
        if more or looking.search:
            items.append(search_field(looking, "merge-search", tr("players.search"), app.refresh))
        items.append(ft.Row(chips, wrap=True))
        if keep is not None:
            items.append(ft.Text(tr("players.merge_what", gone=gone.name, keep=keep.name), key="merge-what"))
        return items

    def actions() -> list[ft.Control]:
        if draft["keep"] is None:
            return []
        return [
            app.dialog_button(tr("players.merge_confirm"), "merge-confirm", merge, filled=True, closes=False)
        ]

    app.dialog(tr("players.merge", name=gone.name), body, key="player-merge", actions=actions)


def delete_dialog(app: App, p: PlayerInfo) -> None:
    tr = app.tr

    def delete() -> None:
        try:
            app.repos.players.delete(p.id)
        except TableError as exc:
            app.dialog_note(tr.msg(exc.msg))
            return
        app.close_dialog()

    app.dialog(
        tr("players.delete", name=p.name),
        lambda: [ft.Text(tr("players.delete_body", name=p.name))],
        key="player-delete",
        actions=lambda: [
            app.dialog_button(
                tr("players.delete_confirm"),
                "delete-player-confirm",
                delete,
                filled=True,
                danger=True,
                closes=False,
            )
        ],
    )
