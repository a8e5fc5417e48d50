"""Teach as you play ("first game"): the first time each kind of question comes up, a short tip
at the question says why the step exists and what is worth thinking about, with its rule.

The switch and the kinds already explained are kept per table in the store (store/teach_marks.py).
A tip counts as shown as soon as it is drawn, so it comes once per kind even if nobody taps
"Got it"; it stays on screen (on every device) until the question is answered or dismissed.
"""

from __future__ import annotations

import contextlib
import threading
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.core import Prompt, Table
from companion.lookup import TeachNote, teach_note
from companion.store import StoreError
from companion.store.teach_marks import Teach, TeachMarks
from companion.ui.palette import TAP
from companion.ui.rule_card import lookup_lang, lookup_text, said
from companion.ui.rule_links import rule_tip, rule_title
from companion.ui.widgets import card, small, text_button

if TYPE_CHECKING:
    from companion.ui.hub import TableHub
    from companion.ui.shell import App

_MARKS: dict[int, TeachMarks] = {}
_SHOWING: dict[str, tuple[int, str]] = {}  # table id -> (version, kind) of the tip on screen now
_GUARD = threading.Lock()


def marks_for(hub: TableHub) -> TeachMarks:
    """The teach marks kept in this hub's store (one object per store)."""
    with _GUARD:
        key = id(hub.store)
        if key not in _MARKS:
            _MARKS[key] = TeachMarks(hub.store)
        return _MARKS[key]


def teach_of(app: App, table_id: str) -> Teach:
    """The table's teach state; off when the store cannot be read (the screen still shows)."""
    try:
        return marks_for(app.hub).get(table_id)
    except StoreError:
        return Teach()


def set_teach(app: App, table_id: str, enabled: bool) -> None:
    try:
        marks_for(app.hub).set_enabled(table_id, enabled)
    except StoreError as exc:  # read-only folder, disk full: say so, keep the table playable
        app.fail(exc.msg)
    if not enabled:
        _SHOWING.pop(table_id, None)
    app.refresh()


def tip_now(app: App, table: Table, prompt: Prompt) -> TeachNote | None:
    """The tip to show at this question: the one already on screen for it, or the first of its
    kind (marked shown right away, so it never comes twice)."""
    with _GUARD:
        showing = _SHOWING.get(table.id)
        if showing == (table.version, prompt.kind):
            return teach_note(table.game_id, prompt.kind, lookup_lang(app))
        _SHOWING.pop(table.id, None)
    if not teach_of(app, table.id).due(prompt.kind):
        return None
    note = teach_note(table.game_id, prompt.kind, lookup_lang(app))
    if note is None:
        return None
    with contextlib.suppress(StoreError):  # not saved (read-only, disk full): it may come again
        marks_for(app.hub).mark_shown(table.id, prompt.kind)
    with _GUARD:
        _SHOWING[table.id] = (table.version, prompt.kind)
    return note


def dismiss(app: App, table_id: str) -> None:
    with _GUARD:
        _SHOWING.pop(table_id, None)
    app.refresh()


def teach_card(app: App, table: Table, prompt: Prompt) -> list[ft.Control]:
    """The tip at the question, if one is due: its lines, its rule, "Got it" and "No more tips"."""
    note = tip_now(app, table, prompt)
    if note is None:
        return []
    lines = [ft.Text(said(app, line), key=f"teach-line-{i}") for i, line in enumerate(note.lines)]
    title = rule_title(app, note.rule_id)
    link = text_button(
        app.tr("rules.teach.rule", title=title),
        "teach-rule",
        lambda _: app.show_rule(note.rule_id),
        tooltip=rule_tip(app, note.rule_id),
    )
    actions = ft.Row(
        [
            text_button(
                lookup_text(app, "rules.teach.off"), "teach-off", lambda _: set_teach(app, table.id, False)
            ),
            text_button(
                lookup_text(app, "rules.teach.dismiss"), "teach-dismiss", lambda _: dismiss(app, table.id)
            ),
        ],
        alignment=ft.MainAxisAlignment.END,
        wrap=True,
        spacing=0,
    )
    head = ft.Row(
        [
            ft.Icon(ft.Icons.LIGHTBULB_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Text(lookup_text(app, "rules.teach.title"), weight=ft.FontWeight.BOLD),
        ],
        spacing=6,
    )
    return [
        ft.Container(
            ft.Column([head, *lines, link, actions], spacing=4, tight=True),
            key="teach",
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=ft.Padding.only(left=12, right=4, top=10, bottom=2),
            border_radius=8,
        )
    ]


def teach_switch(app: App, table: Table) -> ft.Control:
    """On or off at any time, from the table's Rules screen."""
    now = teach_of(app, table.id)

    def flip(e: Any) -> None:
        set_teach(app, table.id, bool(e.control.value))

    items: list[ft.Control] = [
        ft.Switch(label=app.tr("rules.teach.switch"), value=now.enabled, key="teach-switch", on_change=flip)
    ]
    if now.enabled:
        items.append(small(app.tr("rules.teach.on")))
    if now.shown:
        items.append(small(app.tr("rules.teach.left", n=len(now.shown)), key="teach-shown"))
    return card(*items, key="teach-settings")


class TeachChoice(Protocol):
    """The "first game" choice a draft holds (New table's, views/setup.py)."""

    teach: bool


def setup_option(app: App, form: TeachChoice) -> list[ft.Control]:
    """The "first game" choice on New table, like the game's options: the new table starts with
    its tips on or off."""

    def choose(on: bool) -> Any:
        def pick(_: Any = None) -> None:
            form.teach = on
            app.refresh()

        return pick

    chips: list[ft.Control] = [
        ft.Chip(
            label=ft.Text(app.tr(key)),
            key=f"setup-teach-{'on' if on else 'off'}",
            selected=form.teach == on,
            on_select=choose(on),
            tooltip=app.tr(key),
            height=TAP,
        )
        for on, key in ((False, "rules.teach.without"), (True, "rules.teach.with"))
    ]
    return [ft.Text(app.tr("rules.teach.option")), ft.Row(chips, wrap=True, spacing=8)]


def start_with(app: App, table_id: str, form: TeachChoice) -> None:
    """After New table: remember the "first game" choice for the new table."""
    if form.teach:
        # the table itself is stored: if this fails it starts without tips, as its Rules tab shows
        with contextlib.suppress(StoreError):
            marks_for(app.hub).set_enabled(table_id, True)
