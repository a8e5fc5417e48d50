import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the share helpers: snapshot_toy, snapshot_helpers

import snapshot_toy
import toy_game

from companion.games import register


@pytest.fixture(autouse=True, scope="session")
def _toys_registered():
    register(snapshot_toy.GAME)
    register(toy_game.SPEC)
