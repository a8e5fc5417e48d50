"""Multi-picks on the Play screen: one toggle per item and one confirm, never a list of
combinations; the confirm is enabled only within the prompt's bounds and sends one entry."""

import random

from ui_testkit import new_hub, new_table_by_taps, only_table, started


async def test_chinatown_keep_k_of_n_by_toggles(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "chinatown", ("Ana", "Ben", "Carla"))
    table = only_table(hub)
    await h.click("choice-0")  # Ana holds the First Player card
    await h.click("auto")  # the app deals the building cards
    prompt = table.prompt
    [pick] = prompt.picks
    hand = table.state.dealt[prompt.seat]
    # toggles for the dealt cards, and none of the combination buttons
    assert len(h.keys("pick-keep_buildings-")) - 3 == len(hand)  # and its hint, count and confirm
    assert [k for k in h.keys("choice-") if k.count("-") == 1] == []
    assert h.by_key("pick-keep_buildings-confirm").disabled
    for k in range(pick.max):
        await h.click(f"pick-keep_buildings-{k}")
    assert h.by_key("pick-keep_buildings-0").selected
    assert h.by_key("pick-keep_buildings-count").value == f"{pick.max} of {pick.max} chosen"
    await h.click(f"pick-keep_buildings-{pick.max}")  # one more than may be kept: not taken
    assert not h.by_key(f"pick-keep_buildings-{pick.max}").selected
    await h.click("pick-keep_buildings-0")  # untoggle and toggle again
    await h.click("pick-keep_buildings-0")
    before = table.version
    await h.click("pick-keep_buildings-confirm")
    assert table.version == before + 1
    assert all(table.state.owner[n] == prompt.seat for n in hand[: pick.max])
    # the next player's pick starts empty
    assert table.prompt.seat != prompt.seat and not h.by_key("pick-keep_buildings-0").selected
    h.close()


async def test_dayu_discard_by_toggles(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dayu", ("Ana", "Ben"))
    table = only_table(hub)
    rng = random.Random(3)
    while table.state.phase != "actions":
        table.auto(rng) if table.prompt.auto else table.submit(table.prompt.choices[0])
    h.close()
    h = await started(hub, route=f"/table/{table.id}")  # the table moved on elsewhere: open it
    seat = table.state.current
    hand = len(table.state.players[seat].hand)
    assert not any(getattr(c, "kind", "") == "discard" for c in shown_choices(h, table))
    await h.click("pick-discard-0")
    await h.click("pick-discard-1")
    assert h.by_key("pick-discard-count").value == f"2 chosen, 1 to {hand} needed"
    await h.click("pick-discard-confirm")
    assert len(table.state.players[seat].hand) == hand - 2
    h.close()


def shown_choices(h, table):
    keys = [k for k in h.keys("choice-") if k.count("-") == 1]
    return [table.prompt.choices[int(k.split("-")[1])] for k in keys]
