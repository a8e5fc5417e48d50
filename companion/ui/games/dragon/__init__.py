"""In the Year of the Dragon: the event row, the action groups, player panels, setup option,
the "as dealt" forms for the event row and the action groups, and the quick-score screen."""

from __future__ import annotations

from companion.games.dragon.public import final_rule, round_summaries, rounds_done
from companion.ui.games.dragon.actions import action_grid
from companion.ui.games.dragon.answers import tap_list
from companion.ui.games.dragon.foresight import coming, moment
from companion.ui.games.dragon.forms import event_row_form, groups_form, super_event_form
from companion.ui.games.dragon.panels import board, player_panel, seat_props
from companion.ui.games.dragon.quick import quick_score
from companion.ui.games.dragon.strip import strip
from companion.ui.games.dragon.taps import last_tap_size, next_redo_size
from companion.ui.games.dragon.tiles import tile_grid
from companion.ui.gameui import Choice, ChoiceForm, GameUI, Hindsight, OptionSpec

CHOICE_FORMS: dict[str, ChoiceForm] = {
    "group": action_grid,
    **dict.fromkeys(("card", "recruit_pick", "person_pick", "sunrise_pick"), tile_grid),
    **dict.fromkeys(
        ("recruit_place", "person_place", "sunrise_place", "floor", "release", "quake"), tap_list
    ),
}

UI = GameUI(
    game_id="dragon",
    board=board,
    player_panel=player_panel,
    seat_props=seat_props,
    final_rule=final_rule,  # "Final: 0 persons" under 30-odd month lines read as an afterthought
    rounds_fold="scores.rounds_fold.dragon",
    # what a guest's phone says while the host enters a fact of the table: not "The host enters
    # what lies on the table" at every month's start (the action cards dealt into groups)
    seat_waiting={
        "event_row": "dragon.seat_event_row",
        "super_event": "dragon.seat_super_event",
        "start_player": "dragon.seat_start_player",
        "groups": "dragon.seat_groups",
    },
    # the event tiles are laid out and the super event drawn, not dealt: the button says what the
    # question says ("or let the app lay them out", "or let the app draw it")
    auto_labels={
        "event_row": ("dragon.auto_lay_out", "dragon.auto_lay_out_hint"),
        "super_event": ("dragon.auto_draw_super", "dragon.auto_draw_super_hint"),
    },
    fact_forms={"event_row": event_row_form, "groups": groups_form, "super_event": super_event_form},
    # one tap per answer, several entries where the tap says them (ui/games/dragon/taps.py)
    choice_forms=CHOICE_FORMS,
    fresh_forms=frozenset(CHOICE_FORMS),  # each keys its commands by the table's stamp (answer_key)
    options=(
        OptionSpec(
            "large_privilege_cost",
            "dragon.option.privilege",
            (Choice(7, "dragon.option.cost7"), Choice(6, "dragon.option.cost6")),
        ),
        OptionSpec(
            "great_wall",
            "dragon.option.great_wall",
            (Choice(False, "dragon.option.off"), Choice(True, "dragon.option.on")),
        ),
        OptionSpec(
            "super_events",
            "dragon.option.super_events",
            (Choice(False, "dragon.option.off"), Choice(True, "dragon.option.on")),
        ),
    ),
    logged_options=("large_privilege_cost", "great_wall", "super_events"),
    foresight=coming,
    foresight_rules=moment,
    hindsight=Hindsight(round_summaries, rounds_done),
    round_now="history.in_progress_month",  # History's header over the month still being played
    strip=strip,
    undo_steps=last_tap_size,  # Undo takes back the whole tap (the card, its tile and its palace)
    redo_steps=next_redo_size,
    quick_score=quick_score,
    quick_score_key="dragon.quick.title",
)
