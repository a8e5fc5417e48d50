"""The game at a glance (issue 25): the strip under the Play screen's question, the parts every
game's strip shares. A game's strip (``GameUI.strip``, companion/ui/games/<game>/strip.py) shows
what the table looks at on the physical board, drawn from this screen's player view.

Shared here: the compact frame, the seats table (one row per seat, one column per thing a seat
holds: a symbol over a column of counts, the way a group reads a board), and the button that
opens the last round's summary in a dialog; it comes first, filled, right after a round ended.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core import Table
from companion.core.foresight import RoundSummary
from companion.ui.foresight import open_round, round_card, summaries
from companion.ui.gameui import ui_for
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.parts import part, same
from companion.ui.symbols import Look, glyph
from companion.ui.widgets import dot, quiet

if TYPE_CHECKING:
    from companion.ui.table_model import TableModel

KEY = "glance"
CELL = 34  # a count column's width: eight fit beside the names on a 412 px phone
NAME = 64  # the name column
CENTER = ft.TextAlign.CENTER


@dataclass(frozen=True)
class Column:
    """One thing each seat holds: its symbol and its spoken, translated name; ``legend``: what
    the key says of it where the name alone does not tell how to read a count ("0/2")."""

    id: str
    look: Look
    name: str
    legend: str | None = None


def frame(rows: list[ft.Control]) -> ft.Control:
    """The strip itself: a low, tinted box (not a card: it sits above the question's card)."""
    return ft.Container(
        ft.Column(rows, spacing=4, tight=True),
        key=KEY,
        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


Tail = tuple[Any, Callable[[], ft.Control]]  # what a row's tail shows (its props), and its drawing


def seat_table(
    model: TableModel,
    table: Table,
    columns: Sequence[Column],
    cells: Sequence[Sequence[str]],
    tails: Sequence[Tail] | None = None,
) -> ft.Control:
    """A symbol heading each column, then each seat's counts (``cells[seat][column]``; an empty
    cell is something this screen may not show), and ``tails[seat]`` drawn after them if given
    (the pieces a seat has taken). Each row is a part of its own: a tap that changes one seat's
    counts draws that row again, not the others. The heading's first cell opens the key: what
    each symbol counts (a symbol alone says nothing to a new player)."""
    tr = model.tr
    names = tuple((c.name, c.legend) for c in columns)
    legend = partial(show_legend, model, list(columns))
    head = part(
        (tr.lang, names, tuple(c.look for c in columns)),
        lambda: _head(tr, columns, legend),
        key=f"{KEY}-head-part",
    )
    rows: list[ft.Control] = [head]
    for seat, row in enumerate(cells):
        p = table.players[seat]
        tail = tails[seat] if tails else (None, lambda: None)
        props = (tr.lang, p.name, p.color, names, tuple(row), tail[0])
        draw = partial(_seat_row, tr, seat, p.name, p.color, columns, tuple(row), tail[1])
        rows.append(part(props, draw, key=f"{KEY}-seat-part-{seat}"))
    return ft.Column(rows, spacing=2, tight=True)


def _head(tr: Tr, columns: Sequence[Column], open_legend: Callable[[], None]) -> ft.Control:
    named = tr("glance.legend")
    key_button = ft.IconButton(
        ft.Icon(ft.Icons.INFO_OUTLINE, size=18, semantics_label=named),  # named on the button itself
        key=f"{KEY}-legend",
        tooltip=quiet(named),
        on_click=lambda _: open_legend(),
        width=NAME,
        height=TAP,  # a whole finger's target: the heading row grows to it
        style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=6)),
    )
    head: list[ft.Control] = [key_button]
    head += [
        ft.Container(glyph(c.look, 18), width=CELL, alignment=ft.Alignment.CENTER, tooltip=c.name)
        for c in columns
    ]
    return ft.Row(head, spacing=0, key=f"{KEY}-head")


def show_legend(model: TableModel, columns: list[Column]) -> None:
    """The key of the seats table: each column's symbol and what it counts."""

    def line(c: Column) -> ft.Control:
        symbol = ft.Container(glyph(c.look, 20), width=CELL, alignment=ft.Alignment.CENTER)
        return ft.Row([symbol, ft.Text(c.legend or c.name, expand=True)], key=f"{KEY}-legend-{c.id}")

    model.dialogs.dialog(
        model.tr("glance.legend_title"), lambda: [line(c) for c in columns], key=f"{KEY}-legend-dialog"
    )


def _seat_row(
    tr: Tr,
    seat: int,
    name: str,
    color: str | None,
    columns: Sequence[Column],
    row: tuple[str, ...],
    tail: Callable[[], ft.Control | None],
) -> ft.Control:
    """One seat's row, read out as one sentence ("Ana: Yuan 3, Rice 1, ...")."""
    counts = ", ".join(f"{c.name} {v}" for c, v in zip(columns, row, strict=True) if v)
    said = tr("glance.seat", name=name, counts=counts or tr("glance.nothing"))
    # each count a part: a tap changes one or two of a seat's counts, not the eight
    numbers = [
        part(v, partial(_cell, v, f"{KEY}-{c.id}-{seat}"), key=f"{KEY}-{c.id}-{seat}-part")
        for c, v in zip(columns, row, strict=True)
    ]
    who = ft.Row(
        [
            part(color, lambda: dot(color, 10), key=f"{KEY}-dot-{seat}-part"),
            ft.Text(
                name,
                size=12,
                max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS,
                width=NAME - 14,
                semantics_label=said,  # the row in one sentence (a Semantics around it broke the layout)
            ),
        ],
        spacing=4,
        width=NAME,  # the name column (a row of its own width: one control less than a box around it)
    )
    drawn = tail()
    controls = [who, *numbers, *([drawn] if drawn is not None else [])]
    return ft.Row(controls, spacing=0, key=f"{KEY}-seat-{seat}")


def _cell(value: str, key: str) -> ft.Control:
    """One count, or an empty cell (something this screen may not show)."""
    if not value:
        return ft.Container(width=CELL)
    return ft.Text(value, key=key, width=CELL, size=13, weight=ft.FontWeight.BOLD, text_align=CENTER)


def map_in_question(table: Table) -> bool:
    """Whether the board is the question now (Chinatown placing, Da Yu's actions): the map and
    the question come first on the screen (issue 25, "every question in view"), so a strip leaves
    out what the map shows."""
    ask = ui_for(table.game_id).board_is_question
    return ask is not None and ask(table)


def last_summary(table: Table) -> tuple[RoundSummary | None, bool]:
    """The last round's summary (None before a round ends) and whether that round has just
    ended: no entry made since (the table's next step is the first of a new round)."""
    done = summaries(table)
    if not done:
        return None, False
    last = done[-1]
    return last, table.version == last.entries[1] + 1


def summary_button(model: TableModel, table: Table, summary: RoundSummary, fresh: bool) -> ft.Control:
    """The round's summary, one tap away: filled while the round has just ended."""
    title = model.tr.msg(model.view.summary(summary).title.msg)
    kind = ft.FilledTonalButton if fresh else ft.TextButton
    return kind(
        # two lines: on one, a Dragon month's title lost its last words beside "Palaces" at 412 px
        # ("Month 9 (Mongol invasion): h…"), the very words that say what the tap opens
        content=ft.Text(
            title,
            max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS,
            key=f"{KEY}-summary-title",
            semantics_label=model.tr("glance.summary_hint", title=title),
        ),
        icon=ft.Icons.HISTORY_EDU,
        key=f"{KEY}-summary",
        tooltip=quiet(model.tr("glance.summary_hint", title=title)),
        on_click=lambda _: open_summary(model, table),
        height=TAP,
        expand=True,
    )


def open_summary(model: TableModel, table: Table) -> None:
    """The last round's summary in a dialog, as the table stands at the tap."""
    last, _ = last_summary(table)
    if last is None:
        return
    title = model.tr.msg(model.view.summary(last).title.msg)
    model.dialogs.dialog(
        title,
        lambda: [round_card(model, table, last, key=f"{KEY}-round", in_history=True)],
        key=f"{KEY}-summary-dialog",
        actions=lambda: [
            model.dialogs.dialog_button(
                model.tr("foresight.see_round"),
                f"{KEY}-summary-history",
                lambda: open_round(model.drafts, model.go, table, last),
            )
        ],
    )


def with_summary(
    model: TableModel, table: Table, rows: list[ft.Control], tools: Sequence[ft.Control] = ()
) -> list[ft.Control]:
    """The strip's rows with a row of buttons: the summary's (when a round has ended) and the
    game's ``tools``; that row comes first right after a round ended, else last."""
    last, fresh = last_summary(table)
    buttons = [*tools]
    if last is not None:
        props = (model.tr.lang, model.seat, table.id, last.round, last.entries, last.title, fresh)
        draw = partial(summary_button, model, table, last, fresh)
        buttons.insert(0, part(props, draw, key=f"{KEY}-summary-part"))
    if not buttons:
        return rows
    # kept while its buttons are (the strip is drawn again for a count, not for its buttons)
    row = part(
        same(buttons), lambda: ft.Row(buttons, spacing=4, key=f"{KEY}-buttons"), key=f"{KEY}-buttons-part"
    )
    return [row, *rows] if fresh else [*rows, row]


def summary_props(table: Table) -> tuple[object, bool]:
    """What the summary button shows, for a strip's ``part`` props."""
    last, fresh = last_summary(table)
    return (None if last is None else (last.round, last.entries, last.title)), fresh
