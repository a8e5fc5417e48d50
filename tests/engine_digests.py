"""What seeded random games do, step by step, as one digest a game: to check that a change made
for speed (issue 27) leaves the rules alone.

Each game is played through the Table as tests/random_play.py plays it. After every entry the
digest takes in the state (its JSON), the effects, the prompt (seat, seats, kind, kinds, auto,
rule ids, the message, every legal entry) and the scoreboard; at the end it takes in every state
of the history again (an engine that shares parts between states must never change an older
one) and the states of the same log replayed as the store replays it (trusted).

``python tests/engine_digests.py`` prints the digests as the JSON that
tests/core/engine_digests.json holds; run it on the older tree (``PYTHONPATH=<older tree>``) to
make that file again.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the helpers beside this file

from random_play import play_to_end

from companion.core import Effect, Msg, Scoreboard, Table

NAMES = ["Ana", "Ben", "Carla", "Dan", "Eva"]
DRAGON_OPTIONS = {
    "base": {},
    "wall": {"great_wall": True},
    "super": {"super_events": True},
    "both": {"great_wall": True, "super_events": True},
}
# name -> (game, players, options, seed)
GAMES: dict[str, tuple[str, int, dict[str, Any], int]] = {
    **{
        f"dragon-{combo}-{n}p": ("dragon", n, {**options, "large_privilege_cost": 6 + n % 2}, 100 + n)
        for combo, options in DRAGON_OPTIONS.items()
        for n in (2, 3, 4, 5)
    },
    **{f"dayu-{n}p": ("dayu", n, {}, 200 + n) for n in (2, 3, 4)},
    **{f"chinatown-{n}p": ("chinatown", n, {}, 300 + n) for n in (3, 5)},
}

_effects = TypeAdapter(list[Effect])
_msg = TypeAdapter(Msg)
_board = TypeAdapter(Scoreboard)


def _prompt(table: Table) -> Any:
    p = table.prompt
    if p is None:
        return None
    return [
        p.seat,
        list(p.seats),
        p.kind,
        list(p.kinds),
        p.auto,
        list(p.rule_ids),
        p.turn_rule,
        p.step_rule,
        _msg.dump_python(p.msg, mode="json"),
        None if p.choices is None else [c.model_dump(mode="json") for c in p.choices],
    ]


def digest(name: str) -> str:
    game, n, options, seed = GAMES[name]
    h = hashlib.sha256()

    def take(value: Any) -> None:
        h.update(json.dumps(value, ensure_ascii=False).encode())

    def seen(t: Table) -> None:
        last = t.last
        assert last is not None
        take(_effects.dump_python(last[2], mode="json"))
        h.update(t.state.model_dump_json().encode())
        take(_prompt(t))
        h.update(_board.dump_json(t.scoreboard))

    table = Table.new(game, NAMES[:n], options, table_id=name, created="2026-12-01T12:00:00+00:00")
    take(_prompt(table))
    play_to_end(table, random.Random(seed), seen)
    take(table.to_dict())
    for v in range(table.version + 1):  # no older state changed on the way
        h.update(table.state_at(v).model_dump_json().encode())
    stored = Table.from_dict(table.to_dict(), trusted=True)
    for v in range(stored.version + 1):
        h.update(stored.state_at(v).model_dump_json().encode())
    return f"{table.version}:{h.hexdigest()}"


def digests() -> dict[str, str]:
    return {name: digest(name) for name in GAMES}


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
