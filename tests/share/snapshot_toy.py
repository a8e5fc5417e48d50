"""A toy game exercising every kind of snapshot slot: "pick and bid".

Each round the table deals a row of five distinct cards from 1 to 6 (a free-form fact, which
the app may deal itself). The game codes a deal compactly when it is a permutation of 1..5
(radix 120); a deal holding the 6 has no compact code and travels as JSON (the escape).
Then each player in seat order picks a card from the row or passes (a choice list), then
each player bids 0 to 99 (free-form, never coded). The highest bid of a round scores 2.
"""

from __future__ import annotations

import itertools
import random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from companion.core import Effect, Entry, Msg, Prompt, RuleViolation, Scoreboard, ScoreLine, ScoreRow, msg

_PERMS = list(itertools.permutations(range(1, 6)))
_RANK = {p: i for i, p in enumerate(_PERMS)}


class SnapOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rounds: int = Field(3, ge=1, le=40)
    bids: bool = True


class SnapState(BaseModel):
    players: list[str]
    rounds: int
    bids: bool
    round: int = 0
    phase: str = "deal"
    row: list[int] = []
    turn: int = 0
    points: list[int]
    bonus: list[int]
    round_bids: list[int] = []


class Deal(Entry):
    kind: Literal["deal"] = "deal"
    cards: tuple[int, ...]

    @field_validator("cards")
    @classmethod
    def _five_distinct(cls, v: tuple[int, ...]) -> tuple[int, ...]:
        if len(v) != 5 or len(set(v)) != 5 or not all(1 <= c <= 6 for c in v):
            raise ValueError("five distinct cards from 1 to 6")
        return v


class Pick(Entry):
    kind: Literal["pick"] = "pick"
    card: int | None = None  # None: pass


class Bid(Entry):
    kind: Literal["bid"] = "bid"
    amount: int = Field(ge=0, le=99)


SnapEntry = Annotated[Deal | Pick | Bid, Field(discriminator="kind")]


class SnapGame:
    id = "snaptoy"
    title = msg("snaptoy.title")
    min_players = 2
    max_players = 5
    options_model = SnapOptions
    entry_adapter: TypeAdapter[Any] = TypeAdapter(SnapEntry)

    def setup(self, options: SnapOptions, players: list[str]) -> SnapState:
        n = len(players)
        return SnapState(
            players=players, rounds=options.rounds, bids=options.bids, points=[0] * n, bonus=[0] * n
        )

    def prompt(self, state: SnapState) -> Prompt | None:
        if state.round >= state.rounds:
            return None
        if state.phase == "deal":
            return Prompt(seat=None, kind="deal", msg=msg("snaptoy.deal"), kinds=("deal",), auto=True)
        seat = state.turn
        if state.phase == "pick":
            choices = [Pick(seat=seat, card=c) for c in state.row] + [Pick(seat=seat)]
            return Prompt(seat=seat, kind="pick", msg=msg("snaptoy.pick"), choices=choices)
        return Prompt(seat=seat, kind="bid", msg=msg("snaptoy.bid"), kinds=("bid",))

    def apply(self, state: SnapState, entry: Any) -> tuple[SnapState, list[Effect]]:
        new = state.model_copy(deep=True)
        if state.round >= state.rounds:
            raise RuleViolation("snaptoy.over", "snaptoy.over")
        if entry.kind != state.phase:
            raise RuleViolation("snaptoy.phase", "snaptoy.wrong_phase")
        if isinstance(entry, Deal):
            new.row, new.phase, new.turn = list(entry.cards), "pick", 0
            return new, []
        n = len(state.players)
        if isinstance(entry, Pick):
            if entry.card is not None:
                if entry.card not in state.row:
                    raise RuleViolation("snaptoy.pick", "snaptoy.not_in_row")
                new.row.remove(entry.card)
                new.points[entry.seat] += entry.card
            new.turn += 1
            if new.turn == n:
                new.turn = 0
                new.phase = "bid" if state.bids else "deal"
                new.round += 0 if state.bids else 1
            return new, [Effect(rule_id="snaptoy.pick", msg=msg("snaptoy.fx"), seat=entry.seat)]
        new.round_bids.append(entry.amount)
        new.turn += 1
        if new.turn == n:
            best = max(new.round_bids)
            new.bonus[new.round_bids.index(best)] += 2
            new.round_bids, new.turn, new.phase, new.round = [], 0, "deal", state.round + 1
        return new, []

    def score(self, state: SnapState) -> Scoreboard:
        totals = [p + b for p, b in zip(state.points, state.bonus, strict=True)]
        rows = [
            ScoreRow(
                name=name,
                seat=i,
                total=totals[i],
                breakdown=[
                    ScoreLine(msg("snaptoy.cards"), state.points[i], "snaptoy.pick"),
                    ScoreLine(msg("snaptoy.bonus"), state.bonus[i], "snaptoy.bid"),
                ],
            )
            for i, name in enumerate(state.players)
        ]
        order = sorted(range(len(rows)), key=lambda i: (-totals[i], i))
        return Scoreboard(
            rows=rows, ranking=[state.players[i] for i in order], final=state.round >= state.rounds
        )

    def banner(self, state: SnapState) -> Msg:
        return msg("snaptoy.banner", round=state.round + 1)

    def describe(self, state: SnapState, entry: Any) -> Msg:
        return msg("snaptoy.describe", kind=entry.kind)

    def narrate(self, state: SnapState, entry: Any) -> Msg:
        return msg("snaptoy.narrate", kind=entry.kind)

    def auto_entry(self, state: SnapState, rng: random.Random) -> Deal | None:
        if state.phase != "deal" or state.round >= state.rounds:
            return None
        return Deal(cards=tuple(rng.sample(range(1, 7), 5)))

    def entry_code(self, state: SnapState, entry: Any) -> tuple[int, int] | None:
        if state.phase == "deal" and isinstance(entry, Deal) and entry.cards in _RANK:
            return _RANK[entry.cards], len(_PERMS)
        return None

    def entry_from_code(self, state: SnapState, value: int) -> Deal | None:
        if state.phase == "deal" and state.round < state.rounds and 0 <= value < len(_PERMS):
            return Deal(cards=_PERMS[value])
        return None

    def state_from_dict(self, data: dict[str, Any]) -> SnapState:
        return SnapState.model_validate(data)


GAME = SnapGame()


def random_bid(state: SnapState, rng: random.Random) -> Bid:
    return Bid(seat=state.turn, amount=rng.randrange(100))
