"""A review for one seat, or for the table while Chinatown's money is secret, shows only what that
reader may see (issue 30): its own decisions and money, nobody else's total, sources or rank."""

from __future__ import annotations

import json
import random

from chinatown_helpers import play_random

from companion.core import Table
from companion.review import Budget, review

BUDGET = Budget(alternatives=60)


def test_a_seat_sees_only_its_own_decisions_and_money() -> None:
    table = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    rng = random.Random(21)
    # a game cut short: replay the first 60 entries of a random complete game
    done = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    play_random(done, rng, trades=3)
    for entry in list(done.entries)[:60]:
        table.submit(entry)
    assert table.prompt is not None
    result = review(table, seat=1, budget=BUDGET)
    assert result.evaluated > 0 and result.average is None
    me = result.players[1]
    assert not me.hidden and me.total == table.view(1).scoreboard.row("Ben").total and me.rank is None
    for other in (result.players[0], result.players[2]):
        assert other.hidden and other.total is None and other.sources == [] and other.turning_points == []
        assert other.against_average is None and other.rank is None and other.decisions == 0
    for decision in me.turning_points:
        assert decision.seat == 1
        assert all(a.rank is None and a.rank_delta is None for a in decision.alternatives)
        entry = table.entries[decision.index]
        assert entry.seat == 1 or 1 in {s for g in entry.gives for s in (g.giver, g.receiver)}
    assert any(n.key == "review.note.secret_seat" for n in result.notes)
    # nothing in the result names another seat's money: their totals are not in the JSON at all
    data = json.loads(result.model_dump_json())
    assert [p["total"] for p in data["players"]] == [None, me.total, None]


def test_the_public_review_of_a_game_in_progress_shows_no_money() -> None:
    done = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    play_random(done, random.Random(22), trades=2)
    table = Table.new("chinatown", ["Ana", "Ben", "Carla"])
    for entry in list(done.entries)[:50]:
        table.submit(entry)
    result = review(table, budget=BUDGET)
    assert all(p.hidden and p.total is None for p in result.players)
    assert result.evaluated == 0 and all(p.turning_points == [] for p in result.players)
    # once the game is over nothing is secret
    over = review(done, seat=0, budget=Budget(alternatives=20))
    assert not any(p.hidden for p in over.players) and over.average is not None


def test_a_dragon_seat_review_looks_only_at_that_seats_decisions() -> None:
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    rng = random.Random(8)
    while (p := table.prompt) is not None:
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
    result = review(table, seat=2, budget=Budget(alternatives=80))
    assert [p.decisions > 0 for p in result.players] == [False, False, True]
    assert all(d.seat == 2 for d in result.players[2].turning_points)
    assert all(not p.hidden and p.total is not None for p in result.players)  # Dragon keeps no secrets
