"""Random finished games of the three games logged in a real SQLite store; their statistics
checked against a computation from the tables themselves.

PLAYS_GAMES (default 200, about 20 s) sets how many games; PLAYS_GAMES=30 for a quick run.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from plays_helpers import GAMES, finished_game

from companion.games.chinatown.entries import Trade
from companion.games.dragon.data import RULES
from companion.store import Store

POOL = ["Ana", "Ben", "Carla", "Dai", "Dan", "Eli", "Eva"]


@pytest.fixture(scope="module")
def games(shared_games) -> tuple:
    """The module's finished games, made once for both backends: the tests only read them (each
    backend's store is its own), and rebuilding 200 games from their logs cost about 2.5 s of
    CPU a backend (docs/PERFORMANCE.md, "Idle frames, tap frames and the play log's set-ups").
    A module's fixture, not a cache: let go when the module ends, the games would otherwise stay
    in every later garbage collection of the worker."""
    return tuple(finished_game(seed) for seed in range(GAMES))


def _logged(tmp_path_factory, games):
    """(store, {table id: table}, {table id: player ids per seat}): the games, most of their seats linked."""
    store = Store(tmp_path_factory.mktemp("plays") / "tables.sqlite3")
    ids = {name: store.create_player(name).id for name in POOL}
    rng = random.Random(99)
    tables, links = {}, {}
    for table in games:
        seats = [ids[p.name] if rng.random() < 0.8 else None for p in table.players]
        store.create(table, seats)  # a finished table is logged as it is stored
        tables[table.id], links[table.id] = table, seats
    return store, tables, links


@pytest.fixture
def logged(store_backend, backend_shared, tmp_path_factory, games):
    """Built once per backend for the whole module (tests/store_backends.py, backend_shared)."""
    return backend_shared(store_backend, lambda: _logged(tmp_path_factory, games))


def _expected(tables, links, game, player=None):
    """The statistics computed in Python from the tables' own scoreboards."""
    seats = []  # (table, seat, row, won, n)
    for tid, table in tables.items():
        if table.game_id != game:
            continue
        board = table.scoreboard
        winners = set(board.shared or board.ranking[:1])
        for row in board.rows:
            if player is None or links[tid][row.seat] == player:
                seats.append((table, row.seat, row, row.name in winners, len(table.players)))
    return seats


@pytest.mark.parametrize("game", ["dragon", "chinatown", "dayu"])
def test_game_statistics_match_the_tables(logged, game):
    store, tables, links = logged
    seats = _expected(tables, links, game)
    stats = store.stats(game)
    assert stats.plays == sum(1 for t in tables.values() if t.game_id == game)
    assert stats.seats == len(seats)
    assert stats.wins == sum(won for *_, won, _ in seats)
    scores = [row.total for _, _, row, _, _ in seats]
    assert stats.best == max(scores) and stats.worst == min(scores)
    assert stats.average == pytest.approx(sum(scores) / len(scores))
    assert stats.spread == sorted(Counter(scores).items())
    by_seat = defaultdict(lambda: [0, 0])
    by_count = defaultdict(lambda: [0, 0])
    for _, seat, _, won, n in seats:
        by_seat[seat][0] += 1
        by_seat[seat][1] += won
        by_count[n][0] += 1
        by_count[n][1] += won
    assert [(r.key, r.seats, r.wins) for r in stats.by_seat] == [(k, *v) for k, v in sorted(by_seat.items())]
    assert [(r.key, r.seats, r.wins) for r in stats.by_count] == [
        (k, *v) for k, v in sorted(by_count.items())
    ]


@pytest.mark.parametrize("game", ["dragon", "chinatown", "dayu"])
def test_player_statistics_match_the_tables(logged, game):
    store, tables, links = logged
    ana = store.find_player("ana")
    seats = _expected(tables, links, game, ana.id)
    stats = store.stats(game, ana.id)
    assert stats.plays == len(seats) == stats.seats
    assert stats.wins == sum(won for *_, won, _ in seats)
    assert [(p.player_id, p.plays, p.wins) for p in stats.players] == [(ana.id, len(seats), stats.wins)]
    if seats:
        assert stats.best == max(row.total for _, _, row, _, _ in seats)


def _figure(stats, name, key=""):
    return next((f for f in stats.figures if f.name == name and f.key == key), None)


def test_dragon_figures_match_the_tables(logged):
    store, tables, _ = logged
    dragons = [t for t in tables.values() if t.game_id == "dragon"]
    stats = store.stats("dragon")
    # Every person released is counted under one cause.
    released = sum(len(p.released) for t in dragons for p in t.state.players)
    assert sum(f.total for f in stats.figures if f.name == "lost") == released
    # VP by source: the ledgers summed, and together the final totals.
    ledger = Counter()
    for t in dragons:
        for p in t.state.players:
            for item in p.ledger:
                ledger[item.source] += item.points
    assert {f.key: f.total for f in stats.figures if f.name == "vp"} == {k: v for k, v in ledger.items()}
    walls = [t for t in dragons if t.options.great_wall]
    finished = _figure(stats, "wall_finished")
    if walls:
        assert finished.rows == len(walls)
        assert finished.total == sum(len(t.state.wall) >= RULES.wall.max_sections for t in walls)
    else:
        assert finished is None


def test_chinatown_figures_match_the_tables(logged):
    store, tables, _ = logged
    towns = [t for t in tables.values() if t.game_id == "chinatown"]
    stats = store.stats("chinatown")
    first_year = _figure(stats, "income", "1965")
    assert first_year.total == sum(sum(t.state.income[0]) for t in towns)
    trades = [e for t in towns for e in t.entries if isinstance(e, Trade)]
    assert _figure(stats, "table_trades").total == len(trades)
    assert _figure(stats, "table_trade_money").total == sum(g.money for e in trades for g in e.gives)
    assert _figure(stats, "trade_money_in").total == _figure(stats, "trade_money_out").total
    assert _figure(stats, "largest_business").rows == sum(len(t.players) for t in towns)


def test_dayu_figures_match_the_tables(logged):
    store, tables, _ = logged
    rivers = [t for t in tables.values() if t.game_id == "dayu"]
    stats = store.stats("dayu")
    assert _figure(stats, "flood_cards").total == sum(len(p.flood) for t in rivers for p in t.state.players)
    bonus = sum(
        line.points
        for t in rivers
        for row in t.scoreboard.rows
        for line in row.breakdown
        if line.rule_id == "dayu.flood.frame_bonus"
    )
    assert _figure(stats, "frame_bonus").total == bonus


def test_the_log_lists_every_play_with_its_seats(logged):
    store, tables, links = logged
    plays = store.plays()
    assert {p.table_id for p in plays} == set(tables)
    for play in plays:
        table = tables[play.table_id]
        board = table.scoreboard
        assert [s.name for s in play.seats] == [p.name for p in table.players]
        assert [s.score for s in play.seats] == [board.row(p.name).total for p in table.players]
        assert set(play.winners) == set(board.shared or board.ranking[:1])
        assert [s.player_id for s in play.seats] == links[play.table_id]
        assert play.options == table.options.model_dump(mode="json")


def test_the_log_filters_by_game_player_and_date(logged):
    store, tables, links = logged
    assert {p.game for p in store.plays("dayu")} == {"dayu"}
    ben = store.find_player("Ben").id
    assert {p.table_id for p in store.plays(player=ben)} == {t for t, ids in links.items() if ben in ids}
    assert store.plays(since="2999-01-01") == []
    day = store.plays()[0].date[:10]
    assert len(store.plays(until=day)) == len(tables)  # "until" takes the whole day
    assert store.plays(until="1999-12-31") == []
