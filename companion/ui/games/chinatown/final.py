"""Quick score's final scoring for a Chinatown game played without the app: each player's money
and shop tiles on the board after 1970's income, the ranking, and "Log this play".

The numbers come from the engine's own calculator (``chinatown_final``, from the public module):
most money wins, then most shop tiles on the board, then a shared victory.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core.msg import msg
from companion.games.chinatown.public import GAME, chinatown_final, final_msgs
from companion.ui.i18n import Tr
from companion.ui.log_play import log_play_button, score_form
from companion.ui.repos import Repos
from companion.ui.services import Session
from companion.ui.state import Drafts
from companion.ui.widgets import button, card, heading, icon_button, small

NUMBERS = {"money": "chinatown.quick.money", "shops": "chinatown.quick.shops"}  # field: its label
MAX_DIGITS = 9  # a typo's length is refused here, the calculator says the bound in words


def _player() -> dict[str, Any]:
    return {"name": "", "money": "", "shops": ""}


@dataclass
class ChinatownFinal:
    """Chinatown's final-scores calculator as typed (kept while the session lasts): one row per
    player (``_player``: name, money, shops as typed), the result and the refusal."""

    players: list[dict[str, Any]] = field(
        default_factory=lambda: [_player() for _ in range(GAME.min_players)]
    )
    result: Any = None
    error: str | None = None

    def changed(self) -> None:
        """A result of other players is not this form's."""
        self.result = self.error = None


def _draft(drafts: Drafts) -> ChinatownFinal:
    return drafts.keep(ChinatownFinal)


def final_form(session: Session, repos: Repos) -> list[ft.Control]:
    tr = session.tr
    form = _draft(session.drafts)
    players: list[dict[str, Any]] = form.players
    out: list[ft.Control] = [small(tr("chinatown.quick.final_hint"), key="ct-f-hint")]
    out += [_player_card(tr, session.refresh, form, i) for i in range(len(players))]
    out.append(
        ft.Row(
            [
                button(
                    tr("setup.add_player"),
                    "ct-f-add",
                    lambda _: _change(session.refresh, form, lambda: players.append(_player())),
                    icon=ft.Icons.PERSON_ADD,
                    disabled=len(players) >= GAME.max_players,
                ),
                button(
                    tr("chinatown.quick.score"),
                    "ct-f-score",
                    lambda _: _score(tr, session.refresh, form),
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
        out.append(_result(session, repos, form))
    return out


def _player_card(tr: Tr, refresh: Callable[[], None], form: ChinatownFinal, i: int) -> ft.Control:
    player = form.players[i]

    def typed(field: str) -> Any:
        def go(e: Any) -> None:
            player[field] = e.control.value or ""

        return go

    def number(field: str, width: int) -> ft.Control:
        return ft.TextField(
            label=tr(NUMBERS[field]),
            value=player[field],
            key=f"ct-f-{field}-{i}",
            on_change=typed(field),
            keyboard_type=ft.KeyboardType.NUMBER,
            input_filter=ft.NumbersOnlyInputFilter(),
            max_length=MAX_DIGITS,
            width=width,
            dense=True,
        )

    return card(
        ft.Row(
            [
                ft.TextField(
                    label=tr("setup.player_n", n=i + 1),
                    value=player["name"],
                    key=f"ct-f-name-{i}",
                    on_change=typed("name"),
                    expand=True,
                    dense=True,
                    max_length=24,
                ),
                icon_button(
                    ft.Icons.REMOVE_CIRCLE_OUTLINE,
                    f"ct-f-remove-{i}",
                    tr("setup.remove"),
                    lambda _: _change(refresh, form, lambda: form.players.pop(i)),
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
                "name": p["name"].strip() or tr("setup.player_n", n=i + 1),
                **{f: _int(p[f]) for f in NUMBERS},
            }
            for i, p in enumerate(form.players)
        ]
    }


def _int(text: str) -> int | str:
    text = (text or "").strip()
    if not text:
        return 0
    return int(text) if text.isascii() and text.isdigit() else text  # the calculator names the bad value


def _change(refresh: Callable[[], None], form: ChinatownFinal, action: Any) -> None:
    action()
    form.changed()
    refresh()


def _score(tr: Tr, refresh: Callable[[], None], form: ChinatownFinal) -> None:
    score_form(tr, refresh, form, lambda: chinatown_final(data_of(tr, form)))


def _result(session: Session, repos: Repos, form: ChinatownFinal) -> ft.Control:
    tr = session.tr
    result = form.result
    *places, verdict = final_msgs(result)
    items: list[ft.Control] = [
        heading(tr("chinatown.quick.final_result")),
        ft.Text(tr.msg(verdict), key="ct-f-winner", size=18),
    ]
    items += [
        ft.Text(tr.msg(line), key=f"ct-f-place-{k}", weight=ft.FontWeight.BOLD)
        for k, line in enumerate(places)
    ]
    items.append(small(tr.msg(msg("chinatown.score.tie_break")), key="ct-f-tie-break"))
    typed = lambda: [p["name"].strip() for p in form.players]  # noqa: E731
    items.append(
        log_play_button(session, repos, "chinatown-final", lambda: (data_of(tr, form), result, typed()))
    )
    return card(*items, key="ct-f-result")
