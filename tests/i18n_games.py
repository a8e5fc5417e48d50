"""Every text random complete games show: prompts, choice labels, effects, banners, history
lines and score lines of Dragon (both expansions), Chinatown and Da Yu, as Msgs to render.

Shared by the pseudo-locale test and the English/Spanish wording tests, so both read the same
games (fixed seeds).
"""

from __future__ import annotations

import random
from functools import cache

from random_play import play_to_end

from companion.core import Msg, Table

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]
GAMES = [
    ("dragon", 3, {"great_wall": True, "super_events": True, "large_privilege_cost": 6}, 1),
    ("dragon", 5, {"great_wall": True, "super_events": True, "large_privilege_cost": 7}, 2),
    ("dragon", 2, {"great_wall": True, "super_events": True}, 3),
    ("chinatown", 3, {}, 4),
    ("chinatown", 5, {}, 5),
    ("dayu", 2, {}, 6),
    ("dayu", 4, {}, 7),
]


def play_collecting(table: Table, rng: random.Random) -> list[Msg]:
    """Play to the end with random legal entries; every Msg shown on the way."""
    seen: list[Msg] = []

    def shown(t: Table) -> None:
        seen.append(t.banner)
        if (p := t.prompt) is not None:
            seen.append(p.msg)
            seen.extend(t.game.describe(t.state, c) for c in (p.choices or []))

    shown(table)
    play_to_end(table, rng, shown)
    for i, entry, effects in table.history:
        seen.append(table.game.describe(table.state_at(i), entry))
        seen.append(table.game.narrate(table.state_at(i), entry))  # History's header, "Last:"
        seen += [fx.msg for fx in effects]
    board = table.scoreboard
    seen += [line.label for row in board.rows for line in row.breakdown]
    if board.tie_break is not None:
        seen.append(board.tie_break)
    return seen


@cache
def game_messages() -> tuple[tuple[str, Msg], ...]:
    """(game, Msg) pairs of every game above, each distinct Msg once."""
    out: dict[str, tuple[str, Msg]] = {}
    for game, n, options, seed in GAMES:
        table = Table.new(game, NAMES[:n], options)
        for m in play_collecting(table, random.Random(seed)):
            out.setdefault(repr(m), (game, m))
    return tuple(out.values())
