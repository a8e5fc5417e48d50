"""Stores written by older code open unchanged and their finished tables appear in the log.

tests/security/data/store_v1_main.sqlite3 was written by main at 0e2591e (schema version 1):
three finished tables (dragon-done, chinatown-done, dayu-done) and one under way (dragon-open).
store_2f35f04.sqlite3 is older still (version 0, no revisions; nothing finished).
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

import companion.store.sqlite_store as sqlite_store
from companion.store import Store

DATA = Path(__file__).parents[1] / "security" / "data"
V1 = DATA / "store_v1_main.sqlite3"
V0 = DATA / "store_2f35f04.sqlite3"

# Old SQLite files written by earlier versions: what only the SQLite backend can have.
pytestmark = pytest.mark.sqlite_only


def _copy(src: Path, tmp_path: Path) -> Path:
    path = tmp_path / "tables.sqlite3"
    shutil.copy(src, path)
    return path


def _version(path: Path, immutable: bool = False) -> int:
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True) if immutable else sqlite3.connect(path)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def test_the_fixture_is_a_version_1_store():
    assert _version(V1, immutable=True) == 1  # leaves the fixture and its folder untouched


def test_a_version_1_store_opens_unchanged_with_its_finished_tables_in_the_log(tmp_path):
    path = _copy(V1, tmp_path)
    store = Store(path)
    assert _version(path) == sqlite_store.SCHEMA_VERSION == 10
    assert {i.id: i.finished for i in store.list()} == {
        "dragon-done": True,
        "chinatown-done": True,
        "dayu-done": True,
        "dragon-open": False,
    }
    plays = {p.table_id: p for p in store.plays()}
    assert set(plays) == {"dragon-done", "chinatown-done", "dayu-done"}
    for table_id, play in plays.items():
        board = store.open(table_id).scoreboard
        assert [s.score for s in play.seats] == [r.total for r in sorted(board.rows, key=lambda r: r.seat)]
        assert play.seconds is not None  # from the table's creation to its last change
    open_table = store.open("dragon-open")
    assert open_table.version == 30
    store.close()
    assert {p.table_id for p in Store(path).plays()} == set(plays)  # migrated once, not again


def test_the_migration_is_one_transaction(tmp_path, monkeypatch):
    path = _copy(V1, tmp_path)

    def broken(*args, **kwargs):
        raise RuntimeError("power cut in the middle of the migration")

    monkeypatch.setattr(sqlite_store, "record", broken)
    with pytest.raises(RuntimeError):
        Store(path)
    assert _version(path) == 1
    db = sqlite3.connect(path)
    names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "plays" not in names and "players" not in names
    assert "at" not in {r[1] for r in db.execute("PRAGMA table_info(entries)")}
    db.close()
    monkeypatch.undo()
    assert len(Store(path).plays()) == 3


def test_a_version_0_store_moves_to_the_current_version(tmp_path):
    path = _copy(V0, tmp_path)
    store = Store(path)
    assert _version(path) == sqlite_store.SCHEMA_VERSION
    assert len(store.list()) == 3 and store.plays() == []


V7 = Path(__file__).parent / "data" / "store_v7_main.sqlite3"  # written by main at 63af91e: 6 plays


def test_a_version_7_store_moves_to_the_current_version_with_every_play(tmp_path):
    assert _version(V7, immutable=True) == 7
    db = sqlite3.connect(f"file:{V7}?immutable=1", uri=True)
    before = db.execute("SELECT id, game, date, n FROM plays ORDER BY id").fetchall()
    seats = db.execute(
        "SELECT play_id, seat, player_id, score, winner FROM play_seats ORDER BY 1, 2"
    ).fetchall()
    db.close()
    assert len(before) == 6
    path = _copy(V7, tmp_path)
    store = Store(path)
    assert _version(path) == sqlite_store.SCHEMA_VERSION
    plays = store.plays()
    assert sorted((p.id, p.game, p.date, len(p.seats)) for p in plays) == before
    assert (
        sorted((p.id, s.seat, s.player_id, s.score, int(s.winner)) for p in plays for s in p.seats) == seats
    )
    assert all(p.location is None for p in plays) and store.locations() == []
    assert not any(p.day_only for p in plays)  # finished tables: each at its last entry's time
    # the new column works on a migrated store
    assert store.set_play_location(plays[0].id, "Club").location == "Club"
    assert store.count_plays(location="club") == 1
    store.close()


# Written by main at 1dde71b (schema 8) with TZ=UTC, through Store.log_calculated, the BGG and
# BG Stats import plans and Store.create: a Quick score play for a past day typed (2026-03-10, stored at its
# noon UTC), one at a time typed (2026-03-11 20:15 UTC), one at a time typed that is noon UTC
# exactly (2026-03-12), a BoardGameGeek import (bgg-5001, 2026-02-01), a BG Stats push play at
# 12:00:00 UTC (bgs-noon) and a finished table's play.
V8 = Path(__file__).parent / "data" / "store_v8_main.sqlite3"


def test_a_version_8_store_knows_which_plays_have_a_day_alone(tmp_path):
    assert _version(V8, immutable=True) == 8
    db = sqlite3.connect(f"file:{V8}?immutable=1", uri=True)
    before = db.execute("SELECT id, source, date FROM plays ORDER BY id").fetchall()
    db.close()
    path = _copy(V8, tmp_path)
    store = Store(path)
    assert _version(path) == sqlite_store.SCHEMA_VERSION == 10
    plays = store.plays()
    assert sorted((p.id, p.source, p.date) for p in plays) == before  # no moment changed
    day_only = {(p.source, p.date[:10]) for p in plays if p.day_only}
    # Stored at exactly noon UTC before schema 9: a day alone, but for BG Stats' times (set by
    # hand, 13:00 in Madrid is one); the time typed at noon exactly is the price (docs/DECISIONS.md).
    assert day_only == {("bgg", "2026-02-01"), ("calculator", "2026-03-10"), ("calculator", "2026-03-12")}
    timed = {p.id for p in plays if not p.day_only}
    assert "bgs-noon" in timed and len(timed) == 3
    assert store.play("bgg-5001").day_only  # read one by one too
    # a day typed again on the migrated store, then a time: the mark follows
    calc = next(p for p in plays if p.date.startswith("2026-03-11"))
    assert store.redate_play(calc.id, "2026-03-09").day_only
    assert not store.redate_play(calc.id, "2026-03-09T21:00:00+00:00").day_only
    store.close()
    again = Store(path)
    assert {p.id for p in again.plays() if p.day_only} == {p.id for p in plays if p.day_only}
    again.close()


# Written by main at 4e011e1 (schema 9) with TZ=UTC: players Ana and Ben, a finished Dragon table
# (Ana and Ben linked, its figures summed by the triggers), a Quick score play (Ana 50, Ben 31) and
# a BoardGameGeek import with scores (bgg-5001, Chinatown).
V9 = Path(__file__).parent / "data" / "store_v9_main.sqlite3"


def _schema(db: sqlite3.Connection) -> list[tuple[str, str]]:
    """The store's indexes and triggers by name, with their SQL (the tables' own text differs)."""
    return db.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') ORDER BY name"
    ).fetchall()


def test_a_version_9_store_keeps_every_score_and_takes_a_play_without_scores(tmp_path):
    from companion.plays.models import PlayRecord, PlaySeat

    assert _version(V9, immutable=True) == 9
    db = sqlite3.connect(f"file:{V9}?immutable=1", uri=True)
    seats = db.execute("SELECT * FROM play_seats ORDER BY play_id, seat").fetchall()
    totals = db.execute("SELECT * FROM player_figure_totals ORDER BY 1, 2, 3, 4").fetchall()
    schema = _schema(db)
    assert db.execute(
        "SELECT \"notnull\" FROM pragma_table_info('play_seats') WHERE name = 'score'"
    ).fetchall() == [(1,)]
    db.close()
    path = _copy(V9, tmp_path)
    store = Store(path)
    assert _version(path) == sqlite_store.SCHEMA_VERSION == 10
    db = sqlite3.connect(path)
    assert db.execute("SELECT * FROM play_seats ORDER BY play_id, seat").fetchall() == seats
    assert db.execute("SELECT * FROM player_figure_totals ORDER BY 1, 2, 3, 4").fetchall() == totals
    assert _schema(db) == schema  # every index and trigger made again as it was
    db.close()
    ana = store.find_player("Ana")
    assert ana is not None
    before = store.stats("dragon", player=ana.id)
    unscored = PlayRecord(
        id="won-only",
        source="bgg",
        game="dragon",
        date="2026-04-01T12:00:00+00:00",
        day_only=True,
        seats=[
            PlaySeat(seat=0, name="Ana", player_id=ana.id, score=None, place=1, winner=True),
            PlaySeat(seat=1, name="Ben", score=None, place=2, winner=False),
        ],
    )
    store.restore_play(unscored)
    assert [s.score for s in store.play("won-only").seats] == [None, None]
    after = store.stats("dragon", player=ana.id)
    assert (after.plays, after.wins) == (before.plays + 1, before.wins + 1)
    assert (after.average, after.best, after.worst) == (before.average, before.best, before.worst)
    # the seats' triggers still run: the table's play gone, its figures leave Ana's and Ben's sums
    store.delete_play(next(p for p in store.plays() if p.table_id).id)
    db = sqlite3.connect(path)
    kept = db.execute("SELECT SUM(total) FROM player_figure_totals").fetchone()[0]
    recounted = db.execute(
        "SELECT SUM(f.value) FROM play_seats ps JOIN play_figures f ON f.play_id = ps.play_id"
        " AND (f.seat = ps.seat OR f.seat IS NULL) WHERE ps.player_id IS NOT NULL"
    ).fetchone()[0]
    assert kept == recounted != sum(t[4] for t in totals)
    db.close()
    store.close()
