"""Each game's ``GameSpec.figure_tie``: the tie line from (name, score, tie-break figure) given in
any order, ranked by the game's own tie-break (Dragon: the lower place on the person track wins;
Chinatown: more shop tiles; Da Yu: more flood cards)."""

from __future__ import annotations

import itertools

import pytest

from companion.core.registry import spec
from companion.games.chinatown.ranking import tie_line as chinatown_line
from companion.games.dayu.tally import tie_line as dayu_line
from companion.games.dragon.final import track_tie

CASES = [
    # game, rows best first as the game ranks them, the line made from them
    ("dragon", [("Dai", 40, 2), ("Ana", 40, 4), ("Ben", 40, 5), ("Cy", 31, 1)], track_tie),
    ("chinatown", [("Ana", 900, 7), ("Ben", 900, 3), ("Cy", 500, 9)], chinatown_line),
    ("dayu", [("Ben", 61, 5), ("Ana", 61, 3), ("Cy", 40, 8)], dayu_line),
]


@pytest.mark.parametrize(("game", "ranked", "line"), CASES)
def test_the_game_ranks_its_own_figure_whatever_the_order(game, ranked, line):
    expected = line(ranked)
    assert expected is not None  # a tie the figure decided
    figure_tie = spec(game).figure_tie
    assert figure_tie is not None
    for order in itertools.permutations(ranked):
        assert figure_tie(list(order)) == expected


def test_no_tie_no_line():
    assert spec("dayu").figure_tie([("Ana", 61, 3), ("Ben", 50, 5)]) is None
