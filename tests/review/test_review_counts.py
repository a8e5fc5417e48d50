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


def test_equal_results_are_ordered_by_place_then_by_the_surer_figure() -> None:
    """At a decision whose other choices end equal in points (a Dragon game, seed 11: many do),
    the best first was the prompt's first offered, which read as if it had been the better one.
    Among equal points the better place comes first, then the figure that rests on fewer moves
    the review had to choose, leave out or add (``Alternative.guessed``)."""
    table = finished("dragon", 2, 11)
    result = review(table, top=1_000)
    ties = 0
    for player in result.players:
        for decision in player.turning_points:
            for a, b in zip(decision.alternatives, decision.alternatives[1:], strict=False):
                assert a.delta >= b.delta
                if a.delta == b.delta:
                    ties += 1
                    assert (a.rank_delta or 0) >= (b.rank_delta or 0)
                    if a.rank_delta == b.rank_delta:
                        guessed = [x.replaced + x.dropped + x.facts_replaced + x.added for x in (a, b)]
                        assert guessed[0] <= guessed[1], (decision.index, a, b)
    assert ties


def test_the_costliest_decision_is_looked_for_among_all_of_them() -> None:
    """The Scores line took the costliest of the three stored turning points (the largest swings,
    either way), so a player whose three largest were well played had no cost named, however
    much another decision cost. ``PlayerReview.costliest`` is of every decision looked at."""
    table = finished("dragon", 2, 11)
    whole = review(table, top=1_000)
    kept = review(table, top=1)
    for every, one in zip(whole.players, kept.players, strict=True):
        costly = [d for d in every.turning_points if d.alternatives and d.alternatives[0].delta > 0]
        most = max((d.alternatives[0].delta for d in costly), default=None)
        found = one.costliest
        assert (found.alternatives[0].delta if found else None) == most
    assert any(
        p.costliest is not None and p.costliest.index != p.turning_points[0].index for p in kept.players
    )
