"""Player colours and sizes shared by the screens (no rules here)."""

from __future__ import annotations

import flet as ft

# Colour name (stored in the table file) -> swatch. Names are translated as ui.color.<name>.
PLAYER_COLORS: dict[str, str] = {
    "red": "#D32F2F",
    "blue": "#1976D2",
    "green": "#388E3C",
    "yellow": "#F9A825",
    "purple": "#7B1FA2",
    "orange": "#EF6C00",
}
DEFAULT_ORDER = list(PLAYER_COLORS)

TAP = 48  # minimum tap target, px
SEED = ft.Colors.RED_700


def swatch(color: str | None) -> str:
    return PLAYER_COLORS.get(color or "", ft.Colors.GREY)
