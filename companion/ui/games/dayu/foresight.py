"""Da Yu: what the flood card under the current player's marker allows, from the engine's
``marker_preview``: the tokens on it and still needed, which tool cards in hand fit (by the
counts the app knows; the players still check the colours), and what taking it would be worth.

Hands are on the table in front of each player (the player cards show them to everyone), so
this adds nothing hidden. Computed once per table version (ui/foresight.py).
"""

from __future__ import annotations

import flet as ft

from companion.games.dayu.public import DayuState, MarkerPreview, marker_preview
from companion.share.live import may_act
from companion.ui.foresight import per_version
from companion.ui.gameui import state_as
from companion.ui.parts import part
from companion.ui.rule_links import effect_line, linked_once
from companion.ui.table_model import TableModel
from companion.ui.widgets import card, small

SHOWN_IN = ("actions",)  # while the player chooses what to do with their action points
# the card's line as the mover's own phone says it: to her ("Your marker ..."), not her name
OWN_LINES = {
    "foresight.dayu.line": "dayu.own_marker_line",
    "foresight.dayu.line_no_drain": "dayu.own_marker_line_no_drain",
    "foresight.dayu.line_empty": "dayu.own_marker_line_empty",
}


def marker(model: TableModel) -> list[ft.Control]:
    """The card on the host's screen and on the phone of the player whose turn it is: it speaks
    to that player ("what taking it would be worth now", "each VP card you hold"), and on another
    player's phone it read as their own."""
    table = model.table
    state = state_as(table, DayuState)
    if state.phase not in SHOWN_IN:
        return []
    prompt = table.prompt
    if model.guest and (prompt is None or not may_act(model.access, prompt.seat, prompt.seats)):
        return []
    preview: MarkerPreview = per_version(table, "dayu-marker", lambda: marker_preview(state))
    props = (model.tr.lang, table.id, preview)
    return [part(props, lambda: marker_card(model, preview), key="dy-marker-part")]


def marker_card(model: TableModel, preview: MarkerPreview) -> ft.Control:
    tr = model.tr
    items: list[ft.Control] = [
        small(tr("foresight.marker"), key="dy-marker-heading"),
        ft.Text(marker_line(model, preview), weight=ft.FontWeight.BOLD, size=14, key="dy-marker-line"),
    ]
    if preview.place is not None and preview.fit is not None:
        items.append(effect_line(model, preview.fit, key="dy-fit"))  # one line for the whole hand
    elif preview.place is not None:
        items.append(small(tr("foresight.marker_no_cards"), key="dy-fit-none"))
    if preview.place is not None:
        items.append(small(tr("foresight.marker_worth"), key="dy-worth-heading"))
        worth = [w.effect for w in preview.worth]
        items += [
            effect_line(model, fx, key=f"dy-worth-{w.kind}", with_rule=linked)
            for w, fx, linked in zip(preview.worth, worth, linked_once(worth), strict=True)
        ]
    return card(*items, key="dy-marker")


def marker_line(model: TableModel, preview: MarkerPreview) -> str:
    """Whose marker it is and what it stands on: the mover's own phone speaks to her ("Your
    marker on place 3 ..."); the host's screen names her."""
    line = preview.line.msg
    own = OWN_LINES.get(line.key) if model.guest and model.seat == preview.seat else None
    return model.tr.msg(line) if own is None else model.tr(own, **line.args)
