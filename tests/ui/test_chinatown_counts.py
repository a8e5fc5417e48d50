"""Chinatown's tiles counted in one form on every screen, and its money chart along its years
(a walk at 412 px: "2 × Photo" in a player's panel but "Photo ×2" on the chips; "Drawn 6/6"
naming a type once per tile; the chart's x axis "Year" 0 to 6)."""

import random

import flet as ft
from random_play import play_until
from test_chinatown_ui import first_year_by_hand
from ui_testkit import new_hub, new_table_by_taps, only_table, started

from companion.core import Table
from companion.ui.settings import PREFIX


async def test_a_hand_reads_alike_on_the_chips_and_in_the_players_panel(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, prefs={PREFIX + "lang": "es"})
    await new_table_by_taps(h, "chinatown", ("Ana", "Ben", "Carla"))
    table = only_table(hub)
    await first_year_by_hand(h, table)  # Ana drew 3 tea houses and 4 florists
    await h.click("ct-trading-done")
    chips = {  # each tile box's name (what it shows)
        c.label
        for c in h.controls()
        if isinstance(c, ft.Semantics) and str(getattr(c.content, "key", "")).startswith("ct-hand-")
    }
    assert chips == {"Casa de té ×3", "Floristería ×4"}, chips
    panel = h.by_key("ct-hand-text-0").value
    assert all(chip in panel for chip in chips), panel
    h.close()


async def test_the_tiles_drawn_so_far_are_grouped_by_type(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, prefs={PREFIX + "lang": "en"})
    await new_table_by_taps(h, "chinatown", ("Ana", "Ben", "Carla"))
    await h.click("choice-0")
    for seat, cards in ((0, (16, 17, 19, 20, 1)), (1, (52, 53, 55, 56, 2)), (2, (71, 72, 75, 80, 81))):
        if seat:
            await h.click(f"ct-keep-seat-{seat}")
        for n in cards:
            await h.click(f"ct-card-{n}")
        await h.click("ct-keep-submit")
    for shop in ["photo", "tea_house", "photo"]:
        await h.click(f"ct-draw-{shop}")
    assert h.by_key("ct-draw-so-far").value.endswith(": Photo ×2, Tea House"), h.by_key(
        "ct-draw-so-far"
    ).value
    h.close()


async def test_the_money_chart_runs_from_the_start_along_the_years(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    play_until(table, random.Random(5), lambda t: t.prompt is None)
    for lang, start in (("en", "Start"), ("es", "Inicio")):
        h = await started(hub, route=f"/table/{table.id}/scores", prefs={PREFIX + "lang": lang})
        chart = h.by_key("chart")
        ticks = [label.label.value for label in chart.bottom_axis.labels]
        assert ticks == [start, "1965", "1966", "1967", "1968", "1969", "1970"], ticks
        # the first point is the money every player starts with, not nothing
        assert {s.points[0].y for s in chart.data_series} == {50000}
        h.close()
