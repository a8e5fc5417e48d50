"""Dragon expansions on the Play screen: the super event of month 7 and the Great Wall.

Both sit under the event row. The super event is shown from the moment it is entered, with its
rule one tap away; the wall shows its 12 sections in month order, each built one in the
builder's colour with the bonus taken.
"""

from __future__ import annotations

import flet as ft

from companion.core import Table
from companion.games.dragon.public import (
    RULES,
    DragonOptions,
    DragonState,
    bonus_msg,
    super_event_resolved,
    super_msg,
)
from companion.ui.gameui import options_as
from companion.ui.palette import TAP, swatch
from companion.ui.parts import part
from companion.ui.rule_links import rule_link, rule_tip
from companion.ui.table_model import TableModel
from companion.ui.widgets import card, quiet, small

BONUS_ICONS = {
    "track": ft.Icons.DIRECTIONS_WALK,
    "rice": ft.Icons.RICE_BOWL,
    "palace": ft.Icons.HOME,
    "yuan": ft.Icons.PAYMENTS,
    "fireworks": ft.Icons.CELEBRATION,
    "vp": ft.Icons.STAR,
}


def expansion_rows(model: TableModel, table: Table, state: DragonState) -> list[ft.Control]:
    """Parts drawn again only when the super event or the wall changed (every viewer of a
    shared table redraws its screen on each entry: issue 27's fan-out)."""
    out: list[ft.Control] = []
    lang = model.tr.lang
    if state.super_event:
        done = super_event_resolved(state)
        out.append(
            part((lang, state.super_event, done), lambda: super_event_card(model, state), "super-part")
        )
    if options_as(table, DragonOptions).great_wall:
        looks = tuple((p.name, p.color) for p in table.players)
        props = (lang, tuple(map(tuple, state.wall)), looks, model.seat if model.guest else None)
        out.append(part(props, lambda: wall_card(model, table, state), "wall-part"))
    return out


def super_event_card(model: TableModel, state: DragonState) -> ft.Control:
    tr = model.tr
    event = state.super_event
    assert event is not None  # drawn once the super event is known (expansion_rows)
    rule_id = f"dragon.super.{event}"
    month = RULES.super_events.month
    done = super_event_resolved(state)
    return card(
        small(tr("dragon.super.title", month=month)),
        ft.Row(
            [
                ft.Icon(ft.Icons.AUTO_AWESOME, size=20),
                ft.Text(
                    tr.msg(super_msg(event)), weight=ft.FontWeight.BOLD, expand=True, key="super-event-name"
                ),
                ft.TextButton(
                    content=ft.Text(tr("dragon.super.rule"), semantics_label=rule_tip(model.tr, rule_id)),
                    key="super-event-rule",
                    tooltip=quiet(rule_tip(model.tr, rule_id)),
                    on_click=lambda _: model.show_rule(rule_id),
                    height=TAP,
                ),
            ]
        ),
        *([small(tr("dragon.super.done"), key="super-event-done")] if done else []),
        key="super-event",
        padding=8,
    )


def section_tip(model: TableModel, state: DragonState, i: int) -> str:
    """What built section ``i`` says on a hover or long press: who built it and the bonus taken;
    on the builder's own phone (a seat link's), said to her ("built by you"), as her other
    answers there are, not naming her."""
    tr = model.tr
    seat, bonus = state.wall[i]
    taken = tr.msg(bonus_msg(bonus))
    if model.guest and model.seat == seat:
        return tr("dragon.own.wall_section", n=i + 1, bonus=taken)
    return tr("dragon.wall.section", n=i + 1, player=state.players[seat].name, bonus=taken)


def wall_card(model: TableModel, table: Table, state: DragonState) -> ft.Control:
    tr = model.tr
    slots: list[ft.Control] = []
    for i in range(RULES.wall.max_sections):
        if i < len(state.wall):
            seat, bonus = state.wall[i]
            tip = section_tip(model, state, i)
            slots.append(
                ft.Container(
                    ft.Column(
                        [
                            # the section's name for a screen reader: who built it, and its bonus
                            ft.Text(str(i + 1), size=10, color=ft.Colors.BLACK, semantics_label=tip),
                            ft.Icon(BONUS_ICONS.get(bonus, ft.Icons.CHECK), size=16, color=ft.Colors.BLACK),
                        ],
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    key=f"wall-{i}",
                    data=seat,
                    width=58,
                    height=40,
                    border_radius=4,
                    bgcolor=swatch(table.players[seat].color),
                    tooltip=quiet(tip),  # said once, by the number's label
                )
            )
        else:
            slots.append(
                ft.Container(
                    ft.Text(
                        str(i + 1),
                        size=10,
                        color=ft.Colors.ON_SURFACE_VARIANT,
                        semantics_label=tr("dragon.wall.unbuilt", n=i + 1),
                    ),
                    key=f"wall-empty-{i}",
                    width=58,
                    height=40,
                    border_radius=4,
                    alignment=ft.Alignment.CENTER,
                    border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                )
            )
    return card(
        ft.Row(
            [
                small(tr("dragon.wall.title", n=len(state.wall), max=RULES.wall.max_sections)),
                rule_link(model.tr, model.show_rule, "dragon.wall.check", "wall-rule"),
            ],
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            wrap=True,
        ),
        ft.Row(slots, wrap=True, spacing=4, run_spacing=4),
        key="wall",
        padding=8,
    )
