"""Da Yu: the ring of flood cards with their tokens and markers, the piles, the turn's action
points and privileges, each player's cards, and the Quick score screen."""

from __future__ import annotations

from companion.games.dayu.public import DayuState, round_summaries, rounds_done
from companion.ui.games.dayu.foresight import marker
from companion.ui.games.dayu.panels import action_form, board, player_panel, seat_props
from companion.ui.games.dayu.quick import quick_score
from companion.ui.games.dayu.strip import strip
from companion.ui.gameui import Choice, GameUI, Hindsight, OptionSpec, state_as

UI = GameUI(
    game_id="dayu",
    board=board,
    board_is_question=lambda table: state_as(table, DayuState).phase == "actions",
    on_board=lambda choice: choice.kind == "move" and not choice.free,  # tap a card of the ring
    player_panel=player_panel,
    seat_props=seat_props,
    choice_forms={"action": action_form},  # the ring and the actions, in the question
    auto_labels={
        "marker": ("play.auto_choose", "play.auto_choose_hint"),
        "start": ("play.auto_choose", "play.auto_choose_hint"),
    },  # picked at random, not dealt
    options=(
        OptionSpec(
            "opening",
            "dayu.opening",
            (Choice("one_of_each", "dayu.opening.one_of_each"), Choice("chosen", "dayu.opening.chosen")),
        ),
    ),
    # the player's own phone speaks to them: "You hold 2 of 3 tool cards", not "Ana holds ..."
    # what a guest's phone says while the host enters the start player and the markers
    seat_waiting={"start": "dayu.seat_start", "marker": "dayu.seat_marker"},
    own_questions={"dayu.ask.draw": "dayu.own_draw", "dayu.ask.exchange": "dayu.own_exchange"},
    foresight=marker,
    hindsight=Hindsight(round_summaries, rounds_done),
    rules_hint="rules.hint_dayu",  # the Rules search's example question
    strip=strip,
    quick_score=quick_score,
    quick_score_key="dayu.quick.title",
)
