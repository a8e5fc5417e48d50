"""A tab reloaded while its session is still starting (issue 25's blank Players screen).

The browser test that opened Home and at once went to ``/players`` now and then saw an empty
screen: the reloaded tab rejoined the same Flet session (flet_web keeps a tab's session id), and
that session was still waiting for the old tab to answer its settings' questions, which it never
would. The session must ask the tab that came back and draw the screen it now shows.
"""

from __future__ import annotations

import asyncio

from flet_harness import FakeClient, Harness
from ui_testkit import new_hub

from companion.ui.app import make_main


class GoneTab(FakeClient):
    """A tab reloaded before it answered anything: what it was asked is lost with it."""

    def send_message(self, message) -> None:
        self.messages.append(message)


async def rejoin(h: Harness, route: str, prefs: dict) -> FakeClient:
    """What flet_web does when a reloaded tab registers with its old session id: the page's new
    address, the new connection, the page's ``connect`` event and a route change."""
    await h.session.disconnect(60)
    tab = FakeClient(prefs)
    tab.session = h.session
    h.session.apply_page_patch({"route": route})
    h.session.attach_connection(tab)
    await h.session.dispatch_connect_event()
    await h.page._trigger_event("route_change", {"route": route})
    return tab


async def within_turns(task: asyncio.Task, turns: int) -> None:
    """Let the event loop run up to ``turns`` times or until ``task`` is done."""
    for _ in range(turns):
        if task.done():
            return
        await asyncio.sleep(0)


async def test_a_tab_reloaded_while_starting_gets_its_screen(tmp_path):
    hub = new_hub(tmp_path)
    hub.store.create_player("Ana", "green")
    h = Harness()
    gone = GoneTab()
    gone.session = h.session
    h.session.attach_connection(gone)
    first = asyncio.create_task(h.start(make_main(hub), route="/"))
    await h.flush()
    assert not first.done(), "the session waits for the tab's stored settings"
    tab = await rejoin(h, "/players", {"table_companion.lang": "es"})
    await within_turns(first, 500)  # the loop's turns, not time: a started session needs a few dozen
    assert first.done(), "the session never drew a screen for the tab that came back"
    first.result()
    assert h.has("player-list") and "Ana" in h.all_text()
    assert h.session.page.route == "/players"
    assert any(name == "get" for name, _ in tab.calls), "the settings were asked of the new tab"
    assert "Jugadores" in h.all_text(), "the new tab's stored language is the one used"
    h.close()


async def test_a_hosted_tab_reloaded_while_its_space_key_is_read_gets_its_space(tmp_path):
    """Hosted mode reads the device's space key before its first screen (ui/hosted.py ``place``):
    a tab reloaded then is asked again, gets its own space (no second one), and sees its tables."""
    from companion.core import Table
    from companion.share.attempts import AttemptLimits, Attempts
    from companion.store.spaces import SpaceLimits, Spaces
    from companion.ui import peer
    from companion.ui.hosted import SPACE_PREF, Hosted

    hosted = Hosted(Spaces(tmp_path / "data", limits=SpaceLimits()), attempts=Attempts(AttemptLimits()))
    key = hosted.spaces.create()
    hosted.hub(key.space_id).create(Table.new("toy", ["Quillon", "Zephyrine"]))
    h = Harness()
    gone = GoneTab()
    gone.session = h.session
    peer.record(gone, "203.0.113.10")
    h.session.attach_connection(gone)
    first = asyncio.create_task(h.start(make_main(hosted=hosted), route="/"))
    await h.flush()
    assert not first.done(), "the start waits for the device's space key"
    tab = await rejoin(h, "/", {SPACE_PREF: key.text()})
    await within_turns(first, 500)
    assert first.done(), "the hosted start never drew a screen for the tab that came back"
    first.result()
    assert "Quillon" in h.all_text(), "the device's own space, with its table"
    assert any(name == "get" for name, _ in tab.calls), "the key was asked of the new tab"
    assert len(hosted.spaces.listed()) == 1, "no second space was made"
    h.close()
