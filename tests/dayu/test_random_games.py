"""Da Yu's random play beyond the conformance suite (tests/conformance): compact codes, no mutation."""

from __future__ import annotations

import random

from dayu_helpers import dump, play_random

from companion.core import Table
from companion.core.codes import entry_code, entry_from_code
from companion.games.dayu import GAME

SEEDS = range(3)


def test_compact_codes_replay_a_game() -> None:
    """Every prompt has a finite choice list, so the core's choice index encodes every entry."""
    table = Table.new("dayu", ["Ana", "Ben"])
    play_random(table, random.Random(7))
    replay = Table.new("dayu", ["Ana", "Ben"])
    for entry in table.entries:
        value, radix = entry_code(GAME, replay.state, entry)
        assert 0 <= value < radix
        assert entry_from_code(GAME, replay.state, value) == entry
        replay.submit(entry)
    assert dump(replay.state) == dump(table.state)


def test_check_and_apply_never_change_their_input() -> None:
    table = Table.new("dayu", ["Ana", "Ben", "Cy"])
    rng = random.Random(3)
    for _ in range(300):
        prompt = table.prompt
        if prompt is None:
            break
        before = dump(table.state)
        for choice in prompt.choices:
            table.check(choice)
        assert dump(table.state) == before
        table.submit(rng.choice(prompt.choices))
