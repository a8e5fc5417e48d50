"""Chinatown: the map, placing by tapping, secret money, the forms for kept buildings, drawn
tiles and trades, and the Quick score screen (final scores, and the income of a board)."""

from __future__ import annotations

from companion.games.chinatown.public import DATA, ChinatownState, round_summaries, rounds_done
from companion.ui.games.chinatown.businesses import year_detail
from companion.ui.games.chinatown.forms import draw_form, keep_form
from companion.ui.games.chinatown.offers import host_trade_form, offer_form
from companion.ui.games.chinatown.panels import board, player_panel, public_scores
from companion.ui.games.chinatown.quick import quick_score
from companion.ui.games.chinatown.strip import strip
from companion.ui.gameui import GameUI, Hindsight, state_as

UI = GameUI(
    game_id="chinatown",
    board=board,
    board_is_question=lambda table: state_as(table, ChinatownState).phase == "place",
    on_board=lambda choice: choice.kind == "place_tile",  # a tile in hand, then a building on the map
    player_panel=player_panel,
    fact_forms={
        "buildings": keep_form,
        "keep_buildings": keep_form,
        "draw_tiles": draw_form,
        "trade": host_trade_form,  # the open offers from the seats' phones above it
    },
    auto_labels={  # the app picks the first player, and draws tiles from its bag: it deals neither
        "first_player": ("play.auto_choose", "play.auto_choose_hint"),
        "draw_tiles": ("chinatown.auto_draw", "chinatown.auto_draw_hint"),
    },
    seat_questions={
        "buildings": "chinatown.seat_buildings",
        "keep_buildings": "chinatown.seat_keep",
        "trade": "chinatown.seat_trade",
    },
    # what a phone says while the host enters the table's step: who starts, the trades (a
    # viewer's: a seat's phone offers trades of its own, ``seat_forms``)
    seat_waiting={"first_player": "chinatown.seat_first_player", "trade": "chinatown.seat_trading"},
    seat_forms={"trade": offer_form},  # a seat offers a trade to the other party's phone
    preview_lead=lambda fx: fx.msg.key == "chinatown.fx.income_total",  # "done placing" ends the year
    quick_score=quick_score,
    quick_score_key="chinatown.quick.title_both",
    public_scores=public_scores,  # money is secret until the end (the game's player_view)
    hindsight=Hindsight(round_summaries, rounds_done, detail=year_detail),
    round_now="history.in_progress_year",  # History's header over the year still being played
    rules_hint="rules.hint_chinatown",  # the Rules search's example question
    strip=strip,
    # the money chart's x axis: "Start" at the starting money, then the game's years (1965 ...)
    round_tick=lambda tr, x: tr("scores.start") if x == 0 else str(DATA.years[x - 1]),
    chart_start=DATA.starting_money,
)
