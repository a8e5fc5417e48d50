"""How Dragon's persons and action cards look on screen: each person type its own colour and a
simple symbol drawn by the app (a Material icon; no scanned art), the action cards an icon each."""

from __future__ import annotations

from typing import Any

import flet as ft

WILD = "wild"

# person type -> (colour, symbol): the symbol the type's persons show in the game (hammer, dragon,
# coin, rocket, helmet, Buddha, mortar, rice, book), the colour one a glance tells apart
PERSONS: dict[str, tuple[str, Any]] = {
    "craftsman": ("#8D6E63", ft.Icons.HANDYMAN),
    "court_lady": ("#D81B60", ft.Icons.LOCAL_FLORIST),
    "tax_collector": ("#F9A825", ft.Icons.MONETIZATION_ON),
    "pyrotechnist": ("#E53935", ft.Icons.ROCKET_LAUNCH),
    "warrior": ("#546E7A", ft.Icons.SHIELD),
    "monk": ("#EF6C00", ft.Icons.SELF_IMPROVEMENT),
    "healer": ("#00897B", ft.Icons.HEALING),
    "farmer": ("#689F38", ft.Icons.GRASS),
    "scholar": ("#3949AB", ft.Icons.MENU_BOOK),
    WILD: ("#7E57C2", ft.Icons.AUTO_AWESOME),
}

ACTIONS: dict[str, Any] = {
    "taxes": ft.Icons.PAYMENTS,
    "build": ft.Icons.ADD_HOME,
    "harvest": ft.Icons.RICE_BOWL,
    "fireworks": ft.Icons.CELEBRATION,
    "parade": ft.Icons.DIRECTIONS_WALK,
    "research": ft.Icons.SCIENCE,
    "privilege": ft.Icons.WORKSPACE_PREMIUM,
    "wall": ft.Icons.FENCE,
}


def person_look(tile_or_card: str | None) -> tuple[str, Any]:
    """The colour and symbol of a tile ("monk:old"), a card ("monk") or the wildcard."""
    kind = (tile_or_card or WILD).split(":")[0]
    return PERSONS.get(kind, PERSONS[WILD])


def badge(tile_or_card: str | None, size: int = 36) -> ft.Control:
    """The type's symbol in white on its colour: the left end of a person tile."""
    color, icon = person_look(tile_or_card)
    return ft.Container(
        ft.Icon(icon, size=size * 0.6, color=ft.Colors.WHITE),
        width=size,
        height=size,
        bgcolor=color,
        border_radius=6,
        alignment=ft.Alignment.CENTER,
    )
