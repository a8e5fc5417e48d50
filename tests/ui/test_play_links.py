"""Imported plays reach the players (issue 24): four finished tables from another device, their
seats named like remembered players, are imported and linked with one confirm each; the play
log, the statistics and the CLI then find them. A play is edited, deleted and put back."""

from __future__ import annotations

from plays_helpers import finished_game
from ui_testkit import new_hub, started

from companion.cli import main
from companion.share import encode


async def _import(h, text: str) -> None:
    await h.click("import")
    await h.type_text("import-text", text)
    await h.click("import-submit")


async def test_imported_tables_are_linked_with_one_confirm_and_counted_everywhere(tmp_path, capsys):
    hub = new_hub(tmp_path)
    store = hub.store
    carla, ana = store.create_player("Carla"), store.create_player("ana")  # case differs: still Ana
    tables = [finished_game(seed) for seed in (1, 3, 4, 5)]  # every one has an Ana and a Carla
    h = await started(hub)
    for i, table in enumerate(tables):
        await _import(h, table.to_json() if i % 2 else encode(table))  # files and snapshot codes
        assert h.has("link-offer"), "a table whose seats match remembered players asks"
        assert set(h.keys("link-offer-")) >= {"link-offer-0", "link-offer-2"}
        await h.click("link-offer-save")
        assert h.route().startswith("/table/")
    assert len(store.plays(player=carla.id)) == 4
    assert {p.table_id for p in store.plays(player=ana.id)} == {t.id for t in tables}
    assert all(p.seats[2].player_id == carla.id for p in store.plays(player=carla.id))
    # the statistics
    await h.goto("/stats")
    await h.select("stats-player", carla.id)
    counts = [store.stats(g, carla.id).plays for g in ("dragon", "chinatown", "dayu")]
    assert counts == [1, 2, 1]
    # the play log filtered by Carla
    await h.goto("/plays")
    await h.select("plays-player", carla.id)
    assert h.by_key("plays-count").value == "4 games"
    h.close()
    store.close()
    # the CLI
    assert main(["plays", "--player", "Carla", "--data", str(tmp_path)]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 4


async def test_an_import_can_be_left_unlinked_and_linked_later_from_the_log(tmp_path):
    hub = new_hub(tmp_path)
    store = hub.store
    carla = store.create_player("Carla")
    h = await started(hub)
    await _import(h, finished_game(1).to_json())
    await h.select("link-offer-2", False)  # "that Carla is someone else": untick, then confirm
    await h.click("link-offer-save")
    assert store.plays(player=carla.id) == []
    await h.goto("/")
    await _import(h, finished_game(4).to_json())
    await h.click("link-offer-skip")  # not now
    assert store.plays(player=carla.id) == []
    await h.goto("/plays")
    assert "2 games" in h.by_key("plays-to-link-text").value
    await h.click("plays-to-link")
    await h.click("link-all-save")
    assert len(store.plays(player=carla.id)) == 2
    assert not h.has("plays-to-link-card")
    h.close()


async def test_a_play_is_edited_deleted_and_put_back(tmp_path):
    hub = new_hub(tmp_path)
    store = hub.store
    ana = store.create_player("Ana")
    play = store.log_calculated(
        "dragon-final",
        {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]},
        date="2026-05-31",
    )
    h = await started(hub, "/plays")
    await h.click(f"play-edit-{play.id}")
    assert h.by_key("edit-seat-0").value == ana.id  # the name match is offered, not yet saved
    assert store.plays(player=ana.id) == []
    await h.type_text("edit-day", "3026-01-01")
    await h.click("play-edit-save")
    assert h.has("play-edit") and "future" in h.by_key("play-edit-note").value  # refused, the dialog stays
    await h.type_text("edit-day", "2026-05-30")
    await h.click("play-edit-save")
    saved = store.play(play.id)
    assert saved.seats[0].player_id == ana.id and saved.date.startswith("2026-05-30")
    await h.click(f"play-edit-{play.id}")
    await h.click("play-edit-delete")
    assert store.plays() == [] and h.has("plays-deleted")
    await h.click("plays-undo-delete")
    assert store.play(play.id) == saved and not h.has("plays-deleted")
    h.close()


async def test_chinatown_money_is_shown_as_money_in_the_log(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.store.create(finished_game(1))
    play = hub.store.play(table.id)
    h = await started(hub, "/plays")
    shown = h.by_key(f"play-{play.id}-score-0").value
    assert shown.startswith("$") and "," in shown
    h.close()
    h = await started(hub, "/plays", prefs={"table_companion.lang": "es"})
    assert h.by_key(f"play-{play.id}-score-0").value.endswith("$")
    h.close()


async def test_a_hand_logged_plays_expansions_are_edited_on_the_log(tmp_path):
    hub = new_hub(tmp_path)
    play = hub.store.log_calculated(
        "dragon-final", {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}
    )
    table = hub.store.create(finished_game(0))
    h = await started(hub, "/plays")
    await h.click(f"play-edit-{play.id}")
    await h.click("edit-option-great_wall-True")
    await h.click("play-edit-save")
    assert hub.store.play(play.id).options["great_wall"] is True
    await h.click(f"play-edit-{table.id}")
    assert not h.keys("edit-option-")  # a table's play keeps its table's options
    h.close()


async def test_a_hand_logged_plays_scores_are_corrected_on_the_log(tmp_path):
    hub = new_hub(tmp_path)
    play = hub.store.log_calculated(
        "dragon-final", {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}
    )
    h = await started(hub, "/plays")
    await h.click(f"play-edit-{play.id}")
    await h.type_text("edit-score-0", "4x")
    await h.click("play-edit-save")
    assert "4x" in h.by_key("edit-score-0").error  # refused under its field, nothing changed
    assert hub.store.play(play.id).seats[0].score == 40
    await h.type_text("edit-score-0", "45")
    await h.click("play-edit-save")
    assert [s.winner for s in hub.store.play(play.id).seats] == [True, False]
    assert h.by_key(f"play-{play.id}-winners").value.endswith("Ana")
    h.close()
