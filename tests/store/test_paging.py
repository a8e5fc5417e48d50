"""Pages of tables, plays and players (issue 27): what a screen shows is read from an index, a
page at a time, and a damaged table on a page is still named."""

import pytest
from plays_helpers import finished_game

from companion.core import Table
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "t.sqlite3")
    yield s
    s.close()


def _touch(store: Store, table_id: str, when: str) -> None:
    store._write(("UPDATE tables SET updated = ? WHERE id = ?", (when, table_id)))


def test_a_page_of_tables_is_the_latest_of_its_kind(store):
    going = [store.create(Table.new("dragon", ["Ana", "Ben"], name=f"Game {i}")) for i in range(5)]
    done = store.create(finished_game(1))
    for i, t in enumerate(going):
        _touch(store, t.id, f"2026-01-0{i + 1}T10:00:00+00:00")
    page = store.list(finished=False, limit=3)
    assert [i.name for i in page] == ["Game 4", "Game 3", "Game 2"]
    assert [i.id for i in store.list(finished=True, limit=3)] == [done.id]
    assert len(store.list()) == 6  # every table, for a backup


def test_a_search_finds_a_name_a_player_or_a_game(store):
    store.create(Table.new("dragon", ["Ana", "Ben"], name="Sunday"))
    store.create(Table.new("dragon", ["Ángela", "Ben"], name="Club night"))
    store.create(Table.new("chinatown", ["Carla", "Dai", "Eli"], name="Friday"))
    names = lambda **kw: sorted(i.name for i in store.list(finished=False, limit=10, **kw))  # noqa: E731
    assert names(search="sun") == ["Sunday"]
    assert names(search="Ángela") == ["Club night"]
    assert names(search="Ben") == ["Club night", "Sunday"]
    assert names(search="zzz", games=("chinatown",)) == ["Friday"]
    assert names(search="100%") == []  # the user's % is a character, not a wildcard


def test_a_damaged_table_on_a_page_is_named(store, tmp_path):
    t = store.create(finished_game(2))
    store._write(("UPDATE entries SET body = '{oops' WHERE table_id = ? AND seq = 4", (t.id,)))
    (info,) = store.list(finished=True, limit=5)
    assert info.problem is not None and "5" in info.problem.render()


def test_a_page_of_plays_and_their_count(store):
    tables = [finished_game(seed) for seed in range(3)]
    for t in tables:
        store.create(t)
    every = store.plays()
    assert store.plays(limit=2) == every[:2]
    assert store.count_plays() == 3
    game = tables[0].game_id
    assert store.plays(game, limit=5) == store.plays(game)
    assert store.count_plays(game) == len(store.plays(game))


def test_a_page_of_players_the_latest_to_play_first(store):
    ids = {n: store.create_player(n).id for n in ("Zoe", "Ana", "Ben", "Carla", "Dai")}
    table = finished_game(0)
    links = [ids[n] for n in ("Carla", "Dai", "Ana", "Ben", "Zoe")[: len(table.players)]]
    store.create(table, links)
    played = {ids[n] for n in ("Carla", "Dai", "Ana", "Ben", "Zoe")[: len(table.players)]}
    assert store.players_page(limit=10) == store.players()  # the same order as the whole list
    first = store.players_page(limit=2)
    assert len(first) == 2 and {p.id for p in first} <= played
    assert [p.name for p in store.players_page("a", limit=10)] == ["Ana", "Carla", "Dai"]
    assert store.players_by_id([ids["Ben"], "nobody", ids["Ana"]]) == [
        store.player(ids["Ben"]),
        store.player(ids["Ana"]),
    ]


@pytest.mark.sqlite_only  # reads SQLite's query plans
def test_the_page_queries_use_an_index(store):
    plans = {
        "tables": "SELECT id FROM tables WHERE finished = 0 ORDER BY updated DESC, created DESC LIMIT 11",
        "plays": "SELECT id FROM plays p ORDER BY p.date DESC, p.id LIMIT 26",
    }
    for name, sql in plans.items():
        plan = " ".join(r[3] for r in store._read("EXPLAIN QUERY PLAN " + sql))
        assert "USING" in plan and "TEMP B-TREE" not in plan, (name, plan)


def test_the_check_on_open_reads_an_empty_queue(tmp_path):
    """A finished table stored with its play leaves nothing queued: an open reads no table."""
    path = tmp_path / "q.sqlite3"
    store = Store(path)
    queued = lambda s: s._read("SELECT table_id FROM tables_to_log")  # noqa: E731
    kept, gone = store.create(finished_game(3)), store.create(finished_game(4))
    assert queued(store) == []
    store.delete_play(kept.id)  # deleted on purpose: never logged again
    store._write(("DELETE FROM plays WHERE table_id = ?", (gone.id,)))  # lost some other way
    assert queued(store) == [(gone.id,)]
    store.close()
    again = Store(path)
    assert [p.table_id for p in again.plays()] == [gone.id] and queued(again) == []
    again.close()


@pytest.mark.sqlite_only  # reads SQLite's query plan
def test_the_check_on_open_walks_the_queue_not_the_tables(store):
    from companion.store.upkeep import QUEUED

    plan = [r[3] for r in store._read("EXPLAIN QUERY PLAN " + QUEUED)]
    assert plan[0].startswith("SCAN q"), plan
