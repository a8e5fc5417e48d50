"""The pure parts of live sharing: the LAN address without traffic, the stored links, and the
host's rules for a guest's entry."""

from __future__ import annotations

import random
import socket
import subprocess
import sys

import pytest

from companion.core import Table
from companion.share import netinfo
from companion.share.live import Access, LiveRefusal, authorize, may_act, may_see, stamp
from companion.store import Store
from companion.store.share_links import CODE_ALPHABET, ShareLinks


def test_the_lan_address_is_found_without_sending_anything(monkeypatch):
    def no_traffic(*_a, **_k):
        raise AssertionError("network traffic")

    for name in ("connect", "connect_ex", "sendto", "send", "sendall"):
        monkeypatch.setattr(socket.socket, name, no_traffic)
    addresses = netinfo.local_addresses()
    assert "127.0.0.1" in addresses and netinfo.lan_address() in addresses
    socket.inet_aton(netinfo.lan_address())
    assert netinfo.is_local_client("127.0.0.1") and netinfo.is_local_client(None)
    assert not netinfo.is_local_client("203.0.113.9") and not netinfo.is_local_client("not an ip")


def test_private_ranges_come_first(monkeypatch):
    monkeypatch.setattr(netinfo, "_from_interfaces", lambda: ["127.0.0.1", "172.17.0.1", "8.8.4.4"])
    monkeypatch.setattr(netinfo, "_from_hostname", lambda: ["192.168.1.20", "169.254.3.3"])
    assert netinfo.local_addresses()[:3] == ["192.168.1.20", "172.17.0.1", "8.8.4.4"]
    assert netinfo.lan_address() == "192.168.1.20"
    monkeypatch.setattr(netinfo, "_from_interfaces", lambda: [])
    monkeypatch.setattr(netinfo, "_from_hostname", lambda: [])
    assert netinfo.lan_address() == "127.0.0.1"


def to_first_decision(table: Table, rng: random.Random) -> None:
    while table.prompt.seat is None or not table.prompt.choices:
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "t.sqlite3")
    yield s
    s.close()


def test_links_are_unguessable_persistent_and_revocable(store, tmp_path):
    table = store.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    links = ShareLinks(store)
    viewer, *seats = links.links(table.id, 3)
    assert viewer.seat is None and [s.seat for s in seats] == [0, 1, 2]
    assert len({viewer.token, *(s.token for s in seats)}) == 4
    assert all(len(x.token) >= 32 for x in [viewer, *seats])
    assert set(viewer.code) <= set(CODE_ALPHABET) and all(s.code is None for s in seats)
    assert links.find(viewer.code.lower()) == viewer and links.find(" ") is None
    assert links.links(table.id, 3) == [viewer, *seats]  # the same links again
    fresh = links.revoke(seats[1].token)
    assert fresh.seat == 1 and fresh.token != seats[1].token
    assert not links.valid(seats[1].token) and links.valid(fresh.token)
    assert links.revoke(seats[1].token) is None
    store.close()
    again = Store(tmp_path / "t.sqlite3")  # a restart keeps them
    kept = ShareLinks(again)
    assert kept.valid(fresh.token) and not kept.valid(seats[1].token)
    again.delete(table.id)  # and they go with their table
    assert kept.find(fresh.token) is None
    again.close()


def test_a_guest_may_enter_only_its_own_decision_on_the_current_state():
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    rng = random.Random(3)
    fact = table.prompt
    assert fact.seat is None
    seat0 = Access(table_id=table.id, token="t0", seat=0)
    with pytest.raises(LiveRefusal) as exc:
        authorize(seat0, table, {"kind": fact.kinds[0]}, stamp(table))
    assert exc.value.msg.key == "live.refused.table_fact"
    to_first_decision(table, rng)
    p = table.prompt
    mine = Access(table_id=table.id, token="t", seat=p.seat)
    other = Access(table_id=table.id, token="u", seat=(p.seat + 1) % 3)
    viewer = Access(table_id=table.id, token="v")
    now = stamp(table)
    assert authorize(mine, table, p.choices[0], now) == p.choices[0]
    cases = [
        (viewer, p.choices[0], now, "live.refused.viewer"),
        (mine, p.choices[0], "0:00000000", "live.refused.stale"),
        (mine, p.choices[0], None, "live.refused.stale"),
        (other, p.choices[0], now, "live.refused.not_your_turn"),
        (Access(table_id="elsewhere", token="w", seat=p.seat), p.choices[0], now, "live.refused.other_table"),
    ]
    for access, entry, seen, key in cases:
        with pytest.raises(LiveRefusal) as exc:
            authorize(access, table, entry, seen)
        assert exc.value.msg.key == key
    forged = p.choices[0].model_dump(mode="json") | {"seat": other.seat}
    with pytest.raises(LiveRefusal) as exc:
        authorize(mine, table, forged, now)
    assert exc.value.msg.key == "live.refused.other_seat"
    assert (
        may_see(None, 2) and may_see(mine, p.seat) and not may_see(viewer, 0) and not may_see(other, p.seat)
    )
    assert may_act(None, None) and not may_act(mine, None) and not may_act(viewer, p.seat)
    # a prompt any of several seats may answer (cards the table dealt itself)
    assert may_act(mine, None, (p.seat,)) and not may_act(other, None, (p.seat,))
    assert not may_act(viewer, None, (0, 1, 2))


def test_the_stamp_tells_an_undo_and_a_different_entry_apart():
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    rng = random.Random(5)
    to_first_decision(table, rng)
    table.submit(table.prompt.choices[0])
    first = stamp(table)
    table.undo()
    table.submit(table.prompt.choices[-1])
    assert stamp(table) != first and stamp(table).split(":")[0] == first.split(":")[0]


def test_serve_lan_flag_is_offered():
    out = subprocess.run(
        [sys.executable, "-m", "companion.cli", "serve", "--help"], capture_output=True, text=True, check=True
    )
    assert "--lan" in out.stdout
