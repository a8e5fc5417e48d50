"""Teach as you play ("first game"): at the question, tips that use the table's own numbers (the
coming event, the order on the track, what the app just resolved: companion/lookup/tips.py),
each with its rule; when none is new, the first time each kind of question comes up, a short
fixed note says why the step exists and what is worth thinking about.

The switch and the kinds already explained are kept per table in the store (store/teach_marks.py).
A tip counts as shown as soon as it is drawn, so it comes once per kind even if nobody taps
"Got it"; it stays on screen (on every device) until the question is answered or dismissed.

The card and the Rules screen's switch are components given the session's ``TeachChanges`` for
the table (an observable counter): "Got it", "No more tips" and the switch change the store (or
what is on screen), then count one more change, and Flet redraws those components alone.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import flet as ft

from companion.core import Prompt, Table
from companion.lookup import teach_note
from companion.lookup.tips import Teaching, due
from companion.store import StoreError
from companion.store.teach_marks import Teach, TeachMarks
from companion.ui.palette import TAP
from companion.ui.parts import part
from companion.ui.retap import use_every_tap
from companion.ui.rule_card import lookup_lang, lookup_text, said
from companion.ui.rule_links import rule_tip, rule_title
from companion.ui.widgets import card, small, text_button

if TYPE_CHECKING:
    from companion.ui.hub import TableHub
    from companion.ui.i18n import Tr
    from companion.ui.table_model import TableModel


@ft.observable
@dataclass
class TeachChanges:
    """How often this session changed what teaching shows for one table (a tip dismissed, tips
    switched on or off): the store and the module's ``_SHOWING`` hold the rest, so the card and
    the switch are given this counter and redraw when it moves."""

    count: int = 0

    def changed(self) -> None:
        self.count += 1


def changes_of(model: TableModel) -> TeachChanges:
    return model.drafts.keep(TeachChanges, model.id)


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


def set_teach(model: TableModel, hub: TableHub, enabled: bool) -> None:
    """Tips on or off for the model's table (kept in ``hub``'s store)."""
    table_id = model.id
    try:
        marks_for(hub).set_enabled(table_id, enabled)
    except StoreError as exc:  # read-only folder, disk full: say so, keep the table playable
        model.fail(exc.msg)
    if not enabled:
        _SHOWING.pop(table_id, None)
    changes_of(model).changed()


def tip_now(tr: Tr, hub: TableHub, table: Table, prompt: Prompt) -> Teaching | None:
    """What to teach at this question: what is already on screen for it, or the tips with the
    table's numbers not shown yet (else the question's fixed note), marked shown right away so
    that each comes once."""
    with _GUARD:
        showing = _SHOWING.get(table.id)
        if showing is not None and showing[0] == table.version:
            return showing[1]
        _SHOWING.pop(table.id, None)
    teach = teach_of(hub, table.id)
    if not teach.enabled or prompt is None:
        return None
    now = due(table, teach.shown, lookup_lang(tr))
    if now is None:
        return None
    with contextlib.suppress(StoreError):  # not saved (read-only, disk full): it may come again
        for mark in now.marks:
            marks_for(hub).mark_shown(table.id, mark)
    with _GUARD:
        _SHOWING[table.id] = (table.version, now)
    return now


def dismiss(model: TableModel) -> None:
    with _GUARD:
        _SHOWING.pop(model.id, None)
    changes_of(model).changed()


def _link(tr: Tr, show_rule: Callable[[str], None], rule_id: str, key: str) -> ft.Control:
    """ "The rule: <title>", opening the rule the tip rests on."""
    return text_button(
        tr("rules.teach.rule", title=rule_title(tr, rule_id)),
        key,
        lambda _: show_rule(rule_id),
        tooltip=rule_tip(tr, rule_id),
    )


def _lines(model: TableModel, now: Teaching) -> list[ft.Control]:
    """The tips with their numbers, each followed by its rule; or the fixed note and its rule
    (in the reader's language now, should it have changed since the note was first drawn)."""
    tr, show_rule = model.tr, model.show_rule
    if now.tips:
        out: list[ft.Control] = []
        for i, tip in enumerate(now.tips):
            out.append(ft.Text(tr.msg(tip.msg), key=f"teach-line-{i}"))
            out.append(_link(tr, show_rule, tip.rule_id, "teach-rule" if i == 0 else f"teach-rule-{i}"))
        return out
    assert now.note is not None
    note = teach_note(model.table.game_id, now.note.kind, lookup_lang(tr)) or now.note
    lines: list[ft.Control] = [
        ft.Text(said(tr, line), key=f"teach-line-{i}") for i, line in enumerate(note.lines)
    ]
    return [*lines, _link(tr, show_rule, note.rule_id, "teach-rule")]


def question_line(model: TableModel, hub: TableHub, prompt: Prompt, asked: str) -> ft.Control:
    """The question (``asked``, as this phone asks it), and under it the tip if one is due (the
    marks of what was shown are kept in ``hub``'s store)."""
    players = model.table.players
    name = players[prompt.seat].name if prompt.seat is not None and 0 <= prompt.seat < len(players) else None
    text = question_text(asked, name)
    if tip_now(model.tr, hub, model.table, prompt) is None:
        # kept while it says the same (a Dragon month asks each player the same in turn): it sits
        # in the question's card, a list; the tip's component takes a line of its own
        return part(text, lambda: asked_line(text), key="prompt-part")
    return TeachCard(model, hub, prompt, changes_of(model), asked_line(text), key="teach-part")


def asked_line(text: str) -> ft.Control:
    return ft.Text(text, key="prompt", size=16)


def question_text(text: str, name: str | None) -> str:
    """The question as the card says it under the player's name (the card's first line, its dot
    and name): without the name again. "Ben: put your dragon on a group" under "Ben" was seen and
    heard twice ("Ben, Ben: put ..."); it reads "Put your dragon on a group"."""
    head = f"{name}: " if name else None
    if head is None or not text.startswith(head) or len(text) == len(head):
        return text
    rest = text[len(head) :]
    first = len(rest) - len(rest.lstrip(OPENING))  # "¿qué ...?": the letter after the ¿
    if first < len(rest) and rest[first].isalpha():  # "3 action points left" stays as it is
        rest = rest[:first] + rest[first].upper() + rest[first + 1 :]
    return rest


OPENING = '¿¡"«“('  # marks that may open a sentence before its first letter


@ft.component
def TeachCard(
    model: TableModel,
    hub: TableHub,
    prompt: Prompt,
    changes: TeachChanges,
    question: ft.Control,
    key: str | None = None,
) -> ft.Control:
    """The question's line (``question``) with the tip under it: its lines, its rule, "Got it"
    and "No more tips". Dismissed or switched off, the question's line alone: the component
    holds the line too, so that the tip leaves nothing behind at once (a component draws one
    control; an invisible stand-in for the tip stayed until the screen was drawn again)."""
    table, tr = model.table, model.tr
    now = tip_now(tr, hub, table, prompt)
    if now is None:  # dismissed or switched off here
        return ft.Column([question], spacing=8, tight=True)
    actions = ft.Row(
        [
            text_button(
                lookup_text(tr, "rules.teach.off"), "teach-off", lambda _: set_teach(model, hub, False)
            ),
            text_button(
                lookup_text(tr, "rules.teach.dismiss"),
                "teach-dismiss",
                lambda _: dismiss(model),
            ),
        ],
        alignment=ft.MainAxisAlignment.END,
        wrap=True,
        spacing=0,
    )
    head = ft.Row(
        [
            ft.Icon(ft.Icons.LIGHTBULB_OUTLINE, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ft.Text(lookup_text(tr, "rules.teach.title"), weight=ft.FontWeight.BOLD),
        ],
        spacing=6,
    )
    tip = ft.Container(
        ft.Column([head, *_lines(model, now), actions], spacing=4, tight=True),
        key="teach",
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        padding=ft.Padding.only(left=12, right=4, top=10, bottom=2),
        border_radius=8,
    )
    return ft.Column([question, tip], spacing=8, tight=True)  # the pad's own spacing between them


def teach_switch(model: TableModel, hub: TableHub) -> ft.Control:
    """On or off at any time, from the table's Rules screen."""
    return TeachSwitch(model, hub, changes_of(model), key="teach-settings-part")


@ft.component
def TeachSwitch(
    model: TableModel, hub: TableHub, changes: TeachChanges, key: str | None = None
) -> ft.Control:
    """The switch, and what the store holds: on or off, how many kinds were explained."""
    tr = model.tr
    now = teach_of(hub, model.id)

    def flip(e: Any) -> None:
        set_teach(model, hub, bool(e.control.value))

    items: list[ft.Control] = [
        ft.Switch(label=tr("rules.teach.switch"), value=now.enabled, key="teach-switch", on_change=flip)
    ]
    if now.enabled:
        items.append(small(tr("rules.teach.on")))
    if now.shown:
        items.append(small(tr("rules.teach.left", n=len(now.shown)), key="teach-shown"))
    return card(*items, key="teach-settings")


class TeachChoice(Protocol):
    """The "first game" choice a draft holds (New table's, views/setup.py)."""

    teach: bool


def setup_option(tr: Tr, form: TeachChoice) -> list[ft.Control]:
    """The "first game" choice on New table, like the game's options: the new table starts with
    its tips on or off."""
    return [ft.Text(tr("rules.teach.option")), TeachChips(tr, form, key="setup-teach-part")]


@ft.component
def TeachChips(tr: Tr, form: TeachChoice, key: str | None = None) -> ft.Control:
    """Without or with tips, over ``form.teach`` (New table's draft): a tap sets it and redraws
    these chips alone. What they show is read from the draft on every render; the last tap is
    this component's own state only so that a tap redraws it, whatever kind of draft it is."""
    tapped = use_every_tap()  # every tap, even of the chosen chip (the phone unticked it)

    def choose(on: bool) -> Any:
        def pick(_: Any = None) -> None:
            form.teach = on
            tapped()

        return pick

    chips: list[ft.Control] = [
        ft.Chip(
            label=ft.Text(tr(label)),
            key=f"setup-teach-{'on' if on else 'off'}",
            selected=form.teach == on,
            on_select=choose(on),
            height=TAP,
        )
        for on, label in ((False, "rules.teach.without"), (True, "rules.teach.with"))
    ]
    return ft.Row(chips, wrap=True, spacing=8)


def start_with(hub: TableHub, table_id: str, form: TeachChoice) -> None:
    """After New table: remember the "first game" choice for the new table."""
    if form.teach:
        # the table itself is stored: if this fails it starts without tips, as its Rules tab shows
        with contextlib.suppress(StoreError):
            marks_for(hub).set_enabled(table_id, True)
