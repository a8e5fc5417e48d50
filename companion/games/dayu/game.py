"""Da Yu: The Flood Conqueror (2 to 4 players), as a Game for the table companion."""

from __future__ import annotations

import random
from typing import Any

from companion.core import Effect, Msg, Prompt, Scoreboard, msg
from companion.core.registry import Calculator, GameSpec
from companion.games.dayu import calc, flow, order, rules, scoring
from companion.games.dayu.data import MAX_PLAYERS, MIN_PLAYERS
from companion.games.dayu.entries import ENTRY_ADAPTER
from companion.games.dayu.hindsight import round_summaries
from companion.games.dayu.narrate import narrate
from companion.games.dayu.options import DayuOptions
from companion.games.dayu.preview import MarkerPreview, capture_worth, marker_preview
from companion.games.dayu.situations import situations
from companion.games.dayu.state import DayuState
from companion.games.dayu.tally import tie_from_floods

__all__ = [
    "GAME",
    "SPEC",
    "MarkerPreview",
    "capture_worth",
    "marker_preview",
    "round_summaries",
    "situations",
]


class DayuGame:
    id = "dayu"
    title = msg("dayu.title")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = DayuOptions
    entry_adapter = ENTRY_ADAPTER

    def setup(self, options: DayuOptions, players: list[str]) -> DayuState:
        return rules.setup(options, players)

    def prompt(self, state: DayuState) -> Prompt | None:
        return flow.prompt(state)

    def apply(self, state: DayuState, entry: Any) -> tuple[DayuState, list[Effect]]:
        return rules.apply(state, entry)

    def score(self, state: DayuState) -> Scoreboard:
        return scoring.score(state)

    def banner(self, state: DayuState) -> Msg:
        return flow.banner(state)

    def standing(self, state: DayuState) -> Msg:
        return flow.standing(state)

    def turn_order(self, state: DayuState) -> tuple[int, ...]:
        """The mover, then the next one where the rules already decide it (Table.next_after)."""
        return order.turn_order(state)

    def describe(self, state: DayuState, entry: Any) -> Msg:
        return flow.describe(state, entry)

    def narrate(self, state: DayuState, entry: Any) -> Msg:
        return narrate(state, entry)

    def auto_entry(self, state: DayuState, rng: random.Random) -> Any | None:
        return flow.auto_entry(state, rng)

    def fact_key(self, state: DayuState) -> int | None:
        """The flood card whose face the bonus step asks for (the review's replays)."""
        return flow.fact_key(state)

    def unknown_fact(self, state: DayuState) -> Any | None:
        """The face the review gives a flood card the log never told: worth nothing."""
        return flow.unknown_fact(state)

    def turn_of(self, state: DayuState) -> int | None:
        """The turn ``state`` is in (the review's replays keep to the log's turns)."""
        return flow.turn_of(state)

    def state_from_dict(self, data: dict[str, Any]) -> DayuState:
        return DayuState.model_validate(data)


GAME = DayuGame()
SPEC = GameSpec(
    game=GAME,
    snapshot=3,  # its number in QR snapshots: never change or reuse it
    calculators={"dayu-final": Calculator(run=calc.dayu_final, render=calc.render_dayu_final)},
    ui="companion.ui.games.dayu",
    figure_tie=tie_from_floods,
)
