"""The group's statistics summed by SQLite (schema 7's seat columns and indexes) say exactly what
the row-by-row sum over every seat said, linked seats and names differing in case included."""

import pytest
from plays_helpers import finished_game

from companion.store import Store
from companion.store.plays_stats import _SeatSums

ROWS = (
    "SELECT ps.seat, ps.player_id, CASE WHEN ps.player_id IS NULL THEN ps.name END, ps.score,"
    " ps.winner, p.n FROM play_seats ps JOIN plays p ON p.id = ps.play_id WHERE p.game = ?"
)


def test_grouped_sums_equal_the_row_by_row_sums(tmp_path):
    store = Store(tmp_path / "t.sqlite3")
    ana, ben = store.create_player("Ana").id, store.create_player("Ben").id
    for seed in range(9):
        table = finished_game(seed)
        if seed % 2:
            table.players[-1] = table.players[-1].model_copy(update={"name": table.players[-1].name.upper()})
        links = [
            ana if p.name == "Ana" else ben if p.name == "Ben" and seed % 3 else None for p in table.players
        ]
        store.create(table, links)
    names = dict(store._read("SELECT id, name FROM players"))
    for game in ("dragon", "chinatown", "dayu"):
        stats = store.stats(game)
        rows = _SeatSums(store._read(ROWS, (game,)))
        assert stats.seats == rows.count and stats.wins == rows.wins
        assert (stats.best, stats.worst, stats.average) == (rows.best, rows.worst, rows.average)
        assert stats.spread == rows.spread
        assert stats.by_seat == rows.rates(rows.by_seat) and stats.by_count == rows.rates(rows.by_count)
        assert stats.players == rows.player_lines(names)
        assert any(p.player_id is None for p in stats.players)  # unlinked seats are in it too
    store.close()


@pytest.mark.sqlite_only  # an SQLite file of schema 6
def test_an_old_store_gets_its_seat_columns(tmp_path):
    path = tmp_path / "t.sqlite3"
    store = Store(path)
    store.create(finished_game(0))
    before = store.stats("dragon")
    store._write(("UPDATE play_seats SET game = NULL, n = NULL", ()))
    store._db.execute("PRAGMA user_version = 6")
    store.close()
    again = Store(path)
    assert again.stats("dragon") == before
    again.close()
