"""In the Year of the Dragon (base game, The Great Wall, Super Events): the rules module behind ``GAME``."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from companion.core.msg import Msg, msg
from companion.core.protocol import Effect, Prompt, Scoreboard
from companion.core.registry import Calculator, GameSpec
from companion.games.dragon import calc, codes
from companion.games.dragon.choices import STEP_KINDS, compute_choices, step
from companion.games.dragon.data import MAX_PLAYERS, MIN_PLAYERS
from companion.games.dragon.entries import ENTRY_ADAPTER
from companion.games.dragon.final import tie_from_places
from companion.games.dragon.flow import (
    PLACE_STEPS,
    STEP_RULES,
    advance_to_decision,
    apply,
    apply_offered,
    play,
    step_rules,
)
from companion.games.dragon.forecast import (
    EventForecast,
    SeatForecast,
    coming_events,
    forecast_event,
    forecast_super,
)
from companion.games.dragon.hindsight import round_summaries
from companion.games.dragon.labels import banner, describe_entry, prompt_msg, standing, turn_order
from companion.games.dragon.narrate import narrate
from companion.games.dragon.options import DragonOptions
from companion.games.dragon.rules import HANDLERS, setup
from companion.games.dragon.scoring import score
from companion.games.dragon.situations import situations
from companion.games.dragon.state import DragonState
from companion.games.dragon.text import tile_power_msg

__all__ = [
    "GAME",
    "SPEC",
    "EventForecast",
    "SeatForecast",
    "coming_events",
    "forecast_event",
    "forecast_super",
    "round_summaries",
    "situations",
    "tile_power_msg",
]

TABLE_FACTS = ("event_row", "super_event", "groups")
_TABLE_FACTS_AND_START = (*TABLE_FACTS, "start_player")
# Each step's prompt fields before the state's own (seat, message, choices, rule ids): what
# Prompt's constructor would make of them.
_PROMPT_FIELDS = {
    name: Prompt(seat=None, kind=name, msg=msg("-"), kinds=kinds, auto=name in TABLE_FACTS).__dict__
    for name, kinds in STEP_KINDS.items()
}
# The steps whose cited rules depend on the state (``step_rules``); every other step cites its
# own rule only, kept ready in its fields.
_RULES_OF_STATE = frozenset(("groups", "release", *PLACE_STEPS))
for _name, _fields in _PROMPT_FIELDS.items():
    if _name not in _RULES_OF_STATE:
        _fields["_rule_ids"] = (STEP_RULES[_name],)
# Each step's ready fields, and whether its prompt takes the state's rule ids, seat and choices
# (looked up once a prompt, not tested one by one).
_made_prompt = Prompt.made  # bound once: one prompt an entry
# What ``Prompt.made`` does, for ``play_prompted`` to do it without the call.
_new = object.__new__
_set_prompt_dict = Prompt.__dict__["__dict__"].__set__
_PROMPT_PARTS = {
    name: (fields, name in _RULES_OF_STATE, name not in _TABLE_FACTS_AND_START, name not in TABLE_FACTS)
    for name, fields in _PROMPT_FIELDS.items()
}


class DragonGame:
    id = "dragon"
    title = msg("dragon.title")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_model = DragonOptions
    entry_adapter = ENTRY_ADAPTER

    def setup(self, options: DragonOptions, players: list[str]) -> DragonState:
        return setup(options, players)

    def prompt(self, state: DragonState) -> Prompt | None:
        # Computed once per version: the Table caches it.
        name = step(state)
        return self._prompt(state, None if name in TABLE_FACTS else compute_choices(state, name), name)

    def _prompt(self, state: DragonState, legal: list[Any] | None, name: str | None) -> Prompt | None:
        """The prompt of ``state``, whose legal entries are ``legal`` (None for a table fact) and
        whose pending step is ``name``."""
        if name is None:
            return None
        ready, rules_of_state, seated, offered = _PROMPT_PARTS[name]
        fields = ready.copy()  # Prompt.made: the fields of each step, then this state's
        fields["_msg"] = partial(prompt_msg, state, name)  # made when the prompt is shown
        if rules_of_state:  # made when read: the Table never reads them
            fields["_rule_ids"] = partial(step_rules, state, name)
        if seated:
            # Every offered entry is the deciding seat's (the Table refuses one of another seat),
            # so the first names it without asking the state again.
            fields["seat"] = legal[0].seat if legal else state.current
        if offered:
            fields["choices"] = legal
        return _made_prompt(fields)

    def apply(self, state: DragonState, entry: Any) -> tuple[DragonState, list[Effect]]:
        return apply(state, entry)

    def apply_prompted(
        self, state: DragonState, entry: Any
    ) -> tuple[DragonState, list[Effect], Prompt | None]:
        s, fx, legal, name = apply_offered(state, entry)
        return s, fx, self._prompt(s, legal, name)

    def play(self, state: DragonState, entry: Any) -> tuple[DragonState, list[Effect]]:
        return play(state, entry)

    def play_prompted(
        self, state: DragonState, entry: Any
    ) -> tuple[DragonState, list[Effect], Prompt | None]:
        # ``play_offered`` then ``_prompt``, written out in one function: the Table calls it for
        # every entry a player makes, and the two calls with their tuples were a tenth of it.
        s = state.fork()  # the players it changes are copied as they are changed (player_mut)
        fx: list[Effect] = []
        HANDLERS[step(state)](s, entry, fx)  # type: ignore[index]  # an offered entry: a step is pending
        name, legal = advance_to_decision(s, fx)
        s._fork_base = None  # s.seal(): done changing
        if name is None:
            return s, fx, None
        ready, rules_of_state, seated, offered = _PROMPT_PARTS[name]
        fields = ready.copy()
        fields["_msg"] = partial(prompt_msg, s, name)
        if rules_of_state:
            fields["_rule_ids"] = partial(step_rules, s, name)
        if seated:
            fields["seat"] = legal[0].seat if legal else s.current
        if offered:
            fields["choices"] = legal
        prompt = _new(Prompt)  # Prompt.made(fields), without its call
        _set_prompt_dict(prompt, fields)
        return s, fx, prompt

    def score(self, state: DragonState) -> Scoreboard:
        return score(state)

    def banner(self, state: DragonState) -> Msg:
        return banner(state)

    def standing(self, state: DragonState) -> Msg:
        return standing(state)

    def turn_order(self, state: DragonState) -> tuple[int, ...]:
        return turn_order(state)

    def describe(self, state: DragonState, entry: Any) -> Msg:
        return describe_entry(state, entry)

    def narrate(self, state: DragonState, entry: Any) -> Msg:
        return narrate(state, entry)

    def auto_entry(self, state: DragonState, rng: random.Random) -> Any | None:
        return codes.deal(state, rng)

    def state_from_dict(self, data: dict[str, Any]) -> DragonState:
        return DragonState.model_validate(data)

    def entry_code(self, state: DragonState, entry: Any) -> tuple[int, int] | None:
        return codes.entry_code(state, entry)

    def entry_from_code(self, state: DragonState, value: int) -> Any | None:
        return codes.entry_from_code(state, value)


GAME = DragonGame()
SPEC = GameSpec(
    game=GAME,
    snapshot=1,  # its number in QR snapshots: never change or reuse it
    calculators={"dragon-final": Calculator(run=calc.dragon_final, render=calc.render_dragon_final)},
    ui="companion.ui.games.dragon",
    figure_tie=tie_from_places,
)
