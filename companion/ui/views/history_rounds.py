"""History's rounds: the timeline cut where each round ended, newest first, each finished round
under a header that opens its summary (the same card Play shows for the last round).

The cuts come from the game's round summaries (``summaries(table)``, computed once per round):
a summary's ``entries`` are its round's first and last entry. Entries before the first round
are the setting up; entries after the last finished round are the round being played.

The rounds are a component given the session's ``RoundFocus`` (an observable): "Show the whole
game" changes it, and Flet redraws the rounds alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.core import Table
from companion.core.foresight import RoundSummary
from companion.ui.foresight import RoundAsked, round_card, summaries
from companion.ui.gameui import ui_for
from companion.ui.widgets import text_button

if TYPE_CHECKING:
    from companion.ui.i18n import Tr
    from companion.ui.state import Drafts
    from companion.ui.table_model import TableModel


@ft.observable
@dataclass
class RoundFocus:
    """The one round History shows, (first, last) entries of table ``table_id``, until "Show
    the whole game" (``entries`` None: every round)."""

    table_id: str = ""
    entries: tuple[int, int] | None = None

    def show(self, table_id: str, entries: tuple[int, int]) -> None:
        self.table_id, self.entries = table_id, entries

    def show_all(self) -> None:
        self.entries = None

    def on(self, table: Table) -> tuple[int, int] | None:
        """The round shown of ``table``: None for another table's, or one undone since."""
        if self.entries is None or self.table_id != table.id or self.entries[1] >= len(table.history):
            return None
        return self.entries


@dataclass(frozen=True)
class RoundGroup:
    """A stretch of the timeline: entries ``first`` to ``last`` (inclusive), and the summary of
    the round they make up (None for the setting up and for the round still being played)."""

    kind: str  # "setup", "round" or "now"
    first: int
    last: int
    summary: RoundSummary | None = None


def round_groups(table: Table) -> list[RoundGroup]:
    """Every entry of ``table`` in exactly one group, oldest group first. A game without round
    summaries (or before its first round ends) gives one group, the round being played."""
    count = len(table.history)
    groups: list[RoundGroup] = []
    at = 0
    for s in summaries(table):
        first, last = s.entries
        if first > at and not groups:
            groups.append(RoundGroup("setup", at, first - 1))
            at = first
        groups.append(RoundGroup("round", at, last, s))  # an entry between rounds joins the next
        at = last + 1
    if at < count:
        groups.append(RoundGroup("now", at, count - 1))
    return groups


def round_focus(drafts: Drafts, table: Table) -> RoundFocus:
    """The round History was opened at ("See this round in History") on ``table``, kept until
    "Show the whole game"; the request (``RoundAsked``, ui/foresight.py) is taken once."""
    focus = drafts.keep(RoundFocus)
    asked = drafts.drop(RoundAsked)
    if asked is not None:
        focus.show(table.id, asked.entries)
    return focus


EntryCard = Callable[["TableModel", int, Any, list[Any]], ft.Control]


@ft.component
def Rounds(model: TableModel, focus: RoundFocus, entry_card: EntryCard, key: str | None = None) -> ft.Control:
    """The timeline, newest round first: the round in focus alone (under a bar giving back the
    whole game), else every group of entries under its header (``entry_card`` draws an entry)."""
    table = model.table
    groups = round_groups(table)
    at = focus.on(table)
    shown = [g for g in groups if g.summary is not None and g.summary.entries == at]
    rows: list[ft.Control] = []
    if shown:
        rows.append(focus_bar(model.tr, focus, shown[0]))
    for group in reversed(shown or groups):  # the newest round first, like the entries in it
        if len(groups) > 1 or shown:  # one stretch of entries needs no header over it
            rows.append(group_header(model, table, group, open_=bool(shown)))
        for i in range(group.last, group.first - 1, -1):
            _, entry, effects = table.history[i]
            rows.append(entry_card(model, i, entry, effects))
    return ft.Column(rows, spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, key="history-rows")


def group_header(model: TableModel, table: Table, group: RoundGroup, *, open_: bool = False) -> ft.Control:
    """The header over a group of entries; a finished round's header unfolds its summary."""
    tr = model.tr
    n = group.last - group.first + 1
    key = f"round-{group.first}"
    if group.summary is None:
        title = tr("history.setup") if group.kind == "setup" else tr(ui_for(table.game_id).round_now)
        return ft.Container(
            ft.Row(
                [
                    ft.Text(title, weight=ft.FontWeight.BOLD, key=f"{key}-title", expand=True),
                    ft.Text(tr("history.entries", n=n), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                ]
            ),
            key=key,
            padding=ft.Padding.only(left=4, top=12, right=4, bottom=2),
        )
    return ft.ExpansionTile(
        key=key,
        title=ft.Text(tr.msg(group.summary.title.msg), weight=ft.FontWeight.BOLD, key=f"{key}-title"),
        subtitle=ft.Text(tr("history.round_hint", n=n)),
        controls=[
            round_card(model, table, group.summary, key=f"{key}-summary", in_history=True, entries_below=True)
        ],
        expanded=open_,
        maintain_state=True,
        tile_padding=ft.Padding.symmetric(horizontal=4),
        controls_padding=ft.Padding.all(0),
    )


def focus_bar(tr: Tr, focus: RoundFocus, group: RoundGroup) -> ft.Control:
    """Says that History shows one round, and gives back the whole game."""
    assert group.summary is not None
    return ft.Row(
        [
            ft.Text(
                tr("history.showing", title=tr.msg(group.summary.title.msg)),
                key="history-showing",
                expand=True,
                size=14,
            ),
            text_button(tr("history.show_all"), "history-show-all", lambda _: focus.show_all()),
        ]
    )
