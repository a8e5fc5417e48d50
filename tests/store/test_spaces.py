"""Hosted spaces (companion/store/spaces.py): keys, and isolation by construction, on both
backends. [sqlite]: a data folder; [postgresql]: a fresh database of the test server, each space
a schema of it through one shared pool."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import psycopg
import pytest
from toy_game import GAME

from companion.core import Table, TableError
from companion.games import register
from companion.store import postgres
from companion.store.backup import backup_json, restore
from companion.store.connection import DATABASE_ENV
from companion.store.share_links import ShareLinks
from companion.store.space_limits import SpaceLimits
from companion.store.space_store import SpaceFull, SpaceStore
from companion.store.spaces import SpaceKey, Spaces, UnknownSpace

register(GAME)


def _played(store: SpaceStore, players: list[str], seed: int) -> Table:
    """A finished toy game in ``store`` (so it is a play too)."""
    table = store.create(Table.new("toy", players, {"target": 3}, name="Secret night"))
    rng = random.Random(seed)
    while table.prompt is not None:
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    return table


# ---- keys --------------------------------------------------------------------------------------
def test_a_key_is_checked_and_a_rotated_one_refused(spaces: Spaces) -> None:
    key = spaces.create()
    assert len(key.space_id) == 16 and len(key.secret) == 43
    assert SpaceKey.parse(key.text()) == key
    assert spaces.check(key)
    assert not spaces.check(SpaceKey(key.space_id, key.secret[:-1] + ("A" if key.secret[-1] != "A" else "B")))
    assert not spaces.check(SpaceKey("0" * 16, key.secret))  # unknown id, a real secret
    fresh = spaces.rotate(key.space_id)
    assert fresh.space_id == key.space_id and fresh.secret != key.secret
    assert not spaces.check(key) and spaces.check(fresh)
    with pytest.raises(UnknownSpace):
        spaces.rotate("f" * 16)


def test_the_registry_keeps_no_secret(spaces: Spaces) -> None:
    key = spaces.create()
    rows = spaces._run("SELECT id, secret_hash FROM spaces")
    assert rows == [(key.space_id, rows[0][1])] and key.secret not in str(rows)


@pytest.mark.parametrize(
    "text",
    [
        None,
        42,
        b"0123456789abcdef." + b"a" * 43,
        "",
        "0123456789abcdef",
        "0123456789abcdef." + "a" * 42,  # secret one short
        "0123456789abcdef." + "a" * 44,  # one long
        "0123456789ABCDEF." + "a" * 43,  # upper-case id
        "0123456789abcdeg." + "a" * 43,  # not hex
        "0123456789abcdef:" + "a" * 43,  # wrong separator
        "0123456789abcdef." + "a" * 42 + "=",  # not URL-safe base64
        "0123456789abcdef." + "a" * 42 + "\n",
        "../../etc/passwd." + "a" * 43,
    ],
)
def test_malformed_keys_are_none(text: object) -> None:
    assert SpaceKey.parse(text) is None


def test_an_unknown_or_malformed_space_has_no_store(spaces: Spaces) -> None:
    for space_id in ("0" * 16, "../spaces", "space_x; DROP SCHEMA public"):
        with pytest.raises(UnknownSpace):
            spaces.store(space_id)


# ---- isolation -------------------------------------------------------------------------------
def test_two_spaces_see_nothing_of_each_other(spaces: Spaces) -> None:
    a_key, b_key = spaces.create(), spaces.create()
    a, b = spaces.store(a_key.space_id), spaces.store(b_key.space_id)
    assert spaces.store(a_key.space_id) is a  # opened once per process
    ana = a.create_player("Anabel")
    table = _played(a, ["Anabel", "Bruno"], seed=1)
    a.link_seats(table.id, [ana.id, None])
    open_table = a.create(Table.new("toy", ["Anabel", "Carla"], name="Open one"))
    links = ShareLinks(a).links(open_table.id, 2)
    assert a.plays() and a.stats("toy").plays == 1 and a.list(search="Anabel")

    assert b.list() == [] and b.list(search="Anabel") == [] and b.list(search="Secret") == []
    assert b.players() == [] and b.find_player("Anabel") is None
    assert b.plays() == [] and b.stats("toy").plays == 0
    assert b.play(a.plays()[0].id) is None
    assert not b.exists(table.id)
    with pytest.raises(TableError):
        b.open(table.id)
    with pytest.raises(TableError):
        b.export_json(table.id)
    backup = json.loads(backup_json(b))
    assert backup["tables"] == [] and backup["players"] == [] and backup["plays"] == []
    b_links = ShareLinks(b)
    assert all(b_links.find(x.token) is None and not b_links.valid(x.token) for x in links)
    assert b_links.find(links[0].code or "") is None
    assert spaces.usage(b_key.space_id).tables == 0 and spaces.usage(a_key.space_id).tables == 2


def test_a_space_survives_a_new_registry(location: str | Path) -> None:
    """A restarted server, or a second worker on the same location, finds the space and its rows."""
    first = Spaces(location)
    key = first.create()
    table = _played(first.store(key.space_id), ["Ana", "Ben"], seed=2)
    second = Spaces(location)
    try:
        assert second.check(key)
        assert second.store(key.space_id).open(table.id).state == table.state
        rotated = second.rotate(key.space_id)  # signed out on one worker: on the other too
        assert not first.check(key) and first.check(rotated)
    finally:
        second.close()
        first.close()


def test_no_location_is_the_database_the_environment_names(
    location: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """$TC_DATABASE (what --database sets): a URL is the server, a file names the data folder."""
    first = Spaces(location)
    key = first.create()
    monkeypatch.setenv(
        DATABASE_ENV, str(location if isinstance(location, str) else location / "tables.sqlite3")
    )
    second = Spaces()
    try:
        assert second.check(key)
    finally:
        second.close()
        first.close()


def test_a_released_space_opens_again_with_its_rows(spaces: Spaces) -> None:
    key = spaces.create()
    store = spaces.store(key.space_id)
    table = _played(store, ["Ana", "Ben"], seed=8)
    spaces.release(key.space_id)
    again = spaces.store(key.space_id)
    assert again is not store and again.open(table.id).state == table.state
    spaces.release("0" * 16)  # not open: nothing to do


def test_a_deleted_space_is_gone(location: str | Path) -> None:
    spaces = Spaces(location)
    try:
        gone, kept = spaces.create(), spaces.create()
        _played(spaces.store(gone.space_id), ["Ana", "Ben"], seed=6)
        _played(spaces.store(kept.space_id), ["Carla", "Dan"], seed=7)
        spaces.delete(gone.space_id)
        assert not spaces.check(gone) and spaces.check(kept)
        with pytest.raises(UnknownSpace):
            spaces.store(gone.space_id)
        assert [t.players for t in spaces.store(kept.space_id).list()] == [["Carla", "Dan"]]
        if isinstance(location, Path):
            assert not (location / "spaces" / gone.space_id).exists()
        else:
            with psycopg.connect(location) as conn:
                schemas = {r[0] for r in conn.execute("SELECT nspname FROM pg_namespace")}
            assert f"space_{gone.space_id}" not in schemas and f"space_{kept.space_id}" in schemas
        with pytest.raises(UnknownSpace):
            spaces.delete(gone.space_id)
    finally:
        spaces.close()


# ---- budgets ---------------------------------------------------------------------------------
def test_a_space_refuses_a_table_past_its_budget(location: str | Path) -> None:
    spaces = Spaces(location, SpaceLimits(max_tables=2))
    try:
        store = spaces.store(spaces.create().space_id)
        kept = _played(store, ["Ana", "Ben"], seed=3)
        store.create(Table.new("toy", ["Ana", "Ben"]))
        with pytest.raises(SpaceFull) as refused:
            store.create(Table.new("toy", ["Ana", "Ben"]))
        assert refused.value.msg.key == "store.space.too_many_tables" and "2" in str(refused.value)
        with pytest.raises(SpaceFull):
            store.import_json(store.export_json(kept.id))
        assert len(store.list()) == 2
        store.delete(kept.id)
        store.create(Table.new("toy", ["Ana", "Ben"]))  # room again
    finally:
        spaces.close()


def test_a_restore_past_the_budget_changes_nothing(location: str | Path) -> None:
    roomy, tight = Spaces(location, SpaceLimits(max_tables=2)), Spaces(location, SpaceLimits(max_tables=1))
    try:
        full = roomy.store(roomy.create().space_id)
        _played(full, ["Ana", "Ben"], seed=4)
        _played(full, ["Carla", "Dora"], seed=5)
        store = tight.store(tight.create().space_id)
        with pytest.raises(SpaceFull):
            restore(store, backup_json(full))
        assert store.list() == [] and store.plays() == []
        full.delete(full.list()[0].id)
        assert restore(store, backup_json(full)) == (1, 2, 0)  # a deleted table keeps its play
    finally:
        tight.close()
        roomy.close()


def test_a_full_space_refuses_tables_and_entries(location: str | Path) -> None:
    roomy = Spaces(location)
    try:
        key = roomy.create()
        table = roomy.store(key.space_id).create(Table.new("toy", ["Ana", "Ben"], {"target": 50}))
        used = roomy.usage(key.space_id)
        tight = Spaces(location, SpaceLimits(max_bytes=used.bytes))
        store = tight.store(key.space_id)
        with pytest.raises(SpaceFull) as refused:
            store.create(Table.new("toy", ["Ana", "Ben"]))
        assert refused.value.msg.key == "store.space.full"
        mine = store.open(table.id)
        before = mine.version
        with pytest.raises(SpaceFull):
            mine.auto(random.Random(1)) if mine.prompt.auto else mine.submit(mine.prompt.choices[0])
        assert mine.version == before and store.open(table.id).version == before
        tight.close()
    finally:
        roomy.close()


# ---- PostgreSQL: one pool for every space ------------------------------------------------------
@pytest.mark.postgresql_only
def test_many_spaces_share_the_pool_s_connections(location: str) -> None:
    spaces = Spaces(location)
    try:
        stores = [spaces.store(spaces.create().space_id) for _ in range(50)]
        for i, store in enumerate(stores):
            store.create_player(f"P{i}")
        assert [[p.name for p in store.players()] for store in stores] == [[f"P{i}"] for i in range(50)]
        with psycopg.connect(location, autocommit=True) as conn:
            row = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            ).fetchone()
        assert row is not None and 1 <= row[0] <= postgres.SHARED_POOL_SIZE
    finally:
        spaces.close()


def test_spaces_written_from_many_threads_at_once_stay_apart(spaces: Spaces) -> None:
    """Eight sessions at once, each in its own space, on the pool's few connections: every read
    finds its own space's rows and nothing else (a connection pointed at the wrong schema would
    show another's players, or none)."""
    stores = [spaces.store(spaces.create().space_id) for _ in range(8)]
    seen: list[list[str]] = [[] for _ in stores]

    def session(i: int) -> None:
        for n in range(15):
            stores[i].create_player(f"S{i} P{n}")
            seen[i] = sorted(p.name for p in stores[i].players())

    workers = [threading.Thread(target=session, args=(i,)) for i in range(len(stores))]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert seen == [sorted(f"S{i} P{n}" for n in range(15)) for i in range(len(stores))]


def test_a_failed_transaction_leaves_each_space_its_own(spaces: Spaces) -> None:
    """A write refused inside a transaction (a constraint) is rolled back; the connection then
    serves another space, pointed at that space's schema."""
    a = spaces.store(spaces.create().space_id)
    b = spaces.store(spaces.create().space_id)
    table = a.create(Table.new("toy", ["Ana", "Ben"]))
    with pytest.raises(TableError):
        a.create(Table.from_json(table.to_json()))  # the same id again
    assert b.list() == [] and [t.id for t in a.list()] == [table.id]
    b.create(Table.new("toy", ["Carla", "Dan"]))
    assert [t.players for t in b.list()] == [["Carla", "Dan"]] and len(a.list()) == 1
