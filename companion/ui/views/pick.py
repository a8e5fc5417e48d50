"""A multi-pick ("choose k of n"): one toggle per item and one confirm, from the prompt's Pick.

The bounds, the items and their labels come from the engine's prompt; the draft (what is
toggled so far, ``PickDraft``) is an observable kept in the session's drafts for the table version it
was started on; the form is a component that takes it as a prop, so a toggle redraws the form
alone (Flet re-renders the components an observable was given to), not the screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core import Pick, Table
from companion.share.live import stamp
from companion.ui.command import Submit
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.retap import redraws_when_unchanged
from companion.ui.state import Drafts
from companion.ui.widgets import button, small


@ft.observable
@dataclass
class PickDraft:
    """The items toggled so far for one kind of pick, and the table version it was started on."""

    drawn_for: tuple[str, int]
    chosen: list[Any] = field(default_factory=list)

    @redraws_when_unchanged  # a chip calls it: redrawn even if nothing changed
    def toggle(self, item: Any, most: int) -> None:
        """On or off; a new item only while fewer than ``most`` are on."""
        if item in self.chosen:
            self.chosen = [c for c in self.chosen if c != item]
        elif len(self.chosen) < most:
            self.chosen = [*self.chosen, item]


def draft(drafts: Drafts, table: Table, pick: Pick) -> PickDraft:
    """The draft (a new question, or a new table version, starts empty)."""
    held = drafts.get(PickDraft, pick.kind)
    if held is None or held.drawn_for != (table.id, table.version):
        held = drafts.put(PickDraft((table.id, table.version)), pick.kind)
    return held


def pick_form(tr: Tr, drafts: Drafts, submit: Submit, table: Table, pick: Pick) -> ft.Control:
    """The pick's form, over its draft for this table version."""
    return PickForm(tr, draft(drafts, table, pick), submit, stamp(table), pick, key=f"pick-{pick.kind}")


@ft.component
def PickForm(
    tr: Tr, held: PickDraft, submit: Submit, drawn_for: str, pick: Pick, key: str | None = None
) -> ft.Control:
    """One chip per item (a tap toggles it: this form redraws), the count, and the confirm."""
    chosen = held.chosen

    def toggle(item: Any) -> Any:
        return lambda _=None: held.toggle(item, pick.max)

    chips: list[ft.Control] = []
    for k, (item, label) in enumerate(zip(pick.items, pick.labels, strict=True)):
        text = tr.msg(label)
        on = item in chosen
        chips.append(
            ft.Chip(
                label=ft.Text(text),
                key=f"pick-{pick.kind}-{k}",
                selected=on,
                on_select=toggle(item),
                height=TAP,  # a checkbox to screen readers: its label, and checked or not
            )
        )
    n = len(chosen)
    count = (
        tr("screens.pick.count_exact", n=n, k=pick.max)
        if pick.min == pick.max
        else tr("screens.pick.count", n=n, min=pick.min, max=pick.max)
    )
    items: list[ft.Control] = []
    if pick.msg is not None:
        items.append(ft.Text(tr.msg(pick.msg), key=f"pick-{pick.kind}-hint"))
    items += [
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        small(count, key=f"pick-{pick.kind}-count"),
        button(
            tr("screens.pick.confirm"),
            f"pick-{pick.kind}-confirm",
            lambda _: submit(pick.entry_for(chosen), seen=drawn_for),
            icon=ft.Icons.CHECK,
            filled=True,
            disabled=not pick.min <= n <= pick.max,
        ),
    ]
    return ft.Column(items, spacing=8, key=f"pick-{pick.kind}")
