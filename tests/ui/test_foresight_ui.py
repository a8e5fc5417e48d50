"""Issue 15 on the screens: the coming events (Dragon), the trade review and a tapped empty
building (Chinatown), the card under the marker (Da Yu), and the round summary card."""

import random

from dragon_helpers import NAMES, step_random
from ui_testkit import new_hub, started

from companion.core import Table
from companion.core.foresight import table_history
from companion.games import chinatown, dayu, dragon
from companion.ui import foresight as fs
from companion.ui.settings import PREFIX


def dragon_table(hub, *, month: int, players: int = 3, seed: int = 1, **options) -> Table:
    """A Dragon table played at random up to the actions of ``month`` (before its event)."""
    table = hub.create(Table.new("dragon", NAMES[:players], options))
    rng = random.Random(seed)
    while not (table.state.month == month and table.state.phase == "actions"):
        step_random(table, rng)
    return table


async def test_dragon_coming_events_line_per_player_and_detail(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=3)
    h = await started(hub, route=f"/table/{table.id}")
    found = dragon.coming_events(table.state)
    assert [f.month for f in found] == [3, 4]
    for i, f in enumerate(found):
        assert h.by_key(f"forecast-{i}").value == f.headline.msg.render("en")
        for sf in f.seats:
            assert h.has(f"forecast-{i}-{sf.seat}")
            assert sf.line.msg.render("en") in h.by_key(f"forecast-{i}-{sf.seat}").tooltip
    # a tap opens the detail: the engine's effects for that player, with their rules
    await h.click("forecast-0-1")
    assert h.has("forecast-dialog")
    assert h.by_key("forecast-detail-line").value == found[0].seats[1].line.msg.render("en")
    assert len(h.keys("forecast-detail-")) >= len(found[0].seats[1].detail)
    h.close()


async def test_dragon_forecast_follows_the_table_and_the_language(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=2)
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    before = h.by_key("forecast-0").value
    assert before == dragon.coming_events(table.state)[0].headline.msg.render("es")
    rng = random.Random(3)
    while table.state.month == 2:  # the month's event strikes: the forecast moves on
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(f"choice-{rng.randrange(len([k for k in h.keys('choice-') if k.count('-') == 1]))}")
    now = dragon.coming_events(table.state)
    assert h.by_key("forecast-0").value == now[0].headline.msg.render("es") != before
    h.close()


async def test_dragon_super_event_forecast_and_rules_moment(tmp_path):
    hub = new_hub(tmp_path)
    table = dragon_table(hub, month=6, players=4, great_wall=True, super_events=True)
    h = await started(hub, route=f"/table/{table.id}")
    found = dragon.coming_events(table.state)
    assert found[-1].super and found[-1].month == 7
    assert h.by_key(f"forecast-{len(found) - 1}").value == found[-1].headline.msg.render("en")
    await h.goto(f"/table/{table.id}/rules")
    assert h.has("moment-foresight")
    for i, f in enumerate(found):
        assert h.has(f"moment-coming-{i}")
        for sf in f.seats:
            assert h.by_key(f"moment-coming-{i}-{sf.seat}").value == sf.line.msg.render("en")
    h.close()
