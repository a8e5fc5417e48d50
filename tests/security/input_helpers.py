"""Helpers of the bad-input and store tests: valid seeds, hostile JSON, the CLI run in-process.

Random legal play comes from the share tests' helpers (tests/share/snapshot_helpers.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parents[1]
for folder in (TESTS / "share", TESTS / "ui"):  # snapshot_helpers; the UI harness
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from snapshot_helpers import play  # noqa: E402

from companion.core import Table  # noqa: E402

GAMES = ("dragon", "chinatown", "dayu")
PLAYERS = ["Ana", "Ben", "Carla"]

# One hostile value of each kind the limits exist for.
DEEP_LIST = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 1_500 + "1" + "}" * 1_500  # 9,000 characters of nested objects
HUGE_NUMBER = "9" * 5_000
HUGE_STRING = "x" * 5_000_000


def short_table(game: str, seed: int = 0, entries: int = 20, undo: int = 3) -> Table:
    """A table of ``game`` after a few random legal entries, the last ``undo`` of them undone."""
    table = Table.new(game, PLAYERS)
    play(table, random.Random(seed), limit=entries)
    table.undo(undo)
    return table


def seed_files() -> list[str]:
    """Valid table files of each game (with a redo stack): what the mutations start from."""
    return [short_table(game, seed).to_json() for game in GAMES for seed in range(2)]


CALC_SEEDS: dict[str, dict[str, Any]] = {
    "dragon-final": {
        "players": [
            {"name": "Ana", "vp": 41, "track": 9, "palaces": [{"floors": 2, "persons": []}], "yuan": 4},
            {"name": "Ben", "vp": 30, "track": 3, "rice": 1, "fireworks": 2},
        ]
    },
    "chinatown-income": {
        "buildings": {
            "16": {"owner": "Ana", "shop": "tea_house"},
            "17": {"owner": "Ana", "shop": "tea_house"},
            "20": {"owner": "Ben"},
        }
    },
    "chinatown-final": {
        "players": [
            {"name": "Ana", "money": 760000, "shops": 7},
            {"name": "Ben", "money": 760000, "shops": 9},
            {"name": "Carla", "money": 50000, "shops": 0},
        ]
    },
    "dayu-final": {
        "players": [
            {
                "name": "Ana",
                "vp_cards": [{"frame": "red", "vp": 3}],
                "flood_cards": ["free_move", {"points": 2}],
            },
            {"name": "Ben", "vp_cards": [], "flood_cards": []},
        ]
    },
}


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``companion <argv>`` in this process with ``stdin``: (exit status, stdout, stderr)."""
    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def with_field(file_text: str, field: str, raw_value: str) -> str:
    """A table file whose top-level ``field`` is replaced by ``raw_value`` (raw JSON text)."""
    data = json.loads(file_text)
    data[field] = "__SLOT__"
    return json.dumps(data).replace('"__SLOT__"', raw_value)
