"""Chinatown's public module: everything its screens (companion/ui/games/chinatown) may import.

The screens render the prompt, the player view, the scoreboard and the history, and read the
board and the words from here; they hold no rules. An import contract (.importlinter,
"screens-import-public-modules") keeps them to this module, so the rest of the package can be
reshaped without touching the UI.
"""

from __future__ import annotations

from companion.games.chinatown import GAME
from companion.games.chinatown.calc import (
    BOX_TILES,
    MAX_MONEY,
    chinatown_final,
    chinatown_income,
    final_msgs,
    final_tie,
)
from companion.games.chinatown.data import BOARD, BUILDINGS, DATA
from companion.games.chinatown.entries import DrawTiles, Give, KeepBuildings, PlaceTile, Trade, TradingDone
from companion.games.chinatown.hindsight import round_summaries, rounds_done
from companion.games.chinatown.income import Business, find_businesses, income_by_owner
from companion.games.chinatown.preview import BuildingPreview, TradePreview, building_preview, trade_preview
from companion.games.chinatown.ranking import tie_line
from companion.games.chinatown.rules import dealing, give_parts
from companion.games.chinatown.state import ChinatownState
from companion.games.chinatown.text import (
    business_msg,
    business_of,
    business_short,
    shop_name,
    tile_count,
    tiles_text,
)
from companion.games.chinatown.view import SeenState

__all__ = [
    "BOARD",
    "BOX_TILES",
    "BUILDINGS",
    "DATA",
    "GAME",
    "MAX_MONEY",
    "BuildingPreview",
    "Business",
    "ChinatownState",
    "DrawTiles",
    "Give",
    "KeepBuildings",
    "PlaceTile",
    "SeenState",
    "Trade",
    "TradePreview",
    "TradingDone",
    "building_preview",
    "business_msg",
    "business_of",
    "business_short",
    "chinatown_final",
    "chinatown_income",
    "dealing",
    "final_msgs",
    "final_tie",
    "find_businesses",
    "give_parts",
    "income_by_owner",
    "round_summaries",
    "rounds_done",
    "shop_name",
    "tie_line",
    "tile_count",
    "tiles_text",
    "trade_preview",
]
