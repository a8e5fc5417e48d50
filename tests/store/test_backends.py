"""The store's backends: chosen by a URL or $TC_DATABASE, and the stale-writer check held by the
database itself (a unique entry position per table), on SQLite and PostgreSQL alike."""

from __future__ import annotations

import re
import threading
import time

import pytest
from plays_insights_helpers import make_play
from security.input_helpers import short_table
from store_backends import schema_url

from companion.core import Table
from companion.plays.models import Figure
from companion.store import Store, StoreConflict, StoreError, sqlite_store
from companion.store.connection import DATABASE_ENV
from companion.store.figure_months import FIGURE_MONTHS
from companion.store.plays_rows import play_margin
from companion.store.sqlite_store import SCHEMA_VERSION
from companion.store.upkeep import INSIGHT_INDEXES

ROW = "INSERT INTO entries (table_id, seq, body) VALUES (?, ?, ?)"


def _step(table: Table) -> None:
    prompt = table.prompt
    table.auto() if prompt.auto else table.submit(prompt.choices[0])


@pytest.fixture
def two_stores(tmp_path):
    a, b = Store(tmp_path / "t.sqlite3"), Store(tmp_path / "t.sqlite3")
    yield a, b
    a.close()
    b.close()


def test_two_connections_writing_entry_n_at_once_store_it_once(two_stores):
    """The constraint alone (no revision check): B's row N waits for A's transaction, then the
    unique (table_id, seq) key refuses it with the store's stale-writer error; A's row stays."""
    a, b = two_stores
    table = a.create(short_table("dayu", undo=0))
    n = table.version
    a._db.begin()
    a._db.execute(ROW, (table.id, n, '{"by": "a"}'))
    refused: list[Exception] = []

    def second() -> None:
        try:
            b._write(
                (ROW, (table.id, n, '{"by": "b"}')),
                refused=StoreConflict("sec-input.store.conflict", name="t"),
            )
        except StoreConflict as exc:
            refused.append(exc)

    writer = threading.Thread(target=second)
    writer.start()
    time.sleep(0.3)  # lets B reach its wait on A (the outcome is the same if it comes later)
    a._db.commit()
    writer.join()
    assert len(refused) == 1 and "reloaded" in refused[0].msg.render()
    assert a._read("SELECT body FROM entries WHERE table_id = ? AND seq = ?", (table.id, n)) == [
        ('{"by": "a"}',)
    ]


def test_two_writers_appending_entry_n_together_one_wins_nothing_lost(two_stores):
    a, b = two_stores
    first = a.create(short_table("dragon", undo=0))
    second = b.open(first.id)
    n = first.version
    start = threading.Barrier(2)
    outcome: dict[str, object] = {}

    def append(name: str, table: Table) -> None:
        start.wait()
        try:
            _step(table)
            outcome[name] = table.entries[-1]
        except StoreConflict as exc:
            outcome[name] = exc

    threads = [threading.Thread(target=append, args=p) for p in (("a", first), ("b", second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    conflicts = [k for k, v in outcome.items() if isinstance(v, StoreConflict)]
    assert len(conflicts) == 1, outcome  # exactly one acknowledged, the other told to reload
    winner = outcome["b" if conflicts == ["a"] else "a"]
    stored = a.open(first.id)
    assert stored.version == n + 1 and stored.entries[-1] == winner


def test_the_database_is_chosen_by_a_url_or_the_environment(store_backend, tmp_path, monkeypatch, request):
    """``Store()`` opens $TC_DATABASE: a postgresql:// URL or an SQLite file path."""
    if store_backend == "postgresql":
        location = schema_url(request.getfixturevalue("postgres_database"), tmp_path / "chosen")
    else:
        location = str(tmp_path / "chosen.sqlite3")
    made = Store(location)
    table = made.create(short_table("dayu", undo=0))
    made.close()
    monkeypatch.setenv(DATABASE_ENV, location)
    again = Store()
    assert again.url == (location if store_backend == "postgresql" else None)
    assert [t.id for t in again.list()] == [table.id]
    again.close()


def test_a_server_that_does_not_answer_is_one_clear_error_without_the_password():
    with pytest.raises(StoreError) as refused:
        Store("postgresql://companion:hunter2@127.0.0.1:1/companion")  # nothing listens on port 1
    text = str(refused.value)
    assert refused.value.msg.key == "sec-input.store.no_server"
    assert "hunter2" not in text and "companion:***@127.0.0.1:1" in text


def test_a_store_of_a_newer_schema_is_refused_and_left_as_it_was(tmp_path):
    """The schema version lives in the database on both (SQLite's user_version, PostgreSQL's
    schema_version table): a newer one is never written to."""
    path = tmp_path / "t.sqlite3"
    store = Store(path)
    table = store.create(short_table("dayu", undo=0))
    store._db.set_schema_version(SCHEMA_VERSION + 1)
    store.close()
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert refused.value.msg.key == "sec-input.store.newer"
    db = sqlite_store.connect(path)  # read back without the store's check: nothing was changed
    assert db.schema_version() == SCHEMA_VERSION + 1
    assert db.execute("SELECT id FROM tables").fetchall() == [(table.id,)]
    db.close()


def _drop_figure_months(store: Store, backend: str) -> None:
    """Schema 8's figure sums per month gone: their triggers, tables and the rows' columns."""
    for statement in FIGURE_MONTHS:
        found = re.search(r"CREATE TRIGGER IF NOT EXISTS (\w+) .*?\bON (\w+)", statement, re.DOTALL)
        if found:
            on = f" ON {found[2]}" if backend == "postgresql" else ""  # PostgreSQL names the table
            store._db.execute(f"DROP TRIGGER {found[1]}{on}")
    store._db.execute("DROP TABLE figure_months")
    store._db.execute("DROP TABLE player_figure_months")
    for column in ("month", "location"):
        store._db.execute(f"ALTER TABLE play_figures DROP COLUMN {column}")
    # (SQLite cannot drop the plays' last columns past their comments: emptied, the migration fills them)
    store._db.execute("UPDATE plays SET scores = NULL, winners = NULL, best = NULL")


def test_a_schema_7_store_moves_to_8_with_each_plays_margin(tmp_path, store_backend):
    """Schema 7 made again in the database (no location, no margin, no remembered locations, none
    of schema 8's indexes, columns or figure sums per month): reopening adds them and computes
    each play's margin and sums, on both backends."""
    path = tmp_path / "t.sqlite3"
    store = Store(path)
    ana, ben = store.create_player("Ana").id, store.create_player("Ben").id
    plays = [
        make_play("dayu", "2026-01-10T20:00:00+00:00", [("Ana", ana, 30), ("Ben", ben, 21)], play_id="wide"),
        make_play("dayu", "2026-02-10T20:00:00+00:00", [("Ana", ana, 25), ("Ben", ben, 24)], play_id="close"),
        make_play("dayu", "2026-03-10T20:00:00+00:00", [("Ana", ana, 20), ("Ben", ben, 20)], play_id="tie"),
    ]
    # A seat's figure and a whole table's, for the sums per month the migration makes
    plays = [
        p.model_copy(update={"figures": [Figure(seat=0, name="vp", value=3), Figure(name="rounds", value=i)]})
        for i, p in enumerate(plays)
    ]
    for play in plays:
        store.restore_play(play)
    for statement in INSIGHT_INDEXES:
        store._db.execute("DROP INDEX " + statement.split(" IF NOT EXISTS ")[1].split()[0])
    _drop_figure_months(store, store_backend)
    store._db.execute("ALTER TABLE plays DROP COLUMN location")
    store._db.execute("ALTER TABLE plays DROP COLUMN margin")
    store._db.execute("DROP TABLE locations")
    store._db.set_schema_version(7)
    store.close()

    again = Store(path)
    assert again._db.schema_version() == SCHEMA_VERSION == 10
    assert {"location", "margin"} <= again._db.columns("plays")
    margins = dict(again._read("SELECT id, margin FROM plays"))
    assert margins == {p.id: play_margin([(s.score, s.winner) for s in p.seats]) for p in plays}
    assert margins == {"wide": 9, "close": 1, "tie": None}
    sums = dict(again._read("SELECT id, scores FROM plays"))
    assert sums == {"wide": 51, "close": 49, "tie": 40}
    months = again._read("SELECT month, SUM(total) FROM figure_months GROUP BY month ORDER BY month")
    by_rows = again._read(
        "SELECT substr(p.date, 1, 7), SUM(f.value) FROM plays p JOIN play_figures f ON f.play_id = p.id"
        " GROUP BY substr(p.date, 1, 7) ORDER BY 1"
    )
    assert months == by_rows == [("2026-01", 3), ("2026-02", 4), ("2026-03", 5)]
    ana_months = again._read(
        "SELECT COUNT(*), SUM(total) FROM player_figure_months WHERE player_id = ?", (ana,)
    )
    assert ana_months == [(6, 3 * 3 + 0 + 1 + 2)]  # per month: her seat's vp, the play's rounds
    (record,) = [r for r in again.records("dayu") if r.kind == "margin"]
    assert (record.value, record.play_id) == (9, "wide")
    assert again.set_play_location("close", "Club").location == "Club"
    assert again.locations() == ["Club"] and again.count_plays(location="club") == 1
    for statement in INSIGHT_INDEXES:  # each index is there again: dropping it works
        again._db.execute("DROP INDEX " + statement.split(" IF NOT EXISTS ")[1].split()[0])
    again.close()


def test_a_schema_8_store_moves_to_9_with_its_plays_at_noon_known_by_their_day(tmp_path):
    """Schema 8 made again in the database (no ``plays.day_only``): reopening adds the column, and
    a play stored at exactly 12:00:00 UTC, a day alone before schema 9, is known by its day alone,
    but for a BG Stats import; on both backends. A day-only play round-trips after it."""
    path = tmp_path / "t.sqlite3"
    store = Store(path)
    seats = [("Ana", None, 30), ("Ben", None, 21)]
    noon, evening = "2026-01-10T12:00:00+00:00", "2026-01-10T20:00:00+00:00"
    plays = [
        make_play("dayu", noon, seats, play_id="typed-day"),
        make_play("dayu", evening, seats, play_id="typed-time"),
        make_play("dayu", noon, seats, play_id="bgg-1").model_copy(update={"source": "bgg"}),
        make_play("dayu", noon, seats, play_id="bg-stats").model_copy(update={"source": "import"}),
    ]
    for play in plays:
        store.restore_play(play)
    store._db.execute("ALTER TABLE plays DROP COLUMN day_only")
    store._db.set_schema_version(8)
    store.close()

    again = Store(path)
    assert again._db.schema_version() == SCHEMA_VERSION == 10
    assert {p.id: p.day_only for p in again.plays()} == {
        "typed-day": True,
        "typed-time": False,
        "bgg-1": True,
        "bg-stats": False,
    }
    assert [p.date for p in again.plays()] == [evening, noon, noon, noon]  # no moment changed
    day = make_play("dayu", "2026-02-01T12:00:00+00:00", seats, play_id="a-day").model_copy(
        update={"day_only": True}
    )
    again.restore_play(day)
    assert again.play("a-day") == day
    again.close()


def test_executemany_writes_every_row_in_or_out_of_a_transaction(location):
    """The connection's executemany on both backends: every row stored, in the open transaction
    (gone with its rollback) and on its own (kept)."""
    store = Store(location)
    try:
        db = store._db
        table = store.create(short_table("dayu", undo=0))
        rows = [(table.id, 1000 + i, f'{{"n": {i}}}') for i in range(5)]
        count = "SELECT COUNT(*) FROM entries WHERE table_id = ? AND seq >= 1000"
        db.begin()
        db.executemany(ROW, rows[:3])
        assert db.execute(count, (table.id,)).fetchall()[0][0] == 3
        db.rollback()
        assert db.execute(count, (table.id,)).fetchall()[0][0] == 0
        db.executemany(ROW, rows)
        assert db.execute(count, (table.id,)).fetchall()[0][0] == 5
        db.executemany(ROW, [])  # nothing to write is no error
    finally:
        store.close()
