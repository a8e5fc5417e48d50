"""Two processes racing player merges and seat links on one store: the one-seat-per-player rule
holds (the database checks it inside each write), and every refusal is a clear StoreError."""

from __future__ import annotations

import json
import multiprocessing
import time

import pytest
from plays_helpers import finished_game
from security.store_workers import players_racer

from companion.store import Store

pytestmark = pytest.mark.usefixtures("store_backend")  # on SQLite and PostgreSQL


def test_racing_merges_and_links_never_seat_a_player_twice(tmp_path):
    path = tmp_path / "t.sqlite3"
    store = Store(path)
    ids = [store.create_player(n).id for n in ("Ana", "Ben", "Carla", "Dai", "Eli", "Fay")]
    for seed in range(6):
        table = finished_game(seed)
        store.create(table, (ids * 2)[seed : seed + len(table.players)])
    store.close()
    ctx = multiprocessing.get_context("spawn")
    start_at = time.time() + 3  # both begin together, after their imports
    outs = [tmp_path / f"out{i}.json" for i in range(2)]
    procs = [
        ctx.Process(target=players_racer, args=(str(path), i, 200, start_at, str(outs[i]))) for i in range(2)
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout=300)
    assert [p.exitcode for p in procs] == [0, 0]
    results = [json.loads(o.read_text()) for o in outs]
    assert sum(r["done"] for r in results) > 50  # the race really raced
    db = Store(path)
    twice_in_a_play = db._read(
        "SELECT play_id, player_id FROM play_seats WHERE player_id IS NOT NULL"
        " GROUP BY play_id, player_id HAVING COUNT(*) > 1"
    )
    twice_at_a_table = db._read(
        "SELECT table_id, player_id FROM seat_links GROUP BY table_id, player_id HAVING COUNT(*) > 1"
    )
    db.close()
    assert twice_in_a_play == [] and twice_at_a_table == []


def test_a_link_made_between_a_merges_check_and_its_write_is_caught(tmp_path, monkeypatch):
    """The interleaving a race needs, made on purpose: B seats Eli beside Ana after A checked that
    the two never shared a table, before A's write moves Eli's seats to Ana."""
    from companion.store import StoreError

    path = tmp_path / "t.sqlite3"
    a, b = Store(path), Store(path)
    ana, eli = a.create_player("Ana"), a.create_player("Eli")
    table = finished_game(1)
    a.create(table, [ana.id] + [None] * (len(table.players) - 1))
    write = a._write

    def link_first(*statements, **kw):
        b.link_seats(table.id, [ana.id, eli.id] + [None] * (len(table.players) - 2))
        return write(*statements, **kw)

    monkeypatch.setattr(a, "_write", link_first)
    try:
        a.merge_players(ana.id, eli.id)
    except StoreError as exc:
        assert exc.msg.key == "plays.player.merge_same_table"
    else:
        raise AssertionError("the merge went through")
    monkeypatch.undo()
    assert a.seat_links(table.id)[:2] == [ana.id, eli.id]  # B's link stands, the merge changed nothing
    assert [s.player_id for s in a.play(table.id).seats][:2] == [ana.id, eli.id]
    a.close()
    b.close()
