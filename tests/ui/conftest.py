import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # flet_harness and ui_testkit live beside this file

import pytest
from toy_game import GAME
from ui_testkit import TOY_UI

from companion.games import register
from companion.ui.gameui import register_ui


@pytest.fixture(autouse=True, scope="session")
def _toy_registered():
    register(GAME)
    register_ui(TOY_UI)
