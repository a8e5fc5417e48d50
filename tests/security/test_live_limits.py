"""The budgets and lockouts on their own (pure code, a fake clock), and the host decision in a
headless session: what the server recorded decides, never a page property."""

from __future__ import annotations

import asyncio
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from companion.share.attempts import AttemptLimits, Attempts
from companion.share.budget import BudgetExceeded, Limits, SessionBudget, check_shape

sys.path.insert(0, str(Path(__file__).parents[1] / "ui"))  # the headless harness


def test_a_burst_passes_and_a_flood_does_not():
    budget = SessionBudget(Limits(events_per_second=10, event_burst=20))
    for _ in range(20):
        budget.event(0.0)
    with pytest.raises(BudgetExceeded, match="events per second"):
        budget.event(0.0)
    budget = SessionBudget(Limits(events_per_second=10, event_burst=20))
    for i in range(200):  # a steady 10 a second is within budget for ever
        budget.event(i / 10)


def test_route_changes_have_their_own_budget():
    budget = SessionBudget(Limits(routes_per_second=1, route_burst=3))
    for _ in range(3):
        budget.event(0.0, route=True)
    budget.event(0.0)  # other events still pass
    with pytest.raises(BudgetExceeded, match="route"):
        budget.event(0.0, route=True)


def test_events_in_flight_are_bounded():
    budget = SessionBudget(Limits(in_flight=2))
    budget.started()
    budget.started()
    with pytest.raises(BudgetExceeded, match="in flight"):
        budget.event(0.0)
    budget.finished()
    budget.event(0.0)


def test_shape_limits_refuse_deep_and_wide_frames_without_recursion():
    deep: list = []
    node = deep
    for _ in range(100_000):  # far past Python's recursion limit: checked iteratively
        node.append([])
        node = node[0]
    with pytest.raises(BudgetExceeded, match="depth"):
        check_shape(deep)
    with pytest.raises(BudgetExceeded, match="items"):
        check_shape({"data": list(range(30_000))})
    check_shape([1, {"target": 5, "name": "click", "data": {"a": [1, 2, 3]}}])


def test_wrong_codes_lock_a_connection_then_an_address():
    attempts = Attempts(AttemptLimits(connection_failures=3, address_failures=5, window=60, lockout=300))
    one, other = ["conn:1", "addr:10.0.0.9"], ["conn:2", "addr:10.0.0.9"]
    for _ in range(3):
        attempts.failed(one, 0.0)
    assert attempts.locked(one, 1.0) and not attempts.locked(["conn:2"], 1.0)
    attempts.failed(other, 2.0)
    attempts.failed(other, 2.0)  # 5 wrong codes from the address in all
    assert attempts.locked(["conn:3", "addr:10.0.0.9"], 3.0)
    assert not attempts.locked(["conn:3", "addr:10.0.0.10"], 3.0)
    assert not attempts.locked(one, 303.0)  # both lockouts (from t=0 and t=2) end


def test_old_failures_leave_the_window():
    attempts = Attempts(AttemptLimits(connection_failures=3, window=60))
    attempts.failed(["conn:1"], 0.0)
    attempts.failed(["conn:1"], 30.0)
    attempts.failed(["conn:1"], 90.0)  # the first one is out of the window
    assert not attempts.locked(["conn:1"], 91.0)


async def test_the_host_decision_ignores_client_ip(tmp_path):
    from flet_harness import Harness

    from companion.store import Store
    from companion.ui import peer
    from companion.ui.app import make_main
    from companion.ui.hub import TableHub

    hub = TableHub(Store(tmp_path / "tables.sqlite3"))
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    far = Harness(hub=bus)
    peer.record(far.conn, "192.168.1.60")
    far.page.client_ip = "127.0.0.1"  # what a client can write
    await far.start(make_main(hub), route="/")
    assert far.has("join-code") and not peer.is_host_session(far.page)
    near = Harness(hub=bus)
    near.page.client_ip = "192.168.1.60"
    await near.start(make_main(hub), route="/")
    assert peer.is_host_session(near.page) and not near.has("join-code")  # in-process: the host
    far.close()
    near.close()
