"""The game-agnostic vocabulary: Prompt, Effect, RuleViolation, Scoreboard and the Game protocol.

A game is a pure rules module. It never does I/O and never imports Flet: it turns a State and
an Entry into the next State plus the Effects that explain the change.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, TypeAdapter

from companion.core.msg import Msg
from companion.i18n import DEFAULT_LANGUAGE


class Entry(BaseModel):
    """Base of every game's entries: what the table tells the app.

    ``seat`` is the player who decides (None for facts from the components, such as a
    dealt event row). Each game defines subclasses with a ``kind`` literal; together they
    form the game's discriminated union.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: str
    seat: int | None = None


class Pick(BaseModel):
    """A "choose some of these" question, answered with toggles and one confirm: keep k of the
    n building cards dealt, discard cards from a hand. It stands for the prompt's choices of
    ``kind`` (every legal subset), which would be a long list of combinations.

    The entry is ``entry`` with ``field`` set to the chosen items (in the order of ``items``);
    the engine checks it like any other entry.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    kind: str
    items: tuple[Any, ...]
    labels: tuple[Msg, ...]
    min: int
    max: int
    field: str
    entry: dict[str, Any]
    msg: Msg | None = None

    def entry_for(self, chosen: Any) -> dict[str, Any]:
        picked = set(chosen)
        return {**self.entry, self.field: [i for i in self.items if i in picked]}


class Prompt(BaseModel):
    """Who must enter what now.

    ``choices`` lists every legal entry when the list is small; it is None when the entry
    is free-form (a trade, a number printed on a card), and then ``kinds`` names the entry
    kinds accepted. ``auto`` says the app may produce the entry itself (deal, shuffle, draw).
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    seat: int | None
    kind: str
    msg: Msg
    choices: list[Any] | None = None
    kinds: tuple[str, ...] = ()
    auto: bool = False
    rule_ids: tuple[str, ...] = ()
    picks: tuple[Pick, ...] = ()  # multi-picks standing for the choices of their kind

    @property
    def text(self) -> str:
        return self.msg.render()

    def text_in(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.render(lang)


class Effect(BaseModel):
    """One consequence of an entry, citing the rule that caused it."""

    model_config = ConfigDict(frozen=True)

    rule_id: str
    msg: Msg
    seat: int | None = None

    @property
    def text(self) -> str:
        return self.msg.render()

    def text_in(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.render(lang)


class RuleViolation(Exception):
    """An illegal entry. The table is left exactly as it was."""

    def __init__(self, rule_id: str, message: Msg | str, **args: Any) -> None:
        self.rule_id = rule_id
        self.msg = message if isinstance(message, Msg) else Msg(key=message, args=args)
        super().__init__(f"[{rule_id}] {self.msg.render()}")

    @property
    def message(self) -> str:
        return self.msg.render()

    def message_in(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.render(lang)


class ScoreLine(NamedTuple):
    """One line of a player's score: (label, points, rule_id)."""

    label: Msg
    points: int
    rule_id: str


class ScoreRow(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    seat: int
    total: int
    breakdown: list[ScoreLine]


class Scoreboard(BaseModel):
    """Totals with their breakdown, the ranking after the game's tie-break, and whether it is final.

    ``ranking`` lists names, best first. ``tie_break`` explains how equal totals were ordered.
    ``by_round`` holds each seat's running total after every round, for the chart.
    ``shared`` lists the winners when the tie-break leaves a tie (a shared victory).
    """

    model_config = ConfigDict(frozen=True)

    rows: list[ScoreRow]
    ranking: list[str]
    final: bool
    tie_break: Msg | None = None
    by_round: list[list[int]] = []
    shared: list[str] = []
    unit: str = "vp"

    def row(self, name: str) -> ScoreRow:
        return next(r for r in self.rows if r.name == name)


@runtime_checkable
class Game(Protocol):
    """What every game module provides. All functions are pure; none mutates its arguments."""

    id: str
    title: Msg
    min_players: int
    max_players: int
    options_model: type[BaseModel]
    entry_adapter: TypeAdapter[Any]

    def setup(self, options: BaseModel, players: list[str]) -> BaseModel: ...

    def prompt(self, state: BaseModel) -> Prompt | None: ...

    def apply(self, state: BaseModel, entry: Any) -> tuple[BaseModel, list[Effect]]: ...

    def score(self, state: BaseModel) -> Scoreboard: ...

    def banner(self, state: BaseModel) -> Msg:
        """One line for the top of the Play screen: round, phase, turn order."""
        ...

    def describe(self, state: BaseModel, entry: Any) -> Msg:
        """A label for an entry: a choice button, a history line."""
        ...

    def auto_entry(self, state: BaseModel, rng: random.Random) -> Any | None:
        """The entry the app makes when asked to deal/draw/shuffle itself, or None."""
        ...

    def state_from_dict(self, data: dict[str, Any]) -> BaseModel: ...


@runtime_checkable
class TrustedPlay(Protocol):
    """Optional for a game: apply an entry the Table has already checked (game not over, the
    prompt's kind and seat, one of the prompt's choices) without checking it again."""

    def play(self, state: BaseModel, entry: Any) -> tuple[BaseModel, list[Effect]]: ...


@runtime_checkable
class PromptedPlay(Protocol):
    """Optional beside TrustedPlay: ``play``, and the prompt of the state it leads to, for a
    game whose automatic steps computed that prompt's choices already (the Table keeps it as
    that state's prompt instead of asking ``prompt`` again)."""

    def play_prompted(
        self, state: BaseModel, entry: Any
    ) -> tuple[BaseModel, list[Effect], Prompt | None]: ...


@runtime_checkable
class CompactCodes(Protocol):
    """Optional for a game: its own compact codes for entries no choice list holds (a dealt row,
    a trade), for QR snapshots. Either function returns None to fall back on the choice index
    (companion/core/codes.py)."""

    def entry_code(self, state: BaseModel, entry: Any) -> tuple[int, int] | None: ...

    def entry_from_code(self, state: BaseModel, value: int) -> Any | None: ...
