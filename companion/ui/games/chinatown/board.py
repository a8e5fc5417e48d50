"""The Chinatown map: six districts as grids of numbered buildings, owners, shops and businesses.

The same map serves the Play screen (tap a building to see it; while placing, tap a tile in
hand and then a building) and the Quick income screen (tap to set an owner and a shop).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.games.chinatown.public import (
    BOARD,
    Business,
    business_msg,
    find_businesses,
    income_by_owner,
    shop_name,
)
from companion.ui.games.chinatown.businesses import businesses_text
from companion.ui.i18n import Tr
from companion.ui.widgets import card, small, tappable

CELL = 40  # a building, px: two districts side by side fit a 412 px phone (44 did not)
# On the Play screen the map shares the first screen with the question: three districts side by
# side (11 buildings across) fit a 412 px phone at 29 px, and the whole map is 2 rows of districts.
COMPACT = 29

# One colour per shop type, lighter for the size-3 types up to darker for the size-6 ones.
SHOP_COLORS = {
    "photo": "#FFCDD2",
    "tea_house": "#C8E6C9",
    "seafood": "#BBDEFB",
    "jewelry": "#FFF59D",
    "tropical_fish": "#B2EBF2",
    "florist": "#F8BBD0",
    "take_out": "#FFCC80",
    "laundry": "#D1C4E9",
    "dim_sum": "#DCEDC8",
    "antiques": "#BCAAA4",
    "factory": "#B0BEC5",
    "restaurant": "#FFAB91",
}


def abbreviation(tr: Tr, shop: str) -> str:
    """The shop's short name in the reader's language, three letters at most (fits a 29 px cell):
    chosen by hand, as a table would say it ("TEA", "DIM"), where the first letters of the name
    made "TEH" and "DIS"."""
    return tr(f"chinatown.short.{shop}")


def business_of(businesses: list[Business[Any]]) -> dict[int, Business[Any]]:
    return {b: bus for bus in businesses for b in bus.buildings}


def map_view(
    tr: Tr,
    owner: dict[int, Any],
    shop: dict[int, str],
    colour: Callable[[Any], str],
    on_tap: Callable[[int], None],
    *,
    key_prefix: str,
    highlight: set[int] | None = None,
    name: Callable[[Any], str] = str,
    target: Target | None = None,
    cell: int = CELL,
) -> ft.Control:
    """The six districts; ``colour(owner)`` gives an owner's swatch and ``name(owner)`` the name
    in each building's tooltip; ``highlight`` marks targets (ring, fill and a plus, and
    ``target``'s shop colour and words: more than an outline colour)."""
    where = business_of(find_businesses(owner, shop))
    look = Look(tr, owner, shop, where, colour, name, on_tap, key_prefix, highlight or set(), target, cell)
    compact = cell < CELL
    districts: list[ft.Control] = []
    for d in BOARD.districts:
        rows = []
        for row in d.rows:
            cells = [_cell(look, n) if n is not None else ft.Container(width=cell, height=cell) for n in row]
            rows.append(ft.Row(cells, spacing=1 if compact else 2, tight=True))  # districts side by side
        label = ft.Text(tr("chinatown.district", n=d.id), size=10 if compact else 13)
        districts.append(
            ft.Container(
                ft.Column([label, *rows], spacing=1 if compact else 2, tight=True),
                key=f"{key_prefix}-district-{d.id}",
                padding=1 if compact else 4,
            )
        )
    gap = 4 if compact else 6
    return ft.Row(districts, wrap=True, spacing=gap, run_spacing=gap, key=f"{key_prefix}-map")


@dataclass(frozen=True)
class Target:
    """What a tap on a highlighted building does: the shop tile that goes there, its words."""

    shop: str
    hint: str


@dataclass(frozen=True)
class Look:
    """How the map draws its buildings (one value, so a cell is drawn from a single argument)."""

    tr: Tr
    owner: dict[int, Any]
    shop: dict[int, str]
    where: dict[int, Business[Any]]
    colour: Callable[[Any], str]
    name: Callable[[Any], str]
    on_tap: Callable[[int], None]
    key_prefix: str
    highlight: set[int]
    target: Target | None
    cell: int


def _cell(look: Look, n: int) -> ft.Control:
    tr, shop, cell = look.tr, look.shop, look.cell
    tiny = cell < CELL
    kind = shop.get(n)
    business = look.where.get(n)
    complete = business is not None and business.complete
    aimed = n in look.highlight  # a target: filled with the tile that would go there and a plus
    dark = ft.Colors.BLACK if kind or aimed else None  # on a light fill
    label: list[ft.Control] = [
        ft.Text(str(n), size=10 if tiny else 11, weight=ft.FontWeight.BOLD, color=dark)
    ]
    if aimed:
        label.append(ft.Icon(ft.Icons.ADD, size=10 if tiny else 12, color=ft.Colors.BLACK))
    elif kind:
        short: ft.Control = ft.Text(abbreviation(tr, kind), size=8 if tiny else 10, color=ft.Colors.BLACK)
        if complete:  # an icon, not "★": the offline web font has no star glyph
            star = ft.Icon(ft.Icons.STAR, size=8 if tiny else 9, color=ft.Colors.BLACK)
            short = ft.Row([short, star], spacing=0, tight=True)
        label.append(short)
    owned = n in look.owner
    tip = building_text(tr, n, look.owner, shop, look.where, look.name)
    fill = SHOP_COLORS.get(kind or "")
    if aimed:
        fill = SHOP_COLORS.get(look.target.shop) if look.target else ft.Colors.PRIMARY_CONTAINER
        tip = f"{tip} · {look.target.hint}" if look.target else tip
    border_colour = (
        ft.Colors.PRIMARY if aimed else look.colour(look.owner[n]) if owned else ft.Colors.OUTLINE_VARIANT
    )
    box = ft.Container(
        ft.Column(label, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        key=f"{look.key_prefix}-b-{n}",
        width=cell,
        height=cell,
        alignment=ft.Alignment.CENTER,
        bgcolor=fill,
        border=ft.Border.all(3 if aimed or owned else 1, border_colour),
        border_radius=6 if complete else 2,
        tooltip=tip,
        on_click=lambda _, b=n: look.on_tap(b),
    )
    return tappable(box, tip)  # "Building 12 (district 2) · Ana's · ..., button"


def building_text(
    tr: Tr,
    n: int,
    owner: dict[int, Any],
    shop: dict[int, str],
    where: dict[int, Business[Any]],
    name: Callable[[Any], str],
) -> str:
    """One line about a building: its district, owner, shop and business."""
    parts = [tr("chinatown.building", n=n, district=BOARD.buildings[n].district)]
    parts.append(tr("chinatown.owner", name=name(owner[n])) if n in owner else tr("chinatown.unowned"))
    if n in shop:
        parts.append(tr.msg(shop_name(shop[n])))
    bus = where.get(n)
    if bus is not None:
        parts.append(tr.msg(business_msg(bus.shop, bus.buildings, bus.size, bus.complete, bus.income)))
    return " · ".join(parts)


def income_card(
    tr: Tr,
    owner: dict[int, Any],
    shop: dict[int, str],
    names: list[tuple[Any, str]],
    *,
    key: str,
    title: str,
) -> ft.Control:
    """Each player's income from the board as it stands, and their businesses in one paragraph
    (``businesses_text``)."""
    found = find_businesses(owner, shop)
    totals = income_by_owner(found)
    lines: list[ft.Control] = [small(title)]
    for who, name in names:
        lines.append(
            ft.Text(
                tr("chinatown.income_line", name=name, amount=totals.get(who, 0)),
                weight=ft.FontWeight.BOLD,
                key=f"{key}-{who}",
            )
        )
        mine = [b for b in found if b.owner == who]
        if mine:
            lines.append(ft.Text(businesses_text(tr, mine), size=12, key=f"{key}-{who}-businesses"))
    return card(*lines, key=key)
