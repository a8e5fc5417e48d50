"""A hosted server's abandoned spaces (store/space_admin.py, ``companion spaces``), on both
backends: the registry's last_used (a migration adds it to an older registry; written at most
once an hour per space), ``spaces prune`` deleting only the empty spaces unused for days, and
``spaces list`` (counts and sizes, no secrets)."""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

import psycopg
import pytest
from toy_game import GAME

from companion import cli
from companion.core import Table
from companion.games import register
from companion.store.space_admin import DAY, prune, space_rows
from companion.store.spaces import USED_EVERY, Spaces

register(GAME)


def _used_days_ago(location: str | Path, space_id: str, days: float) -> None:
    """What a server that last used the space ``days`` ago left in the registry (another
    process: this one's hourly limit does not apply to it)."""
    other = Spaces(location)
    try:
        assert other.mark_used(space_id, now=time.time() - days * DAY)
    finally:
        other.close()


def _old_registry(location: str | Path) -> None:
    """A registry as it was before last_used, with one space in it."""
    old = "CREATE TABLE spaces (id TEXT PRIMARY KEY, secret_hash TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, rotated DOUBLE PRECISION)"
    row = ("0123456789abcdef", "00" * 32, 1_000_000.0)
    if isinstance(location, Path):
        location.mkdir(parents=True)
        with closing(sqlite3.connect(location / "spaces.sqlite3")) as db:
            db.execute(old)
            db.execute("INSERT INTO spaces VALUES (?, ?, ?, NULL)", row)
            db.commit()
        return
    with psycopg.connect(location, autocommit=True) as conn:
        conn.execute(old)
        conn.execute("INSERT INTO spaces VALUES (%s, %s, %s, NULL)", row)


def test_an_older_registry_gets_last_used_and_keeps_its_spaces(location):
    _old_registry(location)
    spaces = Spaces(location)
    try:
        assert spaces.listed() == [("0123456789abcdef", 1_000_000.0, 1_000_000.0)]  # unused: its creation
        assert spaces.mark_used("0123456789abcdef", now=2_000_000.0)
        assert spaces.listed()[0][2] == 2_000_000.0
    finally:
        spaces.close()
    again = Spaces(location)  # migrated once: opening again changes nothing
    try:
        assert again.listed() == [("0123456789abcdef", 1_000_000.0, 2_000_000.0)]
    finally:
        again.close()


def test_last_used_is_written_at_most_once_an_hour(spaces):
    key = spaces.create()
    now = time.time()
    assert not spaces.mark_used(key.space_id, now=now + 60)  # created a minute ago: written then
    assert spaces.mark_used(key.space_id, now=now + USED_EVERY + 1)
    assert not spaces.mark_used(key.space_id, now=now + USED_EVERY + 600)
    assert spaces.listed()[0][2] == now + USED_EVERY + 1


def test_prune_deletes_only_the_empty_spaces_unused_for_days(spaces, location):
    empty_old, full_old, empty_new, never_opened = (spaces.create().space_id for _ in range(4))
    spaces.store(empty_old).list()  # opened once (its file or schema made), nothing stored
    spaces.store(full_old).create(Table.new("toy", ["Ana", "Ben"]))
    spaces.store(empty_new).list()
    for space_id in (empty_old, full_old, never_opened):
        _used_days_ago(location, space_id, 40)
    _used_days_ago(location, empty_new, 2)

    assert sorted(prune(spaces, 30, dry_run=True)) == sorted([empty_old, never_opened])
    assert all(spaces.exists(s) for s in (empty_old, full_old, empty_new, never_opened))
    assert sorted(prune(spaces, 30)) == sorted([empty_old, never_opened])
    assert [s for s in (empty_old, full_old, empty_new, never_opened) if spaces.exists(s)] == [
        full_old,
        empty_new,
    ]
    assert not spaces.made(empty_old) and spaces.made(full_old)
    assert [t.players for t in spaces.store(full_old).list()] == [["Ana", "Ben"]]
    assert prune(spaces, 1) == [empty_new]  # two days unused, past one
    with pytest.raises(ValueError):
        prune(spaces, 0.5)  # a visitor's first minutes are never pruned


def test_a_space_used_meanwhile_is_not_deleted(spaces, location):
    space_id = spaces.create().space_id
    _used_days_ago(location, space_id, 40)
    cutoff = time.time() - 30 * DAY
    _used_days_ago(location, space_id, 0)  # a server used it after prune looked
    assert spaces.delete(space_id, unused_since=cutoff) is False
    assert spaces.exists(space_id)


def test_spaces_list_counts_and_sizes_without_secrets(spaces, location, capsys):
    key = spaces.create()
    spaces.store(key.space_id).create(Table.new("toy", ["Ana", "Ben"]))
    other = spaces.create()
    [full, empty] = sorted(space_rows(spaces), key=lambda r: r.tables, reverse=True)
    assert (full.id, full.tables, full.plays, empty.id, empty.empty) == (
        key.space_id,
        1,
        0,
        other.space_id,
        True,
    )
    assert full.bytes > 0
    where = ["--database", location] if isinstance(location, str) else ["--data", str(location)]
    assert cli.main(["spaces", "list", *where]) == 0
    out = capsys.readouterr().out
    assert key.space_id in out and other.space_id in out and "2 spaces (1 holding nothing)" in out
    assert key.secret not in out and other.secret not in out


def test_spaces_prune_command(spaces, location, capsys):
    gone = spaces.create().space_id
    kept = spaces.create().space_id
    _used_days_ago(location, gone, 10)
    where = ["--database", location] if isinstance(location, str) else ["--data", str(location)]
    assert cli.main(["spaces", "prune", "--older-than", "7", "--dry-run", *where]) == 0
    assert spaces.exists(gone) and capsys.readouterr().out.splitlines()[0] == gone
    assert cli.main(["spaces", "prune", "--older-than", "7", "--lang", "es", *where]) == 0
    assert "Borrado 1 espacio vacío" in capsys.readouterr().out
    assert not spaces.exists(gone) and spaces.exists(kept)
    assert cli.main(["spaces", "prune", "--older-than", "0", *where]) == 2
    assert "at least 1 days" in capsys.readouterr().err
