"""The served app's cold start (companion/ui/warmup.py): the first screen needs only what the
warm-up loads before it, and the other screens' modules wait until after it.

The sessions run in a fresh interpreter: this test process has long imported everything.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.ui import warmup

HERE = Path(__file__).parent

# The server's start (``prepare``, then the warm-up when asked), then a first session on an
# empty store drawn by the headless client; prints the modules that session loaded.
FIRST_SESSION = """
import asyncio, json, sys, tempfile
sys.path.insert(0, {here!r})
from flet_harness import Harness
from companion.ui.server import prepare
from companion.ui.app import make_main
from companion.ui.hub import hub_for
from companion.ui import warmup
sock, folder = prepare("127.0.0.1", 0, data_dir=tempfile.mkdtemp())  # any free port
sock.close()
if {warm}:
    warmup.first_screen()
main = make_main(hub_for(folder))
before = set(sys.modules)
async def first():
    h = Harness()
    await h.start(main)
    assert h.has("new-table"), h.all_text()
asyncio.run(first())
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def first_session_loads(warm: bool) -> list[str]:
    code = FIRST_SESSION.format(here=str(HERE), warm=warm)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return [m for m in json.loads(done.stdout) if m.split(".")[0] in ("companion", "flet")]


def test_after_the_warm_up_the_first_screen_loads_no_module():
    # what Home draws is loaded while the browser starts Flutter, not while it waits for Home
    assert first_session_loads(warm=True) == []


def test_the_first_screen_loads_home_only():
    loaded = first_session_loads(warm=False)
    assert "companion.ui.views.home" in loaded  # the check above would pass with no session at all
    views = sorted(m for m in loaded if m.startswith("companion.ui.views."))
    assert views == [
        "companion.ui.views.home",
        "companion.ui.views.home_card",
        "companion.ui.views.players",
        "companion.ui.views.space_hint",  # a hosted space's reminder: widgets only, no QR code
    ]
    assert not [m for m in loaded if m.startswith("companion.games.")]  # games' rules data come later
    assert "flet.controls.theme" not in loaded  # 75 ms of dataclasses for one seed colour (palette.py)
    assert "companion.core.rulebook" not in loaded  # the rule texts' models: when a rule is shown


def test_the_rest_loads_once_after_the_first_screen(monkeypatch):
    ran = threading.Event()
    calls: list[str] = []

    def rest() -> None:
        calls.append(threading.current_thread().name)
        ran.set()

    monkeypatch.setattr(warmup, "the_rest", rest)
    monkeypatch.setattr(warmup, "REST_DELAY", 0.0)
    warm = warmup.WarmUp()
    warm.first_screen_drawn()
    warm.first_screen_drawn()  # a second session, or the Share screen's listener
    assert ran.wait(5)
    time.sleep(0.2)  # time for a second load, had one been started
    assert calls == ["warm-up-rest"]


def test_the_rest_loads_every_screen_and_game():
    code = (
        "import sys\n"
        "from companion.ui import warmup\n"
        "from companion.ui.routes import VIEW_MODULES\n"
        "warmup.the_rest()\n"
        "missing = [m for m in VIEW_MODULES if f'companion.ui.views.{m}' not in sys.modules]\n"
        "games = [g for g in ('dragon', 'chinatown', 'dayu') if f'companion.games.{g}' not in sys.modules]\n"
        "sys.exit(str(missing + games) if missing or games else 0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert done.returncode == 0, done.stderr
