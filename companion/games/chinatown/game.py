"""Chinatown (Z-Man 2014 rules, 3 to 5 players): the referee's rules module and its ``SPEC``.

The building owner earns the income of the shop on the building, and a traded building takes
its shop with it. Money is tracked but secret: see view.player_view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.core import Effect, Msg, Prompt, Scoreboard, msg
from companion.core.registry import Calculator, GameSpec
from companion.games.chinatown import calc, codes, flow, rules, scoring, view
from companion.games.chinatown.data import DATA
from companion.games.chinatown.entries import ENTRY_ADAPTER
from companion.games.chinatown.hindsight import round_summaries
from companion.games.chinatown.narrate import narrate
from companion.games.chinatown.options import ChinatownOptions
from companion.games.chinatown.preview import (
    BuildingPreview,
    TradePreview,
    building_preview,
    trade_preview,
)
from companion.games.chinatown.ranking import tie_from_tiles
from companion.games.chinatown.situations import situations
from companion.games.chinatown.state import ChinatownState

__all__ = [
    "GAME",
    "SPEC",
    "BuildingPreview",
    "TradePreview",
    "building_preview",
    "round_summaries",
    "situations",
    "trade_preview",
]


class Chinatown:
    id = "chinatown"
    title = msg("chinatown.title")
    min_players = min(DATA.dealing)
    max_players = max(DATA.dealing)
    options_model = ChinatownOptions
    entry_adapter = ENTRY_ADAPTER

    def setup(self, options: ChinatownOptions, players: list[str]) -> ChinatownState:
        return rules.setup(options, players)

    def prompt(self, state: ChinatownState) -> Prompt | None:
        return flow.prompt(state)

    def apply(self, state: ChinatownState, entry: Any) -> tuple[ChinatownState, list[Effect]]:
        return rules.apply(state, entry)

    def score(self, state: ChinatownState) -> Scoreboard:
        return scoring.score(state)

    def turn_order(self, state: ChinatownState) -> tuple[int, ...]:
        return flow.turn_order(state)

    def banner(self, state: ChinatownState) -> Msg:
        return flow.banner(state)

    def standing(self, state: ChinatownState) -> Msg:
        return flow.standing(state)

    def describe(self, state: ChinatownState, entry: Any) -> Msg:
        return flow.describe(state, entry)

    def narrate(self, state: ChinatownState, entry: Any) -> Msg:
        return narrate(state, entry)

    def auto_entry(self, state: ChinatownState, rng: random.Random) -> Any | None:
        return flow.auto_entry(state, rng)

    def state_from_dict(self, data: dict[str, Any]) -> ChinatownState:
        return ChinatownState.model_validate(data)

    def nearest_fact(self, state: ChinatownState, entry: Any) -> Any | None:
        """A logged deal made legal again with the fewest cards changed (the review's replays)."""
        return flow.nearest_fact(state, entry)

    def player_view(self, state: ChinatownState, seat: int | None) -> view.ChinatownView:
        """What ``seat`` (None: the public) may see: money is secret until the end."""
        return view.player_view(state, seat)

    def entry_code(self, state: ChinatownState, entry: Any) -> tuple[int, int] | None:
        return codes.entry_code(state, entry)

    def entry_from_code(self, state: ChinatownState, value: int) -> Any | None:
        return codes.entry_from_code(state, value)

    def entry_digits(self, state: ChinatownState, entry: Any) -> list[tuple[int, int]] | None:
        return codes.trade_digits(state, entry)

    def entry_from_digits(self, state: ChinatownState, take: Callable[[int], int]) -> Any | None:
        return codes.trade_from_digits(state, take)


GAME = Chinatown()
SPEC = GameSpec(
    game=GAME,
    snapshot=2,  # its number in QR snapshots: never change or reuse it
    calculators={
        "chinatown-income": Calculator(run=calc.chinatown_income, render=calc.render_chinatown_income),
        "chinatown-final": Calculator(run=calc.chinatown_final, render=calc.render_chinatown_final),
    },
    ui="companion.ui.games.chinatown",
    score_unit="money",  # the scoreboard's own unit (scoring.py)
    figure_tie=tie_from_tiles,
)
