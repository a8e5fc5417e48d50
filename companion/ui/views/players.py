"""Players: the group's remembered players; add one, rename, colour and note, merge two, remove.

A rename or a merge reaches every statistic at once (the store keeps the link per seat); old
tables keep the names they were played with.

The list is a component (``PlayerList``) given the observable ``PlayersList`` (the search, the
page shown, a count of the changes saved here) kept in the session's drafts; the dialogs' drafts
(``PlayerEdit``, ``MergeDraft``) are observables given to the components in the dialog, so a
tap there redraws those alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core import TableError
from companion.core.msg import join_list
from companion.i18n import format_when
from companion.ui.dialogs import Dialogs
from companion.ui.i18n import Tr
from companion.ui.palette import PLAYER_COLORS, TAP
from companion.ui.repos import MAX_NOTE, PlayerInfo, PlayersRepo
from companion.ui.retap import redraws_when_unchanged
from companion.ui.search import Search
from companion.ui.services import Services, Session
from companion.ui.widgets import (
    button,
    card,
    colour_swatch,
    dot,
    icon_button,
    quiet,
    scroll_column,
    search_field,
    small,
)

PAGE = 15  # players drawn at first (about two phone screens); "Show more" adds as many again


@ft.observable
@dataclass
class PlayersList(Search):
    """What Players shows (kept while the session lasts, given to ``PlayerList``): the search,
    how many players are drawn, and ``version``, moved on when a player is added, changed,
    merged or removed here (the list then reads the store again)."""

    shown: int = PAGE
    version: int = 0

    def first_page(self) -> None:
        self.shown = PAGE

    def more(self) -> None:
        self.shown += PAGE

    def changed(self) -> None:
        self.version += 1


def view(services: Services, session: Session) -> ft.View:
    tr = session.tr
    state = session.drafts.keep(PlayersList)
    actions = player_actions(services, session, state)
    top = ft.Row(
        [
            button(
                tr("players.add"),
                "players-add",
                lambda _: actions.edit(None),
                icon=ft.Icons.PERSON_ADD,
                filled=True,
            ),
            button(tr("nav.plays"), "players-plays", lambda _: session.go("/plays"), icon=ft.Icons.HISTORY),
            button(tr("nav.stats"), "players-stats", lambda _: session.go("/stats"), icon=ft.Icons.BAR_CHART),
        ],
        wrap=True,
        spacing=8,
        run_spacing=8,
    )
    body = [
        top,
        small(tr("players.hint")),
        PlayerList(tr, services.repos.players, actions, state, key="player-list"),
    ]
    return ft.View(
        route="/players",
        appbar=ft.AppBar(title=ft.Text(tr("players.title"))),
        controls=[scroll_column(body, key="players")],
        padding=12,
    )


@ft.component
def PlayerList(
    tr: Tr, players: PlayersRepo, actions: PlayerActions, state: PlayersList, key: str | None = None
) -> ft.Control:
    """The search, a card per player found and "Show more": drawn again when ``state`` changes."""
    found = players.page(state.search, state.shown + 1)  # one beyond: are there more?
    shown, more = found[: state.shown], len(found) > state.shown
    body: list[ft.Control] = []
    if state.search or more or len(shown) > PAGE:  # a search once there is more than a page
        body.append(search_field(state, "players-search", tr("players.search")))
    # someone to merge with: on this page, beyond it, or (a search showing one) in the group
    can_merge = len(shown) > 1 or more or (bool(state.search) and len(players.page(limit=2)) > 1)
    body += [player_card(tr, actions, p, can_merge) for p in shown] or [
        small(tr("players.none_found", text=state.search), key="players-none-found")
        if state.search
        else small(tr("players.none"), key="players-none")
    ]
    if more:
        body.append(
            button(tr("players.more"), "players-more", lambda _: state.more(), icon=ft.Icons.EXPAND_MORE)
        )
    return ft.Column(body, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


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
    # the day as this reader writes it, on this device's clock (the store keeps UTC: an evening
    # play in the Americas was shown on the next day), or the day itself for a day-only play
    when = format_when(p.last_played or "", tr.lang, time=False, day_only=p.last_day_only)
    return tr("players.played", n=p.plays, when=when)


@dataclass(frozen=True)
class PlayerActions:
    """What the Players screen opens: a player's page, and the edit, merge and delete dialogs
    (``merge``'s second player: the one to keep, already chosen)."""

    open: Callable[[str], None]
    edit: Callable[[PlayerInfo | None], None]
    merge: Callable[[PlayerInfo, PlayerInfo | None], None]
    delete: Callable[[PlayerInfo], None]


def player_actions(services: Services, session: Session, listed: PlayersList) -> PlayerActions:
    """The screen's actions on this session's dialogs and the players' repository; a change
    saved in a dialog moves ``listed`` on, so the list shows it."""
    tr, players, dialogs = session.tr, services.repos.players, services.dialogs

    def open_page(player_id: str) -> None:
        session.go(f"/player/{player_id}")

    def merge(gone: PlayerInfo, keep: PlayerInfo | None) -> None:
        merge_dialog(dialogs, tr, players, listed, gone, keep)

    return PlayerActions(
        open=open_page,
        edit=lambda p: edit_dialog(dialogs, tr, PlayerEdit.of(players, listed, p, open_page, merge)),
        merge=merge,
        delete=lambda p: delete_dialog(dialogs, tr, players, listed, p),
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
                    lambda _: actions.merge(p, None),
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
        lambda: draft.body(dialogs, tr),
        key="player-edit",
        actions=lambda: [
            dialogs.dialog_button(
                tr("action.save"),
                "edit-save",
                lambda: draft.save(dialogs, tr),
                filled=True,
                closes=False,
                screen=False,
            )
        ],
    )


@ft.observable
@dataclass(eq=False)
class PlayerEdit:
    """The Add / Edit dialog's draft of a player until Save: name, colour (or none) and note.
    Given to the dialog's swatches (``EditSwatches``): a colour tapped redraws them.
    ``open_page`` opens a player's page, ``merge`` the merge dialog (the one to go, the one to
    keep): where a namesake is taken instead of the name typed."""

    players: PlayersRepo
    listed: PlayersList  # the Players list, moved on once saved
    player: PlayerInfo | None  # None: a new player
    name: str
    note: str
    color: str | None
    open_page: Callable[[str], None]
    merge: Callable[[PlayerInfo, PlayerInfo | None], None]
    namesakes: list[PlayerInfo] = field(default_factory=list)  # said at the name, once Save is tapped
    distinct: str = ""  # the name confirmed as another person's ("Add anyway")

    @classmethod
    def of(
        cls,
        players: PlayersRepo,
        listed: PlayersList,
        p: PlayerInfo | None,
        open_page: Callable[[str], None],
        merge: Callable[[PlayerInfo, PlayerInfo | None], None],
    ) -> PlayerEdit:
        if p is None:
            return cls(players, listed, None, "", "", None, open_page, merge)
        return cls(players, listed, p, p.name, p.note, p.color, open_page, merge)

    def typed_name(self, e: Any) -> None:
        self.name = e.control.value or ""
        if self.namesakes:
            self.namesakes = []  # said of the name before: typed again, it is looked at on Save

    def typed_note(self, e: Any) -> None:
        self.note = e.control.value or ""

    def choose_colour(self, c: str) -> None:
        self.color = None if self.color == c else c  # a second tap clears it

    def find_namesakes(self) -> list[PlayerInfo]:
        """Others named as this name but for accents, case and spaces ("Lucía" for "lucia"); a
        name confirmed as another person's is let be."""
        if self.distinct == self.name:
            return []
        return self.players.namesakes(self.name, self.player.id if self.player is not None else None)

    def twin(self) -> bool:
        """A namesake has this very name (case and spaces aside): the store keeps one of a name."""
        same = " ".join(self.name.split()).casefold()
        return any(p.name.casefold() == same for p in self.namesakes)

    def use(self, dialogs: Dialogs, namesake: PlayerInfo) -> None:
        """The namesake is the one meant: nothing is added, and the namesake's page opens."""
        dialogs.close_dialog()
        self.open_page(namesake.id)

    def merge_into(self, namesake: PlayerInfo) -> None:
        """The player renamed is the namesake: the merge dialog takes the edit's place, the
        namesake chosen as the one to keep (one more tap confirms it)."""
        if self.player is not None:
            self.merge(self.player, namesake)

    def add_anyway(self, dialogs: Dialogs, tr: Tr) -> None:
        self.distinct = self.name
        self.save(dialogs, tr)

    def save(self, dialogs: Dialogs, tr: Tr) -> None:
        """Create or update the player; a refused name is said under the dialog, kept open, and
        a namesake is said at the name (``NamesakeNote``) before anything is saved."""
        players = self.players
        found = self.find_namesakes()
        if found:
            self.namesakes = found
            return
        try:
            if self.player is None:
                players.create(self.name, self.color, self.note)
            else:
                players.update(self.player.id, name=self.name, color=self.color, note=self.note)
        except TableError as exc:
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()
        self.listed.changed()

    def body(self, dialogs: Dialogs, tr: Tr) -> list[ft.Control]:
        return [
            ft.TextField(
                label=tr("players.name"),
                value=self.name,
                key="edit-name",
                max_length=24,
                autofocus=True,
                on_change=self.typed_name,
            ),
            NamesakeNote(tr, dialogs, self, key="edit-namesake"),
            small(tr("players.color_hint")),
            EditSwatches(tr, self, key="edit-colors"),
            ft.TextField(
                label=tr("players.note"),
                value=self.note,
                key="edit-note",
                max_length=MAX_NOTE,
                on_change=self.typed_note,
            ),
        ]


def namesakes_said(tr: Tr, found: list[PlayerInfo], one: str, many: str) -> str:
    """ "Lucía is already in your players: ..." (``one``), or, with more than one, all of them
    ("Lucía and Lucia are already ..."; ``many``): each has its button under the line."""
    if len(found) == 1:
        return tr(one, name=found[0].name)
    return tr(many, names=join_list(tuple(p.name for p in found), tr.lang))


@ft.component
def NamesakeNote(tr: Tr, dialogs: Dialogs, draft: PlayerEdit, key: str | None = None) -> ft.Control:
    """Under the name, once Save found a namesake: "Lucía is already in your players: use that
    one?", a button for each one (nothing is added: her page opens; a rename: the merge dialog
    opens, her chosen as the one to keep), and one to save the name anyway, for two people of
    almost the same name."""
    if not draft.namesakes:
        return ft.Column([], tight=True)
    adding = draft.player is None
    keys = (
        ("players.namesake", "players.namesakes")
        if adding
        else ("players.namesake_rename", "players.namesakes_rename")
    )
    said = namesakes_said(tr, draft.namesakes, *keys)
    uses = [
        button(
            tr("players.use_namesake", name=p.name),
            f"edit-use-{p.id}",
            lambda _, p=p: draft.use(dialogs, p),
            icon=ft.Icons.PERSON,
        )
        if adding
        else button(
            tr("players.merge_into", name=p.name),
            f"edit-merge-{p.id}",
            lambda _, p=p: draft.merge_into(p),
            icon=ft.Icons.CALL_MERGE,
        )
        for p in draft.namesakes
    ]
    anyway = tr("players.add_anyway" if adding else "players.save_anyway")
    keep = button(anyway, "edit-anyway", lambda _: draft.add_anyway(dialogs, tr), icon=ft.Icons.PERSON_ADD)
    shown = uses if draft.twin() else [*uses, keep]  # one name is one player: no second "Lucía"
    return ft.Column(
        [ft.Text(said, key="edit-namesake-said"), ft.Row(shown, wrap=True, spacing=8, run_spacing=8)],
        tight=True,
        spacing=6,
    )


@ft.component
def EditSwatches(tr: Tr, draft: PlayerEdit, key: str | None = None) -> ft.Control:
    """A swatch per colour, the chosen one ringed; a tap chooses it (again: none)."""

    def chooser(c: str) -> Any:
        return lambda _=None: draft.choose_colour(c)

    swatches = [
        colour_swatch(  # "Usual colour: red, button, selected"
            f"edit-color-{c}", hexv, tr("players.color", color=tr(f"color.{c}")), draft.color == c, chooser(c)
        )
        for c, hexv in PLAYER_COLORS.items()
    ]
    return ft.Row(swatches, wrap=True, spacing=6, run_spacing=6)


@ft.observable
@dataclass
class MergeDraft(Search):
    """The merge dialog's own search among the others, and the player chosen to keep."""

    keep: PlayerInfo | None = None

    @redraws_when_unchanged  # a chip calls it: redrawn even if nothing changed
    def choose(self, p: PlayerInfo) -> None:
        self.keep = p


def merge_dialog(
    dialogs: Dialogs,
    tr: Tr,
    players: PlayersRepo,
    listed: PlayersList,
    gone: PlayerInfo,
    keep: PlayerInfo | None = None,
) -> None:
    """Merge ``gone`` into the player tapped: one tap to choose, one to confirm (``keep``: the
    one already chosen, a namesake found at a rename)."""
    draft = MergeDraft(keep=keep)

    def merge() -> None:
        keep = draft.keep
        if keep is None:
            return
        try:
            players.merge(keep.id, gone.id)
        except TableError as exc:
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()
        listed.changed()

    dialogs.dialog(
        tr("players.merge", name=gone.name),
        lambda: [MergeChoice(tr, players, gone, draft, key="merge-choice")],
        key="player-merge",
        actions=lambda: [MergeConfirm(tr, dialogs, draft, merge, key="merge-actions")],
    )


@ft.component
def MergeChoice(
    tr: Tr, players: PlayersRepo, gone: PlayerInfo, draft: MergeDraft, key: str | None = None
) -> ft.Control:
    """A chip per other player (a page of them, found by the search), and what the merge will
    do once one is chosen: drawn again when ``draft`` changes."""
    keep = draft.keep
    found = [p for p in players.page(draft.search, PAGE + 2) if p.id != gone.id]
    shown, more = found[:PAGE], len(found) > PAGE
    chips: list[ft.Control] = [
        ft.Chip(
            label=ft.Text(p.name),
            key=f"merge-into-{p.id}",
            selected=keep is not None and keep.id == p.id,
            on_select=lambda _, p=p: draft.choose(p),
            tooltip=quiet(p.name),
            height=TAP,
        )
        for p in shown
    ]
    items: list[ft.Control] = [small(tr("players.merge_hint", name=gone.name))]
    if more or draft.search:
        items.append(search_field(draft, "merge-search", tr("players.search")))
    items.append(ft.Row(chips, wrap=True))
    if keep is not None:
        items.append(ft.Text(tr("players.merge_what", gone=gone.name, keep=keep.name), key="merge-what"))
    return ft.Column(items, tight=True)


@ft.component
def MergeConfirm(
    tr: Tr, dialogs: Dialogs, draft: MergeDraft, merge: Callable[[], None], key: str | None = None
) -> ft.Control:
    """The confirm, once a player to keep is chosen (the dialog's actions follow ``draft`` too)."""
    if draft.keep is None:
        return ft.Row([], tight=True)
    label = tr("players.merge_confirm")
    return dialogs.dialog_button(label, "merge-confirm", merge, filled=True, closes=False, screen=False)


def delete_dialog(dialogs: Dialogs, tr: Tr, players: PlayersRepo, listed: PlayersList, p: PlayerInfo) -> None:

    def delete() -> None:
        try:
            players.delete(p.id)
        except TableError as exc:
            dialogs.dialog_note(tr.msg(exc.msg))
            return
        dialogs.close_dialog()
        listed.changed()

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
                screen=False,
            )
        ],
    )
