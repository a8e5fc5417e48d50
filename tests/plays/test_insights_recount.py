"""Every figure of the player page, the records, the figures by month, expansion and player count,
the H-index and the filtered game statistics, recounted here in plain Python from the logged
plays themselves (not through the statistics code) and compared: 0 mismatches (issue 31).

The log: PLAYS_GAMES (default 200) random plays (tests/plays_insights_helpers.py) and a dozen
finished tables of the three games (with their figures), on random dates, some at a location.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest
from plays_helpers import GAMES, finished_game
from plays_insights_helpers import GAME_IDS, random_play

from companion.store import Store

POOL = ["Ana", "Ben", "Carla", "Dai", "Eli", "Fer", "Gus"]
LOCATIONS = ["Club", "club ", "Casa de Ana", None, None]
# (since, until, location) of each filter the figures are compared under
FILTERS = [
    (None, None, None),
    ("2025-03-10", "2026-02", None),
    (None, "2025-06-30", None),
    (None, None, "CLUB"),
    ("2024-07", None, "casa de ana"),
    ("2000-01-01", None, None),  # keeps every play: the statistics read the kept totals
    ("2025-01-01", "2025-12-31", "club"),  # a whole year: no month cut (figure_months.py)
    ("2024-11-01", "2025-04-29", None),  # the 29th is not April's last day: April cut
    ("2024-12-15T12:00", "2025-06-30T12:00", None),  # times: both edge months cut
]


def _log(tmp_path_factory):
    store = Store(tmp_path_factory.mktemp("insights") / "tables.sqlite3")
    ids = {name: store.create_player(name).id for name in POOL}
    rng = random.Random(31)
    for _ in range(GAMES):
        play = random_play(rng, ids)
        store.restore_play(play)
        where = rng.choice(LOCATIONS)
        if where:
            store.set_play_location(play.id, where)
    for seed in range(12):  # real tables, with their game figures
        table = finished_game(seed)
        store.create(table, [ids.get(p.name) for p in table.players])
        play = store.plays(limit=1)[0]
        store.redate_play(play.id, f"202{4 + seed % 3}-0{1 + seed % 9}-15")
        if seed % 2:
            store.set_play_location(play.id, "Club")
    plays = store.plays(figures=True)
    assert len(plays) == GAMES + 12  # 212 by default: the issue asks for at least 200
    return store, plays, ids


@pytest.fixture
def log(store_backend, backend_shared, tmp_path_factory):
    """Built once per backend for the whole module (tests/store_backends.py, backend_shared)."""
    return backend_shared(store_backend, lambda: _log(tmp_path_factory))


def kept(plays, since, until, location):
    """The plays a filter keeps, decided here: ``until`` a prefix of the date, the location by name."""
    out = []
    for p in plays:
        if since and p.date < since:
            continue
        if until and p.date[: len(until)] > until:
            continue
        if location and (p.location or "").strip().casefold() != location.strip().casefold():
            continue
        out.append(p)
    return sorted(out, key=lambda p: (p.date, p.id))


def seat_of(play, pid):
    return next((s for s in play.seats if s.player_id == pid), None)


# ---- expected figures, from the plays ----------------------------------------------------
def expected_records(plays, game):
    mine = [p for p in plays if p.game == game]  # already in time order
    out = {}

    def best(candidates, sign):  # (value, play): the best value, the earliest play reaching it
        if not candidates:
            return None
        top = max(sign * v for v, _p in candidates)
        return next((v, p) for v, p in candidates if sign * v == top)

    wins = [(s.score, p) for p in mine for s in p.seats if s.winner]
    margins = []
    for p in mine:
        losers = [s.score for s in p.seats if not s.winner]
        if losers:
            margins.append((min(s.score for s in p.seats if s.winner) - max(losers), p))
    timed = [(p.seconds, p) for p in mine if p.seconds is not None]
    for kind, found in (
        ("high_win", best(wins, 1)),
        ("low_win", best(wins, -1)),
        ("margin", best(margins, 1)),
        ("longest", best(timed, 1)),
        ("shortest", best(timed, -1)),
    ):
        if found:
            value, play = found
            holders = [
                s.player_id or s.name
                for s in play.seats
                if s.winner and (kind not in ("high_win", "low_win") or s.score == value)
            ]
            out[kind] = (value, play.id, holders)
    return out


def expected_page(plays, pid, game):
    mine = [(p, seat_of(p, pid)) for p in plays if seat_of(p, pid) and (game is None or p.game == game)]
    results = [s.winner for _p, s in mine]
    longest = run = 0
    for w in results:
        run = run + 1 if w else 0
        longest = max(longest, run)
    current = 0
    for w in reversed(results):
        if current and (current > 0) != w:
            break
        current += 1 if w else -1
    games = defaultdict(list)
    for p, s in mine:
        games[p.game].append(s)
    seats = Counter(s.seat for _p, s in mine)
    h2h = defaultdict(lambda: [0, 0, 0, 0, 0])
    for p, me in mine:
        for o in p.seats:
            if o.player_id and o.player_id != pid:
                line = h2h[o.player_id]
                line[0] += 1
                line[1] += me.winner
                line[2] += o.winner
                line[3] += me.place < o.place
                line[4] += o.place < me.place
    return {
        "plays": len(mine),
        "wins": sum(results),
        "games": {
            g: (
                len(s),
                sum(x.winner for x in s),
                round(sum(x.score for x in s) / len(s), 9),
                max(x.score for x in s),
            )
            for g, s in games.items()
        },
        "streaks": (longest, current),
        "first": mine[0][0].id if mine else None,
        "last": mine[-1][0].id if mine else None,
        "seat": max(sorted(seats), key=lambda k: seats[k]) if seats else None,
        "h2h": {k: tuple(v) for k, v in h2h.items()},
        "h": expected_h([p for p, _s in mine], None)[0],
    }


def expected_periods(plays, game, pid, key):
    groups = defaultdict(lambda: [set(), 0, 0, 0, None])
    for p in plays:
        if p.game != game:
            continue
        for s in p.seats:
            if pid and s.player_id != pid:
                continue
            g = groups[key(p)]
            g[0].add(p.id)
            g[1] += 1
            g[2] += s.winner
            g[3] += s.score
            g[4] = s.score if g[4] is None else max(g[4], s.score)
    return {k: (len(v[0]), v[1], v[2], v[3], v[4]) for k, v in groups.items()}


def expansion_key(play):
    on = [f for f in ("great_wall", "super_events") if play.options.get(f)]
    return "+".join(on) or "base"


def expected_h(plays, pid):
    counts = Counter(p.game for p in plays if pid is None or seat_of(p, pid))
    h = 0
    while sum(1 for n in counts.values() if n >= h + 1) >= h + 1:
        h += 1
    return h, counts


# ---- the comparisons ------------------------------------------------------------------------
@pytest.mark.parametrize("since,until,location", FILTERS)
def test_every_new_figure_matches_a_recount_from_the_plays(log, since, until, location):
    store, plays, ids = log
    chosen = kept(plays, since, until, location)
    period = {"since": since, "until": until, "location": location}
    assert len(chosen) >= GAMES // 10, "each filter keeps enough plays to mean something"
    wrong: list[str] = []

    def check(what, got, want):
        if got != want:
            wrong.append(f"{what}: got {got!r}, want {want!r}")

    for game in GAME_IDS:
        want = expected_records(chosen, game)
        got = {
            r.kind: (r.value, r.play_id, [h.player_id or h.name for h in r.holders])
            for r in store.records(game, **period)
        }
        check(f"records {game}", got, want)
        for pid in (None, *ids.values()):
            months = {
                m.key: (m.plays, m.seats, m.wins, m.total, m.best)
                for m in store.by_month(game, pid, **period)
            }
            check(f"months {game} {pid}", months, expected_periods(chosen, game, pid, lambda p: p.date[:7]))
            counts = {
                c.key: (c.plays, c.seats, c.wins, c.total, c.best)
                for c in store.by_player_count(game, pid, **period)
            }
            check(
                f"counts {game} {pid}",
                counts,
                expected_periods(chosen, game, pid, lambda p: str(len(p.seats))),
            )
            split = {
                c.key: (c.plays, c.seats, c.wins, c.total, c.best)
                for c in store.by_expansion(game, pid, **period)
            }
            check(f"expansions {game} {pid}", split, expected_periods(chosen, game, pid, expansion_key))
    for pid in (None, *ids.values()):
        h, counts = expected_h(chosen, pid)
        got = store.h_index(pid, **period)
        check(f"h-index {pid}", (got.h, dict(got.games)), (h, dict(counts)))
    for pid in ids.values():
        for game in (None, *GAME_IDS):
            page = store.player_page(pid, game, **period)
            want = expected_page(chosen, pid, game)
            got = {
                "plays": page.plays,
                "wins": page.wins,
                "games": {g.game: (g.plays, g.wins, round(g.average, 9), g.best) for g in page.games},
                "streaks": (page.longest_win_streak, page.current_streak),
                "first": page.first_play and page.first_play.play_id,
                "last": page.last_play and page.last_play.play_id,
                "seat": page.favourite_seat,
                "h2h": {
                    h.player_id: (h.shared, h.wins, h.their_wins, h.ahead, h.behind)
                    for h in page.head_to_head
                },
                "h": page.h_index,
            }
            check(f"page {pid} {game}", got, want)
            held = {
                (g, kind)
                for g in GAME_IDS
                if game in (None, g) and want["games"].get(g)
                for kind, (_v, _id, holders) in expected_records(chosen, g).items()
                if pid in holders
            }
            check(f"records held {pid} {game}", {(r.game, r.kind) for r in page.records}, held)
    assert wrong == [], f"{len(wrong)} mismatches:\n" + "\n".join(wrong[:10])


@pytest.mark.parametrize("since,until,location", FILTERS[1:])
def test_filtered_game_statistics_match_a_recount(log, since, until, location):
    store, plays, ids = log
    chosen = kept(plays, since, until, location)
    for game in GAME_IDS:
        for pid in (None, *ids.values()):
            stats = store.stats(game, pid, since=since, until=until, location=location)
            mine = [p for p in chosen if p.game == game and (pid is None or seat_of(p, pid))]
            seats = [s for p in mine for s in p.seats if pid is None or s.player_id == pid]
            assert stats.plays == len(mine)
            assert (stats.seats, stats.wins) == (len(seats), sum(s.winner for s in seats))
            assert stats.best == max((s.score for s in seats), default=None)
            assert stats.worst == min((s.score for s in seats), default=None)
            by_count = Counter(
                (len(p.seats), s.winner) for p in mine for s in p.seats if pid is None or s.player_id == pid
            )
            assert {(r.key, r.seats, r.wins) for r in stats.by_count} == {
                (n, by_count[(n, False)] + by_count[(n, True)], by_count[(n, True)]) for n, _w in by_count
            }
            figures = Counter()
            for p in mine:
                me = seat_of(p, pid) if pid else None
                for f in p.figures:
                    if pid is None or f.seat is None or f.seat == me.seat:
                        figures[(f.name, f.key)] += f.value
            assert {(f.name, f.key): f.total for f in stats.figures} == dict(figures)


def expected_win_rates(plays, game, pid):
    """{player id: [(month, plays, wins, plays so far, wins so far), ...]}, from the plays."""
    months = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for p in plays:
        if game is not None and p.game != game:
            continue
        for s in p.seats:
            if s.player_id and (pid is None or s.player_id == pid):
                line = months[s.player_id][p.date[:7]]
                line[0] += 1
                line[1] += s.winner
    out = {}
    for who, by_month in months.items():
        so_far = [0, 0]
        points = []
        for month in sorted(by_month):
            n, w = by_month[month]
            so_far = [so_far[0] + n, so_far[1] + w]
            points.append((month, n, w, *so_far))
        out[who] = points
    return out


@pytest.mark.parametrize("since,until,location", FILTERS)
def test_win_rate_over_time_matches_a_recount_from_the_plays(log, since, until, location):
    """Each player's plays and wins per month and up to each month (the over-time chart's
    figures), for each game and every game, for the group and for each player: 0 mismatches."""
    store, plays, ids = log
    chosen = kept(plays, since, until, location)
    period = {"since": since, "until": until, "location": location}
    wrong: list[str] = []
    compared = 0
    for game in (None, *GAME_IDS):
        for pid in (None, *ids.values()):
            lines = store.win_rates(game, pid, **period)
            got = {
                line.player_id: [
                    (q.month, q.plays, q.wins, q.plays_so_far, q.wins_so_far) for q in line.points
                ]
                for line in lines
            }
            want = expected_win_rates(chosen, game, pid)
            compared += sum(len(v) for v in want.values())
            if got != want:
                wrong.append(f"win rates {game} {pid}: got {got!r}, want {want!r}")
            most_first = sorted((points[-1][3] for points in want.values()), reverse=True)
            if [line.plays for line in lines] != most_first:
                wrong.append(f"win rates {game} {pid}: not most plays first")
            names = {p.id: p.name for p in store.players()}
            if any(line.name != names[line.player_id] for line in lines):
                wrong.append(f"win rates {game} {pid}: a name")
            for line in lines:
                for q in line.points:
                    if q.rate != q.wins_so_far / q.plays_so_far or q.month_rate != q.wins / q.plays:
                        wrong.append(f"win rates {game} {pid}: rate of {line.name} {q.month}")
    assert compared > 100, "enough points compared to mean something"
    assert wrong == [], f"{len(wrong)} mismatches:\n" + "\n".join(wrong[:10])
