"""The served app's send path (ui/guard.py, ``GuardedFletApp.send_message``): the same frames as
Flet's own ``FletApp.send_message``, without Flet's debug line formatted for every message."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

import pytest
from flet.messaging.protocol import Message
from flet_web.fastapi.flet_app import FletApp
from ui_testkit import new_hub, started

from companion.core import Table
from companion.ui.guard import GuardedFletApp


async def _main(page):  # never run: the apps here only send
    pass


def queued(app: FletApp) -> asyncio.Queue:
    app._FletApp__send_queue = asyncio.Queue()  # what FletApp.handle makes on a socket's accept
    return app._FletApp__send_queue


def drained(queue: asyncio.Queue) -> list[bytes]:
    return [queue.get_nowait() for _ in range(queue.qsize())]


async def dragon_messages(tmp_path) -> list[Message]:
    """The messages of a Dragon table's first screen and of a few taps on it."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"], {"great_wall": True}))
    h = await started(hub, route=f"/table/{table.id}")
    for _ in range(3):
        await h.click("auto" if h.has("auto") else "choice-0")
    messages = list(h.conn.messages)
    h.close()
    return messages


async def test_the_frames_are_flets_byte_for_byte(tmp_path):
    messages = await dragon_messages(tmp_path)
    assert len(messages) > 3
    with ThreadPoolExecutor(1) as pool:
        loop = asyncio.get_running_loop()
        ours, flets = GuardedFletApp(loop, pool, _main, None), FletApp(loop, pool, _main, None)
        mine, theirs = queued(ours), queued(flets)
        for message in messages:
            ours.send_message(message)
            FletApp.send_message(flets, message)
    assert drained(mine) == drained(theirs)


async def test_no_message_is_formatted_unless_the_transport_log_wants_it(tmp_path, monkeypatch, caplog):
    """Flet 1.0.5 formats every message it sends for its debug log, read or not (0.75 ms of a
    late Dragon tap). Here a message that cannot be formatted is sent all the same."""
    messages = await dragon_messages(tmp_path)

    def unformattable(self):
        raise AssertionError("a message was formatted for a log nobody reads")

    monkeypatch.setattr(Message, "__repr__", unformattable)
    with ThreadPoolExecutor(1) as pool:
        app = GuardedFletApp(asyncio.get_running_loop(), pool, _main, None)
        queue = queued(app)
        for message in messages:
            app.send_message(message)
        assert len(drained(queue)) == len(messages)
        # with the transport log on, Flet's own method runs and logs each message
        monkeypatch.undo()
        with caplog.at_level(logging.DEBUG, logger="flet_transport"):
            app.send_message(messages[-1])
        assert [r.getMessage().startswith("send_message: ") for r in caplog.records] == [True]
        assert len(drained(queue)) == 1


async def test_a_message_after_the_socket_closed_fails_as_flets_does():
    """Flet sets its queue to None when the socket closes; its own method then raises, and so
    does this one (the caller's handling stays Flet's)."""
    with ThreadPoolExecutor(1) as pool:
        loop = asyncio.get_running_loop()
        ours, flets = GuardedFletApp(loop, pool, _main, None), FletApp(loop, pool, _main, None)
        for app in (ours, flets):
            app._FletApp__send_queue = None
        with pytest.raises(AttributeError):
            FletApp.send_message(flets, Message("x", {}))
        with pytest.raises(AttributeError):
            ours.send_message(Message("x", {}))
