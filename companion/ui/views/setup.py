"""Setup: the game, 2 to N players with names and colours, the game's options; then play.

The game's own setup questions (event row, first recruitment, ...) are ordinary prompts and
appear on the Play screen right after the table is created.

The form as filled so far (``SetupDraft``) is an observable kept in the session's drafts; the
form is a component given it, so a tap that changes it draws the form again, not the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core import Table, TableError
from companion.games import get
from companion.ui.game_options import option_name
from companion.ui.gameui import known_game_ids, ui_for
from companion.ui.hub import TableHub
from companion.ui.i18n import Tr
from companion.ui.palette import DEFAULT_ORDER, TAP
from companion.ui.repos import PlayersRepo
from companion.ui.seating import seat_players
from companion.ui.services import Services, Session
from companion.ui.state import Drafts
from companion.ui.teach import setup_option, start_with
from companion.ui.views.player_picker import PickerSearch, player_picker
from companion.ui.widgets import button, heading, scroll_column


@ft.observable
@dataclass
class SetupDraft:
    """New table as filled so far: the game, the seats (``{"name", "color", "player_id"}``,
    views/player_picker.py), the game's options, the "first game" choice and the refusal."""

    game: str | None
    players: list[dict[str, Any]] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    teach: bool = False

    @classmethod
    def fresh(cls) -> SetupDraft:
        ids = known_game_ids()
        form = cls(ids[0] if ids else None)
        form.fit_players()
        return form

    def choose_game(self, game_id: str) -> None:
        self.game, self.options, self.error = game_id, {}, None
        self.fit_players()

    def choose_option(self, field: str, value: Any) -> None:
        self.options[field] = value

    def refuse(self, error: str) -> None:
        self.error = error

    def fit_players(self) -> None:
        """Keep the player count inside the chosen game's range (3 players to start with)."""
        if self.game is None:
            return
        game = get(self.game)
        players = self.players
        want = min(max(len(players) or 3, game.min_players), game.max_players)
        while len(players) < want:
            used = {p["color"] for p in players}
            players.append({"name": "", "color": next(c for c in DEFAULT_ORDER if c not in used)})
        del players[want:]


def _form(drafts: Drafts) -> SetupDraft:
    return drafts.keep(SetupDraft, make=SetupDraft.fresh)


def view(services: Services, session: Session) -> ft.View:
    tr = session.tr
    form = _form(session.drafts)
    return ft.View(
        route="/new",
        appbar=ft.AppBar(title=ft.Text(tr("setup.title"))),
        controls=[SetupForm(services, session, form, key="setup-form")],
        padding=12,
    )


@ft.component
def SetupForm(services: Services, session: Session, form: SetupDraft, key: str | None = None) -> ft.Control:
    """The game, its players and options, and Start; drawn again when ``form`` changes."""
    tr = session.tr

    def opened(table_id: str) -> None:  # the form is done with: the new table's screen
        session.drafts.drop(SetupDraft)
        session.go(f"/table/{table_id}")

    body: list[ft.Control] = [heading(tr("setup.game"))]
    body.append(ft.Row([_game_chip(tr, form, g) for g in known_game_ids()], wrap=True, spacing=8))
    if form.game is not None:
        game = get(form.game)
        body.append(heading(tr("setup.players", low=game.min_players, high=game.max_players)))
        body += player_picker(
            tr,
            services.repos.players,
            session.drafts.keep(PickerSearch),
            form.players,
            form.game,
            game.min_players,
            game.max_players,
        )
        options = _options(tr, form, form.game)
        body += [heading(tr("setup.options")), *options, *setup_option(tr, form)]
        body.append(small_hint(tr("setup.then")))
        if form.error:
            body.append(ft.Text(form.error, key="setup-error", color=ft.Colors.ERROR))
        body.append(
            button(
                tr("setup.start"),
                "setup-start",
                lambda _: _start(tr, services.hub, services.repos.players, opened, form),
                icon=ft.Icons.PLAY_ARROW,
                filled=True,
            )
        )
    return scroll_column(body, key="setup")


def small_hint(text: str) -> ft.Text:
    return ft.Text(text, size=13, italic=True)


def _game_chip(tr: Tr, form: SetupDraft, game_id: str) -> ft.Control:
    title = tr.msg(get(game_id).title)
    return ft.Chip(
        label=ft.Text(title),
        key=f"game-{game_id}",
        selected=form.game == game_id,
        on_select=lambda _: form.choose_game(game_id),
        height=TAP,  # a checkbox to screen readers, named by its label (no tooltip over it)
    )


def _options(tr: Tr, form: SetupDraft, game_id: str) -> list[ft.Control]:
    out: list[ft.Control] = []
    game = get(game_id)
    defaults = game.options_model().model_dump()
    for spec in ui_for(game_id).options:
        current = form.options.get(spec.field, defaults.get(spec.field))

        def choose(value: Any, field: str = spec.field) -> Any:
            return lambda _=None: form.choose_option(field, value)

        out.append(ft.Text(tr(spec.label_key)))
        out.append(
            ft.Row(
                [
                    ft.Chip(
                        # read out as what it sets and to what ("The Great Wall: Off"), not a bare "Off"
                        label=ft.Text(tr(c.label_key), semantics_label=option_name(tr, spec, c)),
                        key=f"option-{spec.field}-{c.value}",
                        selected=current == c.value,
                        on_select=choose(c.value),
                        height=TAP,  # no tooltip: it names a wrapper, and over a chip it swallowed taps
                    )
                    for c in spec.choices
                ],
                wrap=True,
                spacing=8,
            )
        )
    return out


def _start(
    tr: Tr,
    hub: TableHub,
    remembered: PlayersRepo,
    opened: Callable[[str], None],
    form: SetupDraft,
) -> None:
    """Make the table the form describes and hand its id to ``opened``; a refusal is the form's
    error line (drawn with the form)."""
    game_id = form.game
    if game_id is None:  # no game to choose: no Start button either
        return
    players = [
        {"name": (p["name"] or "").strip() or tr("setup.player_n", n=i + 1), "color": p["color"]}
        for i, p in enumerate(form.players)
    ]
    try:
        table = Table.new(game_id, players, form.options or None)
        player_ids = seat_players(remembered, form.players)
    except TableError as exc:
        form.refuse(tr.msg(exc.msg))
        return
    table = hub.create(table, player_ids)
    start_with(hub, table.id, form)
    opened(table.id)
