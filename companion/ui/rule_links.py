"""A rule named on screen, in the reader's language and by its title (never its id), and an
effect beside the rule that caused it: each opens the rule's text in a tap.

These read the session (its language, what this screen may show of the table); the plain
controls they are made of are in ui/widgets.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.core import Effect
from companion.core.rulebook import rule
from companion.ui.palette import TAP
from companion.ui.parts import part
from companion.ui.widgets import dot

if TYPE_CHECKING:
    from companion.ui.i18n import Tr
    from companion.ui.shell import App


def rule_title(tr: Tr, rule_id: str) -> str:
    """A rule's title in the reader's language; never its id (ids are for the code)."""
    found = rule(rule_id, tr.lang)
    return found.title if found else tr("screens.rules.unknown")


def rule_tip(tr: Tr, rule_id: str) -> str:
    """What a screen reader says for a control that opens a rule: "Read the rule: <title>"."""
    return tr("screens.rules.read", title=rule_title(tr, rule_id))


def rule_link(app: App, rule_id: str, key: str) -> ft.Control:
    """A small tappable rule reference, named by its title in the reader's language, that opens the rule text."""
    return ft.TextButton(
        content=ft.Text(rule_title(app.tr, rule_id), size=12, max_lines=2),
        key=key,
        tooltip=rule_tip(app.tr, rule_id),
        on_click=lambda _: app.show_rule(rule_id),
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
        height=TAP,
    )


def effect_line(app: App, effect: Effect, key: str) -> ft.Control:
    """One consequence and the rule that caused it (tap the rule id to read it)."""
    marker: list[ft.Control] = []
    shown = app.view().effect(effect) if app.table_id is not None else effect  # a secret stays one
    if effect.seat is not None and app.table_id is not None and 0 <= effect.seat < len(app.table.players):
        color = app.table.players[effect.seat].color  # the message names the player already
        marker = [part(color, lambda: dot(color, 10), key=f"{key}-dot")]
    # the line at this place after the next entry often cites the same rule: its link is kept
    link = part((app.tr.lang, effect.rule_id), lambda: rule_link(app, effect.rule_id, key), key=f"{key}-rule")
    return ft.Row(
        [*marker, ft.Text(app.tr.msg(shown.msg), expand=True, size=14), link],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=4,
    )
