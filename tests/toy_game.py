"""A tiny game to test the core with: "race to ten".

The table first enters who starts (a fact the app may draw itself); then players in turn
add 1, 2 or 3 to a shared counter; the game ends when the counter reaches 10. Like every
game, it trusts the Table for turns: its prompts say who enters what, and apply() checks only
the toy's own rule (a starting player who exists). Each player
scores what they added; ties go to the later seat. Messages reuse raw keys: the core renders
an unknown key as itself, which is all these tests need.
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from companion.core import (
    Effect,
    Entry,
    Msg,
    PlayerView,
    Prompt,
    RuleViolation,
    Scoreboard,
    ScoreLine,
    ScoreRow,
    msg,
)
from companion.core.registry import GameSpec


class ToyOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: int = Field(10, ge=3, le=50)


class ToyState(BaseModel):
    players: list[str]
    target: int
    first: int | None = None
    turn: int = 0
    counter: int = 0
    added: list[int]


class ToySeen(ToyState):
    """The state as one seat sees it in the secret toy: another player's count is None."""

    added: list[int | None]  # type: ignore[assignment]  # a seen state may hold None for a secret


class Start(Entry):
    kind: Literal["start"] = "start"
    first: int = Field(ge=0, le=7)


class Add(Entry):
    kind: Literal["add"] = "add"
    amount: int = Field(ge=1, le=3)


ToyEntry = Annotated[Start | Add, Field(discriminator="kind")]


class ToyGame:
    id = "toy"
    title = msg("toy.title")
    min_players = 2
    max_players = 4
    options_model = ToyOptions
    entry_adapter: TypeAdapter[Any] = TypeAdapter(ToyEntry)

    def setup(self, options: ToyOptions, players: list[str]) -> ToyState:
        return ToyState(players=players, target=options.target, added=[0] * len(players))

    def prompt(self, state: ToyState) -> Prompt | None:
        if state.first is None:
            return Prompt(seat=None, kind="start", msg=msg("toy.who_starts"), kinds=("start",), auto=True)
        if state.counter >= state.target:
            return None
        seat = (state.first + state.turn) % len(state.players)
        choices = [Add(seat=seat, amount=a) for a in (1, 2, 3)]
        return Prompt(seat=seat, kind="add", msg=msg("toy.add", player=state.players[seat]), choices=choices)

    def apply(self, state: ToyState, entry: Any) -> tuple[ToyState, list[Effect]]:
        # The Table has checked the kind and the seat against the prompt (a Start only before
        # the first turn, an Add only from the seat whose turn it is, one of the choices):
        # apply checks what only the game knows.
        if isinstance(entry, Start):
            if entry.first >= len(state.players):
                raise RuleViolation("toy.start", "toy.no_such_player")
            return state.model_copy(update={"first": entry.first}), []
        added = list(state.added)
        added[entry.seat] += entry.amount
        new = state.model_copy(
            update={"counter": state.counter + entry.amount, "turn": state.turn + 1, "added": added}
        )
        return new, [Effect(rule_id="toy.add", msg=msg("toy.fx.add", n=entry.amount), seat=entry.seat)]

    def score(self, state: ToyState) -> Scoreboard:
        rows = [
            ScoreRow(
                name=n,
                seat=i,
                total=state.added[i],
                breakdown=[ScoreLine(msg("toy.added"), state.added[i], "toy.add")],
            )
            for i, n in enumerate(state.players)
        ]
        order = sorted(range(len(rows)), key=lambda i: (-state.added[i], -i))
        return Scoreboard(
            rows=rows, ranking=[state.players[i] for i in order], final=state.counter >= state.target
        )

    def banner(self, state: ToyState) -> Msg:
        return msg("toy.banner", counter=state.counter)

    def describe(self, state: ToyState, entry: Any) -> Msg:
        return msg("toy.describe", kind=entry.kind)

    def narrate(self, state: ToyState, entry: Any) -> Msg:
        return msg("toy.narrate", kind=entry.kind)

    def auto_entry(self, state: ToyState, rng: random.Random) -> Start | None:
        return Start(first=rng.randrange(len(state.players))) if state.first is None else None

    def state_from_dict(self, data: dict[str, Any]) -> ToyState:
        return ToyState.model_validate(data)


class SecretToyGame(ToyGame):
    """The toy with hidden information: what a player added is theirs alone until the end. It
    shows what a game with secrets implements: ``player_view`` (docs/API.md, "Hidden information")."""

    def player_view(self, state: ToyState, seat: int | None) -> PlayerView:
        board = self.score(state)
        if board.final:
            return PlayerView(seat=seat, state=state, scoreboard=board)
        others = [s for s in range(len(state.players)) if s != seat]
        added = [a if s == seat else None for s, a in enumerate(state.added)]  # None: a secret
        seen = board.model_copy(
            update={"rows": [r for r in board.rows if r.seat == seat], "ranking": [], "hidden": others}
        )
        return PlayerView(seat=seat, state=ToySeen(**{**state.model_dump(), "added": added}), scoreboard=seen)


GAME = ToyGame()
SECRET_GAME = SecretToyGame()
# What a new game declares (docs/API.md, "Adding a game"); a real game also names it in pyproject.toml.
SPEC = GameSpec(game=GAME)
