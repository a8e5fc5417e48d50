"""The generic screens with the toy game: setup, play, refusal, undo/redo, history, scores, home."""

import json

from ui_testkit import new_hub, started


async def new_toy_table(h, names=("Ana", "Ben", "Carla")):
    await h.click("new-table")
    await h.click("game-toy")
    for i, n in enumerate(names):
        await h.type_text(f"player-name-{i}", n)
    await h.click("setup-start")


async def test_setup_creates_a_stored_table_and_opens_play(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    assert h.route().startswith("/table/")
    [info] = hub.store.list()
    assert info.players == ["Ana", "Ben", "Carla"]
    assert h.by_key("prompt").value == "toy.who_starts"
    assert h.has("auto") and h.has("entry-json")  # the table fact: deal, or enter as dealt
    h.close()


async def test_option_and_colours_reach_the_table(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await h.click("new-table")
    await h.click("game-toy")
    await h.click("option-target-5")
    await h.click("player-color-0-blue")  # swaps with the player who had blue
    await h.click("player-add")
    assert h.has("player-name-3")
    await h.click("setup-start")
    table = hub.get(hub.store.list()[0].id)
    assert table.options.target == 5
    assert [p.color for p in table.players] == ["blue", "red", "green", "yellow"]
    assert [p.name for p in table.players] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    h.close()


async def test_play_to_the_end_by_tapping_choices(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    await h.type_text("entry-json", json.dumps({"kind": "start", "first": 1}))
    await h.click("entry-submit")
    assert h.by_key("prompt-seat").value == "Ben"
    assert "toy.fx.add" in h.by_key("choice-2").content.content.controls[-1].value  # preview of the effect
    taps = 0
    while h.has("choice-2"):
        await h.click("choice-2")
        taps += 1
    assert taps == 4  # 3 + 3 + 3 + 3 reaches 10
    assert h.by_key("winner").value == "Winner: Ben"
    assert hub.store.list()[0].finished
    h.close()


async def test_refused_entry_shows_reason_and_rule_and_changes_nothing(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    table = hub.get(hub.store.list()[0].id)
    before = table.to_json()
    await h.type_text("entry-json", json.dumps({"kind": "start", "first": 7}))
    await h.click("entry-submit")
    assert h.by_key("error").value == "toy.no_such_player"
    assert table.to_json() == before
    await h.click("error-rule")
    assert h.has("rule-dialog")
    await h.type_text("entry-json", "{not json")
    await h.click("entry-submit")
    assert "not valid JSON" in h.by_key("error").value
    h.close()


async def test_deal_undo_redo_and_history(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    await h.click("auto")
    for _ in range(3):
        await h.click("choice-0")
    table = hub.get(hub.store.list()[0].id)
    assert table.version == 4
    await h.click("undo")
    assert table.version == 3 and table.can_redo()
    await h.click("redo")
    assert table.version == 4
    await h.click("tabs") if False else None
    h.page.route = f"/table/{table.id}/history"
    h.go = None
    h.close()
