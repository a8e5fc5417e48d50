"""A logged play afterwards: linked, unlinked, redated, deleted and put back; dates in UTC and
never in the future; one player per play; times without a zone; a store from a newer version."""

from __future__ import annotations

import importlib
import json
import sqlite3
from datetime import UTC, date, datetime, timedelta

import pytest
from pinned_clock import pin_clock
from plays_helpers import finished_game

from companion.core import Table
from companion.core.calc import CalcInputError
from companion.plays.record import play_date
from companion.store import Store, StoreError
from companion.store.sqlite_store import SCHEMA_VERSION


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


DRAGON = {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}


def test_dates_are_stored_in_utc_and_the_future_is_refused():
    # a day alone: its noon UTC, marked as known by its day alone
    assert play_date("2026-05-31") == ("2026-05-31T12:00:00+00:00", True)
    assert play_date("2026-05-31", logged_now=True) == ("2026-05-31T12:00:00+00:00", True)  # a past day
    assert play_date("2026-05-31T23:30:00-03:00") == ("2026-06-01T02:30:00+00:00", False)
    local = datetime(2026, 5, 31, 20, 0).astimezone(UTC).isoformat(timespec="seconds")
    assert play_date("2026-05-31T20:00:00") == (local, False)  # no zone: this device's own time
    assert play_date("2026-05-31T12:00:00+00:00") == ("2026-05-31T12:00:00+00:00", False)  # a time typed
    for bad, why in [
        ("3026-01-01", "future_date"),
        ((datetime.now(UTC) + timedelta(hours=2)).isoformat(), "future_date"),
        ("yesterday", "bad_date"),
        ("2026-02-30", "bad_date"),
    ]:
        with pytest.raises(CalcInputError) as err:
            play_date(bad)
        assert err.value.msg.key == f"plays.calc.{why}"
    assert play_date((datetime.now(UTC) + timedelta(minutes=2)).isoformat())  # a clock a little ahead


def test_one_player_cannot_sit_twice_in_a_play(store):
    ana = store.create_player("Ana")
    with pytest.raises((StoreError, CalcInputError)) as err:
        store.log_calculated("dragon-final", DRAGON, player_ids=[ana.id, ana.id])
    assert err.value.msg.key == "plays.link.twice"
    play = store.log_calculated("dragon-final", DRAGON, player_ids=[ana.id, None])
    with pytest.raises(StoreError) as err:
        store.link_play(play.id, [ana.id, ana.id])
    assert err.value.msg.key == "plays.link.twice"
    # Even written past the checks, the database refuses it inside the transaction.
    with pytest.raises(StoreError) as err:
        store._write(
            ("UPDATE play_seats SET player_id = ? WHERE play_id = ?", (ana.id, play.id)),
            refused=StoreError("plays.link.changed"),
        )
    assert err.value.msg.key == "plays.link.changed"
    assert [s.player_id for s in store.play(play.id).seats] == [ana.id, None]


def test_a_play_is_linked_unlinked_and_redated(store):
    ana, ben = store.create_player("Ana"), store.create_player("Ben")
    play = store.log_calculated("dragon-final", DRAGON, date="2026-05-31")
    assert store.plays(player=ana.id) == []
    linked = store.link_play(play.id, [ana.id, ben.id])
    assert [s.player_id for s in linked.seats] == [ana.id, ben.id]
    assert store.stats("dragon", ben.id).wins == 1
    store.link_play(play.id, [None, ben.id])
    assert store.plays(player=ana.id) == []
    moved = store.redate_play(play.id, "2026-04-01")
    assert moved.date == "2026-04-01T12:00:00+00:00"
    with pytest.raises(CalcInputError):
        store.redate_play(play.id, "3026-04-01")
    assert store.play(play.id).date == moved.date


def test_a_tables_play_links_its_table_too(store):
    ana = store.create_player("Ana")
    table = store.create(finished_game(1))  # Chinatown, seats named Ana, Ben, ...
    store.link_play(table.id, [ana.id] + [None] * (len(table.players) - 1))
    assert store.seat_links(table.id)[0] == ana.id
    assert store.plays(player=ana.id)[0].table_id == table.id


def test_a_deleted_play_comes_back_with_undo_and_stays_away_otherwise(store, tmp_path):
    ana = store.create_player("Ana")
    table = store.create(finished_game(0), [ana.id] + [None] * (len(finished_game(0).players) - 1))
    gone = store.delete_play(table.id)
    assert store.plays() == []
    store.close()
    again = Store(tmp_path / "tables.sqlite3")  # the check on open does not log it again
    assert again.plays() == []
    again.restore_play(gone)
    assert again.play(gone.id) == gone
    again.close()
    assert Store(tmp_path / "tables.sqlite3").play(gone.id) == gone


def test_matching_players_ignores_case_and_spacing(store):
    ana = store.create_player("Ana María")
    assert store.matching_players(["ana  maría", "Ben", "ANA MARÍA"]) == [ana.id, None, ana.id]


def test_a_table_file_with_times_without_a_zone_logs_its_play(store):
    data = json.loads(finished_game(0).to_json())
    data["created"] = "2026-05-31T20:00:00"
    table = store.import_json(json.dumps(data))
    play = store.play(table.id)
    assert play.started == "2026-05-31T20:00:00+00:00" and play.seconds is not None


@pytest.mark.sqlite_only  # an SQLite file of an older or newer schema
def test_a_store_from_a_newer_version_is_refused_and_left_as_it_was(tmp_path):
    path = tmp_path / "tables.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError) as err:
        Store(path)
    assert err.value.msg.key == "sec-input.store.newer"
    assert path.read_bytes() == before


def test_the_check_on_open_logs_a_finished_table_the_log_lacks(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    table = store.create(finished_game(2))
    store._write(("DELETE FROM plays WHERE id = ?", (table.id,)))  # as a crash between the two once could
    store.close()
    assert [p.table_id for p in Store(path).plays()] == [table.id]


@pytest.mark.sqlite_only  # an SQLite file of an older or newer schema
def test_schema_3_stores_are_brought_up_to_date(tmp_path):
    """A version-3 store: a table Redo finished without a play, Dragon losses all under one
    cause, one player at two seats. The migration makes each right."""
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    ana = store.create_player("Ana")
    redone = store.create(finished_game(2))
    dragon = store.create(finished_game(0))
    calc = store.log_calculated("dragon-final", DRAGON, player_ids=[ana.id, None])
    right = {(f.seat, f.key, f.value) for f in store.play(dragon.id).figures if f.name == "lost"}
    store.close()
    db = sqlite3.connect(path)
    db.executescript(
        f"""
        PRAGMA foreign_keys = ON;
        DROP TRIGGER to_log_play_gone;  -- schema 7's, which a version-3 store has not
        DROP TRIGGER to_log_unlogged;
        DROP INDEX one_seat_per_player_in_a_play;
        DROP INDEX one_seat_per_player_at_a_table;
        ALTER TABLE tables DROP COLUMN unlogged;
        UPDATE tables SET finished = 0 WHERE id = '{redone.id}';
        DELETE FROM plays WHERE id = '{redone.id}';
        UPDATE play_figures SET key = 'no_room' WHERE play_id = '{dragon.id}' AND name = 'lost';
        UPDATE play_seats SET player_id = '{ana.id}' WHERE play_id = '{calc.id}';
        PRAGMA user_version = 3;
        """
    )
    db.close()
    store = Store(path)
    assert {i.id: i.finished for i in store.list()}[redone.id] is True
    assert store.play(redone.id) is not None
    fixed = {(f.seat, f.key, f.value) for f in store.play(dragon.id).figures if f.name == "lost"}
    assert fixed == right
    assert [s.player_id for s in store.play(calc.id).seats] == [ana.id, None]
    store.close()


def test_a_table_finished_in_a_store_is_found_by_table_id(store):
    table = store.create(Table.from_json(finished_game(1).to_json()))
    assert store.play(table.id).table_id == table.id


def test_two_players_can_swap_seats(store):
    ana, ben = store.create_player("Ana"), store.create_player("Ben")
    play = store.log_calculated("dragon-final", DRAGON, player_ids=[ana.id, ben.id])
    assert [s.player_id for s in store.link_play(play.id, [ben.id, ana.id]).seats] == [ben.id, ana.id]
    table = store.create(finished_game(0), [ana.id, ben.id] + [None] * (len(finished_game(0).players) - 2))
    store.link_seats(table.id, [ben.id, ana.id] + [None] * (len(table.players) - 2))
    assert [s.player_id for s in store.play(table.id).seats][:2] == [ben.id, ana.id]


def test_today_is_a_date_a_play_can_have(monkeypatch):
    # The clock pinned: read apart from the app's, the test's "today" is yesterday to the app in
    # a run across midnight (tests/pinned_clock.py)
    now = datetime(2026, 12, 8, 20, 15, 30, tzinfo=UTC)
    pin_clock(monkeypatch, now, importlib.import_module("companion.plays.record"))
    today = now.date().isoformat()
    assert play_date(today) == (f"{today}T12:00:00+00:00", True)  # a day alone, even today's
    # typed as the play is logged (Quick score): today on this device is now, a real time
    assert play_date(now.astimezone().date().isoformat(), logged_now=True) == (
        "2026-12-08T20:15:30+00:00",
        False,
    )
    in_two_days = (now + timedelta(days=2)).date().isoformat()
    with pytest.raises(CalcInputError):
        play_date(in_two_days)


def test_a_calculator_total_past_the_bound_is_refused_clearly(store):
    with pytest.raises(CalcInputError) as err:
        store.log_calculated(
            "dragon-final", {"players": [{"name": "Ana", "vp": 10**25}, {"name": "Ben", "vp": 3}]}
        )
    assert err.value.msg.key == "plays.calc.too_big"
    assert store.plays() == []


def test_figure_totals_follow_every_write_of_the_figures(store):
    """The group's figure sums come from a table the triggers keep: after logging, deleting
    (a cascade), restoring and relinking they equal a sum over the figure rows themselves."""

    def by_rows():
        rows = store._read(
            "SELECT name, key, SUM(value), COUNT(*) FROM play_figures WHERE game = 'dragon' GROUP BY name, key"
        )
        return {(n, k): (t, c) for n, k, t, c in rows}

    def by_stats():
        s = store.stats("dragon")
        return {(f.name, f.key): (f.total, f.rows if not f.per_seat else None) for f in s.figures}

    tables = [store.create(finished_game(seed)) for seed in (0, 3, 6)]
    gone = store.delete_play(tables[1].id)
    store.restore_play(gone)
    store.delete_play(tables[2].id)
    want = by_rows()
    got = by_stats()
    assert {k: v[0] for k, v in got.items()} == {k: v[0] for k, v in want.items()}
    assert all(got[k][1] in (None, want[k][1]) for k in got)
    store.delete_play(tables[0].id)
    store.delete_play(tables[1].id)
    assert (
        store.stats("dragon").figures == [] and store._read("SELECT COUNT(*) FROM figure_totals")[0][0] == 0
    )


@pytest.mark.sqlite_only  # an SQLite file of an older or newer schema
def test_a_schema_4_store_gets_its_figure_sums(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    table = store.create(finished_game(0))
    want = store.stats("dragon").figures
    store.close()
    db = sqlite3.connect(path)
    db.executescript(
        "DROP TRIGGER figure_added; DROP TRIGGER figure_removed; DROP TABLE figure_totals;"
        " DROP INDEX seats_for_stats; PRAGMA user_version = 4;"
    )
    db.close()
    store = Store(path)
    assert store.stats("dragon").figures == want and want
    store.delete_play(table.id)  # and the triggers are back
    assert store.stats("dragon").figures == []
    store.close()


def test_a_hand_logged_plays_options_can_be_said_again_but_not_a_tables(store):
    play = store.log_calculated("dragon-final", DRAGON)
    again = store.set_play_options(play.id, {"great_wall": True, "super_events": True})
    assert again.options["great_wall"] is True and again.options["super_events"] is True
    with pytest.raises(CalcInputError):
        store.set_play_options(play.id, {"great_wall": "maybe"})
    table = store.create(finished_game(0))
    with pytest.raises(StoreError) as err:
        store.set_play_options(table.id, {"great_wall": True})
    assert err.value.msg.key == "plays.play.of_a_table"


def test_a_hand_logged_plays_scores_are_corrected_and_places_follow(store):
    ana = store.create_player("Ana")
    play = store.log_calculated("dragon-final", DRAGON, player_ids=[ana.id, None])  # Ben won 42-40
    fixed = store.rescore_play(play.id, [45, 42])
    assert [(s.score, s.place, s.winner) for s in fixed.seats] == [(45, 1, True), (42, 2, False)]
    assert store.stats("dragon", ana.id).wins == 1
    assert not [f for f in fixed.figures if f.name in ("points", "vp")]  # they no longer add up
    tie = store.rescore_play(play.id, [44, 44])
    assert all(s.winner and s.place == 1 for s in tie.seats) and tie.tie_break is None
    for bad in ([1], [1, 10**10], [1, True]):
        with pytest.raises(StoreError):
            store.rescore_play(play.id, bad)
    table = store.create(finished_game(2))
    with pytest.raises(StoreError) as err:
        store.rescore_play(table.id, [1, 2])
    assert err.value.msg.key == "plays.play.table_scores"


@pytest.mark.parametrize("seed", [0, 1, 2])  # Dragon, Chinatown, Da Yu
def test_each_games_spec_names_the_unit_its_scoreboard_counts(seed):
    from companion.core.registry import spec

    table = finished_game(seed)
    assert spec(table.game_id).score_unit == table.scoreboard.unit


def test_a_play_logged_for_a_day_keeps_its_day_alone_in_the_store(store, monkeypatch):
    """On both backends: a Quick score play for a past day typed is known by its day alone, kept
    as such by the store (read in a list and one by one); today's is now, a real time."""
    now = datetime(2026, 12, 8, 20, 15, 30, tzinfo=UTC)  # pinned: no run across midnight
    pin_clock(monkeypatch, now, importlib.import_module("companion.plays.record"))
    past = store.log_calculated("dragon-final", DRAGON, date="2026-05-31")
    assert (past.date, past.day_only) == ("2026-05-31T12:00:00+00:00", True)
    today = store.log_calculated("dragon-final", DRAGON, date=now.astimezone().date().isoformat())
    timed = store.log_calculated("dragon-final", DRAGON, date="2026-05-30T21:10:00+00:00")
    assert today.date == "2026-12-08T20:15:30+00:00" and not today.day_only and not timed.day_only
    assert store.play(past.id).day_only and not store.play(timed.id).day_only
    assert {p.id: p.day_only for p in store.plays()} == {past.id: True, today.id: False, timed.id: False}
    # the log sorts by the stored moment: the day alone (noon UTC) after the evening before
    assert [p.id for p in store.plays()] == [today.id, past.id, timed.id]


def test_last_evenings_play_typed_after_midnight_in_new_zealand_keeps_its_day(monkeypatch):
    """At 00:30 on 3 Feb in Auckland (UTC+13) yesterday's noon UTC is still to come: the day typed
    was stored as now, a real time, and shown on 3 Feb. A day before today is that day alone."""
    import importlib
    import time

    record = importlib.import_module("companion.plays.record")  # the module (the package names a function so)
    now = datetime(2026, 2, 2, 11, 30, tzinfo=UTC)

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):  # type: ignore[override]
            return now if tz else now.astimezone().replace(tzinfo=None)

    class Today(date):
        @classmethod
        def today(cls):  # type: ignore[override]
            return now.astimezone().date()

    monkeypatch.setenv("TZ", "Pacific/Auckland")
    time.tzset()
    monkeypatch.setattr(record, "datetime", Clock)
    monkeypatch.setattr(record, "date", Today)
    try:
        assert play_date("2026-02-02", logged_now=True) == ("2026-02-02T12:00:00+00:00", True)
        assert play_date("2026-02-03", logged_now=True) == ("2026-02-02T11:30:00+00:00", False)  # today: now
    finally:
        monkeypatch.undo()
        time.tzset()
