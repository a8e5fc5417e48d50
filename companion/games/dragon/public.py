"""Dragon's public module: everything its screens (companion/ui/games/dragon) may import.

The screens draw the event row, the action groups, the players' realms, the Great Wall and the
super event, the coming events and the round summaries, and the quick-score form; they read
the models, the rules data and the words from here and hold no rules: the groups' sizes and
the deck come from ``deal_sizes`` and ``deal_deck``, the event row's tiles from ``row_deal``,
whether the super event is over from ``super_event_resolved``, what a tile does from
``tile_power_msg``, the final scoring from ``dragon_final``, which answers are interchangeable
from ``distinct``, which score lines and effects are the final scoring's from ``final_rule``.
An import contract (.importlinter, "screens-import-public-modules") keeps them to this module,
so the rest of the package can be reshaped without touching the UI.
"""

from __future__ import annotations

from companion.games.dragon import GAME
from companion.games.dragon.calc import dragon_final, final_tie, line_msg, stack_msg
from companion.games.dragon.choices import deal_deck, deal_sizes, row_deal
from companion.games.dragon.data import RULES
from companion.games.dragon.final import final_rule, track_tie
from companion.games.dragon.forecast import EventForecast, SeatForecast, coming_events
from companion.games.dragon.hindsight import round_summaries, rounds_done
from companion.games.dragon.options import DragonOptions
from companion.games.dragon.same import distinct, palace_key
from companion.games.dragon.state import DragonState
from companion.games.dragon.superevents import super_event_resolved, super_msg
from companion.games.dragon.text import (
    action_msg,
    card_msg,
    cards_text,
    event_msg,
    sizes_text,
    tile_msg,
    tile_power_msg,
)
from companion.games.dragon.wall import bonus_msg, bonus_tile_msg

__all__ = [
    "GAME",
    "RULES",
    "DragonOptions",
    "DragonState",
    "EventForecast",
    "SeatForecast",
    "action_msg",
    "bonus_msg",
    "bonus_tile_msg",
    "card_msg",
    "cards_text",
    "coming_events",
    "deal_deck",
    "deal_sizes",
    "distinct",
    "dragon_final",
    "event_msg",
    "final_rule",
    "final_tie",
    "line_msg",
    "palace_key",
    "round_summaries",
    "rounds_done",
    "row_deal",
    "sizes_text",
    "stack_msg",
    "super_event_resolved",
    "super_msg",
    "tile_msg",
    "tile_power_msg",
    "track_tie",
]
