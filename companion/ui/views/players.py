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
from companion.ui.dialogs import Dialogs
from companion.ui.i18n import Tr
from companion.ui.palette import PLAYER_COLORS, TAP
from companion.ui.repos import MAX_NOTE, PlayerInfo, PlayersRepo
from companion.ui.services import Services, Session
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


def view(services: Services, session: Session) -> ft.View:
    tr = session.tr
    state = session.drafts.keep(PlayersList)
    found = services.repos.players.page(state.search, state.shown + 1)  # one beyond: are there more?
    players, more = found[: state.shown], len(found) > state.shown
    actions = player_actions(services, session)
    body: list[ft.Control] = [
        ft.Row(
            [
                button(
                    tr("players.add"),
                    "players-add",
                    lambda _: actions.edit(None),
                    icon=ft.Icons.PERSON_ADD,
                    filled=True,
                ),
                button(
                    tr("nav.plays"), "players-plays", lambda _: session.go("/plays"), icon=ft.Icons.HISTORY
                ),
                button(
                    tr("nav.stats"), "players-stats", lambda _: session.go("/stats"), icon=ft.Icons.BAR_CHART
                ),
            ],
            wrap=True,
            spacing=8,
            run_spacing=8,
        ),
        small(tr("players.hint")),
    ]
    if state.search or more or len(players) > PAGE:  # a search once there is more than a page
        body.append(search_field(state, "players-search", tr("players.search"), session.refresh))
    # someone to merge with: on this page, beyond it, or (a search showing one) in the group
    can_merge = (
        len(players) > 1 or more or (bool(state.search) and len(services.repos.players.page(limit=2)) > 1)
    )
    body += [player_card(tr, actions, p, can_merge) for p in players] or [
        small(tr("players.none_found", text=state.search), key="players-none-found")
        if state.search
        else small(tr("players.none"), key="players-none")
    ]
    if more:
        body.append(
            button(
                tr("players.more"),
                "players-more",
                lambda _: _more(session.refresh, state),
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


@dataclass(frozen=True)
class PlayerActions:
    """What the Players screen opens: a player's page, and the edit, merge and delete dialogs."""

    open: Callable[[str], None]
    edit: Callable[[PlayerInfo | None], None]
    merge: Callable[[PlayerInfo], None]
    delete: Callable[[PlayerInfo], None]


def player_actions(services: Services, session: Session) -> PlayerActions:
    """The screen's actions on this session's dialogs and the players' repository."""
    tr, players, refresh = session.tr, services.repos.players, session.refresh
    return PlayerActions(
        open=lambda player_id: session.go(f"/player/{player_id}"),
        edit=lambda p: edit_dialog(services.dialogs, tr, PlayerEdit.of(players, refresh, p)),
        merge=lambda p: merge_dialog(services.dialogs, tr, players, refresh, p),
        delete=lambda p: delete_dialog(services.dialogs, tr, players, p),
    )


def player_card(tr: Tr, actions: PlayerActions, p: PlayerInfo, can_merge: bool) -> ft.Control:
    lines: list[ft.Control] = [
        ft.Row(
            [
                dot(p.color, 18),
                ft.Container(  # a tap on the name opens the player's page
                    ft.Text(p.name, weight=ft.FontWeight.BOLD, key=f"player-name-of-{p.id}"),
                    expand=True,
                    on_click=lambda _: actions.open(p.id),
                    key=f"player-open-{p.id}",
                    tooltip=tr("insights.open_page", name=p.name),
                ),
                icon_button(
                    ft.Icons.INSIGHTS,
                    f"player-page-{p.id}",
                    tr("insights.open_page", name=p.name),
                    lambda _: actions.open(p.id),
                ),
                icon_button(
                    ft.Icons.EDIT,
                    f"player-edit-{p.id}",
                    tr("players.edit", name=p.name),
                    lambda _: actions.edit(p),
                ),
                icon_button(
                    ft.Icons.CALL_MERGE,
                    f"player-merge-{p.id}",
                    tr("players.merge", name=p.name),
                    lambda _: actions.merge(p),
                    disabled=not can_merge,
                ),
                icon_button(
                    ft.Icons.DELETE_OUTLINE,
                    f"player-delete-{p.id}",
                    tr("players.delete", name=p.name),
                    lambda _: actions.delete(p),
                ),
            ],
            spacing=4,
        ),
        small(played_line(tr, p), key=f"player-played-{p.id}"),
    ]
    if p.note:
        lines.append(ft.Text(p.note, italic=True, size=14, key=f"player-note-{p.id}"))
    return card(*lines, key=f"player-card-{p.id}", padding=8)


def edit_dialog(dialogs: Dialogs, tr: Tr, draft: PlayerEdit) -> None:
    """Add a player (the draft's ``player`` None) or change one's name, colour and note."""
    p = draft.player
    dialogs.dialog(
        tr("players.add") if p is None else tr("players.edit", name=p.name),
        lambda: draft.body(tr),
        key="player-edit",
        actions=lambda: [
            dialogs.dialog_button(
                tr("action.save"), "edit-save", lambda: draft.save(dialogs, tr), filled=True, closes=False
            )
        ],
    )


@dataclass(eq=False)
class PlayerEdit:
    """The Add / Edit dialog's draft of a player until Save: name, colour (or none) and note."""

    players: PlayersRepo
    refresh: Callable[[], None]  # a colour tapped is drawn at once
    player: PlayerInfo | None  # None: a new player
    name: str
    note: str
    color: str | None

    @classmethod
    def of(cls, players: PlayersRepo, refresh: Callable[[], None], p: PlayerInfo | None) -> PlayerEdit:
        if p is None:
            return cls(players, refresh, None, "", "", None)
        return cls(players, refresh, p, p.name, p.note, p.color)

    def typed_name(self, e: Any) -> None:
        self.name = e.control.value or ""

    def typed_note(self, e: Any) -> None:
        self.note = e.control.value or ""

    def colour(self, c: str) -> Any:
        def go(_: Any = None) -> None:
            self.color = None if self.color == c else c  # a second tap clears it
            self.refresh()

        return go

    def save(self, dialogs: Dialogs, tr: Tr) -> None:
        """Create or update the player; a refused name is said under the dialog, kept open."""
        players = self.players
        try:
            if self.player is None:
                players.create(self.name, self.color, self.note)
            else:
                players.update(self.player.id, name=self.name, color=self.color, note=self.note)
        except TableError as exc:
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()

    def body(self, tr: Tr) -> list[ft.Control]:
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
            ft.Row(self.swatches(tr), wrap=True, spacing=6, run_spacing=6),
            ft.TextField(
                label=tr("players.note"),
                value=self.note,
                key="edit-note",
                max_length=MAX_NOTE,
                on_change=self.typed_note,
            ),
        ]

    def swatches(self, tr: Tr) -> list[ft.Control]:
        """A swatch per colour, the chosen one ringed."""
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


def merge_dialog(
    dialogs: Dialogs, tr: Tr, players: PlayersRepo, refresh: Callable[[], None], gone: PlayerInfo
) -> None:
    """Merge ``gone`` into the player tapped: one tap to choose, one to confirm."""
    draft: dict[str, PlayerInfo | None] = {"keep": None}
    looking = PlayersList()  # the dialog's own search: a page of the others, found by name

    def others() -> tuple[list[PlayerInfo], bool]:
        found = [p for p in players.page(looking.search, PAGE + 2) if p.id != gone.id]
        return found[:PAGE], len(found) > PAGE

    def choose(p: PlayerInfo) -> Any:
        def go(_: Any = None) -> None:
            draft["keep"] = p
            refresh()

        return go

    def merge() -> None:
        keep = draft["keep"]
        if keep is None:
            return
        try:
            players.merge(keep.id, gone.id)
        except TableError as exc:
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()

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
            items.append(search_field(looking, "merge-search", tr("players.search"), refresh))
        items.append(ft.Row(chips, wrap=True))
        if keep is not None:
            items.append(ft.Text(tr("players.merge_what", gone=gone.name, keep=keep.name), key="merge-what"))
        return items

    def actions() -> list[ft.Control]:
        if draft["keep"] is None:
            return []
        label = tr("players.merge_confirm")
        return [dialogs.dialog_button(label, "merge-confirm", merge, filled=True, closes=False)]

    dialogs.dialog(tr("players.merge", name=gone.name), body, key="player-merge", actions=actions)


def delete_dialog(dialogs: Dialogs, tr: Tr, players: PlayersRepo, p: PlayerInfo) -> None:

    def delete() -> None:
        try:
            players.delete(p.id)
        except TableError as exc:
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()

    dialogs.dialog(
        tr("players.delete", name=p.name),
        lambda: [ft.Text(tr("players.delete_body", name=p.name))],
        key="player-delete",
        actions=lambda: [
            dialogs.dialog_button(
                tr("players.delete_confirm"),
                "delete-player-confirm",
                delete,
                filled=True,
                danger=True,
                closes=False,
            )
        ],
    )
