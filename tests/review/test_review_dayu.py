"""Da Yu decisions at the end of a game (issue 30): where the review kept every later entry, the
difference it reports is the one a Table fed the changed log reaches on its own."""

from __future__ import annotations

import random

from dayu_helpers import new_table, play_random

from companion.core import Table
from companion.review import review


def test_late_decisions_agree_with_a_table_played_with_the_other_choice() -> None:
    table = new_table(2)
    play_random(table, random.Random(31))
    kinds = {"drain", "move", "flip", "discard"}
    late = [i for i, e in enumerate(table.entries) if e.kind in kinds][-12:]
    result = review(table, entries=set(late), top=50)
    exact = [
        (d, a)
        for p in result.players
        for d in p.turning_points
        for a in d.alternatives
        if not (a.replaced or a.dropped or a.facts_replaced)
    ]
    assert any(a.delta for _, a in exact)  # some late choice changed the result, exactly known
    for decision, alt in exact[:6]:
        log = [e.model_dump(mode="json") for e in table.entries]
        log[decision.index] = alt.entry
        other = Table.new("dayu", [p.name for p in table.players], table.options.model_dump())
        for entry in log:
            other.submit(entry)
        assert other.scoreboard.rows[decision.seat].total == alt.total == decision.total + alt.delta
