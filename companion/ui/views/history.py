"""History: the timeline of entries and their effects, under a header for each round (its
summary folded in it); undo and redo, also several steps."""

from __future__ import annotations

import contextlib
from typing import Any

import flet as ft
from pydantic import BaseModel

from companion.core import Table
from companion.ui.command import command_button
from companion.ui.i18n import Tr
from companion.ui.rule_links import effect_lines
from companion.ui.services import Services, Session
from companion.ui.table_model import TableModel
from companion.ui.views.chrome import table_view
from companion.ui.views.history_rounds import Rounds, round_focus
from companion.ui.widgets import card, quiet, small


def state_before(table: Table, i: int) -> BaseModel:
    """The state entry ``i`` was made in (the table keeps one state per version)."""
    return table.state_at(i)


def entry_label(tr: Tr, table: Table, i: int, entry: Any) -> str:
    """Entry ``i`` as made: who did what, in a sentence true after it (the game's ``narrate``;
    the choice's label, ``describe``, holds counts from before it: "(28 left)")."""
    return tr.msg(table.game.narrate(state_before(table, i), entry))


def redo_labels(tr: Tr, table: Table) -> list[str]:
    """Labels of the undone entries, next to redo first (replayed on a copy, the table is untouched)."""
    labels, state = [], table.state
    for entry in reversed(table.redo_entries):
        labels.append(tr.msg(table.game.narrate(state, entry)))
        with contextlib.suppress(Exception):  # a later redo may no longer fit; its label is still shown
            state, _ = table.game.apply(state, entry)
    return labels


def view(services: Services, session: Session, id: str) -> ft.View:
    table = services.hub.get(id)
    tr = session.tr
    model = session.table_model(table)
    body: list[ft.Control] = [
        ft.Row(
            [
                command_button(
                    tr("history.undo"),
                    "history-undo",
                    model.undo,
                    icon=ft.Icons.UNDO,
                    disabled=not table.can_undo(),
                    expand=True,
                    name=tr("history.undo_one"),  # the app bar's Undo takes the whole last move
                ),
                command_button(
                    tr("history.redo"),
                    "history-redo",
                    model.redo,
                    icon=ft.Icons.REDO,
                    disabled=not table.can_redo(),
                    expand=True,
                    name=tr("history.redo_one"),
                ),
            ]
        ),
        small(tr("history.hint")),
    ]
    if model.guest:  # a live-share client reads the history; only the host undoes
        body = []
    redo = [] if model.guest else redo_labels(tr, table)
    if redo:
        body.append(small(tr("history.undone", n=len(redo))))
        for k in reversed(range(len(redo))):  # the furthest first, like the timeline
            body.append(
                ft.ListTile(
                    key=f"redo-{k}",
                    leading=ft.Icon(ft.Icons.REDO),
                    title=ft.Text(redo[k], italic=True, color=ft.Colors.ON_SURFACE_VARIANT),
                    subtitle=ft.Text(tr("history.redo_to", n=k + 1)),
                    on_click=lambda _, n=k + 1: model.redo(n),
                    tooltip=quiet(tr("history.redo_to", n=k + 1)),  # the subtitle says it
                    min_height=48,
                )
            )
    history = table.history
    if not history:
        body.append(small(tr("history.empty"), key="history-empty"))
    body.append(Rounds(model, round_focus(session.drafts, table), entry_card, key="history-rounds"))
    return table_view(model, "history", body, session.table_now)


def entry_card(model: TableModel, i: int, entry: Any, effects: list[Any]) -> ft.Control:
    table, tr = model.table, model.tr
    label = entry_label(tr, table, i, entry)
    seat = getattr(entry, "seat", None)
    who = table.players[seat].name if seat is not None and 0 <= seat < len(table.players) else ""
    steps = table.version - i
    return card(
        ft.ListTile(
            key=f"entry-{i}",
            leading=ft.CircleAvatar(content=ft.Text(str(i + 1), size=12), radius=16),
            title=ft.Text(label, weight=ft.FontWeight.BOLD),
            subtitle=ft.Text(who or tr("play.the_table")),
            trailing=None if model.guest else ft.Icon(ft.Icons.UNDO),
            tooltip=None if model.guest else tr("history.undo_to", n=steps),
            on_click=None if model.guest else lambda _: confirm_undo(model, steps),
            min_height=48,
        ),
        *effect_lines(model, effects, key=f"entry-{i}-fx", under=label),
        padding=6,
    )


def confirm_undo(model: TableModel, steps: int) -> None:
    """Undo back to before the tapped entry; more than one step asks first."""
    if steps <= 1:
        model.undo(steps)
        return

    model.dialogs.dialog(
        model.tr("history.confirm_title"),
        lambda: [ft.Text(model.tr("history.confirm_body", n=steps))],
        key="confirm-undo",
        actions=lambda: [
            model.dialogs.dialog_button(
                model.tr("history.undo_to", n=steps),
                "confirm-undo-yes",
                lambda: model.undo(steps),
                filled=True,
            )
        ],
    )
