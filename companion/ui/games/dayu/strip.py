"""Da Yu at a glance (issue 25): the ring of flood cards, small, with the water each place still
holds and the markers on it, whose turn it is with the action points left, then each seat's
marker, tool cards in hand, VP cards and the flood cards taken (each drawn as its kind), and
the last round's summary one tap away. Everything here lies open on the table.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core import Table
from companion.games.dayu.public import DATA, POINTS_KIND, DayuState, flood_name
from companion.i18n import format_score
from companion.ui import glance
from companion.ui.i18n import Tr
from companion.ui.palette import swatch
from companion.ui.parts import part
from companion.ui.symbols import DAYU_COUNTERS, FLOOD, WATER, WHITE, glyph
from companion.ui.table_model import TableModel
from companion.ui.widgets import dot

PLAYING = ("actions", "drain_tools", "drain_vp", "draw", "bonus", "exchange")
SHOWN_FLOOD = 4  # flood cards drawn per seat; past that a count


def counts(state: DayuState, seat: int) -> list[str]:
    p = state.players[seat]
    return [
        "" if p.marker is None else str(p.marker + 1),
        str(len(p.hand)),
        str(len(p.vp_cards)),
    ]


def columns(tr: Tr) -> list[glance.Column]:
    return [
        glance.Column("marker", DAYU_COUNTERS["marker"], tr("glance.dayu.marker")),
        glance.Column("hand", DAYU_COUNTERS["hand"], tr("glance.dayu.hand")),
        glance.Column("vp", DAYU_COUNTERS["vp"], tr("glance.dayu.vp")),
    ]


def strip(model: TableModel) -> list[ft.Control]:
    table = model.table
    state = model.view.state
    assert isinstance(state, DayuState)
    ring = tuple((p.card is not None, p.tokens) for p in state.ring)
    markers = tuple(p.marker for p in state.players)
    floods = tuple(tuple((c.kind, c.points) for c in p.flood) for p in state.players)
    turn = (state.current, state.points_left) if state.phase in PLAYING else None
    if glance.map_in_question(table):  # the ring and the points are in the question itself
        ring, turn = (), None
    cells = tuple(tuple(counts(state, s)) for s in range(len(state.players)))
    seats = tuple((p.name, p.color) for p in table.players)
    props = (
        model.tr.lang,
        model.seat,
        seats,
        ring,
        markers,
        floods,
        turn,
        cells,
        glance.summary_props(table),
    )
    return [part(props, lambda: draw(model, table, state, cells, turn), key="glance-part")]


def draw(
    model: TableModel,
    table: Table,
    state: DayuState,
    cells: tuple[tuple[str, ...], ...],
    turn: tuple[int, int] | None,
) -> ft.Control:
    top: list[ft.Control] = []
    if not glance.map_in_question(table):  # else the ring is in the question itself
        places = [place(model.tr, table, state, i) for i in range(len(state.ring))]
        top.append(ft.Row(places, spacing=4, wrap=True, run_spacing=4, expand=True, key="glance-ring"))
    if turn is not None:
        top.append(turn_badge(model.tr, table, *turn))
    tails = [
        (tuple((c.kind, c.points) for c in state.players[s].flood), partial(flood_row, model.tr, state, s))
        for s in range(len(state.players))
    ]
    rows = [glance.seat_table(model, table, columns(model.tr), cells, tails)]
    if top:
        rows.insert(0, ft.Row(top, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return glance.frame(glance.with_summary(model, table, rows))


def place(tr: Tr, table: Table, state: DayuState, i: int) -> ft.Control:
    """One place of the ring: the darker, the more water it still holds; the markers on it."""
    p = state.ring[i]
    spaces = DATA.spaces_per_flood_card
    on = [s for s, seat in enumerate(state.players) if seat.marker == i]
    if p.card is None:
        said = tr("glance.dayu.place_empty", n=i + 1)
        fill, text, ink = None, "–", None
    else:
        said = tr("glance.dayu.place", n=i + 1, tokens=p.tokens, spaces=spaces)
        water = (spaces - p.tokens) / spaces
        fill = ft.Colors.with_opacity(0.15 + 0.6 * water, WATER.color)
        text = f"{p.tokens}/{spaces}"
        ink = WATER.ink if water > 0.5 else None  # white on deep water, the theme's text on shallow
    if on:
        said = tr("glance.dayu.markers", place=said, names=", ".join(table.players[s].name for s in on))
    dots: list[ft.Control] = [  # ringed in white: a blue player's marker stays visible on deep water
        ft.Container(
            width=10,
            height=10,
            border_radius=5,
            bgcolor=swatch(table.players[s].color),
            border=ft.Border.all(1, WHITE),
        )
        for s in on
    ]
    return ft.Container(
        ft.Column(
            [
                ft.Text(
                    text,
                    size=11,
                    weight=ft.FontWeight.BOLD,
                    color=ink,
                    key=f"glance-place-{i}",
                    semantics_label=said,
                ),
                ft.Row(dots, spacing=1, alignment=ft.MainAxisAlignment.CENTER, height=10),
            ],
            spacing=2,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        width=42,
        height=38,
        padding=2,
        border_radius=6,
        bgcolor=fill,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
        alignment=ft.Alignment.CENTER,
        tooltip=said,
        key=f"glance-place-box-{i}",
    )


def turn_badge(tr: Tr, table: Table, seat: int, points: int) -> ft.Control:
    p = table.players[seat]
    pips: list[ft.Control] = [
        ft.Container(
            width=8,
            height=8,
            border_radius=4,
            bgcolor=ft.Colors.PRIMARY if k < points else None,
            border=ft.Border.all(1, ft.Colors.PRIMARY),
        )
        for k in range(DATA.action_points)
    ]
    return ft.Container(  # no ft.Semantics: around a row it broke the strip's layout in the browser
        ft.Column(
            [dot(p.color, 16), ft.Row(pips, spacing=2, tight=True)],
            spacing=4,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        ),
        tooltip=tr("glance.dayu.turn", name=p.name, n=points),
        key="glance-turn",
    )


def flood_row(tr: Tr, state: DayuState, seat: int) -> ft.Control:
    """The flood cards a seat has taken, each as its kind's tile (a printed number as a star)."""
    cards = state.players[seat].flood
    tiles: list[ft.Control] = [
        ft.Container(
            glyph(FLOOD[c.kind if c.kind in FLOOD else POINTS_KIND], 16),
            tooltip=tr.msg(flood_name(c.kind, c.points)),
        )
        for c in cards[:SHOWN_FLOOD]
    ]
    if len(cards) > SHOWN_FLOOD:
        tiles.append(ft.Text(format_score(len(cards) - SHOWN_FLOOD, "points", tr.lang, change=True), size=11))
    return ft.Row(tiles, spacing=2, tight=True, key=f"glance-flood-{seat}")
