"""Da Yu's public module: everything its screens (companion/ui/games/dayu) may import.

The screens render the prompt, the scoreboard and the history, and read the ring, the piles and
the words from here; they hold no rules. An import contract (.importlinter,
"screens-import-public-modules") keeps them to this module, so the rest of the package can be
reshaped without touching the UI.
"""

from __future__ import annotations

from companion.games.dayu import GAME
from companion.games.dayu.calc import dayu_final, final_tie, revive_msg
from companion.games.dayu.data import DATA, FRAMES, POINTS_KIND
from companion.games.dayu.entries import Move
from companion.games.dayu.hindsight import round_summaries, rounds_done
from companion.games.dayu.preview import MarkerPreview, marker_preview
from companion.games.dayu.ring import privilege_left
from companion.games.dayu.state import DayuState, Privilege
from companion.games.dayu.tally import tie_line
from companion.games.dayu.text import flood_name

__all__ = [
    "DATA",
    "FRAMES",
    "GAME",
    "POINTS_KIND",
    "DayuState",
    "MarkerPreview",
    "Move",
    "Privilege",
    "dayu_final",
    "final_tie",
    "flood_name",
    "marker_preview",
    "privilege_left",
    "revive_msg",
    "round_summaries",
    "rounds_done",
    "tie_line",
]
