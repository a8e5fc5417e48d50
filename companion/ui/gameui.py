"""The hooks a game's screens plug into the generic ones (``GameUI``), and finding a game's
(``ui_for``): each game may add panels without touching generic code.

A game's UI module (named by ``ui=`` in its GameSpec, companion/core/registry.py; by convention
``companion/ui/games/<game>/__init__.py``) exports ``UI = GameUI(...)``.
Every hook is optional; a game without a UI module still plays through the generic screens
(prompt pad, scoreboard, history, rules). See docs/ui.md, "Extension points".
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import flet as ft
from pydantic import BaseModel

from companion.core import Effect, Prompt, Table, registry
from companion.core.foresight import RoundSummary
from companion.core.registry import UnknownGame

if TYPE_CHECKING:
    from companion.ui.i18n import Tr
    from companion.ui.services import Services, Session
    from companion.ui.table_model import TableModel

M = TypeVar("M", bound=BaseModel)


def game_title(tr: Tr, game: str) -> str:
    """A game's title in the reader's language; a game this build lacks keeps its id (its plays
    and tables still list)."""
    try:
        return tr.msg(registry.get(game).title)
    except UnknownGame:
        return game


def state_as(table: Table, model: type[M]) -> M:
    """The table's state as its game's own model, so a game's screens read its fields typed."""
    return _as(table, table.state, model)


def options_as(table: Table, model: type[M]) -> M:
    """The table's options as its game's own model."""
    return _as(table, table.options, model)


def _as(table: Table, value: BaseModel, model: type[M]) -> M:
    if not isinstance(value, model):
        raise TypeError(f"a {table.game_id} table holds a {type(value).__name__}, not a {model.__name__}")
    return value


# The table screen's hooks take the open table's model (ui/table_model.py: the table, the seat's
# view, the translator, the drafts and the commands), never the session itself.
Panel = Callable[["TableModel"], list[ft.Control]]
SeatPanel = Callable[["TableModel", int], ft.Control]
FactForm = Callable[["TableModel", Prompt], ft.Control]
Screen = Callable[
    ["Services", "Session"], list[ft.Control]
]  # a stand-alone screen (Quick score): no table open
Tap = Callable[[Any], Callable[[Any], None]]  # a choice -> the click handler that enters it
ChoiceForm = Callable[["TableModel", list[tuple[int, Any]], Tap], ft.Control]


@dataclass(frozen=True)
class Choice:
    value: Any
    label_key: str  # ui catalogue key, without the "ui." prefix


@dataclass(frozen=True)
class OptionSpec:
    """A table option offered on the setup screen as a row of choices."""

    field: str
    label_key: str
    choices: tuple[Choice, ...]


@dataclass(frozen=True)
class Hindsight:
    """A game's round summaries, as its public module gives them (the engine's hindsight.py):
    ``round_summaries(states, effects, entries)`` and ``rounds_done(state)``, the rounds closed so
    far (the summaries are recomputed only when it grows, companion/ui/foresight.py)."""

    round_summaries: Callable[[Sequence[Any], Sequence[list[Effect]], Sequence[Any]], list[RoundSummary]]
    rounds_done: Callable[[Any], int]
    # a seat's detail line from its effects in the round (None: each effect's text, joined by " · ")
    detail: Callable[[Tr, list[Effect]], str] | None = None


@dataclass(frozen=True)
class GameUI:
    game_id: str
    board: Panel | None = None  # the context under the question (e.g. the event row), collapsible
    board_is_question: Callable[[Table], bool] | None = None  # the board is tapped to answer (a map)
    on_board: Callable[[Any], bool] | None = None  # a choice made by tapping the board, not a button
    player_panel: SeatPanel | None = None  # one card per seat on the Play screen
    seat_props: Callable[[Table, int], Any] | None = None  # what a seat's card shows (redrawn on change)
    fact_forms: dict[str, FactForm] = field(default_factory=dict)  # prompt.kind -> "as dealt" form
    # prompt.kind -> the "let the app do it" button's text and tooltip (ui catalogue keys), where
    # the app does not deal but chooses or draws; the others say "Let the app deal"
    auto_labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    # prompt.kind -> the question as a seat's phone asks it (ui catalogue key, given the prompt's
    # message arguments), where the host's words offer what only the host can do ("or let the
    # app deal": a seat's phone has no such button, and enters its own part only) or speak to
    # the whole table ("Enter the buildings kept by: Ana and Carla"). Only for a question to the
    # table (no prompt.seat) that each seat answers its own part of (prompt.seats).
    seat_questions: dict[str, str] = field(default_factory=dict)
    # a question to one seat (prompt.seat) as that seat's own phone asks it: the prompt's message
    # key -> ui catalogue key (given the message's arguments), where the engine's words speak of
    # the player ("Ana holds 2 of 3 tool cards") and the phone in her hand speaks to her ("You
    # hold ..."). Keyed by message, not kind: one kind may ask two questions (Da Yu's "draw").
    own_questions: dict[str, str] = field(default_factory=dict)
    # prompt.kind -> what a guest's phone says while the host enters a question to the table
    # (ui catalogue key, given the prompt's message arguments), where "The host enters what lies
    # on the table" does not say what the table is doing (Chinatown's trading: the players deal
    # aloud, the host enters each trade; Da Yu's start player and markers)
    seat_waiting: dict[str, str] = field(default_factory=dict)
    # prompt.kind -> what a seat's own phone may write up for a question to the table that the
    # host enters (Chinatown's trading: a trade the seat is a party to, sent as an offer to the
    # other party's phone, ui/offer_desk.py); a viewer's phone still waits (``seat_waiting``)
    seat_forms: dict[str, FactForm] = field(default_factory=dict)
    # an effect that comes first among its player's lines in a choice's preview (which shows two):
    # Chinatown's yearly income total, which the engine tells after the businesses making it
    preview_lead: Callable[[Effect], bool] | None = None
    # prompt.kind -> the choices drawn by the game (e.g. a grid of tiles) instead of one button each;
    # called with the (index, choice) pairs to draw and the function that submits one of them
    choice_forms: dict[str, ChoiceForm] = field(default_factory=dict)
    # the kinds whose choice form keys every control taking a tap by the table's stamp itself
    # (command.answer_key): the answers around it are then diffed, not sent whole after each entry
    fresh_forms: frozenset[str] = frozenset()
    options: tuple[OptionSpec, ...] = ()  # setup options; defaults apply to the others
    # the setup options a play logged from Quick score records ("Log this play" asks them): those
    # that change the game played (an expansion), not how the app was used (how cards were entered)
    logged_options: tuple[str, ...] = ()
    quick_score: Screen | None = None  # a stand-alone scoring calculator screen
    quick_score_key: str = ""  # its title (ui catalogue key)
    public_scores: Panel | None = None  # what the Scores tab shows while some totals are secret
    foresight: Panel | None = None  # what is coming, under the context on the Play screen (issue 15)
    foresight_rules: Panel | None = None  # the same, as a section of the Rules screen's "for this moment"
    hindsight: Hindsight | None = None  # the round summaries on Play and in History (issue 15)
    # the Rules search's hint (ui catalogue key): how to ask, with a question about this game
    rules_hint: str = "rules.hint"
    # History's header over the round still being played (ui key): a year, a month or a round
    round_now: str = "history.in_progress"
    # the Scores chart's x axis: each round's tick (0: before the first; None: its number), and
    # every seat's total at 0 (Chinatown: "Start" at the starting money, then 1965 ... 1970)
    round_tick: Callable[[Tr, int], str] | None = None
    chart_start: int = 0
    strip: Panel | None = None  # the game at a glance, under the Play screen's question (issue 25)
    # how many entries the app bar's Undo takes back, and its Redo puts back: the last tap's, where
    # one tap makes several entries (a Dragon card and its tile); one when None
    undo_steps: Callable[[Table], int] | None = None
    redo_steps: Callable[[Table], int] | None = None
    # a rule of the game's own final scoring, apart from its rounds' (Dragon's persons, monks and
    # leftovers after month 12): once the game is over its score lines lead a player's card on
    # Scores, the rounds' folded under one line (``rounds_fold``, a ui key taking {points}:
    # "Month by month: 35 VP"), and its effects lead the last entry's on Play
    final_rule: Callable[[str], bool] | None = None
    rounds_fold: str = ""


_LOADED: dict[str, GameUI] = {}


def register_ui(ui: GameUI) -> None:
    """Add a game's UI directly (tests register toy games this way)."""
    _LOADED[ui.game_id] = ui


def expansion_labels(game_id: str) -> dict[str, str]:
    """The game's expansions, each as its on/off setup option and the label New table gives it
    ({"great_wall": "dragon.option.great_wall", ...}): the play log and the statistics name a
    play's expansions by these."""
    return {
        spec.field: spec.label_key
        for spec in ui_for(game_id).options
        if {c.value for c in spec.choices} == {False, True}
    }


def ui_for(game_id: str) -> GameUI:
    """The game's UI hooks, or the empty default (generic screens only)."""
    if game_id not in _LOADED:
        module = _ui_module(game_id)
        ui = None
        if module is not None:
            try:
                ui = importlib.import_module(module).UI
            except ModuleNotFoundError as exc:
                if exc.name is None or not module.startswith(exc.name):
                    raise
        _LOADED[game_id] = ui or GameUI(game_id)
    return _LOADED[game_id]


def _ui_module(game_id: str) -> str | None:
    """The module holding the game's screens, as its GameSpec names it (None: generic screens)."""
    try:
        return registry.spec(game_id).ui
    except (UnknownGame, ImportError):
        return None


def known_game_ids() -> list[str]:
    """Games the app can offer: those with a rules module, then any registered only at run time."""
    ids = [g for g in registry.available() if _playable(g)]
    ids += [g for g in _LOADED if g not in ids and _playable(g)]
    return ids


def _playable(game_id: str) -> bool:
    try:
        registry.get(game_id)
    except (UnknownGame, ImportError, AttributeError):  # a game still being written
        return False
    return True


def quick_scores() -> list[GameUI]:
    return [ui for ui in (ui_for(g) for g in known_game_ids()) if ui.quick_score is not None]
