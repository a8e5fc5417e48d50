"""The review's result: pydantic models the CLI prints, the API returns and the store keeps as JSON."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.core.msg import Msg
from companion.core.protocol import Effect


class Budget(BaseModel):
    """How much work a review may do: at most ``alternatives`` replays, at most ``seconds`` of CPU
    time (None: no limit). The alternatives are taken in passes (one alternative of every decision,
    spread over the game and the players; then the second of every decision, those that moved the
    result most first...: companion/review/order.py), so a cut review has looked at as many
    decisions as the budget allows before it looks twice at any, and says which it left."""

    model_config = ConfigDict(frozen=True)

    alternatives: int | None = None
    seconds: float | None = None


class Source(BaseModel):
    """Points of one scoring rule over the whole game, and the table's average for it."""

    model_config = ConfigDict(frozen=True)

    rule_id: str
    points: int
    average: float | None  # None when some seat's points are a secret to this reader


class Alternative(BaseModel):
    """One other legal entry at a decision, and what the rest of the game would have given."""

    model_config = ConfigDict(frozen=True)

    entry: dict[str, Any] | None  # the entry as JSON, legal at its point; None: the logged one left out
    label: Msg  # the move told as History tells it (Game.narrate); a trade left out: "review.leave_out"
    total: int  # the deciding seat's final points (or money) with it
    delta: int  # total minus the real total
    rank: int | None  # 1 = first; None when the ranking is a secret to this reader
    rank_delta: int | None  # real rank minus this rank: positive = better placed
    # each later logged entry is counted once, in one of these four: they sum to the moves after
    # the decision (companion/review/replay.py)
    kept: int  # later logged entries played as logged
    replaced: int  # later logged entries of a seat whose place the policy's choice took
    dropped: int  # later logged entries that no longer had a place and were left out
    facts_replaced: int  # later table facts (deals) redrawn, or a card's face played out of its place
    added: int = 0  # entries the policy chose where the log had none (not a later move of the game)
    gained: list[Effect] = []  # what happened to the seat only with the alternative
    lost: list[Effect] = []  # what happened to the seat only in the real game

    @property
    def guessed(self) -> int:
        """Moves the replay did not play as logged: later ones chosen, left out or changed, and
        the policy's own ones the game never had (0: the figure is exact)."""
        return self.replaced + self.dropped + self.facts_replaced + self.added

    @property
    def better(self) -> bool:
        """Whether this choice would have brought more points or a better place. Fewer points and
        a better place (the others' games changed too) is not better."""
        return self.delta > 0 or (self.rank_delta or 0) > 0

    def same_result(self, other: Alternative) -> bool:
        """Whether ``other`` ends the game with the same points and place for the seat."""
        return self.delta == other.delta and self.rank == other.rank


class Decision(BaseModel):
    """A logged decision of one seat and what its alternatives would have given."""

    model_config = ConfigDict(frozen=True)

    index: int  # the entry's position in the table's log (0-based)
    seat: int
    when: Msg  # where the game stood (its standing: round, phase; no names)
    logged: Msg  # the entry as History tells it (Game.narrate)
    total: int  # the seat's real final points
    alternatives: list[Alternative]  # best first
    unevaluated: int = 0  # alternatives the budget left out, or the policy could not play

    @property
    def best(self) -> Alternative | None:
        return self.alternatives[0] if self.alternatives else None

    @property
    def swing(self) -> int:
        """Points the decision cost (> 0: the best alternative gives more) or won over the best
        alternative (< 0). 0 without alternatives."""
        best = self.best
        return 0 if best is None else best.delta


class PlayerReview(BaseModel):
    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    hidden: bool  # this reader may not see the seat's points: no total, no sources
    total: int | None
    rank: int | None
    against_average: float | None  # total minus the table's average
    sources: list[Source]
    turning_points: list[Decision]  # the decisions with the biggest swing, biggest first
    # of every decision of the seat looked at (not only the turning points), the one whose best
    # other choice would have done best (more points, then a better place); None: none would have
    costliest: Decision | None = None
    decisions: int  # how many of the seat's decisions were looked at
    unexamined: list[int] = []  # log positions of the seat's decisions the budget left unexamined


class Review(BaseModel):
    model_config = ConfigDict(frozen=True)

    game: str
    unit: str  # "vp" or "money"
    seat: int | None  # whose review (None: the whole table)
    final: bool  # the game is over
    entries: int  # the log's length when reviewed
    players: list[PlayerReview]
    average: float | None
    evaluated: int  # alternatives replayed
    unevaluated: int  # alternatives left out (budget) or not playable by the policy
    cut: bool  # the budget stopped the review before every alternative was replayed
    seconds: float  # CPU time spent
    notes: list[Msg] = []  # what the review assumed, in the reader's words


def revived(node: Any) -> Any:
    """The JSON of a review with the messages nested in a message's arguments made Msgs again
    (pydantic reads the outer {"key", "args"} as a Msg, but an argument is Any: a card's name in
    a label would come back as a dict and render as one)."""
    if isinstance(node, list):
        return [revived(item) for item in node]
    if not isinstance(node, dict):
        return node
    if set(node) == {"key", "args"} and isinstance(node["args"], dict):
        return {"key": node["key"], "args": {k: as_msg(v) for k, v in node["args"].items()}}
    return {k: revived(v) for k, v in node.items()}


def as_msg(value: Any) -> Any:
    if isinstance(value, list):
        return [as_msg(v) for v in value]
    if isinstance(value, dict) and set(value) == {"key", "args"} and isinstance(value["args"], dict):
        return Msg(value["key"], {k: as_msg(v) for k, v in value["args"].items()})
    return value
