"""Teach as you play ("first game"): at the question, tips that use the table's own numbers (the
coming event, the order on the track, what the app just resolved: companion/lookup/tips.py),
each with its rule; when none is new, the first time each kind of question comes up, a short
fixed note says why the step exists and what is worth thinking about.

The switch and the kinds already explained are kept per table in the store (store/teach_marks.py).
A tip counts as shown as soon as it is drawn, so it comes once per kind even if nobody taps
"Got it"; it stays on screen (on every device) until the question is answered or dismissed.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.core import Prompt, Table
from companion.lookup import teach_note
from companion.lookup.tips import Teaching, due
from companion.store import StoreError
from companion.store.teach_marks import Teach, TeachMarks
from companion.ui.palette import TAP
from companion.ui.rule_card import lookup_lang, lookup_text, said
from companion.ui.rule_links import rule_tip, rule_title
from companion.ui.widgets import card, small, text_button

if TYPE_CHECKING:
    from companion.ui.hub import TableHub
    from companion.ui.i18n import Tr
    from companion.ui.shell import App

_MARKS: dict[int, TeachMarks] = {}
_SHOWING: dict[str, tuple[int, Teaching]] = {}  # table id -> (version, what is on screen now)
_GUARD = threading.Lock()


def marks_for(hub: TableHub) -> TeachMarks:
    """The teach marks kept in this hub's store (one object per store)."""
    with _GUARD:
        key = id(hub.store)
        if key not in _MARKS:
            _MARKS[key] = TeachMarks(hub.store)
        return _MARKS[key]


def teach_of(hub: TableHub, table_id: str) -> Teach:
    """The table's teach state; off when the store cannot be read (the screen still shows)."""
    try:
        return marks_for(hub).get(table_id)
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


def tip_now(app: App, table: Table, prompt: Prompt) -> Teaching | None:
    """What to teach at this question: what is already on screen for it, or the tips with the
    table's numbers not shown yet (else the question's fixed note), marked shown right away so
    that each comes once."""
    with _GUARD:
        showing = _SHOWING.get(table.id)
        if showing is not None and showing[0] == table.version:
            return showing[1]
        _SHOWING.pop(table.id, None)
    teach = teach_of(app.hub, table.id)
    if not teach.enabled or prompt is None:
        return None
    now = due(table, teach.shown, lookup_lang(app.tr))
    if now is None:
        return None
    with contextlib.suppress(StoreError):  # not saved (read-only, disk full): it may come again
        for mark in now.marks:
            marks_for(app.hub).mark_shown(table.id, mark)
    with _GUARD:
        _SHOWING[table.id] = (table.version, now)
    return now


def dismiss(refresh: Callable[[], None], table_id: str) -> None:
    with _GUARD:
        _SHOWING.pop(table_id, None)
    refresh()


def _link(app: App, rule_id: str, key: str) -> ft.Control:
    """ "The rule: <title>", opening the rule the tip rests on."""
    return text_button(
        app.tr("rules.teach.rule", title=rule_title(app.tr, rule_id)),
        key,
        lambda _: app.show_rule(rule_id),
        tooltip=rule_tip(app.tr, rule_id),
    )


def _lines(app: App, table: Table, now: Teaching) -> list[ft.Control]:
    """The tips with their numbers, each followed by its rule; or the fixed note and its rule
    (in the reader's language now, should it have changed since the note was first drawn)."""
    if now.tips:
        out: list[ft.Control] = []
        for i, tip in enumerate(now.tips):
            out.append(ft.Text(app.tr.msg(tip.msg), key=f"teach-line-{i}"))
            out.append(_link(app, tip.rule_id, "teach-rule" if i == 0 else f"teach-rule-{i}"))
        return out
    assert now.note is not None
    note = teach_note(table.game_id, now.note.kind, lookup_lang(app.tr)) or now.note
    lines: list[ft.Control] = [
        ft.Text(said(app.tr, line), key=f"teach-line-{i}") for i, line in enumerate(note.lines)
    ]
    return [*lines, _link(app, note.rule_id, "teach-rule")]


def teach_card(app: App, table: Table, prompt: Prompt) -> list[ft.Control]:
    """The tip at the question, if one is due: its lines, its rule, "Got it" and "No more tips"."""
    now = tip_now(app, table, prompt)
    if now is None:
        return []
    actions = ft.Row(
        [
            text_button(
                lookup_text(app.tr, "rules.teach.off"), "teach-off", lambda _: set_teach(app, table.id, False)
            ),
            text_button(
                lookup_text(app.tr, "rules.teach.dismiss"),
                "teach-dismiss",
                lambda _: dismiss(app.refresh, table.id),
            ),
        ],
        alignment=ft.MainAxisAlignment.END,
        wrap=True,
        spacing=0,
    )
    head = ft.Row(
        [
            ft.Icon(ft.Icons.LIGHTBULB_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Text(lookup_text(app.tr, "rules.teach.title"), weight=ft.FontWeight.BOLD),
        ],
        spacing=6,
    )
    return [
        ft.Container(
            ft.Column([head, *_lines(app, table, now), actions], spacing=4, tight=True),
            key="teach",
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=ft.Padding.only(left=12, right=4, top=10, bottom=2),
            border_radius=8,
        )
    ]


def teach_switch(app: App, table: Table) -> ft.Control:
    """On or off at any time, from the table's Rules screen."""
    now = teach_of(app.hub, table.id)

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


def setup_option(tr: Tr, refresh: Callable[[], None], form: TeachChoice) -> list[ft.Control]:
    """The "first game" choice on New table, like the game's options: the new table starts with
    its tips on or off."""

    def choose(on: bool) -> Any:
        def pick(_: Any = None) -> None:
            form.teach = on
            refresh()

        return pick

    chips: list[ft.Control] = [
        ft.Chip(
            label=ft.Text(tr(key)),
            key=f"setup-teach-{'on' if on else 'off'}",
            selected=form.teach == on,
            on_select=choose(on),
            tooltip=tr(key),
            height=TAP,
        )
        for on, key in ((False, "rules.teach.without"), (True, "rules.teach.with"))
    ]
    return [ft.Text(tr("rules.teach.option")), ft.Row(chips, wrap=True, spacing=8)]


def start_with(hub: TableHub, table_id: str, form: TeachChoice) -> None:
    """After New table: remember the "first game" choice for the new table."""
    if form.teach:
        # the table itself is stored: if this fails it starts without tips, as its Rules tab shows
        with contextlib.suppress(StoreError):
            marks_for(hub).set_enabled(table_id, True)
