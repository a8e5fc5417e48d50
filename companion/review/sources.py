"""Points by source: each seat's scoreboard breakdown summed by the rule it cites, and the table's
average of each (the games already explain every point by its rule; nothing is scored again)."""

from __future__ import annotations

from companion.core.protocol import Scoreboard
from companion.review.model import Source


def sources_by_seat(board: Scoreboard, seats: int) -> dict[int, list[Source]]:
    """Each visible seat's points per rule id, in the order the rules first appear; the average is
    over every seat, and None when a seat's points are hidden from this reader (its row missing)."""
    order: list[str] = []
    sums: dict[int, dict[str, int]] = {}
    for row in board.rows:
        mine = sums.setdefault(row.seat, {})
        for line in row.breakdown:
            if line.rule_id not in order:
                order.append(line.rule_id)
            mine[line.rule_id] = mine.get(line.rule_id, 0) + line.points
    everyone = len(board.rows) == seats and not board.hidden
    averages = {
        rule: (sum(s.get(rule, 0) for s in sums.values()) / seats if everyone else None) for rule in order
    }
    return {
        seat: [Source(rule_id=r, points=mine.get(r, 0), average=averages[r]) for r in order]
        for seat, mine in sums.items()
    }
