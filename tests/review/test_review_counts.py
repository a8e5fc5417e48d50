"""The review's figures of a replay count the game's later moves: each later logged entry once, as
played, replaced by the review's choice, a table fact changed or left out. A Da Yu replay that went
on past the log's end once counted its own extra moves as "later moves": 46 chosen where the game
had 10 left (the Review tab said the review "had to choose or leave out" more moves than the game
had after the decision)."""

from __future__ import annotations

import pytest
from review_digests import finished

from companion.review import review
from companion.review.kinds import decision_kinds

LAST = 40  # Da Yu: the last decisions of the log, as the digests review them


@pytest.mark.parametrize(("game", "players", "seed"), [("dayu", 2, 13), ("dragon", 3, 11)])
def test_each_later_move_is_counted_once(game: str, players: int, seed: int) -> None:
    table = finished(game, players, seed)
    n = table.version
    kinds = decision_kinds(game)
    entries = (
        set([i for i, e in enumerate(table.entries) if e.kind in kinds][-LAST:]) if game == "dayu" else None
    )
    result = review(table, top=1_000, entries=entries)
    alternatives = [(d, a) for p in result.players for d in p.turning_points for a in d.alternatives]
    assert len(alternatives) > 200
    for decision, alt in alternatives:
        later = n - decision.index - 1
        assert alt.kept + alt.replaced + alt.dropped + alt.facts_replaced == later, (decision.index, alt)
    # the review did choose moves no logged entry stood for (a follow-up, a replay past the end):
    # counted apart, never as one of the game's later moves
    assert any(alt.added > n - d.index - 1 - alt.kept for d, alt in alternatives)
