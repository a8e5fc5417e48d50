"""One player's figure sums, kept by triggers in ``player_figure_totals``, recounted after every
kind of write that can move them: plays logged linked or not, an imported table's seats linked
afterwards, a hand-logged play linked, links swapped, unlinked, players merged, a play deleted
and put back, a correction that drops figures, an undo and a redo, a backup restored, and a
store of schema 5 migrated.

The recount is done here in Python from the plays' own rows (``plays(figures=True)``), not
through the statistics: a seat's figures and the whole-table figures of its play, per player.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict

import pytest
from dragon_helpers import random_table, step_random
from plays_helpers import finished_game

from companion.plays.record import record
from companion.store import Store
from companion.store.backup import backup_json, restore
from companion.store.plays_rows import insert_play

GAMES = ("dragon", "chinatown", "dayu")
DRAGON = {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}, {"name": "Carla", "vp": 30}]}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def _at(table, *players: str | None) -> list[str | None]:
    """Links for each seat of ``table``: ``players`` in seat order, the seats past them (or the
    players past the seats) left out."""
    n = len(table.players)
    return [*players, *[None] * n][:n]


def _recount(store: Store) -> dict[tuple[str, str], list[tuple[str, str, int, int, bool]]]:
    """(game, player id) -> [(name, key, total, rows, whole)] from the plays' rows, in name order."""
    sums: dict[tuple[str, str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for play in store.plays(figures=True):
        for seat in play.seats:
            if seat.player_id is None:
                continue
            for f in play.figures:
                if f.seat is None or f.seat == seat.seat:
                    line = sums[(play.game, seat.player_id, f.name, f.key)]
                    line[0] += f.value
                    line[1] += 1
                    line[2] += f.seat is None
    out: dict[tuple[str, str], list[tuple[str, str, int, int, bool]]] = defaultdict(list)
    for (game, player, name, key), (total, rows, whole) in sorted(sums.items()):
        out[(game, player)].append((name, key, total, rows, whole > 0))
    return out


def _month_recount(store: Store) -> tuple[dict[tuple, list[int]], dict[tuple, list[int]]]:
    """The sums per (game, month, location, name, key), of the group and per linked player (the
    player id first in the key), recounted from the plays' rows: [total, rows, rows without a seat]."""
    group: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0])
    players: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0])
    for play in store.plays(figures=True):
        where = (play.game, play.date[:7], play.location or "")
        for f in play.figures:
            shares = [group[(*where, f.name, f.key)]]
            shares += [
                players[(s.player_id, *where, f.name, f.key)]
                for s in play.seats
                if s.player_id is not None and (f.seat is None or f.seat == s.seat)
            ]
            for line in shares:
                line[0] += f.value
                line[1] += 1
                line[2] += f.seat is None
    return group, players


def _check_months(store: Store) -> None:
    """The sums per month and location kept by triggers (store/figure_months.py) equal the recount."""
    group, players = _month_recount(store)
    kept = store._read("SELECT game, month, location, name, key, total, rows, whole_rows FROM figure_months")
    assert {tuple(r[:5]): list(r[5:]) for r in kept} == dict(group)
    kept = store._read(
        "SELECT player_id, game, month, location, name, key, total, rows, whole_rows FROM player_figure_months"
    )
    assert {tuple(r[:6]): list(r[6:]) for r in kept} == dict(players)


def _check(store: Store) -> None:
    """Every player's figures in the statistics equal the recount; no row is left at zero."""
    _check_months(store)
    want = _recount(store)
    seats = dict(
        store._read(
            "SELECT p.game || ' ' || ps.player_id, COUNT(*) FROM play_seats ps JOIN plays p"
            " ON p.id = ps.play_id WHERE ps.player_id IS NOT NULL GROUP BY p.game, ps.player_id"
        )
    )
    for player in store.players():
        for game in GAMES:
            got = [
                (f.name, f.key, f.total, f.rows if not f.per_seat else None, not f.per_seat)
                for f in store.stats(game, player.id).figures
            ]
            expected = [
                (name, key, total, rows if whole else None, whole)
                for name, key, total, rows, whole in want.get((game, player.id), [])
            ]
            assert got == expected, (game, player.name)
            n = seats.get(f"{game} {player.id}", 0)
            assert all(f.rows == n for f in store.stats(game, player.id).figures if f.per_seat)
    kept = store._read("SELECT game, player_id, COUNT(*) FROM player_figure_totals GROUP BY game, player_id")
    assert {(g, p): n for g, p, n in kept} == {k: len(v) for k, v in want.items()}
    assert store._read("SELECT COUNT(*) FROM player_figure_totals WHERE rows = 0")[0][0] == 0


def test_per_player_figures_follow_links_unlinks_merges_deletes_and_corrections(store):
    ana, ben, carla = (store.create_player(n).id for n in ("Ana", "Ben", "Carla"))
    linked = [store.create(finished_game(seed)) for seed in (3, 4, 5)]  # one of each game
    for table in linked:
        store.link_seats(table.id, _at(table, ana, ben, carla))
    imported = store.import_json(finished_game(0).to_json())  # logged with no seat linked
    second = store.import_json(finished_game(6).to_json())
    _check(store)
    assert store.stats("dragon", ana).figures  # the linked Dragon table counts already

    before = store.stats("dragon", carla).figures
    store.link_seats(imported.id, _at(imported, carla, ana))  # linked later
    _check(store)
    assert store.stats("dragon", carla).figures != before
    store.link_play(second.id, _at(second, None, carla, ana))
    _check(store)

    store.link_seats(imported.id, _at(imported, ana, carla))  # a swap
    _check(store)
    store.link_seats(imported.id, _at(imported))  # unlinked
    _check(store)

    hand = store.log_calculated("dragon-final", DRAGON)  # a hand-logged play, linked afterwards
    _check(store)
    store.link_play(hand.id, [ana, None, ben])
    _check(store)
    store.rescore_play(hand.id, [50, 42, 30])  # drops its points and VP figures
    _check(store)

    store.redate_play(hand.id, "2024-02-29")  # another month: its sums move with it
    _check(store)
    store.set_play_location(hand.id, "Club")
    store.set_play_location(second.id, "Club")
    _check(store)
    assert store._read("SELECT COUNT(*) FROM figure_months WHERE location = 'Club'")[0][0] > 0
    store.set_play_location(hand.id, None)
    _check(store)

    gone = store.delete_play(second.id)
    _check(store)
    store.restore_play(gone)
    _check(store)
    store.delete_play(linked[0].id)
    _check(store)

    zoe = store.create_player("Zoe")
    store.link_seats(imported.id, _at(imported, zoe.id, carla))
    _check(store)
    store.merge_players(ben, zoe.id)  # Zoe's seats become Ben's
    _check(store)
    assert not store._read("SELECT 1 FROM player_figure_totals WHERE player_id = ?", (zoe.id,))

    store.delete(imported.id)  # the table goes, its play stays
    _check(store)
    for play in store.plays():
        store.delete_play(play.id)
    _check(store)
    assert store._read("SELECT COUNT(*) FROM player_figure_totals")[0][0] == 0


def test_per_player_figures_follow_an_undo_and_a_redo(store):
    ana = store.create_player("Ana").id
    table, rng = random_table(4, n=2)
    table = store.create(table, [None, ana])
    while table.prompt is not None:
        step_random(table, rng)
    _check(store)
    assert store.stats("dragon", ana).figures
    table.undo()  # the play goes
    _check(store)
    assert store.stats("dragon", ana).figures == []
    table.redo()  # logged again, linked as the table is
    _check(store)
    assert store.stats("dragon", ana).figures


def test_per_player_figures_after_a_restored_backup(store, tmp_path):
    ana, ben = store.create_player("Ana").id, store.create_player("Ben").id
    for seed in range(6):
        table = store.create(finished_game(seed))
        store.link_seats(table.id, _at(table, ben, None, ana))
    text = backup_json(store)
    _check(store)
    other = Store(tmp_path / "other.sqlite3")
    other.create_player("Someone")
    other.create(finished_game(1))
    restore(other, text, replace=True)
    _check(other)
    assert other.stats("dragon", ana).figures == store.stats("dragon", ana).figures
    other.close()


@pytest.mark.sqlite_only  # an SQLite file of schema 5
def test_a_schema_5_store_gets_its_per_player_figure_sums(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    ana, ben = store.create_player("Ana").id, store.create_player("Ben").id
    tables = [store.create(finished_game(seed)) for seed in (0, 1, 2, 3)]
    for table in tables:
        store.link_seats(table.id, _at(table, ana, ben))
    want = {(g, p): store.stats(g, p).figures for g in GAMES for p in (ana, ben)}
    store.close()
    db = sqlite3.connect(path)
    db.executescript(
        "DROP TRIGGER player_figure_added; DROP TRIGGER player_figure_removed;"
        " DROP TRIGGER player_seat_added; DROP TRIGGER player_seat_removed;"
        " DROP TRIGGER player_seat_relinked; DROP TABLE player_figure_totals; PRAGMA user_version = 5;"
    )
    db.close()
    store = Store(path)
    assert {(g, p): store.stats(g, p).figures for g in GAMES for p in (ana, ben)} == want
    assert want[("dragon", ana)] and want[("chinatown", ben)]
    _check(store)
    store.link_seats(tables[0].id, _at(tables[0], ben, ana))  # triggers back
    _check(store)
    store.close()


def test_the_figures_of_a_players_stats_are_the_sums_of_their_seats_rows(store):
    """The stored sums equal the join they replace (the statistics' former query)."""
    ana = store.create_player("Ana").id
    for seed in (0, 3, 6, 9):
        table = store.create(finished_game(seed))
        store.link_seats(table.id, _at(table, None, ana))
    joined = store._read(
        "SELECT f.name, f.key, SUM(f.value), COUNT(*), MAX(CASE WHEN f.seat IS NULL THEN 1 ELSE 0 END)"
        " FROM play_seats ps"
        " JOIN plays p ON p.id = ps.play_id JOIN play_figures f"
        " ON f.play_id = ps.play_id AND (f.seat = ps.seat OR f.seat IS NULL)"
        " WHERE p.game = ? AND ps.player_id = ? GROUP BY f.name, f.key ORDER BY f.name, f.key",
        ("dragon", ana),
    )
    seats = store.stats("dragon", ana).seats
    assert joined and [
        (f.name, f.key, f.total, f.rows, int(not f.per_seat)) for f in store.stats("dragon", ana).figures
    ] == [(n, k, t, c if w else seats, w) for n, k, t, c, w in joined]


def test_the_sums_hold_whatever_order_the_rows_are_written_in(store):
    """The app writes a play's seats before its figures; the triggers do not rely on it: seats
    written after the figures, or removed before them, or moved, keep the sums right too."""
    ana, ben = store.create_player("Ana").id, store.create_player("Ben").id
    table = finished_game(6)
    play = record(table, player_ids=_at(table, ana, ben)).model_copy(update={"table_id": None})  # not stored
    statements = insert_play(play)
    seats = [s for s in statements if s[0].startswith("INSERT INTO play_seats")]
    figures = [s for s in statements if s[0].startswith("INSERT INTO play_figures")]
    store._write(*statements[:2], *figures, *seats)  # the figures first
    _check(store)
    assert store.stats("dragon", ana).figures
    store._write(("UPDATE play_seats SET seat = seat + 10 WHERE play_id = ? AND seat = 0", (play.id,)))
    _check(store)
    store._write(("UPDATE play_seats SET seat = seat - 10 WHERE play_id = ? AND seat = 10", (play.id,)))
    _check(store)
    store._write(("DELETE FROM play_seats WHERE play_id = ?", (play.id,)))  # the seats first
    _check(store)
    assert store.stats("dragon", ana).figures == []
    store._write(*seats)
    _check(store)
    store._write(
        ("DELETE FROM play_figures WHERE play_id = ?", (play.id,)),
        ("DELETE FROM plays WHERE id = ?", (play.id,)),
    )
    _check(store)
    assert store._read("SELECT COUNT(*) FROM player_figure_totals")[0][0] == 0
