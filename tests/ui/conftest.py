import asyncio
import shutil
import sys
from collections.abc import Callable
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


@pytest.fixture(scope="session")
def year_played(tmp_path_factory) -> Callable[[Path, str], Path]:
    """``year_played(tmp_path, lang)``: ``tmp_path`` made a data folder whose Chinatown table has
    had its first year entered by taps on a host's screen in ``lang``, up to the trading (a copy:
    each test its own store). The year is played once per language and test worker: each trade
    offer and trade form test played it again, most of those files' CPU."""
    from test_chinatown_ui import year_into

    folders = {lang: tmp_path_factory.mktemp(f"year-{lang}") for lang in ("en", "es")}
    for lang, folder in folders.items():  # here, outside the test's event loop
        asyncio.run(year_into(folder, lang))

    def played(tmp_path: Path, lang: str) -> Path:
        shutil.copytree(folders[lang], tmp_path, dirs_exist_ok=True)
        return tmp_path

    return played
