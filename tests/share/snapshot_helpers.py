"""Play random games through the prompt, and compare two tables, for the snapshot tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import snapshot_toy

from companion.core import Table
from companion.games import available, get


def chinatown_free_entry(state: Any, rng: random.Random) -> dict[str, Any]:
    """The trade phase: now and then a building for money, or a gift; else "trading done"."""
    if state.phase != "trade" or rng.random() < 0.7:
        return {"kind": "trading_done"}
    giver, receiver = rng.sample(range(len(state.players)), 2)
    owned = sorted(b for b, s in state.owner.items() if s == giver)
    money = min(state.money[receiver], rng.randrange(1, 4) * 10_000) // 10_000 * 10_000
    gives = []
    if owned and rng.random() < 0.5:
        gives.append({"giver": giver, "receiver": receiver, "buildings": [rng.choice(owned)]})
    if money:
        gives.append({"giver": receiver, "receiver": giver, "money": money})
    return {"kind": "trade", "gives": gives} if gives else {"kind": "trading_done"}


# Free-form entries the app cannot make itself (no choice list, not auto): a generator per game.
FREE_FORM: dict[str, Callable[[Any, random.Random], Any]] = {
    "snaptoy": snapshot_toy.random_bid,
    "chinatown": chinatown_free_entry,
}


def play(table: Table, rng: random.Random, limit: int | None = None) -> bool:
    """Play on with random legal entries; True when the game ended, False if stopped early."""
    generate = FREE_FORM.get(table.game_id)
    done = 0
    while (p := table.prompt) is not None:
        if limit is not None and done >= limit:
            return False
        if p.auto:
            table.auto(rng)
        elif p.choices:
            table.submit(rng.choice(p.choices))
        elif generate is not None:
            table.submit(generate(table.state, rng))
        else:
            return False
        done += 1
    return True


def real_games() -> list[str]:
    """The real games whose engine is present (and importable) in the tree now."""
    found = []
    for game_id in available():
        try:
            get(game_id)
        except Exception:  # an engine still being written by another helper
            continue
        found.append(game_id)
    return found


PLAYERS = ["Ana", "Ben", "Carla", "Dong", "Eun", "Fei"]


def new_table(game_id: str, n_players: int, options: dict[str, Any] | None = None, **kwargs: Any) -> Table:
    return Table.new(game_id, PLAYERS[:n_players], options, **kwargs)


def assert_same_table(a: Table, b: Table) -> None:
    """Same log, players, options, state and scoreboard (undo stacks do not travel)."""
    da, db = a.to_dict(), b.to_dict()
    da.pop("redo")
    db.pop("redo")
    assert da == db
    assert a.state == b.state
    assert a.scoreboard == b.scoreboard
    assert (a.prompt is None) == (b.prompt is None)
