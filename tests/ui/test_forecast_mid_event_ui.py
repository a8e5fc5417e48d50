"""Issue 25 on the screens: while month 3's Mongol Invasion takes its persons, the coming events
card and the strip forecast month 4 as the table will stand once the releases are made, and a
player's line that depends on whom they release says so (at worst what); the detail says what
it could be. Once the releases are made, the line is one of those."""

import random

import pytest
from dragon_helpers import NAMES
from ui_testkit import new_hub, started

from companion.core import Table
from companion.games.dragon.forecast import coming_events, mid_event

AFTER = {"en": "once month 3's event is over", "es": "una vez resuelto el evento del mes 3"}
OWN = {"en": "depending on whom they release now", "es": "según a quién libere ahora"}
WORST = {"en": "Ben: at worst ", "es": "Ben: en el peor caso "}
COULD = {"en": "Could be: ", "es": "Podría ser: "}


def mongol_in_month_3(hub) -> Table:
    """Seeded random play (seed 1) up to month 3's Mongol Invasion with a release still owed."""
    table = hub.create(Table.new("dragon", NAMES[:3]))
    rng = random.Random(1)
    while not mid_event(table.state):
        p = table.prompt
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))
    assert (table.state.month, table.state.events[2], table.state.events[3]) == (3, "mongol", "contagion")
    return table


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_mid_event_the_next_month_is_forecast_once_the_event_is_over(tmp_path, lang):
    hub = new_hub(tmp_path)
    table = mongol_in_month_3(hub)
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
    headline = h.by_key("forecast-0").value
    assert headline.startswith("Mes 4" if lang == "es" else "Month 4") and headline.endswith(AFTER[lang])
    ben = h.by_key("forecast-0-1").content.value  # Ben owes a release now: his Contagion depends on it
    assert ben.startswith(WORST[lang]) and ben.endswith(OWN[lang]), ben
    # the strip's tile after the event in play: month 4, read out with the same headline
    assert h.by_key("glance-event-month-0").value.endswith("4")
    assert AFTER[lang] in h.by_key("glance-event-name-0").semantics_label
    await h.click("forecast-0-1")
    could = [t.removeprefix(COULD[lang]) for t in h.texts() if t.startswith(COULD[lang])]
    assert len(could) >= 2 and all(c.startswith("Ben: ") for c in could[:2]), could
    h.close()
    # the releases made (one tap each on the host's screen), month 4 comes "if it came now"
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
    for _ in range(12):
        if table.state.phase != "event":
            break
        await h.click("choice-0")
    assert table.state.month == 4
    await h.flush(pause=0.01)
    assert not h.by_key("forecast-0").value.endswith(AFTER[lang])
    assert h.by_key("forecast-0-1").content.value in could
    assert coming_events(table.state)[0].seats[1].line.msg.render(lang) in could
    h.close()
