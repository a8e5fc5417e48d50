"""The round summaries agree with the round totals the engine records."""

from __future__ import annotations

import random

from dayu_helpers import new_table, play_random

from companion.core.foresight import table_history
from companion.games.dayu import round_summaries


def test_round_summaries_match_the_round_totals():
    for seed in range(3):
        rng = random.Random(seed)
        table = new_table(rng.randint(2, 4))
        play_random(table, rng)
        states, effects, entries = table_history(table)
        summaries = round_summaries(states, effects, entries)
        totals = table.state.round_totals
        assert len(summaries) == len(totals)
        previous = [0] * len(table.players)
        for summary, row in zip(summaries, totals, strict=True):
            for sr in summary.seats:
                assert sr.points == row[sr.seat] - previous[sr.seat]
                assert sr.line.msg.args["total"] == row[sr.seat]
            previous = row
        captures = sum(
            1 for s in summaries for sr in s.seats for e in sr.gained if e.msg.key == "dayu.fx.capture"
        )
        assert captures == sum(len(p.flood) for p in table.state.players)


def test_a_rounds_gains_add_up_to_its_points():
    """The walk's last Da Yu round said "Ana: VP +6, now 81" over three VP cards worth 1 VP each
    (walk58, dy-en-light-91-end.png): her frame bonuses scored the other 3, unsaid. What a round
    tells (the VP cards kept, and a line for each frame bonus that changed), with the flood cards'
    own points and less the VP cards discarded, adds up to its points, for every player in every
    round."""
    bonus_lines = 0
    for seed in range(3):
        rng = random.Random(seed)
        table = new_table(rng.randint(2, 4))
        play_random(table, rng)
        states, effects, entries = table_history(table)
        for summary in round_summaries(states, effects, entries):
            first, last = summary.entries
            for sr in summary.seats:
                before, after = states[first].players[sr.seat], states[last + 1].players[sr.seat]
                kept = sum(e.msg.args["vp"] for e in sr.gained if e.msg.key == "dayu.fx.vp_card")
                bonus = [e for e in sr.gained if e.msg.key == "foresight.hindsight.dayu_frame_bonus"]
                bonus_lines += len(bonus)
                told = kept + sum(int(e.msg.args["points"].replace("\u2212", "-").lstrip("±")) for e in bonus)
                discarded = sum(c.vp for c in before.vp_cards) + kept - sum(c.vp for c in after.vp_cards)
                flood = _own_points(after) - _own_points(before)
                assert told + flood - discarded == sr.points, (seed, summary.round, sr.seat)
    assert bonus_lines > 0


def _own_points(player) -> int:
    """The points a player's flood cards score by themselves (not through a frame bonus)."""
    from companion.games.dayu.tables import FLOOD_KINDS

    return sum(
        f.points for f in player.flood if f.kind not in FLOOD_KINDS or FLOOD_KINDS[f.kind].frame is None
    )
