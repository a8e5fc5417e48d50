"""Quick score's final scoring for a Chinatown game played without the app: each player's money
and shop tiles on the board after 1970's income, the ranking, and "Log this play".

The numbers come from the engine's own calculator (``chinatown_final``, from the public module):
most money wins, then most shop tiles on the board, then a shared victory. The form is a
component given its draft (``ChinatownFinal``, an observable kept in the session's drafts): a
player added or removed, or the form scored, redraws it alone; what is typed is kept without one
(a name's field left redraws it, so the card says the name).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core.msg import msg
from companion.games.chinatown.public import GAME, chinatown_final, final_msgs, final_tie
from companion.ui.i18n import Tr
from companion.ui.in_view import scroll_key, use_into_view
from companion.ui.log_play import log_play_button, name_field, row_card, row_name, score_form
from companion.ui.repos import Repos
from companion.ui.services import Session
from companion.ui.widgets import button, card, heading, icon_button, small

NUMBERS = {"money": "chinatown.quick.money", "shops": "chinatown.quick.shops"}  # field: its label
RESULT_TOP = "ct-f-result-top"  # the result's heading, scrolled to when it is computed
MAX_DIGITS = 9  # a typo's length is refused here, the calculator says the bound in words


@dataclass
class FinalRow:
    """One player's row as typed (a plain object: typing is kept, never a redraw itself)."""

    name: str = ""
    money: str = ""
    shops: str = ""


@ft.observable
@dataclass
class ChinatownFinal:
    """Chinatown's final-scores calculator as typed (kept while the session lasts): one row per
    player, the result and the refusal."""

    players: list[FinalRow] = field(default_factory=lambda: [FinalRow() for _ in range(GAME.min_players)])
    result: Any = None
    error: str | None = None
    scored: int = 0  # taps on Compute: each one brings the result into view

    def changed(self) -> None:
        """A result of other players is not this form's."""
        self.result = self.error = None

    def add_player(self) -> None:
        self.players.append(FinalRow())
        self.changed()

    def remove_player(self, i: int) -> None:
        del self.players[i]
        self.changed()


def final_form(session: Session, repos: Repos) -> list[ft.Control]:
    return [FinalForm(session, repos, session.drafts.keep(ChinatownFinal), key="ct-f-part")]


@ft.component
def FinalForm(session: Session, repos: Repos, form: ChinatownFinal, key: str | None = None) -> ft.Control:
    """A card per player, Add player and Score, then the refusal or the result."""
    tr = session.tr
    players = form.players
    column = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    laid_out = use_into_view(column, RESULT_TOP, form.scored if form.result else None)  # each tap
    out: list[ft.Control] = [small(tr("chinatown.quick.final_hint"), key="ct-f-hint")]
    out += [_player_card(tr, form, i) for i in range(len(players))]
    out.append(
        ft.Row(
            [
                button(
                    tr("setup.add_player"),
                    "ct-f-add",
                    lambda _: form.add_player(),
                    icon=ft.Icons.PERSON_ADD,
                    disabled=len(players) >= GAME.max_players,
                ),
                button(
                    tr("chinatown.quick.score"),
                    "ct-f-score",
                    lambda _: score_form(tr, form, lambda: chinatown_final(data_of(tr, form))),
                    icon=ft.Icons.CALCULATE,
                    filled=True,
                ),
            ],
            wrap=True,
            spacing=8,
        )
    )
    if form.error:
        out.append(ft.Text(form.error, key="ct-f-error", color=ft.Colors.ERROR))
    if form.result:
        out.append(_result(session, repos, form, laid_out))
    column.controls = out
    return column


def _player_card(tr: Tr, form: ChinatownFinal, i: int) -> ft.Control:
    player = form.players[i]

    def typed(field: str) -> Any:
        def go(e: Any) -> None:
            setattr(player, field, e.control.value or "")

        return go

    def number(field: str, width: int) -> ft.Control:
        return ft.TextField(
            label=tr(NUMBERS[field]),
            value=getattr(player, field),
            key=f"ct-f-{field}-{i}",
            on_change=typed(field),
            keyboard_type=ft.KeyboardType.NUMBER,
            input_filter=ft.NumbersOnlyInputFilter(),
            max_length=MAX_DIGITS,
            width=width,
            dense=True,
        )

    return row_card(
        tr,
        player.name,
        i,
        ft.Row(
            [
                name_field(tr, form.players, i, f"ct-f-name-{i}", expand=True),
                icon_button(
                    ft.Icons.REMOVE_CIRCLE_OUTLINE,
                    f"ct-f-remove-{i}",
                    tr("setup.remove", player=row_name(tr, player.name, i)),
                    lambda _: form.remove_player(i),
                    disabled=len(form.players) <= GAME.min_players,
                ),
            ]
        ),
        ft.Row([number("money", 150), number("shops", 150)], wrap=True, spacing=8, run_spacing=6),
        key=f"ct-f-player-{i}",
        padding=8,
    )


def data_of(tr: Tr, form: ChinatownFinal) -> dict[str, Any]:
    """The calculator's input from the form: an untyped name is "Player n", a blank number 0."""
    return {
        "players": [
            {
                "name": row_name(tr, p.name, i),
                **{f: _int(getattr(p, f)) for f in NUMBERS},
            }
            for i, p in enumerate(form.players)
        ]
    }


def _int(text: str) -> int | str:
    text = (text or "").strip()
    if not text:
        return 0
    return int(text) if text.isascii() and text.isdigit() else text  # the calculator names the bad value


def _result(
    session: Session, repos: Repos, form: ChinatownFinal, laid_out: Callable[[Any], None]
) -> ft.Control:
    tr = session.tr
    result = form.result
    *places, verdict = final_msgs(result)
    items: list[ft.Control] = [
        heading(tr("chinatown.quick.final_result"), key=scroll_key(RESULT_TOP), on_size_change=laid_out),
        ft.Text(tr.msg(verdict), key="ct-f-winner", size=18),
    ]
    items += [
        ft.Text(tr.msg(line), key=f"ct-f-place-{k}", weight=ft.FontWeight.BOLD)
        for k, line in enumerate(places)
    ]
    items.append(small(tr.msg(msg("chinatown.score.tie_break")), key="ct-f-tie-break"))
    tie = final_tie(result)
    if tie is not None:  # how the tie on money was decided: each tied player's shop tiles
        items.append(small(tr.msg(tie), key="ct-f-tie-detail"))
    typed = lambda: [p.name.strip() for p in form.players]  # noqa: E731
    items.append(
        log_play_button(session, repos, "chinatown-final", lambda: (data_of(tr, form), result, typed()))
    )
    return card(*items, key="ct-f-result")
