"""Entering table facts "as dealt": the event row (months 3..12) and the action groups.

Each form collects taps in its draft (``EventRowDraft``, ``GroupsDraft``: observables kept as the
session's fact form, ``model.drafts.form``, dropped after every accepted entry) and sends one
entry; the engine validates it, so a mistake comes back as a refused entry with its rule. Each
form is a component given its draft: a tap changes the draft and Flet redraws that form alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core import Prompt
from companion.games.dragon.public import (
    RULES,
    DragonState,
    action_msg,
    deal_deck,
    deal_sizes,
    event_msg,
    row_deal,
    sizes_text,
    super_msg,
)
from companion.ui.games.dragon.panels import event_icon
from companion.ui.gameui import state_as
from companion.ui.i18n import Tr
from companion.ui.state import FactForm
from companion.ui.table_model import TableModel
from companion.ui.widgets import Handler, button, small


@ft.observable
@dataclass
class Taps(FactForm):
    """The items tapped so far, in order (the base of the event row's and the groups' drafts)."""

    picked: list[str] = field(default_factory=list)

    def tap(self, item: str) -> None:
        self.picked.append(item)

    def back(self) -> None:
        """The last tap taken back (nothing when there is none)."""
        if self.picked:
            self.picked.pop()


@ft.observable
@dataclass
class EventRowDraft(Taps):
    """The events tapped so far for months 3 to 12, in order."""


@ft.observable
@dataclass
class GroupsDraft(Taps):
    """The action cards tapped so far, group after group (an "end" tap closes a group early)."""


def _picker(taps: Taps) -> Callable[[str], Handler]:
    """A tap handler per item that adds it to the taps so far (the form redraws)."""

    def pick(item: str) -> Handler:
        return lambda _=None: taps.tap(item)

    return pick


def _back_and_enter(
    tr: Tr,
    taps: Taps,
    prefix: str,
    enter: Callable[[], Any],
    *,
    ready: bool,
) -> ft.Control:
    """ "Remove last" removes the last tap; "Enter" (``enter()``: submits the entry built from the taps) once
    complete."""
    return ft.Row(
        [
            button(
                tr("dragon.form.remove_last"),
                f"{prefix}-back",
                lambda _: taps.back(),
                icon=ft.Icons.BACKSPACE,
                disabled=not taps.picked,
            ),
            button(
                tr("play.enter"),
                f"{prefix}-submit",
                lambda _: enter(),
                icon=ft.Icons.CHECK,
                filled=True,
                disabled=not ready,
            ),
        ],
        wrap=True,
        spacing=6,
    )


def event_row_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """Tap the event of each month from 3 to 12 in turn, then enter the row."""
    return EventRowForm(model, model.drafts.form(EventRowDraft, EventRowDraft), key="event-row-part")


@ft.component
def EventRowForm(model: TableModel, taps: EventRowDraft, key: str | None = None) -> ft.Control:
    """The event row so far, a button per event still in the pool, Back and Enter."""
    tr = model.tr
    picked = taps.picked
    first, tiles = row_deal()
    pool = Counter(tiles)
    left = pool - Counter(picked)
    done = len(picked) == sum(pool.values())

    pick = _picker(taps)
    so_far = ", ".join(f"{first + i}: {tr.msg(event_msg(e))}" for i, e in enumerate(picked)) or tr(
        "dragon.row.none"
    )
    items: list[ft.Control] = [small(tr("play.as_dealt")), ft.Text(so_far, key="row-so-far", size=13)]
    if not done:
        items.append(ft.Text(tr("dragon.row.month", n=first + len(picked)), weight=ft.FontWeight.BOLD))
        items.append(
            ft.Row(
                [
                    button(
                        f"{tr.msg(event_msg(ev))} ({left[ev]})",
                        f"row-pick-{ev}",
                        pick(ev),
                        icon=event_icon(ev),
                        disabled=left[ev] == 0,
                    )
                    for ev in dict.fromkeys(tiles)
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
    items.append(
        _back_and_enter(
            tr,
            taps,
            "row",
            lambda: model.submit({"kind": "event_row", "months": list(picked)}),
            ready=done,
        )
    )
    return ft.Column(items, spacing=8, key="event-row-form")


END = "|"  # a tap on "End this group" (no card id has it)


def dealt_groups(taps: list[str], sizes: list[int]) -> tuple[list[list[str]], Counter[int]]:
    """The groups the taps make so far (the last one still open while sizes are left) and the
    sizes still to deal. The groups may lie on the table in any order: a group ends by itself
    at the largest size left (no more cards fit), or on an END tap at a smaller size left."""
    left = Counter(sizes)
    groups: list[list[str]] = [[]]
    for tap in taps:
        if not left:
            break
        current = groups[-1]
        if tap == END and not left[len(current)]:
            continue  # no group of that size is left to deal (the button is off then)
        if tap != END:
            current.append(tap)
        if tap == END or len(current) == max(left):
            left[len(current)] -= 1
            left = +left  # the sizes dealt drop out
            groups.append([])
    if not left:
        groups.pop()  # every group is dealt: no open one
    return groups, left


def groups_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """Tap the cards of each group as it lies on the table, the groups in any order, then enter."""
    return GroupsForm(model, model.drafts.form(GroupsDraft, GroupsDraft), key="groups-part")


@ft.component
def GroupsForm(model: TableModel, draft: GroupsDraft, key: str | None = None) -> ft.Control:
    """The groups tapped so far. A group ends by itself once it holds the most cards a group
    left may hold; "End this group" ends it at a smaller size still to deal (a 5-player deal can
    lie as 1 + 2 + 2 + 1 + 1)."""
    table = model.table
    tr = model.tr
    state = state_as(table, DragonState)
    sizes = deal_sizes(state)
    groups, left = dealt_groups(draft.picked, sizes)
    current = len(groups) - 1 if left else None

    items: list[ft.Control] = [small(tr("play.as_dealt"))]
    items += _group_lines(tr, groups, len(sizes), current)
    if current is not None:
        items.append(small(tr("dragon.form.left", sizes=sizes_text(sorted(left.elements(), reverse=True)))))
        items.append(_open_group_taps(tr, draft, state, groups, left))
    items.append(
        _back_and_enter(
            tr,
            draft,
            "groups",
            lambda: model.submit({"kind": "groups", "groups": [list(g) for g in groups]}),
            ready=current is None,
        )
    )
    return ft.Column(items, spacing=8, key="groups-form")


def _group_lines(tr: Tr, groups: list[list[str]], count: int, current: int | None) -> list[ft.Control]:
    """A line per group to deal, with its cards so far ("…" for none); the open one in bold."""
    lines: list[ft.Control] = []
    for g in range(count):
        cards = groups[g] if g < len(groups) else []
        names = ", ".join(tr.msg(action_msg(c)) for c in cards) or "…"
        lines.append(
            ft.Text(
                tr("dragon.form.group", n=g + 1, cards=names),
                key=f"form-group-{g}",
                size=13,
                weight=ft.FontWeight.BOLD if g == current else None,
            )
        )
    return lines


def _open_group_taps(
    tr: Tr, taps: GroupsDraft, state: DragonState, groups: list[list[str]], left: Counter[int]
) -> ft.Control:
    """The cards not placed yet, a tap adds one to the open group, and "End this group" (on only
    while a group of the open group's size is still to deal)."""
    pick = _picker(taps)
    placed = {c for g in groups for c in g}
    open_size = len(groups[-1])
    return ft.Row(
        [
            *(
                button(tr.msg(action_msg(c)), f"group-card-{c}", pick(c))
                for c in deal_deck(state)
                if c not in placed
            ),
            button(
                tr("dragon.form.end_group"),
                "group-end",
                pick(END),
                icon=ft.Icons.KEYBOARD_RETURN,
                disabled=open_size == 0 or left[open_size] == 0,
            ),
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )


def super_event_form(model: TableModel, prompt: Prompt) -> ft.Control:
    """Tap the super event lying on month 7 (Super Events expansion)."""
    tr = model.tr
    buttons = [
        button(
            tr.msg(super_msg(ev)),
            f"super-{ev}",
            lambda _, e=ev: model.submit({"kind": "super_event", "event": e}),
        )
        for ev in RULES.super_events.events
    ]
    return ft.Column(
        [small(tr("play.as_dealt")), ft.Row(buttons, wrap=True, spacing=6, run_spacing=6)],
        spacing=8,
        key="super-event-form",
    )
