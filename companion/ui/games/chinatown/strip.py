"""Chinatown at a glance (issue 25): the year and where the year stands (building cards, shop
tiles, trading, placing), each seat's buildings, shops on the board and tiles in hand (all open
on the table), the shop tiles themselves one tap away, and the last year's summary.

Drawn from this screen's player view. Money is never on the strip, not even a seat's own on its
own phone: a phone on the table is seen by the neighbours too, so the player card keeps one's
money behind a tap (panels.py), and the final scores show it all at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core import Msg, Table
from companion.games.chinatown.public import DATA, SeenState, tile_count
from companion.ui import glance
from companion.ui.games.chinatown.panels import seen_by
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.parts import part
from companion.ui.symbols import CHINATOWN_COUNTERS, CHINATOWN_PHASES, SHOPS, glyph
from companion.ui.table_model import TableModel
from companion.ui.widgets import dot, quiet

STEPS = ("buildings", "tiles", "trade", "place")  # a year's phases, in order


def counts(state: SeenState, seat: int) -> list[str]:
    return [
        str(sum(1 for s in state.owner.values() if s == seat)),
        str(state.tiles_on_board(seat)),
        str(sum(state.hands[seat].values())),
    ]


def columns(tr: Tr) -> list[glance.Column]:
    return [
        glance.Column("buildings", CHINATOWN_COUNTERS["buildings"], tr("glance.chinatown.buildings")),
        glance.Column("placed", CHINATOWN_COUNTERS["placed"], tr("glance.chinatown.placed")),
        glance.Column("hand", CHINATOWN_COUNTERS["hand"], tr("glance.chinatown.hand")),
    ]


def strip(model: TableModel) -> list[ft.Control]:
    """Nothing while placing: the map and the question take the first screen then (the banner
    says the year and the phase; the map shows every shop)."""
    table = model.table
    if glance.map_in_question(table):
        return []
    state = seen_by(table, model.seat)
    cells = tuple(tuple(counts(state, s)) for s in range(state.n))
    seats = tuple((p.name, p.color) for p in table.players)
    props = (model.tr.lang, model.seat, seats, state.year, state.phase, cells, glance.summary_props(table))
    return [part(props, lambda: draw(model, table, state, cells), key="glance-part")]


def draw(model: TableModel, table: Table, state: SeenState, cells: tuple[tuple[str, ...], ...]) -> ft.Control:
    rows = [
        year_row(model.tr, state, partial(show_hands, model, table)),
        glance.seat_table(model, table, columns(model.tr), cells),
    ]
    return glance.frame(glance.with_summary(model, table, rows))


def year_row(tr: Tr, state: SeenState, open_hands: Callable[[], None]) -> ft.Control:
    years = len(DATA.years)
    phase = tr.msg(Msg(key=f"chinatown.phase.{state.phase}"))
    year = ft.Column(
        [
            ft.Text(str(state.year_label), size=18, weight=ft.FontWeight.BOLD, key="glance-year"),
            ft.Text(
                tr("glance.chinatown.round", round=min(state.year + 1, years), rounds=years),
                size=11,
                key="glance-round",
            ),
        ],
        spacing=0,
        tight=True,
    )
    steps: list[ft.Control] = [
        ft.Container(
            glyph(CHINATOWN_PHASES[s], 26),
            opacity=1.0 if s == state.phase else 0.3,
            tooltip=tr.msg(Msg(key=f"chinatown.phase.{s}")),
            key=f"glance-phase-{s}",
        )
        for s in STEPS
    ]
    return ft.Row(
        [
            year,
            ft.Row(steps, spacing=3),
            ft.Text(phase, size=13, weight=ft.FontWeight.BOLD, expand=True, key="glance-phase"),
            ft.TextButton(
                content=ft.Text(
                    tr("glance.chinatown.hands"), semantics_label=tr("glance.chinatown.hands_hint")
                ),
                icon=ft.Icons.GRID_VIEW,
                key="glance-hands",
                tooltip=quiet(tr("glance.chinatown.hands_hint")),
                on_click=lambda _: open_hands(),
                height=TAP,
            ),
        ],
        spacing=8,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


def show_hands(model: TableModel, table: Table) -> None:
    """Every seat's shop tiles, each as its shop's tile with the count (they lie open)."""

    def body() -> list[ft.Control]:
        state = seen_by(table, model.seat)
        return [hand_line(model.tr, table, state, s) for s in range(state.n)]

    model.dialogs.dialog(model.tr("glance.chinatown.hands_title"), body, key="glance-hands-dialog")


def hand_line(tr: Tr, table: Table, state: SeenState, seat: int) -> ft.Control:
    p = table.players[seat]
    tiles: list[ft.Control] = []
    for shop, k in sorted(state.hands[seat].items()):
        tiles.append(
            ft.Container(
                ft.Row([glyph(SHOPS[shop], 24), ft.Text(f"×{k}", size=13)], spacing=2, tight=True),
                tooltip=tr.msg(tile_count(shop, k, always=True)),
                key=f"glance-hand-{seat}-{shop}",
            )
        )
    if not tiles:
        tiles.append(ft.Text(tr("glance.chinatown.no_tiles"), size=13))
    return ft.Column(
        [
            ft.Row([dot(p.color, 12), ft.Text(p.name, weight=ft.FontWeight.BOLD)], spacing=6),
            ft.Row(tiles, wrap=True, spacing=8, run_spacing=4),
        ],
        spacing=4,
        tight=True,
    )
