"""Da Yu's replays end about when the real game did (branch dyreplay).

Da Yu's log has no table fact after the setup (no deal, no month's draw) at which a replay that
went differently could meet the log again. A replay whose turn went otherwise left the cursor on
the rest of that turn (a draw of a seat that had already drawn, say): no later turn asked for
it, so every move after it was the policy's own, ``added`` and made alike, and the flood went
down slowly. In the walk's 3-player game that ended in round 36, the replays of its early
decisions played on to round 86, 1,232 moves the game never had. The review now leaves out a
logged entry of a turn the replay has ended (``DayuGame.turn_of``), and a choice that takes the
policy's last choice back (a drain that does not fit, cancelled) is not made again from there.
"""

from __future__ import annotations

import random

from plays_helpers import finished_game
from random_play import play_to_end

from companion.core import Table
from companion.review import review
from companion.review.replay import table_replayer
from companion.review.review import _decisions

MARGIN = 3  # rounds a replay may run past the real game's end: the other choice's own pace


def _end_rounds(table: Table, indexes: set[int]) -> list[tuple[int, object, int, bool, int]]:
    """(decision, other choice, the round the replay ended in, ok, moves added) of every other
    choice of the decisions at ``indexes``."""
    prompts = [table.game.prompt(table.state_at(i)) for i in range(table.version)]
    replayer = table_replayer(table, prompts)
    rows = []
    for point in _decisions(table, prompts, None, set()):
        if point.index not in indexes:
            continue
        state, prompt = table.state_at(point.index), prompts[point.index]
        assert prompt is not None
        for other in point.alternatives:
            played = replayer.try_play(state, prompt, other)
            assert played is not None
            out = replayer.play_on(played[0], point.index + 1, point.seats, first=played[1], known=played[2])
            rows.append((point.index, other, out.state.round, out.ok, out.added))
    return rows


def test_no_replay_of_the_walk_game_runs_far_past_its_end() -> None:
    """The walk's 2-player table (seed 2, over in round 47): its decisions 290 and 295 were
    replayed to round 83 (the cursor stuck on a turn's leftover draw)."""
    table = finished_game(2)
    real = table.state.round  # type: ignore[attr-defined]
    assert table.finished and real == 47
    rows = _end_rounds(table, {290, 295})
    assert len(rows) >= 10
    assert all(ok for *_, ok, _ in rows)
    late = [(i, other, end) for i, other, end, _, _ in rows if end > real + MARGIN]
    assert not late, late


def test_a_drain_taken_back_is_not_chosen_again_and_again() -> None:
    """A 4-player game (tests/random_play seed 9): in round 15 the policy chose a drain that did
    not fit, cancelled it, and chose it again, until the replay's step bound, about 1,100 moves;
    those replays were left out. Each is now evaluated, and none adds a round's worth of moves
    the game never had."""
    table = Table.new("dayu", [f"P{i}" for i in range(4)])
    play_to_end(table, random.Random(9))
    rows = _end_rounds(table, {381})
    assert len(rows) >= 3
    assert all(ok for *_, ok, _ in rows), rows
    assert max(added for *_, added in rows) < 4 * 12, rows  # four turns of a dozen moves


def test_a_review_of_late_decisions_evaluates_every_alternative() -> None:
    """The review itself (a 2-player table, seed 8): 9 of 31 replays of these two decisions ran
    into the step bound and were left out."""
    table = finished_game(8)
    result = review(table, entries={131, 161})
    assert result.evaluated > 0 and result.unevaluated == 0


def test_past_the_log_the_seats_play_the_faces_they_last_played() -> None:
    """The 2-player table of seed 8 ended in round 52. A replay that reached the log's end with
    cards still in the flood pile was played on by the prompt's first choices: a face of one
    tool and 0 VP at every drain, a token a drain, so the flood took four more rounds to go
    (decision 16's other moves ended in round 56, decision 3's in 55). The seats now play faces
    like the last ones they played (their latest logged tools and VP), and the rule ends these
    replays within two rounds of the real game."""
    table = finished_game(8)
    real = table.state.round  # type: ignore[attr-defined]
    assert table.finished and real == 52
    rows = _end_rounds(table, {3, 16})
    assert len(rows) >= 10 and all(ok for *_, ok, _ in rows)
    assert max(end for _, _, end, _, _ in rows) <= real + 2, rows
