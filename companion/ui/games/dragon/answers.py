"""Entering a Dragon tap, and the plain list of answers for the questions with few of them
(which palace, which floor, whom to release): one line each, interchangeable ones once.

A tap's entries go to the Table one by one, each checked as any entry is: the first against
the screen it was tapped on (a tap on a stale screen is refused), each next one against the
table the one before it made. A refused entry changes nothing and its reason shows at the
question; the entries before it stay made (the question they lead to is on screen).
"""

from __future__ import annotations

from typing import Any, Protocol

import flet as ft

from companion.core import Table
from companion.games.dragon.public import tile_msg
from companion.share.live import stamp
from companion.ui.command import CommandButton, answer_key, busy_icon
from companion.ui.foresight import per_version
from companion.ui.games.dragon.taps import Tap, table_taps
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.table_model import TableModel
from companion.ui.widgets import LEFT, quiet


class Enters(Protocol):
    """What entering a tap needs of the session: its submit command, and the open table as the
    entry before left it (each next entry is checked against it)."""

    def submit(self, entry: Any, seen: str | None = None, at: str | None = None) -> bool: ...

    @property
    def table(self) -> Table: ...


def submit_tap(session: Enters, tap: Tap, drawn_for: str, key: str) -> bool:
    seen = drawn_for
    for entry in tap.entries:
        # a refusal shows at the head of the answers, right under the question (play.py puts one
        # at a "choice-" key only among its own buttons, not in a game's grid)
        if not session.submit(entry, seen=seen, at=f"tap-{key}"):
            return False
        seen = stamp(session.table)
    return True


def taps_now(host: bool, table: Table, into: int | None = None) -> list[Tap]:
    """The question's taps (``host``: for the host's screen, else a guest's), computed once per
    table version (every phone shows the same)."""
    return per_version(table, f"dragon-taps-{host}-{into}", lambda: table_taps(table, host, into))


def own_turn(model: TableModel) -> bool:
    """This phone is the one of the player the question is to (a seat link's, its turn): there
    the answers speak to her ("Release your young farmer"), not of her ("Release Ben's ...")."""
    prompt = model.table.prompt
    return model.guest and prompt is not None and prompt.seat is not None and model.seat == prompt.seat


def first_label(tr: Tr, table: Table, tap: Tap, own: bool = False) -> str:
    """The answer as the engine describes its first entry (History's words, the host's screen);
    ``own``: on the releasing player's own phone, a release said to her, not naming her."""
    first = tap.entries[0]
    if own and first.kind == "release":
        return tr("dragon.own.release", tile=tr.msg(tile_msg(first.tile)), palace=first.palace + 1)
    return tr.msg(table.game.describe(table.state, first))


def tap_list(model: TableModel, shown: list[tuple[int, Any]], _tap: Any) -> ft.Control:
    """One button per distinct answer (``choice-<k>``), one line each."""
    table = model.table
    drawn_for = stamp(table)
    found = taps_now(not model.guest, table)
    own = own_turn(model)
    buttons = [
        line_button(
            first_label(model.tr, table, t, own),
            f"choice-{k}",
            lambda t=t, k=k: submit_tap(model, t, drawn_for, f"choice-{k}"),
            drawn_for,
        )
        for k, t in enumerate(found)
    ]
    return ft.Column(buttons, spacing=6, key="tap-list", horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


# About what two lines of a line button hold at 412 px (14 px text, some 45 letters a line). A
# longer label ("Liberar la nueva ficha de dama de la corte joven enseguida (no avanzas en el
# marcador de personas)", 98) was cut after its second line in a button of one tap's height.
TWO_LINES = 80
# A label this short is one line at 412 px, and never more than two on a 320 px phone: nothing
# can cut it, so it is the button's own text (no Text control: 14 px is the button's own size)
# and has no hover text, which would only say it again (widgets.quiet). Every answer is new
# after each entry (the stale-tap guarantee): a control and a tooltip fewer per button, sent
# and walked on every tap (docs/PERFORMANCE.md, branch tapbytes).
ONE_LINE = 40


def _line_style(vertical: int) -> ft.ButtonStyle:
    return ft.ButtonStyle(
        alignment=LEFT,
        shape=ft.RoundedRectangleBorder(radius=8),
        padding=ft.Padding.symmetric(horizontal=14, vertical=vertical),
        # a button's own 18 px, said: Skip sits among the action tiles, whose theme's 20 px it
        # would take otherwise (actions.TILE_THEME)
        icon_size=18,
    )


# built once, shared by every line button (each is new after every entry: see actions.TILE_STYLE)
LINE_STYLE, LONG_LINE_STYLE = _line_style(0), _line_style(8)


def line_button(label: str, key: str, run: Any, drawn_for: str, icon: Any = None) -> ft.Control:
    """A full-width answer of one tap's height; a label longer than two lines makes it as tall as
    its text (up to three lines), never cut; a label of one line is the button's own text. Its
    column stretches it over the whole width (``tap_list``, ``actions.action_grid``): the width
    is said once there, not as ``width=inf`` in every button sent after each entry."""
    long = len(label) > TWO_LINES
    content: str | ft.Control = (
        label
        if len(label) <= ONE_LINE
        else ft.Text(label, size=14, max_lines=3 if long else 2, overflow=ft.TextOverflow.ELLIPSIS)
    )

    def build(on_click: Any, busy: bool) -> ft.Control:
        return ft.OutlinedButton(
            content=content,
            icon=busy_icon(icon, busy),
            key=key,
            tooltip=None if isinstance(content, str) else quiet(label),
            on_click=on_click,
            height=None if long else TAP,
            style=LONG_LINE_STYLE if long else LINE_STYLE,
        )

    return CommandButton(build, run, key=answer_key(drawn_for, key))
