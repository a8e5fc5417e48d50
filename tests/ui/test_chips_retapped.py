"""A chip tapped when the tap changes nothing is drawn again as the draft says.

A Flet chip toggles itself on the phone: the client flips ``selected``, sends it to the server
(overwriting the control's value), then fires ``on_select``. The forms redraw only when their
draft changes, so an already-chosen radio chip tapped again (or a multi-pick chip refused over
the limit) must still redraw, or the phone shows it in the wrong state. ``tap_chip`` taps as the
phone does; each test asserts the server-side chip is back to what the draft says."""

from __future__ import annotations

import random

from test_chinatown_trade_form import trading
from test_dragon_taps_ui import NAMES, OPTIONS, play_until
from test_plays_observable import log_dayu, log_dragon
from ui_testkit import new_hub, new_table_by_taps, only_table, started, tap_chip

from companion.core import Table
from companion.ui.games.dragon.taps import default_room, rooms


async def retapped(h, key: str, selected: bool = True) -> None:
    """Tap ``key`` (drawn ``selected``) as the phone does; it must be drawn ``selected`` again."""
    assert h.by_key(key).selected is selected
    await tap_chip(h, key)
    assert h.by_key(key).selected is selected, f"{key} left as the phone flipped it"


async def test_setup_game_and_option_chips(tmp_path):
    h = await started(new_hub(tmp_path))
    await h.click("new-table")
    await h.click("game-dragon")
    await retapped(h, "game-dragon")
    [first] = [k for k in h.keys("option-great_wall-") if h.by_key(k).selected]
    await retapped(h, first)
    h.close()


async def test_settings_language_and_theme_chips(tmp_path):
    h = await started(new_hub(tmp_path))
    await h.click("open-settings")
    await retapped(h, "lang-en")
    await retapped(h, "theme-system")
    h.close()


async def test_rules_game_chips(tmp_path):
    h = await started(new_hub(tmp_path))
    await h.click("open-rules")
    await retapped(h, "rules-game-all")
    await h.click("rules-game-dragon")
    await retapped(h, "rules-game-dragon")
    h.close()


async def test_play_log_game_filter(tmp_path):
    h = await started(new_hub(tmp_path), "/plays")
    await retapped(h, "plays-game-all")
    await h.click("plays-game-dragon")
    await retapped(h, "plays-game-dragon")
    h.close()


async def test_stats_game_chips(tmp_path):
    h = await started(new_hub(tmp_path), "/stats/dragon")
    await retapped(h, "stats-game-dragon")
    h.close()


async def test_pick_over_the_limit_is_drawn_unticked(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "chinatown", ("Ana", "Ben", "Carla"))
    table = only_table(hub)
    await h.click("choice-0")
    await h.click("auto")
    [pick] = table.prompt.picks
    for k in range(pick.max):
        await h.click(f"pick-keep_buildings-{k}")
    await retapped(h, f"pick-keep_buildings-{pick.max}", selected=False)
    h.close()


async def test_dragon_into_palace_chips(tmp_path):
    hub = new_hub(tmp_path)

    def two_rooms(t: Table) -> bool:
        p = t.prompt
        return p.kind == "card" and len(rooms(t.state, p.seat)) > 1

    table = hub.create(play_until(Table.new("dragon", NAMES, OPTIONS), random.Random(2), two_rooms))
    h = await started(hub, route=f"/table/{table.id}")
    await retapped(h, f"into-{default_room(table.state, table.prompt.seat)}")
    h.close()


async def test_chinatown_trade_party_chips(tmp_path, year_played):
    h, _ = await trading(tmp_path, year_played)
    await retapped(h, "ct-party-a-0")
    await retapped(h, "ct-party-b-1")
    h.close()


async def test_first_game_chips(tmp_path):
    h = await started(new_hub(tmp_path))
    await h.click("new-table")
    await h.click("game-dragon")
    await retapped(h, "setup-teach-off")
    h.close()


async def test_log_play_option_chips(tmp_path):
    h = await started(new_hub(tmp_path), "/quick/dragon")
    await h.type_text("quick-name-0", "Ana")
    await h.type_text("quick-vp-0", "30")
    await h.click("quick-compute")
    await h.click("log-option-great_wall-True")
    await retapped(h, "log-option-great_wall-True")
    h.close()


async def test_dragon_quick_floor_chips(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/dragon")
    palaces = len(h.keys("quick-remove-palace-0-"))
    await h.click("quick-add-palace-0")
    await retapped(h, f"quick-floors-0-{palaces}-1")
    h.close()


async def test_merge_into_chips(tmp_path):
    hub = new_hub(tmp_path)
    ana, ben = hub.store.create_player("Ana"), hub.store.create_player("Ben")
    h = await started(hub, route="/players")
    await h.click(f"player-merge-{ben.id}")
    await h.click(f"merge-into-{ana.id}")
    await retapped(h, f"merge-into-{ana.id}")
    h.close()


async def test_edit_play_place_chips(tmp_path):
    hub = new_hub(tmp_path)
    club = log_dayu(hub.store, ("Ana", "Ben"), (3, 1), "2026-01-01")
    hub.store.set_play_location(club.id, "Club")
    play = log_dragon(hub.store)
    h = await started(hub, "/plays")
    await h.click(f"play-edit-{play.id}")
    await h.click("edit-place-0")
    await retapped(h, "edit-place-0")
    h.close()
