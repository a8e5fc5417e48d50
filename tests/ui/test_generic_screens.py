"""The generic screens with the toy game: setup, play, refusal, undo/redo, history, scores, home."""

import json

from ui_testkit import finished_on_hub, new_hub, started

from companion.core import Table


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
    preview = h.by_key("choice-2").content.controls[-1]  # the effect, under the choice's label
    assert "toy.fx.add" in preview.value
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


async def tab(h, name):
    nav = h.by_key("tabs")
    h.session.apply_patch(nav._i, {"selected_index": ["play", "scores", "history", "rules"].index(name)})
    await h.fire("tabs", "change")


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
    await tab(h, "history")
    assert h.route().endswith("/history")
    assert h.has("entry-3") and h.has("entry-0-fx-0") is False
    await h.click("entry-3")  # the last entry: one step, no question asked
    assert table.version == 3
    await h.click("entry-1")  # two steps: asks first
    assert table.version == 3 and h.has("confirm-undo")
    await h.click("confirm-undo-yes")
    assert table.version == 1 and h.open_dialogs() == []
    assert h.has("redo-2") and h.has("redo-0")
    await h.click("redo-2")  # redo up to the furthest undone entry
    assert table.version == 4 and not table.can_redo()
    await h.click("history-undo")
    assert table.version == 3
    h.close()


async def history_of_four_entries(tmp_path):
    """A toy table of four entries (the deal and three choices), open on its History tab."""
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    await h.click("auto")
    for _ in range(3):
        await h.click("choice-0")
    await tab(h, "history")
    return h, hub.get(hub.store.list()[0].id)


async def test_a_confirm_tapped_twice_acts_once_and_closes(tmp_path):
    """Two taps of "Undo 2 steps" in a row (the second before the screen changed): one undo,
    and no dialog left open. The old screens undid twice and kept the dialog up."""
    h, table = await history_of_four_entries(tmp_path)
    await h.click("entry-2")  # back to before entry 3: two steps, asks first
    assert h.open_dialogs() == ["confirm-undo"]
    yes = h.by_key("confirm-undo-yes")._i
    await h.session.dispatch_event(yes, "click", None)
    await h.session.dispatch_event(yes, "click", None)  # the same button, tapped again at once
    await h.flush()
    assert table.version == 2 and table.can_redo()
    assert h.open_dialogs() == [] and not h.has("confirm-undo")
    await h.session.dispatch_event(yes, "click", None)  # a late tap on the closed dialog
    await h.flush()
    assert table.version == 2
    # the history screen still answers: another entry asks again, and Close closes it
    await h.click("entry-0")
    assert h.open_dialogs() == ["confirm-undo"]
    await h.click("confirm-undo-close")
    assert h.open_dialogs() == [] and table.version == 2
    h.close()


async def test_a_confirm_dismissed_on_the_client_closes_and_never_acts(tmp_path):
    """Escape or a tap outside closes the dialog in the browser first; the server then closes its
    state, a late tap of the dismissed confirm does nothing, and the next dialog opens alone."""
    h, table = await history_of_four_entries(tmp_path)
    await h.click("entry-2")
    yes = h.by_key("confirm-undo-yes")._i
    await h.dismiss_on_client("confirm-undo")
    assert h.open_dialogs() == [] and not h.has("confirm-undo")
    await h.click("undo")  # the session redraws (no route change): a dialog still open in its
    assert table.version == 3 and h.open_dialogs() == []  # state would come back now
    await h.session.dispatch_event(yes, "click", None)  # a late tap on the dismissed confirm
    await h.flush()
    assert table.version == 3
    await h.click("redo")
    for _ in range(2):  # it opens again, once, and a second client dismissal closes it too
        await h.click("entry-2")
        assert h.open_dialogs() == ["confirm-undo"]
        await h.dismiss_on_client("confirm-undo")
        assert h.open_dialogs() == []
    await h.click("entry-2")
    await h.click("confirm-undo-yes")
    assert table.version == 2 and h.open_dialogs() == []
    h.close()


async def test_scores_show_breakdown_and_winner(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    await h.click("auto")
    while h.has("choice-2"):
        await h.click("choice-2")
    await h.click("see-scores")
    assert h.route().endswith("/scores")
    assert h.has("final-card") and h.by_key("winner").value.startswith("Winner: ")
    assert h.has("breakdown-0") and h.has("line-0-0-rule")
    await h.click("line-0-0-rule")
    assert h.has("rule-dialog")
    h.close()


async def test_a_reload_finds_the_table_intact(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    await h.click("auto")
    await h.click("choice-1")
    route = h.route()
    h.close()
    # a new process: a fresh hub on the same data folder
    again = await started(new_hub(tmp_path), route=route)
    assert again.by_key("banner").value == "toy.banner"
    assert again.has("last-entry") and again.has("undo")
    again.close()


async def test_secret_scores_stay_hidden_until_the_end(tmp_path):
    from toy_game import GAME, SECRET_GAME

    from companion.games import register

    register(SECRET_GAME)  # the toy, with each player's total theirs alone until the end
    try:
        hub = new_hub(tmp_path)
        h = await started(hub)
        await new_toy_table(h)
        await h.click("auto")
        await h.click("choice-2")
        await tab(h, "scores")
        assert h.has("secret") and not h.has("ranking") and not h.has("breakdown-0")
        await tab(h, "play")
        while h.has("choice-2"):
            await h.click("choice-2")
        await h.click("see-scores")
        assert h.has("ranking") and h.has("final-card")
        h.close()
    finally:
        register(GAME)


async def test_back_from_share_returns_to_the_table(tmp_path):
    from flet_harness import views_of

    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    table_route = h.route()
    await h.click("share")
    assert h.route() == f"{table_route}/share"
    assert [v.route for v in views_of(h.page)] == ["/", table_route, f"{table_route}/share"]
    await h.session.dispatch_event(h.page._i, "view_pop", {"route": f"{table_route}/share"})
    await h.flush()
    assert h.route() == table_route and h.has("prompt")
    h.close()


async def test_a_finished_game_says_game_over_once(tmp_path):
    """The finished card comes first and says it ("Game over", the winner); the banner's "Game
    over · final scoring" above it is gone, while a game in progress keeps its banner."""
    hub = new_hub(tmp_path)
    done = finished_on_hub(hub, "dayu", ["Ana", "Ben"], 2)
    h = await started(hub, route=f"/table/{done.id}")
    assert h.has("finished-card") and not h.has("banner")
    playing = hub.create(Table.new("dayu", ["Ana", "Ben"]))
    await h.goto(f"/table/{playing.id}")
    assert h.has("banner") and not h.has("finished-card")
    h.close()
