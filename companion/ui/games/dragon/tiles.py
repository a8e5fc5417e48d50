"""The person tile a played card brings in, as a grid of tiles: each with its track value, what
it does (the engine's ``tile_power_msg``) and how many are left. Used for every person pick;
with the wildcard it lists every tile still in the supply."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core import Table
from companion.games.dragon.public import DragonState, tile_power_msg
from companion.ui.games import Tap, state_as
from companion.ui.shell import App
from companion.ui.widgets import small

COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {
    "xs": 6,
    "sm": 4,
    "md": 3,
}  # two tiles a row on a phone, more on a wider screen


def tile_grid(app: App, table: Table, shown: list[tuple[int, Any]], tap: Tap) -> ft.Control:
    tiles = [tile(app, table, i, choice, tap) for i, choice in shown]
    return ft.Column(
        [small(app.tr("dragon.tiles.title")), ft.ResponsiveRow(tiles, spacing=6, run_spacing=6)],
        spacing=6,
        key="tile-grid",
    )


def tile(app: App, table: Table, i: int, choice: Any, tap: Tap) -> ft.Control:
    tr = app.tr
    label = tr.msg(table.game.describe(table.state, choice))  # "young monk (6)": the value moves the marker
    power = tr.msg(tile_power_msg(choice.tile))
    left = tr("dragon.tiles.left", n=state_as(table, DragonState).supply.get(choice.tile, 0))
    return ft.OutlinedButton(
        content=ft.Container(
            ft.Column(
                [
                    ft.Text(label, weight=ft.FontWeight.BOLD, size=14),
                    ft.Text(power, size=12, key=f"tile-power-{i}"),
                    ft.Text(left, size=11, color=ft.Colors.ON_SURFACE_VARIANT),
                ],
                spacing=2,
                tight=True,
            ),
            padding=ft.Padding.symmetric(vertical=8),
        ),
        key=f"choice-{i}",
        tooltip=f"{label}: {power}",
        on_click=tap(choice),
        style=ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT, shape=ft.RoundedRectangleBorder(radius=8)),
        col=COLUMNS,
        height=None,
        width=float("inf"),
    )
