"""The review of a table (issue 30): points by source, and the decisions that cost or won the
most, each replayed with the other legal choices. Pure: it reads a Table and imports no game.

    from companion.review import review, Budget
    result = review(table, seat=None, budget=Budget(seconds=2))

docs/API.md, "Review", describes the result; docs/DECISIONS.md, "Review", the replay policy.
"""

from __future__ import annotations

from companion.review.model import Alternative, Budget, Decision, PlayerReview, Review, Source
from companion.review.review import review

__all__ = ["Alternative", "Budget", "Decision", "PlayerReview", "Review", "Source", "review"]
