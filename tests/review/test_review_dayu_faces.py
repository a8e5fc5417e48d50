"""A Da Yu flood card keeps its printed face in the review's replays (branch dyreview).

The flood cards lie face up in the ring, each its own card; the log tells a card's face when it
is taken (a ``flood_bonus`` entry). The replays gave the next capture the next logged face,
whichever card was taken: a replay could hand one face out twice (it served as the policy's
model without being used up, and was played again where the log had it) and make one up (the
prompt's first, a red frame bonus, when no logged face was left). In the walk's game (seed 2 of
the finished tables, Ana 57 VP and Ben 38 VP), "Ana drains with a red card" instead of moving in
round 9 gave her two silver frame bonuses over 18 silver VP cards and a red bonus the game never
had: "+68 VP". Each face now goes with its card (``DayuGame.fact_key``).
"""

from __future__ import annotations

from collections import Counter

from plays_helpers import finished_game

from companion.core import Table
from companion.games.dayu.state import DayuState
from companion.review import review
from companion.review.replay import table_replayer

WALK_SEED = 2  # the finished Da Yu table of the walk's screenshot (tests/plays_helpers.py)
DECISION = 106  # round 9: "Ana moves to place 1", the turning point the screen showed


def _faces(state: DayuState) -> Counter[tuple[str, int]]:
    """Every flood card taken in the game, by its face (an Exchange swaps cards, not faces)."""
    return Counter((card.kind, card.points) for p in state.players for card in p.flood)


def _walk_table() -> Table:
    table = finished_game(WALK_SEED)
    assert [p.name for p in table.players] == ["Ana", "Ben"]
    assert [r.total for r in table.scoreboard.rows] == [57, 38]
    return table


def test_a_replay_takes_only_the_faces_the_log_told_each_once() -> None:
    """Every alternative of the decision: the faces taken are the logged ones, each at most as
    often as logged, but for a face the log never told (a card taken only in the replay), which
    is counted as a table fact changed."""
    table = _walk_table()
    prompts = [table.game.prompt(table.state_at(i)) for i in range(table.version)]
    replayer = table_replayer(table, prompts)
    logged = _faces(table.state)  # type: ignore[arg-type]
    prompt, state = prompts[DECISION], table.state_at(DECISION)
    assert prompt is not None and prompt.choices is not None
    others = [c for c in prompt.choices if c != table.entries[DECISION]]
    assert len(others) >= 4
    for other in others:
        played = replayer.try_play(state, prompt, other)
        assert played is not None
        nxt, fx, known = played
        out = replayer.play_on(nxt, DECISION + 1, (0, 1), first=fx, known=known)
        assert out.ok and out.state.phase == "over"
        extra = _faces(out.state) - logged
        assert sum(extra.values()) <= out.facts_replaced, (other, extra)
        assert all(face == ("points", 0) for face in extra), extra  # a guess is worth nothing


def test_the_review_figure_is_the_replay_with_the_faces_on_their_cards() -> None:
    """The review's figure for the drain is Ana's total in that replay, against her real 57."""
    table = _walk_table()
    decision = review(table, entries={DECISION}).players[0].turning_points[0]
    drain = next(a for a in decision.alternatives if a.entry == {"kind": "drain", "seat": 0, "card": 0})
    prompts = [table.game.prompt(table.state_at(i)) for i in range(table.version)]
    replayer = table_replayer(table, prompts)
    prompt = prompts[DECISION]
    assert prompt is not None
    played = replayer.try_play(
        table.state_at(DECISION), prompt, table.game.entry_adapter.validate_python(drain.entry)
    )
    assert played is not None
    out = replayer.play_on(played[0], DECISION + 1, (0,), first=played[1], known=played[2])
    ana = table.game.score(out.state).rows[0].total
    assert (drain.total, drain.delta) == (ana, ana - 57)
    assert _faces(out.state)[("silver_bonus", 0)] <= _faces(table.state)[("silver_bonus", 0)]  # type: ignore[arg-type]
