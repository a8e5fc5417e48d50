"""The pieces of the boxes as the app draws them: one colour and one simple symbol for each person
type, event, resource, shop, phase and flood card, defined here once (no scanned art).

A look is data: the screens draw it with ``glyph``: a coloured rounded tile with the symbol
on it, readable on a light and a dark screen alike. The ids are the rules data's (rules_data/<game>/);
a test checks that every id of the data has its look (tests/ui/test_glance_strip.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import flet as ft

WHITE, DARK = "#FFFFFF", "#212121"


@dataclass(frozen=True)
class Look:
    color: str  # the tile's colour
    icon: Any  # the symbol on it (a Material icon: drawn by the app, no picture files)
    ink: str = WHITE  # the symbol's colour, readable on ``color``


# In the Year of the Dragon: the nine person types, by the symbol their tiles show
PERSONS: dict[str, Look] = {
    "craftsman": Look("#6D4C41", ft.Icons.HANDYMAN),  # hammer
    "court_lady": Look("#AD1457", ft.Icons.FACE_3),  # dragon fan
    "tax_collector": Look("#F9A825", ft.Icons.MONETIZATION_ON, DARK),  # coin
    "pyrotechnist": Look("#C62828", ft.Icons.ROCKET_LAUNCH),  # rocket
    "warrior": Look("#455A64", ft.Icons.SHIELD),  # helmet
    "monk": Look("#EF6C00", ft.Icons.SELF_IMPROVEMENT),  # buddha
    "healer": Look("#00897B", ft.Icons.LOCAL_PHARMACY),  # mortar
    "farmer": Look("#558B2F", ft.Icons.GRASS),  # rice
    "scholar": Look("#3949AB", ft.Icons.MENU_BOOK),  # book
}

# the month events, then month 7's super events (the expansion)
EVENTS: dict[str, Look] = {
    "peace": Look("#2E7D32", ft.Icons.SPA),
    "tribute": Look("#FFB300", ft.Icons.PAYMENTS, DARK),
    "drought": Look("#E65100", ft.Icons.WB_SUNNY),
    "festival": Look("#D81B60", ft.Icons.CELEBRATION),
    "mongol": Look("#4E342E", ft.Icons.GPP_BAD),
    "contagion": Look("#6A1B9A", ft.Icons.CORONAVIRUS),
    "lantern": Look("#F57F17", ft.Icons.LIGHT),
    "buddha": Look("#EF6C00", ft.Icons.SELF_IMPROVEMENT),
    "earthquake": Look("#5D4037", ft.Icons.LANDSLIDE),
    "flood": Look("#1565C0", ft.Icons.WATER),
    "eclipse": Look("#263238", ft.Icons.DARK_MODE),
    "volcano": Look("#BF360C", ft.Icons.VOLCANO),
    "tornado": Look("#546E7A", ft.Icons.TORNADO),
    "sunrise": Look("#FF8F00", ft.Icons.WB_TWILIGHT, DARK),
    "assassination": Look("#212121", ft.Icons.DANGEROUS),
    "charter": Look("#1B5E20", ft.Icons.HISTORY_EDU),
}

# what a Dragon seat holds, as the counters of the strip show it (helmets and mortars are the
# warriors' and healers' symbols: the same look as the person type)
DRAGON_COUNTERS: dict[str, Look] = {
    "yuan": Look("#F9A825", ft.Icons.PAYMENTS, DARK),
    "rice": Look("#558B2F", ft.Icons.RICE_BOWL),
    "fireworks": Look("#C62828", ft.Icons.CELEBRATION),
    "helmets": PERSONS["warrior"],
    "mortars": PERSONS["healer"],
    "privileges": Look("#6A1B9A", ft.Icons.WORKSPACE_PREMIUM),
    "persons": Look("#37474F", ft.Icons.GROUPS),
    "palaces": Look("#8D6E63", ft.Icons.FORT),
}

# Chinatown: the twelve shop types, the phases of a year, what a seat holds
SHOPS: dict[str, Look] = {
    "photo": Look("#546E7A", ft.Icons.PHOTO_CAMERA),
    "tea_house": Look("#2E7D32", ft.Icons.EMOJI_FOOD_BEVERAGE),
    "seafood": Look("#0277BD", ft.Icons.SET_MEAL),
    "jewelry": Look("#AD1457", ft.Icons.DIAMOND),
    "tropical_fish": Look("#00838F", ft.Icons.SAILING),
    "florist": Look("#C2185B", ft.Icons.LOCAL_FLORIST),
    "take_out": Look("#EF6C00", ft.Icons.TAKEOUT_DINING),
    "laundry": Look("#3949AB", ft.Icons.LOCAL_LAUNDRY_SERVICE),
    "dim_sum": Look("#F9A825", ft.Icons.RAMEN_DINING, DARK),
    "antiques": Look("#6D4C41", ft.Icons.CHAIR),
    "factory": Look("#424242", ft.Icons.FACTORY),
    "restaurant": Look("#C62828", ft.Icons.RESTAURANT),
}
CHINATOWN_PHASES: dict[str, Look] = {
    "first": Look("#455A64", ft.Icons.FLAG),
    "buildings": Look("#5D4037", ft.Icons.APARTMENT),
    "tiles": Look("#00695C", ft.Icons.GRID_VIEW),
    "trade": Look("#1565C0", ft.Icons.HANDSHAKE),
    "place": Look("#6A1B9A", ft.Icons.ADD_BUSINESS),
}
CHINATOWN_COUNTERS: dict[str, Look] = {
    "buildings": CHINATOWN_PHASES["buildings"],
    "placed": Look("#6A1B9A", ft.Icons.STOREFRONT),
    "hand": CHINATOWN_PHASES["tiles"],
}

# Da Yu: the flood cards by what they bring, the water on the ring, what a seat holds
FLOOD: dict[str, Look] = {
    "red_bonus": Look("#D32F2F", ft.Icons.ADD_BOX),
    "green_bonus": Look("#388E3C", ft.Icons.ADD_BOX),
    "silver_bonus": Look("#9E9E9E", ft.Icons.ADD_BOX, DARK),
    "free_move": Look("#1E88E5", ft.Icons.DIRECTIONS_WALK),
    "free_flip": Look("#8E24AA", ft.Icons.FLIP),
    "exchange": Look("#F4511E", ft.Icons.SWAP_HORIZ),
    "free_tool": Look("#6D4C41", ft.Icons.CONSTRUCTION),
    "points": Look("#FBC02D", ft.Icons.STARS, DARK),
}
WATER = Look("#1565C0", ft.Icons.WATER_DROP)  # a place's tokens still to drain
DAYU_COUNTERS: dict[str, Look] = {
    "marker": Look("#1565C0", ft.Icons.PLACE),  # the place of the ring a seat's marker stands on
    "hand": Look("#9E9E9E", ft.Icons.STYLE, DARK),  # tool cards in hand
    "vp": Look("#FBC02D", ft.Icons.STARS, DARK),  # VP cards played
}


def glyph(look: Look, size: int = 28, key: str | None = None) -> ft.Control:
    """The piece itself: its colour as a rounded tile, its symbol on it."""
    return ft.Container(
        ft.Icon(look.icon, size=size * 0.64, color=look.ink),
        width=size,
        height=size,
        bgcolor=look.color,
        border_radius=size // 4,
        alignment=ft.Alignment.CENTER,
        key=key,
    )
