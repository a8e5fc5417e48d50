"""Each play keeps its seats' sum of scores, winning seats and best score (schema 8), which the
group's figures by month, expansion and player count read: they must follow a correction of the
scores and be made by the migration for plays logged before."""

from __future__ import annotations

from plays_helpers import finished_game

from companion.store import Store

DRAGON = {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}, {"name": "Carla", "vp": 30}]}
FROM_SEATS = (
    "SELECT p.id, p.scores, p.winners, p.best, SUM(s.score), SUM(s.winner), MAX(s.score)"
    " FROM plays p JOIN play_seats s ON s.play_id = p.id GROUP BY p.id"
)


def _kept_equal_seats(store: Store) -> int:
    rows = store._read(FROM_SEATS)
    assert all(r[1:4] == r[4:7] for r in rows)
    return len(rows)


def test_the_sums_follow_a_rescore_and_the_splits_read_them(tmp_path):
    store = Store(tmp_path / "tables.sqlite3")
    play = store.log_calculated("dragon-final", DRAGON)
    month = store.by_month("dragon")[0]
    assert (month.plays, month.seats, month.wins, month.total, month.best) == (1, 3, 1, 112, 42)
    store.rescore_play(play.id, [50, 50, 30])  # a shared win now
    assert _kept_equal_seats(store) == 1
    month = store.by_month("dragon")[0]
    assert (month.seats, month.wins, month.total, month.best) == (3, 2, 130, 50)
    assert store.by_player_count("dragon")[0].total == store.by_expansion("dragon")[0].total == 130
    store.close()


def test_the_migration_makes_the_sums_of_older_plays(tmp_path):
    path = tmp_path / "tables.sqlite3"
    store = Store(path)
    for seed in range(4):
        store.create(finished_game(seed))
    # Back to schema 7 in the database itself, on either backend (tests/store_backends.py).
    store._db.execute("UPDATE plays SET scores = NULL, winners = NULL, best = NULL")
    store._db.set_schema_version(7)
    store.close()
    store = Store(path)
    assert _kept_equal_seats(store) == 4
    store.close()
