"""The game-agnostic vocabulary: Prompt, Effect, RuleViolation, Scoreboard and the Game protocol.

A game is a pure rules module. It never does I/O and never imports Flet: it turns a State and
an Entry into the next State plus the Effects that explain the change.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from typing_extensions import TypeVar

from companion.core.msg import Msg
from companion.core.scoreline import ScoreLine as ScoreLine  # its home is light (a calculator's)
from companion.i18n import DEFAULT_LANGUAGE


class Entry(BaseModel):
    """Base of every game's entries: what the table tells the app.

    ``seat`` is the player who decides (None for facts from the components, such as a
    dealt event row). Each game defines subclasses with a ``kind`` literal; together they
    form the game's discriminated union.
    """

    # defer_build: the served app builds it after listening (ui/warmup.py), else on first use
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    kind: str
    seat: int | None = None


class Pick(BaseModel):
    """A "choose some of these" question, answered with toggles and one confirm: keep k of the
    n building cards dealt, discard cards from a hand. It stands for the prompt's choices of
    ``kind`` (every legal subset), which would be a long list of combinations.

    The entry is ``entry`` with ``field`` set to the chosen items (in the order of ``items``);
    the engine checks it like any other entry. ``alike`` gives, for each item, the first item it
    cannot be told from (two red cards in a hand): the choices list such a set once, so a toggled
    second red card stands for the first.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True, defer_build=True)

    kind: str
    items: tuple[Any, ...]
    labels: tuple[Msg, ...]
    min: int
    max: int
    field: str
    entry: dict[str, Any]
    msg: Msg | None = None
    alike: tuple[int, ...] | None = None  # per item: the position of the first item like it

    def entry_for(self, chosen: Any) -> dict[str, Any]:
        picked = set(chosen)
        at = [n for n, item in enumerate(self.items) if item in picked]
        if self.alike is not None:
            # the same number of each kind of item, taken from the first of that kind: the one set
            # of the choices that stands for the toggled cards
            wanted = Counter(self.alike[n] for n in at)
            at = []
            for n, first in enumerate(self.alike):
                if wanted[first] > 0:
                    wanted[first] -= 1
                    at.append(n)
        return {**self.entry, self.field: [self.items[n] for n in at]}


class Prompt:
    """Who must enter what now.

    ``choices`` lists every legal entry when the list is small; it is None when the entry
    is free-form (a trade, a number printed on a card), and then ``kinds`` names the entry
    kinds accepted. ``auto`` says the app may produce the entry itself (deal, shuffle, draw).

    Who may enter: ``seat``, the one seat whose turn it is; or, when ``seat`` is None, any of
    ``seats`` in any order (players keeping the cards they dealt themselves), or, when that is
    empty too, the table (a fact from the components). The Table refuses an entry from another
    seat citing ``turn_rule``, and one of another kind, or not among ``choices``, citing
    ``step_rule``: a game names its own rules there, so the engine need not check turns itself.

    ``msg`` and ``rule_ids`` may be given as functions that make them: each is called the first
    time it is read. A game makes a prompt for every state it reaches, and few are ever shown.

    A plain frozen class, not a pydantic model (one is made per entry, and validating it cost
    more than building the state's choices): nothing reads or writes a prompt as JSON.
    """

    seat: int | None
    kind: str
    choices: list[Any] | None
    kinds: tuple[str, ...]
    auto: bool
    seats: tuple[int, ...]  # with seat None: the seats that may answer, in any order
    turn_rule: str  # cited when an entry comes from a seat not asked
    step_rule: str  # cited when an entry is of another kind, or not offered
    picks: tuple[Pick, ...]  # multi-picks standing for the choices of their kind

    def __init__(
        self,
        *,
        seat: int | None,
        kind: str,
        msg: Msg | Callable[[], Msg],
        choices: list[Any] | None = None,
        kinds: tuple[str, ...] = (),
        auto: bool = False,
        rule_ids: tuple[str, ...] | Callable[[], tuple[str, ...]] = (),
        seats: tuple[int, ...] = (),
        turn_rule: str = "core.turn",
        step_rule: str = "core.entry",
        picks: tuple[Pick, ...] = (),
    ) -> None:
        # Written into the instance dict: __setattr__ refuses every change once it is made.
        self.__dict__.update(
            seat=seat,
            kind=kind,
            _msg=msg,
            choices=choices,
            kinds=kinds,
            auto=auto,
            _rule_ids=rule_ids,
            seats=seats,
            turn_rule=turn_rule,
            step_rule=step_rule,
            picks=picks,
        )

    @classmethod
    def made(cls, fields: dict[str, Any]) -> Prompt:
        """A prompt from every one of its fields (``msg`` and ``rule_ids`` as ``_msg`` and
        ``_rule_ids``), as a game that makes one per entry keeps them: no keyword call."""
        prompt = object.__new__(cls)
        _set_prompt_dict(prompt, fields)  # the instance dict's own setter: no lookup by name
        return prompt

    @property
    def msg(self) -> Msg:
        made: Msg | Callable[[], Msg] = self.__dict__["_msg"]
        if not isinstance(made, Msg):  # a function that makes it: made once, on first reading
            made = self.__dict__["_msg"] = made()
        return made

    @property
    def rule_ids(self) -> tuple[str, ...]:
        made: tuple[str, ...] | Callable[[], tuple[str, ...]] = self.__dict__["_rule_ids"]
        if callable(made):  # made once, on first reading (the Table never reads them)
            made = self.__dict__["_rule_ids"] = made()
        return made

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Prompt cannot be changed ({name}); make another with replace()")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Prompt cannot be changed ({name})")

    def _fields(self) -> dict[str, Any]:
        fields = dict(self.__dict__)
        fields["msg"] = self.msg
        fields["rule_ids"] = self.rule_ids
        del fields["_msg"], fields["_rule_ids"]
        return fields

    def replace(self, **changes: Any) -> Prompt:
        """A copy with some fields changed (``msg`` too)."""
        return Prompt(**{**self._fields(), **changes})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Prompt):
            return NotImplemented
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # equal prompts compare by value, like the model did

    def __repr__(self) -> str:
        return "Prompt(" + ", ".join(f"{k}={v!r}" for k, v in self._fields().items()) + ")"

    def kind_refusal(self, kind: str) -> RuleViolation | None:
        """Why an entry of ``kind`` is not what this prompt asks, as the Table refuses it, or None.
        A prompt naming neither kinds nor choices takes any kind (the game checks it)."""
        choices = self.choices
        if kind in self.kinds or not (self.kinds or choices) or any(c.kind == kind for c in choices or ()):
            return None
        return RuleViolation(self.step_rule, "core.entry.wrong_kind", kind=kind, expected=self.msg)

    @property
    def text(self) -> str:
        return self.msg.render()

    def text_in(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.render(lang)


@dataclass(frozen=True, slots=True, init=False)
class Effect:
    """One consequence of an entry, citing the rule that caused it.

    A frozen dataclass like Msg (a game makes hundreds): pydantic reads and writes it as a field
    of a model in the form it had as one, {"rule_id", "msg", "seat"}."""

    rule_id: str
    msg: Msg
    seat: int | None = None

    def __init__(self, rule_id: str, msg: Msg, seat: int | None = None) -> None:
        # The slots set straight, as Msg's are (a frozen dataclass's own __init__ is twice as slow).
        _set_rule_id(self, rule_id)
        _set_msg(self, msg)
        _set_seat(self, seat)

    @property
    def text(self) -> str:
        return self.msg.render()

    def text_in(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.msg.render(lang)


_set_prompt_dict = Prompt.__dict__["__dict__"].__set__
_set_rule_id = Effect.__dict__["rule_id"].__set__  # the slots' own setters
_set_msg = Effect.__dict__["msg"].__set__
_set_seat = Effect.__dict__["seat"].__set__
_set_msg_key = Msg.__dict__["key"].__set__
_set_msg_args = Msg.__dict__["args"].__set__
_new = object.__new__


def told(rule_id: str, seat: int | None, key: str, /, **args: Any) -> Effect:
    """``Effect(rule_id=rule_id, seat=seat, msg=msg(key, **args))``, the same value made in one
    plain call: a keyword call of a class is about twice the cost of a function's, and an engine
    makes two or three effects an entry (Dragon's handlers). The first three are positional only,
    so a message may take arguments of those names."""
    said = _new(Msg)
    _set_msg_key(said, key)
    _set_msg_args(said, args)
    made = _new(Effect)
    _set_rule_id(made, rule_id)
    _set_msg(made, said)
    _set_seat(made, seat)
    return made


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


class ScoreRow(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    name: str
    seat: int
    total: int
    breakdown: list[ScoreLine]


def _absent(value: object) -> bool:
    return value is None


def _empty(value: object) -> bool:
    return not value


class Scoreboard(BaseModel):
    """Totals with their breakdown, the ranking after the game's tie-break, and whether it is final.

    ``ranking`` lists names, best first. ``tie_break`` explains how equal totals were ordered.
    ``tie_detail``, on a final board whose best total was tied, says how the tie-break chose, with
    each tied player's figure ("Dai wins the tie: 2nd on the person track, ahead of Ana (4th)");
    None otherwise (core/ties.py). ``tie_lower``, on a final board, says each tie below the best
    total with the figures that placed its players (``core.ties.lower_ties``).
    ``by_round`` holds each seat's running total after every round, for the chart.
    ``shared`` lists the winners when the tie-break leaves a tie (a shared victory).
    ``hidden`` lists the seats whose row a player view withholds (their total is a secret):
    ``rows`` then holds only the visible seats, ``ranking`` is empty and their ``by_round`` too.
    """

    model_config = ConfigDict(frozen=True, defer_build=True)

    rows: list[ScoreRow]
    ranking: list[str]
    final: bool
    tie_break: Msg | None = None
    # left out of the written form when None: a board without a tie on the best total is written
    # as before the field (stored forms, digests, an older reader)
    tie_detail: Msg | None = Field(None, exclude_if=_absent)
    # likewise left out when empty: a board with no tie below the best total is written as before
    tie_lower: list[Msg] = Field([], exclude_if=_empty)
    by_round: list[list[int]] = []
    shared: list[str] = []
    unit: str = "vp"
    hidden: list[int] = []

    def row(self, name: str) -> ScoreRow:
        return next(r for r in self.rows if r.name == name)


# A game's state and options models. A game names its own (``Game[DragonState, DragonOptions]``);
# code that holds any game (the registry, the Table) writes ``Game``, which defaults them to Any:
# a parameter typed BaseModel would refuse every real game (parameters are contravariant).
StateT = TypeVar("StateT", bound=BaseModel, default=Any)
OptionsT = TypeVar("OptionsT", bound=BaseModel, default=Any)
StateT_contra = TypeVar("StateT_contra", bound=BaseModel, default=Any, contravariant=True)


@runtime_checkable
class Game(Protocol[StateT, OptionsT]):
    """What every game module provides. All functions are pure; none mutates its arguments."""

    id: str
    title: Msg
    min_players: int
    max_players: int
    options_model: type[OptionsT]
    entry_adapter: TypeAdapter[Any]

    def setup(self, options: OptionsT, players: list[str]) -> StateT: ...

    def prompt(self, state: StateT) -> Prompt | None: ...

    def apply(self, state: StateT, entry: Any) -> tuple[StateT, list[Effect]]: ...

    def score(self, state: StateT) -> Scoreboard: ...

    def banner(self, state: StateT) -> Msg:
        """One line for the top of the Play screen: round, phase, turn order."""
        ...

    def describe(self, state: StateT, entry: Any) -> Msg:
        """A label for an entry before it is made: a choice button, the numbers of ``state``."""
        ...

    def narrate(self, state: StateT, entry: Any) -> Msg:
        """An entry once made, as a sentence saying who did what ("Ana puts the old healer in
        palace 1"): a History header, the Play screen's "Last:" line. ``state`` is the one it was
        made in; the sentence holds no count the entry changed, unless it says the count after."""
        ...

    def auto_entry(self, state: StateT, rng: random.Random) -> Any | None:
        """The entry the app makes when asked to deal/draw/shuffle itself, or None."""
        ...

    def state_from_dict(self, data: dict[str, Any]) -> StateT: ...


@dataclass(frozen=True)
class PlayerView:
    """What one seat (or the public, ``seat`` None) may see of a table: the state, the scoreboard
    and, through ``effect``, each effect of its history. Every surface that someone other than the
    entering player can see is drawn from one (docs/API.md, "Hidden information").

    This base shows everything: the view of a game without hidden information. A game with
    secrets returns a subclass whose ``state`` and ``scoreboard`` hold only what this seat may
    know, and whose ``effect`` rewrites the lines that would tell a secret.
    """

    seat: int | None
    state: BaseModel
    scoreboard: Scoreboard

    @classmethod
    def scored_later(cls, game: Game, state: BaseModel, seat: int | None) -> PlayerView:
        """The view of ``state`` with its scoreboard scored when first read (``game.score``):
        the screens drawn after every tap (Play, its strip) read only the state, and scoring a
        late Dragon game (each item labelled) took about a millisecond of each tap."""
        view = cls.__new__(cls)
        object.__setattr__(view, "seat", seat)
        object.__setattr__(view, "state", state)
        object.__setattr__(view, "_score_with", game)
        return view

    def __getattr__(self, name: str) -> Any:  # only for an attribute not set: a later scoreboard
        game = self.__dict__.get("_score_with")
        if name != "scoreboard" or game is None:
            raise AttributeError(name)
        board = game.score(self.state)
        object.__setattr__(self, "scoreboard", board)
        return board

    def effect(self, effect: Effect) -> Effect:
        """``effect`` as this seat may read it (of any entry of the history, read now)."""
        return effect

    def effects(self, effects: Iterable[Effect]) -> list[Effect]:
        return [self.effect(fx) for fx in effects]

    def summary(self, summary: Any) -> Any:
        """A round summary (companion.core.foresight.RoundSummary) as this seat may read it:
        every line through ``effect``. A game whose round points can be a secret overrides it."""
        seats = [
            sr.model_copy(
                update={
                    "line": self.effect(sr.line),
                    "gained": self.effects(sr.gained),
                    "lost": self.effects(sr.lost),
                }
            )
            for sr in summary.seats
        ]
        order_line = None if summary.order_line is None else self.effect(summary.order_line)
        return summary.model_copy(
            update={
                "seats": seats,
                "title": self.effect(summary.title),
                "happened": self.effects(summary.happened),
                "order_line": order_line,
            }
        )


@runtime_checkable
class HiddenInformation(Protocol):
    """Optional for a game with secrets (Chinatown money): what ``seat`` (None: the public) may
    see of ``state``. A game without it shows everything to everyone (``open_view``)."""

    def player_view(self, state: BaseModel, seat: int | None) -> PlayerView: ...


def open_view(game: Game, state: BaseModel, seat: int | None) -> PlayerView:
    """The view of a game with no hidden information: everything, for every seat (its
    scoreboard scored when a screen first reads it)."""
    return PlayerView.scored_later(game, state, seat)


def player_view(game: Game, state: BaseModel, seat: int | None) -> PlayerView:
    """What ``seat`` (None: the public) may see of ``state``: the game's own view, or everything."""
    if isinstance(game, HiddenInformation):
        return game.player_view(state, seat)
    return open_view(game, state, seat)


@runtime_checkable
class TrustedPlay(Protocol[StateT]):
    """Optional for a game: apply an entry the Table has already checked (game not over, the
    prompt's kind and seat, one of the prompt's choices) without checking it again."""

    def play(self, state: StateT, entry: Any) -> tuple[StateT, list[Effect]]: ...


@runtime_checkable
class PromptedPlay(Protocol[StateT]):
    """Optional beside TrustedPlay: ``play``, and the prompt of the state it leads to, for a
    game whose automatic steps computed that prompt's choices already (the Table keeps it as
    that state's prompt instead of asking ``prompt`` again)."""

    def play_prompted(self, state: StateT, entry: Any) -> tuple[StateT, list[Effect], Prompt | None]: ...


@runtime_checkable
class PromptedApply(Protocol[StateT]):
    """Optional beside PromptedPlay: ``apply`` (which checks the entry), and the prompt of the
    state it leads to, for the entries the prompt does not list (a dealt fact from the table)."""

    def apply_prompted(self, state: StateT, entry: Any) -> tuple[StateT, list[Effect], Prompt | None]: ...


@runtime_checkable
class CompactCodes(Protocol[StateT_contra]):
    """Optional for a game: its own compact codes for entries no choice list holds (a dealt row,
    a trade), for QR snapshots. Either function returns None to fall back on the choice index
    (companion/core/codes.py)."""

    def entry_code(self, state: StateT_contra, entry: Any) -> tuple[int, int] | None: ...

    def entry_from_code(self, state: StateT_contra, value: int) -> Any | None: ...


@runtime_checkable
class DigitCodes(Protocol[StateT_contra]):
    """Optional beside CompactCodes (snapshot format 2 on): an entry its compact code escapes
    (a Chinatown trade) as several digits, each radix known from the state and the digits
    before it. ``take(radix)`` reads the next digit; None from either function: the entry
    travels as JSON."""

    def entry_digits(self, state: StateT_contra, entry: Any) -> list[tuple[int, int]] | None: ...

    def entry_from_digits(self, state: StateT_contra, take: Callable[[int], int]) -> Any | None: ...
