"""One conformance suite over every registered game: random complete games through the Table.

Generic checks after every entry (the version moves by one, no input state is changed, an entry
from the wrong seat is refused with a rule id and nothing changes, every effect cites a rule)
and at the end (a final scoreboard ranking every player, breakdowns that add up, the game over
refused, export/import, the store's trusted replay and undo/redo all giving the same state, and
every seat's and the public's view showing everything).
Each game's own invariants are its hooks (tests/conformance_hooks.py).
"""

from __future__ import annotations

import pytest
from conformance_hooks import HOOKS
from conformance_run import half, run_chunk

from companion.core import registry


def test_every_registered_game_has_hooks() -> None:
    missing = set(registry.installed()) - set(HOOKS)
    assert not missing, f"no conformance hooks for {sorted(missing)}"


@pytest.mark.parametrize(("game_id", "chunk"), half(0))
def test_random_complete_games_conform(game_id: str, chunk: int) -> None:
    """The first half of the cases; test_conformance_second_half.py runs the rest."""
    run_chunk(game_id, chunk)
