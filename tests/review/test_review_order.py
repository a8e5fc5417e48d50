"""The order a review replays its alternatives in (companion/review/order.py): a budget smaller
than the decisions still looks at every player and every part of the game, then at the decisions
that moved the result most, and the result names the decisions it left unexamined."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from random_play import play_to_end

from companion import cli
from companion.core import Table
from companion.review import review
from companion.review.order import schedule, spread


@dataclass
class _P:
    name: str
    seats: tuple[int, ...]
    alternatives: list[str] = field(default_factory=lambda: ["a"])


def test_the_first_pass_takes_the_seats_in_turn_each_spread_over_its_decisions() -> None:
    mine = [_P(f"ana{i}", (0,)) for i in range(8)]
    theirs = [_P(f"ben{i}", (1,)) for i in range(3)]
    log_order = [p for pair in zip(mine, theirs + [None] * 5, strict=True) for p in pair if p]
    names = [p.name for p in spread(log_order)]
    # van der Corput over 8: 0, 4, 2, 6, 1, 5, 3, 7; over 3 (counted over 4): 0, 2, 1
    assert names == [
        "ana0", "ben0", "ana4", "ben2", "ana2", "ben1", "ana6", "ana1", "ana5", "ana3", "ana7",
    ]  # fmt: skip


def test_later_passes_take_the_decisions_that_moved_the_result_most_first() -> None:
    quiet, loud, short = (
        _P("quiet", (0,), ["q1", "q2", "q3"]),
        _P("loud", (1,), ["l1", "l2", "l3"]),
        _P("short", (0,)),
    )
    reach = {"quiet": 0, "loud": 7, "short": 3}
    order = [alt for _, alt in schedule([quiet, short, loud], lambda p: reach[p.name])]
    assert order == ["q1", "l1", "a", "l2", "q2", "l3", "q3"]  # every alternative once


def _game() -> Table:
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(5))
    return table


def test_a_small_budget_looks_at_every_player_and_the_end_of_the_game() -> None:
    table = _game()
    everything = {p.seat: p.unexamined for p in review(table, budget=0).players}
    assert all(everything.values())  # nothing replayed: every decision listed, in log order
    assert all(found == sorted(found) for found in everything.values())
    result = review(table, budget=6)  # two decisions a seat
    for player in result.players:
        assert player.decisions == 2
        looked = sorted(set(everything[player.seat]) - set(player.unexamined))
        assert len(looked) == 2 and len(player.unexamined) == len(everything[player.seat]) - 2
        assert looked[-1] > table.version // 2  # the second half of the game was not left out
    assert all(not p.unexamined for p in review(table, seat=0).players)  # no budget: nothing left


def test_the_cli_names_the_decisions_left(tmp_path, capsys) -> None:
    path = tmp_path / "table.json"
    path.write_text(_game().to_json(), encoding="utf-8")
    assert cli.main(["review", str(path), "--seat", "Ana", "--alternatives", "3"]) == 0
    en = capsys.readouterr().out
    assert "decisions not looked at (the review's limit came first): entries " in en
    assert cli.main(["review", str(path), "--seat", "Ana", "--alternatives", "3", "--lang", "es"]) == 0
    assert (
        "decisiones sin revisar (el análisis llegó antes a su límite): anotaciones "
        in capsys.readouterr().out
    )
