"""The kit's served app is the one it started, whoever holds the port it once picked.

``served`` picked a free port, started heard_server.py on it a moment later and took any answer
there for its server's: a foreign server that took the port meanwhile (a PostgreSQL of another
test did so in CI) was driven instead, while ours exited on "Address already in use". Now the
server binds port 0 itself and says the port it got. No browser is needed to see it.
"""

from __future__ import annotations

import urllib.request

import pytest
import ui_browser_kit
from port_thief import FOREIGN, foreign_server

from companion.devserver.ports import holders

pytestmark = pytest.mark.browser


def test_served_reaches_its_own_server_though_another_holds_the_port_it_once_picked(tmp_path, monkeypatch):
    with foreign_server() as taken:
        monkeypatch.setattr(ui_browser_kit, "free_port", lambda *_: taken, raising=False)  # the old pick
        with ui_browser_kit.served(tmp_path / "data") as url:
            port = int(url.rsplit(":", 1)[1].strip("/"))
            with urllib.request.urlopen(url, timeout=30) as answer:
                body = answer.read()
            held = holders(port)
    assert len(held) == 1 and "heard_server.py" in next(iter(held.values())), held  # the kit's child
    assert port != taken and body != FOREIGN and b"flutter" in body
