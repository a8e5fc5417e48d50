"""Two workers' stores, hubs and relays on one PostgreSQL, in one test process (each "worker" is a
Store with its own connection pool, a TableHub and a Relay with its own LISTEN connection, as
``companion serve`` makes them): a change reaches the other worker's hub and sessions; the same
entry submitted through both at once is stored once; a lost LISTEN connection is made again and
what was missed meanwhile is caught up."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from hosted.kit import Published, dragon_at_a_choice, wait

from companion.core import RuleViolation, Table
from companion.store import Store, StoreConflict
from companion.ui.hub import TableHub, follow_hubs, hub_for_key, topic, unfollow_hubs
from companion.ui.relay import CHANNEL, Notice, Relay


class Worker:
    """One worker's store, hub, relay and what its sessions would hear."""

    def __init__(self, url: str, name: str) -> None:
        self.store = Store(url)
        self.hub = TableHub(self.store)
        self.heard = Published()
        self.relay = Relay(url, self.hub, self.heard, hubs=lambda: [self.hub], worker=name).start()
        self.hub.announce.append(self.relay.announce)

    def close(self) -> None:
        self.relay.stop()
        self.store.close()


@pytest.fixture
def workers(pg_url: str) -> Iterator[tuple[Worker, Worker]]:
    a, b = Worker(pg_url, "worker-a"), Worker(pg_url, "worker-b")
    wait(lambda: a.relay.listening.is_set() and b.relay.listening.is_set(), "both relays listening")
    yield a, b
    a.close()
    b.close()


def seeded(a: Worker, b: Worker) -> Table:
    """A table at a choice, open in both workers' hubs."""
    table = dragon_at_a_choice(a.store)
    a.hub.get(table.id)
    b.hub.get(table.id)
    return table


def test_an_entry_on_one_worker_reloads_the_table_on_the_other_and_redraws_its_sessions(workers):
    a, b = workers
    table = seeded(a, b)
    entry = table.prompt.choices[0]
    a.hub.change(table.id, lambda t: t.submit(entry))
    after = table.version + 1
    b.heard.wait_for(topic(table.id), after)
    assert b.hub.get(table.id).version == after
    assert b.hub.get(table.id).entries[-1] == entry
    assert a.heard.messages == []  # a worker's own notice is its sessions' business already


def test_a_trade_offered_on_one_worker_is_heard_and_accepted_on_the_other(workers):
    """Ana's phone on worker a offers Ben a trade; Ben's phone on worker b is told (its screen
    reads the offer from the store), accepts, and worker a reloads the trade."""
    from companion.share.live import Access, stamp
    from companion.ui.live import links_for
    from companion.ui.offer_desk import answer, offer, offers_for

    a, b = workers
    rng = random.Random(2)
    table = a.store.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    while table.prompt.kind != "trade":
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])
    a.hub.get(table.id)
    b.hub.get(table.id)
    _, ana, ben, _ = (
        Access(table_id=table.id, token=x.token, seat=x.seat) for x in links_for(a.hub).links(table.id, 3)
    )
    trade = {"kind": "trade", "gives": [{"giver": 1, "receiver": 0, "money": 20_000}]}
    made = a.hub.change(table.id, lambda t: offer(a.hub, ana, t, trade, stamp(t)))
    b.heard.wait_for(topic(table.id), table.version)  # no entry: the same version, drawn again
    assert offers_for(b.hub).of_table(table.id) == [made]
    b.hub.change(table.id, lambda t: answer(b.hub, ben, t, made.id, "accept"))
    a.heard.wait_for(topic(table.id), table.version + 1)
    assert a.hub.get(table.id).entries[-1].kind == "trade" and offers_for(a.hub).of_table(table.id) == []


def test_a_notice_for_a_table_not_open_here_opens_nothing(workers):
    a, b = workers
    table = dragon_at_a_choice(a.store)
    a.hub.get(table.id)
    a.hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))
    b.heard.wait_for(topic(table.id), table.version + 1)
    assert table.id not in b.hub.open_ids()


def test_a_table_deleted_on_one_worker_is_dropped_by_the_other(workers):
    a, b = workers
    table = seeded(a, b)
    a.hub.delete(table.id)
    b.heard.wait_for(topic(table.id), -1)
    assert table.id not in b.hub.open_ids()


def test_a_rename_reaches_the_other_worker(workers):
    a, b = workers
    table = seeded(a, b)
    a.hub.rename(table.id, "Friday night")
    wait(lambda: b.hub.get(table.id).name == "Friday night", "the new name on worker b")


def test_the_same_entry_through_two_workers_at_once_is_stored_once(workers, pg_url):
    """Ten rounds: each worker submits the prompt's first choice at the same moment; one is
    stored, the other refused, and its hub then holds the stored table (the screen shows it).
    The refusal is the store's "changed elsewhere" conflict when the loser reached the store
    first; on a loaded machine the relay can bring the winner's entry to the loser's hub before
    the loser's own check, and then the rules refuse the entry as not fitting the new moment
    (seen with both cores held). Either way nothing is stored twice."""
    a, b = workers
    table = seeded(a, b)
    winners = []
    for _ in range(10):
        version = a.hub.get(table.id).version
        assert b.hub.get(table.id).version == version
        outcome = race(a.hub, b.hub, table.id)
        won = [w for w, result in zip((a, b), outcome, strict=True) if not isinstance(result, Exception)]
        lost = [result for result in outcome if isinstance(result, Exception)]
        assert len(won) == 1, outcome
        assert len(lost) == 1, outcome
        refused = lost[0]
        if isinstance(refused, StoreConflict):
            assert refused.msg.key == "sec-input.store.conflict"
        else:  # the winner's entry came through the relay first: the old choice no longer fits
            assert isinstance(refused, RuleViolation) and refused.rule_id == "core.entry", outcome
        winners.append(won[0].relay.worker)
        # the loser's hub reloaded as it refused; the winner's holds its own change
        assert a.hub.get(table.id).version == b.hub.get(table.id).version == version + 1
        stored = Store(pg_url)
        assert stored.open(table.id).version == version + 1
        rows = stored._read(
            "SELECT COUNT(*) FROM entries WHERE table_id = ? AND seq = ?", (table.id, version)
        )
        assert rows == [(1,)]
        stored.close()
    assert a.hub.get(table.id).entries == b.hub.get(table.id).entries


def race(hub_a: TableHub, hub_b: TableHub, table_id: str) -> list[Any]:
    """Both hubs submit their table's first choice as one (a barrier lets both go together)."""
    start = threading.Barrier(2)
    results: list[Any] = [None, None]

    def submit(i: int, hub: TableHub) -> None:
        entry = hub.get(table_id).prompt.choices[0]
        start.wait()
        try:
            results[i] = hub.change(table_id, lambda t: t.submit(entry))
        except Exception as exc:  # the loser's refusal is what the test looks at
            results[i] = exc

    threads = [threading.Thread(target=submit, args=(i, hub)) for i, hub in enumerate((hub_a, hub_b))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_the_store_refuses_a_second_entry_at_the_same_position(workers, pg_url):
    """The last guard under the revision check: (table_id, seq) is unique on PostgreSQL too."""
    a, _b = workers
    table = dragon_at_a_choice(a.store)
    with psycopg.connect(pg_url, autocommit=True) as conn, pytest.raises(psycopg.errors.UniqueViolation):
        conn.execute(
            "INSERT INTO entries (table_id, seq, body) VALUES (%s, %s, '{}')", (table.id, table.version - 1)
        )


def test_a_lost_listen_connection_is_made_again_and_what_was_missed_is_reloaded(workers, caplog):
    a, b = workers
    table = seeded(a, b)
    caplog.set_level(logging.WARNING, logger="companion.relay")
    with psycopg.connect(a.relay.url, autocommit=True) as conn:
        ended = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            ("companion-relay-worker-b",),
        ).fetchall()
    assert ended == [(True,)]
    wait(lambda: not b.relay.listening.is_set(), "worker b to find its LISTEN connection lost")
    a.hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))  # b hears no NOTIFY of this
    wait(lambda: b.hub.get(table.id).version == table.version + 1, "worker b to catch up")
    b.heard.wait_for(topic(table.id), table.version + 1)
    # the catch-up is published before the relay marks itself listening (relay._listen_loop):
    # on a loaded machine this thread can look in between, so it waits for the mark
    wait(lambda: b.relay.listening.is_set(), "worker b to say it listens again")
    assert b.relay.reconnects == 1
    said = [r.getMessage() for r in caplog.records]
    assert any("LISTEN connection lost" in line for line in said), said
    assert any("open tables reloaded" in line for line in said), said


def test_a_notice_from_elsewhere_on_the_channel_is_ignored(workers):
    a, b = workers
    table = seeded(a, b)
    with psycopg.connect(a.relay.url, autocommit=True) as conn:
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, "not a notice"))
        forged = Notice(hub="space:unknown", table=table.id, version=99, worker="worker-x")
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, forged.model_dump_json()))
        real = Notice(hub="", table=table.id, version=table.version, worker="worker-x")
        conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, real.model_dump_json()))
    b.heard.wait_for(topic(table.id), table.version)  # the one for a hub b has
    assert b.heard.messages == [(topic(table.id), table.version)]


def test_a_hub_announces_each_stored_change_and_nothing_refused(tmp_path):
    """The hook the relay hangs on (SQLite here: the hub does not care which store)."""
    store = Store(tmp_path / "tables.sqlite3")
    hub = TableHub(store)
    told: list[str] = []
    hub.announce.append(lambda _hub, table_id: told.append(table_id))
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    assert told == [table.id]
    with pytest.raises(RuleViolation):  # a refused entry changes nothing and is not announced
        hub.change(table.id, lambda t: t.submit({"kind": "no such entry"}))
    assert told == [table.id]
    hub.change(table.id, lambda t: t.auto(random.Random(1)))
    hub.rename(table.id, "Friday")
    hub.delete(table.id)
    assert told == [table.id] * 4
    store.close()


def test_follow_hubs_reaches_the_hubs_opened_before_and_after(tmp_path, monkeypatch):
    import companion.ui.hub as hubs

    monkeypatch.setattr(hubs, "_HUBS", {})  # this test's hubs only, gone after it
    told: list[str] = []

    def tell(hub: TableHub, _table_id: str) -> None:
        told.append(hub.key)

    before = hub_for_key("test:before", lambda: Store(tmp_path / "before.sqlite3"))
    follow_hubs(tell)
    try:
        after = hub_for_key("test:after", lambda: Store(tmp_path / "after.sqlite3"))
        before.changed("t1")
        after.changed("t2")
        assert told == ["test:before", "test:after"]
    finally:
        unfollow_hubs(tell)
    before.changed("t3")
    assert told == ["test:before", "test:after"]
    for hub in (before, after):
        hub.store.close()


def test_a_sqlite_store_starts_no_relay(tmp_path):
    from companion.ui.server import database_url, relay_for

    store = Store(tmp_path / "tables.sqlite3")
    assert database_url(store) is None
    assert relay_for(database_url(store), TableHub(store), main=None) is None
    store.close()


def test_a_hosted_space_is_relayed_on_its_own_topic(pg_url):
    # served=None, as `serve --hosted` starts it: every hub is a space's, named on the wire by
    # its key, and heard on the other worker on that space's topic only.
    from companion.store.spaces import Spaces

    spaces = [Spaces(pg_url), Spaces(pg_url)]  # two workers' views of one database
    key = spaces[0].create()
    hubs = [TableHub(s.store(key.space_id), f"space:{key.space_id}") for s in spaces]
    heard = [Published(), Published()]
    relays = [
        Relay(pg_url, None, heard[i], hubs=lambda i=i: [hubs[i]], worker=f"w{i}").start() for i in (0, 1)
    ]
    try:
        hubs[0].announce.append(relays[0].announce)
        wait(lambda: all(r.listening.is_set() for r in relays), "both relays listening")
        table = dragon_at_a_choice(hubs[0].store)
        hubs[1].get(table.id)  # open on the other worker
        hubs[0].change(table.id, lambda t: t.submit(t.prompt.choices[0]))
        heard[1].wait_for(topic(table.id, f"space:{key.space_id}"), table.version + 1)
        assert hubs[1].get(table.id).version == table.version + 1  # reloaded there
        assert all(t != topic(table.id) for t, _ in heard[1].messages)  # never the bare topic
    finally:
        for relay in relays:
            relay.stop()
        for s in spaces:
            s.close()


def test_the_same_entry_through_two_hosted_workers_at_once_is_stored_once(pg_url):
    # `serve --hosted`: each worker opens the space's store (a PostgreSQL schema of its own) through
    # its own Spaces, as two processes do; the browser cannot tap on two workers at one instant.
    from companion.store.spaces import Spaces

    spaces = [Spaces(pg_url), Spaces(pg_url)]
    key = spaces[0].create()
    hubs = [TableHub(s.store(key.space_id), f"space:{key.space_id}") for s in spaces]
    try:
        table = dragon_at_a_choice(hubs[0].store)
        for _ in range(5):
            version = hubs[0].get(table.id).version
            assert hubs[1].get(table.id).version == version
            outcome = race(hubs[0], hubs[1], table.id)
            lost = [result for result in outcome if isinstance(result, Exception)]
            assert len(lost) == 1 and isinstance(lost[0], StoreConflict), outcome
            stored = spaces[0].store(key.space_id)
            assert stored.open(table.id).version == version + 1
            rows = stored._read(
                "SELECT COUNT(*) FROM entries WHERE table_id = ? AND seq = ?", (table.id, version)
            )
            assert rows == [(1,)]
        assert hubs[0].get(table.id).entries == hubs[1].get(table.id).entries
    finally:
        for s in spaces:
            s.close()
