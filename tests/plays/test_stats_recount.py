"""Every statistic recounted from the tables' own logs, in this file, not through the statistics
code: random games of the three games logged into a real store, with games played without the app
logged from the three final-scoring calculators among them, players renamed and merged on the
way, then every group and per-player figure compared (issue 24; 0 mismatches).

PLAYS_GAMES (default 200) sets how many games.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import dataclass

import pytest
from plays_helpers import GAMES, finished_game

from companion.core.registry import calculators
from companion.games.chinatown.entries import Trade
from companion.games.dragon.data import RULES
from companion.store import Store

POOL = ["Ana", "Ben", "Carla", "Dai", "Eli"]
# What a person's loss is filed under, by the rule that released them (this test's own reading).
CAUSE_BY_RULE = {"dragon.wall.check": "wall", "dragon.decision.full_palaces": "no_room"}
RELEASES = {"dragon.fx.release", "dragon.fx.release_forced", "dragon.fx.release_new", "dragon.fx.displace"}


def _cause(rule_id: str) -> str:
    if rule_id in CAUSE_BY_RULE:
        return CAUSE_BY_RULE[rule_id]
    for prefix in ("dragon.event.", "dragon.super."):
        if rule_id.startswith(prefix):
            return rule_id[len(prefix) :]
    return "other"


@pytest.fixture(scope="module")
def games(shared_games) -> tuple:
    """The module's finished games and this file's reading of each (``Logged.of_table``), made
    once for both backends: the tests only read them (each backend's store is its own), and
    rebuilding 200 games from their logs and recounting them cost about 4 s of CPU a backend
    (docs/PERFORMANCE.md, "Idle frames, tap frames and the play log's set-ups"). A module's
    fixture, not a cache: let go when the module ends."""
    games = [finished_game(seed) for seed in range(GAMES)]
    return tuple((table, Logged.of_table(table)) for table in games)


def _logged(tmp_path_factory, games):
    """(store, tables by id, the player id at each seat at the end). Between games a player is
    renamed, and one is merged into another: the seats follow the player who stays."""
    store = Store(tmp_path_factory.mktemp("recount") / "tables.sqlite3")
    ids = {name: store.create_player(name).id for name in POOL}
    extra = store.create_player("Zoe").id  # sits where Eli would, then is merged into Eli
    rng = random.Random(7)
    tables, links = {}, {}

    def seated(names: list[str], seed: int) -> list:
        seats = []
        for name in names:
            pid = ids.get(name)
            if name == "Eli" and extra is not None and seed % 2:
                pid = extra
            seats.append(pid if rng.random() < 0.85 else None)
        return seats

    for seed, (table, counted) in enumerate(games):
        seats = seated([p.name for p in table.players], seed)
        store.create(table, seats)
        tables[table.id], links[table.id] = counted, seats
        if seed % 5 == 0:  # a game played without the app, scored with a calculator
            calculator, data = CALCULATORS[seed % 3](rng)
            seats = seated([p["name"] for p in data["players"]], seed)
            play = store.log_calculated(calculator, data, player_ids=seats)
            tables[play.id], links[play.id] = (
                Logged.of_calculator(play, calculators()[calculator].run(data)),
                seats,
            )
        if seed == GAMES // 3:
            store.rename_player(ids["Ben"], "Benito")
        if seed == GAMES // 2 and extra is not None:
            store.merge_players(ids["Eli"], extra)
            links = {t: [ids["Eli"] if p == extra else p for p in s] for t, s in links.items()}
            extra = None
    return store, tables, links


@pytest.fixture
def logged(store_backend, backend_shared, tmp_path_factory, games):
    """Built once per backend for the whole module (tests/store_backends.py, backend_shared)."""
    return backend_shared(store_backend, lambda: _logged(tmp_path_factory, games))


@dataclass
class Logged:
    """One logged play as this test reads it: from a table's log, or from a calculator's result."""

    game_id: str
    names: list[str]
    scores: list[int]
    winners: set[str]
    figures: Counter  # (seat or None, name, key) -> value

    @classmethod
    def of_table(cls, table) -> Logged:
        board = table.scoreboard
        names = [p.name for p in table.players]
        return cls(
            table.game_id,
            names,
            [board.row(n).total for n in names],
            set(board.shared or board.ranking[:1]),
            _count_figures(table),
        )

    @classmethod
    def of_calculator(cls, play, result) -> Logged:
        """Scores, winners and figures read off the calculator's result rows (each line's points
        under its rule; Dragon's under their source too, a month's VP as "rounds"; Da Yu's flood
        cards and frame bonus)."""
        rows = result["players"]
        figures: Counter = Counter()
        if play.game == "dragon":  # the tie-break's place: further ahead first, then as listed
            ahead = sorted(range(len(rows)), key=lambda i: (-rows[i]["track"], i))
            for place, seat in enumerate(ahead, start=1):
                figures[(seat, "track_place", "")] += place
        for seat, row in enumerate(rows):
            for line in row["breakdown"]:
                figures[(seat, "points", line["rule_id"])] += line["points"]
                if play.game == "dragon":
                    source = "rounds" if line["label"] == "vp" else line["label"]
                    figures[(seat, "vp", source)] += line["points"]
            if play.game == "chinatown":
                figures[(seat, "shop_tiles", "")] += row["shops"]
            if play.game == "dayu":
                figures[(seat, "flood_cards", "")] += row["flood_cards"]
                figures[(seat, "frame_bonus", "")] += figures[(seat, "points", "dayu.flood.frame_bonus")]
        return cls(
            play.game,
            [r["name"] for r in rows],
            [r["total"] for r in rows],
            set(result.get("shared") or result["ranking"][:1]),
            figures,
        )


def _dragon_final(rng: random.Random) -> tuple[str, dict]:
    names = rng.sample(POOL, rng.randint(2, 5))
    return "dragon-final", {
        "players": [
            {"name": n, "vp": rng.randint(10, 90), "track": rng.randint(0, 30), "yuan": rng.randint(0, 9)}
            for n in names
        ]
    }


def _chinatown_final(rng: random.Random) -> tuple[str, dict]:
    names = rng.sample(POOL, rng.randint(3, 5))
    money = [10_000 * rng.randint(20, 90) for _ in names]
    return "chinatown-final", {
        "players": [
            {"name": n, "money": m, "shops": rng.randint(0, 9)} for n, m in zip(names, money, strict=True)
        ]
    }


def _dayu_final(rng: random.Random) -> tuple[str, dict]:
    names = rng.sample(POOL, rng.randint(2, 4))
    frames = ("silver", "green", "red")
    return "dayu-final", {
        "players": [
            {
                "name": n,
                "vp_cards": [
                    # at least a point each: the log refuses a play where every score is 0
                    {"frame": rng.choice(frames), "vp": rng.randint(1, 6)}
                    for _ in range(rng.randint(1, 4))
                ],
                "flood_cards": [rng.choice(["red_bonus", "free_move", {"points": rng.randint(0, 6)}])]
                * rng.randint(0, 2),
            }
            for n in names
        ]
    }


CALCULATORS = (_dragon_final, _chinatown_final, _dayu_final)


def _seats(tables, links, game, player=None):
    out = []  # (play's key, seat, score, won)
    for tid, play in tables.items():
        if play.game_id != game:
            continue
        for seat, name in enumerate(play.names):
            if player is None or links[tid][seat] == player:
                out.append((tid, seat, play.scores[seat], name in play.winners))
    return out


def _figures(play: Logged) -> Counter:
    return play.figures


def _count_figures(table) -> Counter:
    """(seat or None, name, key) -> value, counted here from the table's log and final state."""
    out: Counter = Counter()
    for row in table.scoreboard.rows:
        for line in row.breakdown:
            out[(row.seat, "points", line.rule_id)] += line.points
    state = table.state
    if table.game_id == "dragon":
        for seat, p in enumerate(state.players):
            for item in p.ledger:
                out[(seat, "vp", item.source)] += item.points
        for _, _entry, effects in table.history:
            for e in effects:
                if e.msg.key in RELEASES:
                    out[(e.seat, "lost", _cause(e.rule_id))] += 1
                elif e.msg.key == "dragon.fx.quake_gone" and isinstance(e.msg.args.get("persons"), list):
                    out[(e.seat, "lost", _cause(e.rule_id))] += len(e.msg.args["persons"])
        # the tie-break's place: further ahead first, the later arrival on top
        ahead = sorted(
            range(len(state.players)), key=lambda i: (-state.players[i].track, -state.players[i].arrival)
        )
        for place, seat in enumerate(ahead, start=1):
            out[(seat, "track_place", "")] += place
        for seat, p in enumerate(state.players):  # every person released, under one cause
            assert sum(v for (s, n, _), v in out.items() if s == seat and n == "lost") == len(p.released)
        if table.options.great_wall:
            out[(None, "wall_finished", "")] += int(len(state.wall) >= RULES.wall.max_sections)
            out[(None, "wall_sections", "")] += len(state.wall)
    elif table.game_id == "chinatown":
        from companion.games.chinatown.public import DATA, find_businesses

        for year, paid in enumerate(state.income):
            for seat, v in enumerate(paid):
                out[(seat, "income", str(DATA.years[year]))] += v
        for seat in range(state.n):
            sizes = [b.size for b in find_businesses(state.owner, state.shop) if b.owner == seat]
            out[(seat, "largest_business", "")] += max(sizes, default=0)
            out[(seat, "shop_tiles", "")] += sum(state.owner.get(b) == seat for b in state.shop)
        trades = [e for e in table.entries if isinstance(e, Trade)]
        for seat in range(state.n):
            out[(seat, "trades", "")] += sum(
                any(seat in (g.giver, g.receiver) for g in t.gives) for t in trades
            )
            out[(seat, "trade_money_in", "")] += sum(
                g.money for t in trades for g in t.gives if g.receiver == seat
            )
            out[(seat, "trade_money_out", "")] += sum(
                g.money for t in trades for g in t.gives if g.giver == seat
            )
        out[(None, "table_trades", "")] += len(trades)
        out[(None, "table_trade_money", "")] += sum(g.money for t in trades for g in t.gives)
    else:  # dayu
        for seat, p in enumerate(state.players):
            out[(seat, "flood_cards", "")] += len(p.flood)
            out[(seat, "frame_bonus", "")] += out[(seat, "points", "dayu.flood.frame_bonus")]
    return out


def _expected_figures(tables, links, game, player=None):
    """(name, key) -> (total, what the mean divides by): every seat counted, or the plays."""
    totals: Counter = Counter()
    seat_figures, table_figures = set(), set()
    n_seats = n_plays = 0
    for tid, table in tables.items():
        if table.game_id != game:
            continue
        mine = [s for s in range(len(table.names)) if player is None or links[tid][s] == player]
        if not mine:
            continue
        n_seats += len(mine)
        n_plays += 1
        for (seat, name, key), v in _figures(table).items():
            if seat is None:
                table_figures.add((name, key))
                totals[(name, key)] += v
            elif seat in mine:
                seat_figures.add((name, key))
                totals[(name, key)] += v
    out = {}
    for name, key in seat_figures | table_figures:
        plays_with = sum(
            1
            for k, t in tables.items()
            if t.game_id == game
            and (player is None or player in links[k])
            and (None, name, key) in _figures(t)
        )
        out[(name, key)] = (totals[(name, key)], n_seats if (name, key) in seat_figures else plays_with)
    return out


def _check(store, tables, links, game, player=None):
    seats = _seats(tables, links, game, player)
    stats = store.stats(game, player)
    mismatches = []

    def same(what, got, want):
        if got != want:
            mismatches.append(f"{game} {player or 'group'} {what}: {got!r} != {want!r}")

    scores = [s for _, _, s, _ in seats]
    same("plays", stats.plays, len({t for t, *_ in seats}))
    same("seats", stats.seats, len(seats))
    same("wins", stats.wins, sum(w for *_, w in seats))
    if scores:
        same("best", stats.best, max(scores))
        same("worst", stats.worst, min(scores))
        same("average", round(stats.average, 9), round(sum(scores) / len(scores), 9))
    same("spread", stats.spread, sorted(Counter(scores).items()))
    by_seat, by_count = defaultdict(lambda: [0, 0]), defaultdict(lambda: [0, 0])
    for tid, seat, _, won in seats:
        by_seat[seat][0] += 1
        by_seat[seat][1] += won
        by_count[len(tables[tid].names)][0] += 1
        by_count[len(tables[tid].names)][1] += won
    same(
        "by seat",
        [(r.key, r.seats, r.wins) for r in stats.by_seat],
        [(k, *v) for k, v in sorted(by_seat.items())],
    )
    same(
        "by count",
        [(r.key, r.seats, r.wins) for r in stats.by_count],
        [(k, *v) for k, v in sorted(by_count.items())],
    )
    # Length: once per play, whatever its number of seats.
    lengths = {p.id: p.seconds for p in store.plays(game)}
    played = {p.id for p in store.plays(game, player=player)} if player else set(lengths)
    known = [lengths[i] for i in played if lengths[i] is not None]
    same(
        "length",
        None if stats.average_seconds is None else round(stats.average_seconds, 6),
        round(sum(known) / len(known), 6) if known else None,
    )
    want = _expected_figures(tables, links, game, player)
    got = {(f.name, f.key): (f.total, f.rows) for f in stats.figures}
    for k in sorted(set(want) | set(got)):
        same(f"figure {k}", got.get(k), want.get(k))
    # Per player (group view): linked seats by player, the rest by name.
    if player is None:
        lines = defaultdict(list)
        for tid, seat, score, won in seats:
            key = links[tid][seat] or "~" + tables[tid].names[seat].lower()
            lines[key].append((score, won))
        same(
            "players",
            sorted(
                (p.player_id or "~" + p.name.lower(), p.plays, p.wins, p.best, p.worst) for p in stats.players
            ),
            sorted(
                (k, len(v), sum(w for _, w in v), max(s for s, _ in v), min(s for s, _ in v))
                for k, v in lines.items()
            ),
        )
    return mismatches


def test_every_statistic_matches_a_count_from_the_tables(logged):
    store, tables, links = logged
    mismatches = []
    for game in ("dragon", "chinatown", "dayu"):
        mismatches += _check(store, tables, links, game)
        for player in store.players():
            mismatches += _check(store, tables, links, game, player.id)
    by_calculator = sum(p.source == "calculator" for p in store.plays())
    assert by_calculator == (GAMES + 4) // 5 and len(tables) == GAMES + by_calculator
    assert mismatches == []


def test_the_renamed_and_merged_players_keep_their_plays(logged):
    store, _tables, links = logged
    benito = store.find_player("Benito")
    assert benito is not None and store.find_player("Zoe") is None
    eli = store.find_player("Eli")
    assert {p.table_id or p.id for p in store.plays(player=eli.id)} == {
        t for t, ids in links.items() if eli.id in ids
    }
