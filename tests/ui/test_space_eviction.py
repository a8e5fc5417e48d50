"""A hosted server closes the spaces gone idle (ui/space_use.py, ``Hosted.evict_idle``): the
space's hub leaves the process's hubs and its store (SQLite: its files) is closed, a space a
live session still shows is kept, and a space opened again works as before, relay included.
The clock is passed in (``now``): nothing here waits for minutes to pass."""

from __future__ import annotations

import asyncio
import gc
import os
import threading
import time
from pathlib import Path

import pytest
from flet_harness import Harness
from ui_testkit import new_table_by_taps

from companion.core import Table
from companion.store.spaces import SpaceKey, Spaces
from companion.ui import peer
from companion.ui.app import make_main
from companion.ui.hosted import SPACE_PREF, Hosted, SpaceSession, hub_key
from companion.ui.hub import (
    _HUBS,
    _HUBS_GUARD,
    TableHub,
    drop_hub,
    follow_hubs,
    hub_for_key,
    open_hubs,
    unfollow_hubs,
)
from companion.ui.space_use import SpaceUse, Sweep

LATER = 16 * 60  # seconds: past the default 15 idle minutes


def hosted_in(tmp_path: Path) -> Hosted:
    return Hosted(Spaces(tmp_path / "data"))


async def phone(hosted: Hosted, prefs: dict | None = None, route: str = "/") -> Harness:
    h = Harness(prefs={} if prefs is None else prefs)
    peer.record(h.conn, "203.0.113.10")
    await h.start(make_main(hosted=hosted), route=route)
    return h


async def closed(h: Harness, hosted: Hosted, space_id: str) -> None:
    """Close the tab's session; Flet delivers its close event as a task of the loop."""
    h.close()
    for _ in range(100):
        if hosted.use.live(space_id) == 0:
            return
        await asyncio.sleep(0)
    raise AssertionError("the session's close event never came")


def space_of(h: Harness) -> str:
    key = SpaceKey.parse(h.conn.prefs[SPACE_PREF])
    assert key is not None
    return key.space_id


def open_files_under(folder: Path) -> list[str]:
    """The files of ``folder`` this process holds open (Linux's /proc)."""
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(str(folder.resolve())):
            found.append(target)
    return found


def hub_keys() -> set[str]:
    return {hub.key for hub in open_hubs()}


async def test_an_idle_space_is_closed_and_opens_again_with_its_tables(tmp_path):
    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    space_id = space_of(a)
    await new_table_by_taps(a, "toy", names=("Ana", "Ben"))
    folder = tmp_path / "data" / "spaces" / space_id
    assert open_files_under(folder) and hub_key(space_id) in hub_keys()
    await closed(a, hosted, space_id)

    assert hosted.evict_idle(time.monotonic() + 60) == []  # used a minute ago: kept
    assert hosted.evict_idle(time.monotonic() + LATER) == [space_id]
    assert hub_key(space_id) not in hub_keys()
    assert open_files_under(folder) == []  # the SQLite file, its WAL and its shared memory

    again = await phone(hosted, prefs=a.conn.prefs)  # the device comes back
    assert space_of(again) == space_id
    [info] = hosted.hub(space_id).store.list()
    assert info.players == ["Ana", "Ben"]
    assert "Ana" in again.all_text()  # its home lists the table again
    await again.goto(f"/table/{info.id}")
    assert again.has("share")  # its host still, on the space opened afresh
    again.close()


async def test_a_space_a_live_session_shows_is_kept(tmp_path):
    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    space_id = space_of(a)
    assert hosted.evict_idle(time.monotonic() + 10 * 24 * 3600) == []  # ten days on, still shown
    assert hub_key(space_id) in hub_keys()
    await closed(a, hosted, space_id)
    assert hosted.evict_idle(time.monotonic() + LATER) == [space_id]


async def test_a_guest_on_a_link_keeps_the_other_space_open(tmp_path):
    hosted = hosted_in(tmp_path)
    owner = hosted.spaces.create()
    table = hosted.hub(owner.space_id).create(Table.new("toy", ["Ana", "Ben"]))
    from companion.ui.live import links_for

    link, *_ = links_for(hosted.hub(owner.space_id)).links(table.id, 2)
    g = await phone(hosted, route=f"/join/{owner.space_id}/{link.token}")
    assert hosted.use.live(owner.space_id) == 1
    assert owner.space_id not in hosted.evict_idle(time.monotonic() + LATER)
    await closed(g, hosted, owner.space_id)
    assert owner.space_id in hosted.evict_idle(time.monotonic() + LATER)


def test_an_entry_is_a_use_of_the_space(tmp_path):
    with pytest.raises(ValueError):
        Hosted(Spaces(tmp_path / "other"), idle_minutes=0)
    hosted = hosted_in(tmp_path)
    key = hosted.spaces.create()
    hosted.hub(key.space_id)
    start = time.monotonic()
    hosted.use.touch(key.space_id, start + LATER)  # as allow_entry does, LATER seconds on
    assert hosted.evict_idle(start + LATER + 60) == []
    assert hosted.evict_idle(start + 2 * LATER) == [key.space_id]


def test_a_space_opened_again_is_followed_by_the_relay(tmp_path):
    """A hub opened after ``follow_hubs`` (the relay's start) gets its callback: a space closed
    and opened again still tells the other workers of its changes."""
    hosted = hosted_in(tmp_path)
    key = hosted.spaces.create()
    heard: list[tuple[str, str]] = []

    def callback(hub: TableHub, table_id: str) -> None:
        heard.append((hub.key, table_id))

    follow_hubs(callback)
    try:
        first = hosted.hub(key.space_id)
        table = first.create(Table.new("toy", ["Ana", "Ben"]))
        assert hosted.evict_idle(time.monotonic() + LATER) == [key.space_id]
        heard.clear()
        reopened = hosted.hub(key.space_id)
        assert reopened is not first
        reopened.change(table.id, lambda t: t.submit({"kind": "start", "first": 0}))
        assert heard == [(hub_key(key.space_id), table.id)]
    finally:
        unfollow_hubs(callback)


def test_drop_hub_closes_under_the_registry_lock(tmp_path):
    opened: list[str] = []
    hub = hub_for_key("evict-test", lambda: opened.append("store") or object())
    closed_while: list[bool] = []

    def close(dropped: TableHub) -> None:  # a hub_for_key now would wait for the registry's lock
        closed_while.append(dropped is hub and _HUBS_GUARD.locked() and "evict-test" not in _HUBS)

    assert drop_hub("evict-test", close)
    assert closed_while == [True]
    assert drop_hub("evict-test") is False  # gone already
    assert hub_for_key("evict-test", lambda: opened.append("store") or object()) is not hub
    assert opened == ["store", "store"]
    drop_hub("evict-test")


def test_space_use_forgets_a_collected_session():
    use = SpaceUse()

    class Session:
        pass

    s = Session()
    use.attach("s1", s, 0.0)
    assert use.idle(1000.0, 60) == [] and use.live("s1") == 1
    del s  # a session that ended without its close event
    assert use.live("s1") == 0 and use.idle(1000.0, 60) == ["s1"]


def test_the_sweep_marks_the_shown_spaces_used(tmp_path, monkeypatch):
    """A session open for hours without an entry still counts as a use (``spaces prune``)."""
    from companion.store import spaces as spaces_module

    hosted = hosted_in(tmp_path)
    key = hosted.spaces.create()
    session = SpaceSession(hosted, key.space_id, key, "http://127.0.0.1:8550")
    made = hosted.spaces.listed()[0][2]
    monkeypatch.setattr(spaces_module.time, "time", lambda: made + 2 * 3600)
    hosted.sweep()
    assert hosted.spaces.listed()[0][2] == made + 2 * 3600
    assert hosted.use.live(key.space_id) == 1
    session.end()


def test_the_sweep_thread_runs_and_ends_with_its_owner():
    ran = threading.Event()

    class Owner:
        def sweep(self) -> None:
            ran.set()

    owner = Owner()
    sweep = Sweep(owner.sweep, every=0.01)
    sweep.start()
    assert ran.wait(10)
    thread = sweep._thread
    assert thread is not None
    del owner
    gc.collect()
    thread.join(10)
    assert not thread.is_alive()  # its owner gone, the thread ended by itself
