"""A play recorded from a table names the tie-break exactly when the table's scores tell how a tie
on the best total was decided: the play card ("Decided by the tie-break") and the table's scores
screen (its tie line) never disagree. The play keeps the key alone: the figures are the table's."""

from __future__ import annotations

import random

import pytest
from random_play import play_to_end

from companion.core import Table
from companion.plays.record import record


@pytest.mark.parametrize(
    ("game", "seed", "tied"),
    [("dragon", 5, True), ("dayu", 39, True), ("dragon", 3, False), ("dayu", 3, False)],
)
def test_the_play_names_the_tie_break_when_the_scores_tell_the_tie(game: str, seed: int, tied: bool) -> None:
    table = Table.new(game, ["Ana", "Ben", "Carla"])
    play_to_end(table, random.Random(seed))
    board = table.scoreboard
    play = record(table)
    assert (board.tie_detail is not None) == tied
    assert (play.tie_break is not None) == tied
    if tied:
        assert play.tie_break == board.tie_break.key  # type: ignore[union-attr]
        assert {s.name for s in play.seats if s.winner} == set(board.shared or board.ranking[:1])
        assert board.tie_detail.args.get("player") in (None, board.ranking[0])  # type: ignore[union-attr]
