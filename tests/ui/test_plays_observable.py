"""The play log, its Edit dialog, "Log this play" and the log's files redraw from their own
observable drafts (issue 25), not from the session's whole-screen redraw.

Each test first makes the session's whole-screen redraw after a dialog's action do nothing
(``SessionState.saved``). Every tap must still show its change, and the screen's other redraws
(``changes``, ``visits``, ``saves``) must not move: these fail on a screen that still needs
one."""

from __future__ import annotations

import pytest
from plays_helpers import finished_game
from ui_testkit import new_hub, started

from companion.store.backup import backup_json


def log_dayu(store, names, vps, day):
    game = {
        "players": [
            {"name": n, "vp_cards": [{"frame": "silver", "vp": v}] if v else [], "flood_cards": []}
            for n, v in zip(names, vps, strict=True)
        ]
    }
    return store.log_calculated("dayu-final", game, date=f"{day}T20:00:00+00:00")


def log_dragon(store, vps=(40, 42)):
    players = [{"name": n, "vp": v} for n, v in zip(("Ana", "Ben"), vps, strict=True)]
    return store.log_calculated("dragon-final", {"players": players})


def without_session_redraw(h):
    """A check that nothing redrew the whole screen from now on: neither a table change, an
    arrival, nor a dialog's action (the log's own actions draw the log alone)."""
    app = h.page.session.store.get("companion.app")

    def counters():
        return (app.state.changes, app.state.visits, app.state.saves)

    before = counters()
    return lambda: counters() == before


@pytest.fixture
def hub(tmp_path):
    return new_hub(tmp_path)


async def test_filters_and_show_more_redraw_the_log(hub):
    for day in range(1, 13):
        log_dayu(hub.store, ("Ana", "Ben"), (3, 1), f"2026-01-{day:02d}")
    h = await started(hub, "/plays")
    untouched = without_session_redraw(h)
    assert h.by_key("plays-count").value == "12 games" and len(h.keys("play-edit-")) == 10
    await h.click("plays-more")
    assert len(h.keys("play-edit-")) == 12 and not h.has("plays-more")
    await h.click("plays-game-dragon")
    assert h.by_key("plays-count").value == "0 games" and h.has("plays-none")
    assert h.by_key("plays-game-dragon").selected and not h.by_key("plays-game-all").selected
    await h.click("plays-game-all")
    assert len(h.keys("play-edit-")) == 10  # a filter starts again at the first page
    await h.type_text("plays-since", "2026-01-11")
    await h.fire("plays-since", "blur")
    assert h.by_key("plays-count").value == "2 games"
    await h.type_text("plays-until", "11/01/2026")
    await h.fire("plays-until", "blur")
    assert h.has("plays-error") and h.by_key("plays-count").value == "12 games"  # said, not applied
    assert untouched()
    h.close()


async def test_the_edit_form_draws_a_place_or_an_option_tapped_and_save_redraws_the_log(hub):
    club = log_dayu(hub.store, ("Ana", "Ben"), (3, 1), "2026-01-01")
    hub.store.set_play_location(club.id, "Club")
    play = log_dragon(hub.store)
    h = await started(hub, "/plays")
    untouched = without_session_redraw(h)
    await h.click(f"play-edit-{play.id}")
    await h.type_text("edit-day", "2026-05-01")
    await h.type_text("edit-score-0", "45")
    assert not h.by_key("edit-place-0").selected and h.by_key("edit-location").value == ""
    await h.click("edit-place-0")
    assert h.by_key("edit-place-0").selected and h.by_key("edit-location").value == "Club"
    await h.click("edit-option-great_wall-True")
    assert h.by_key("edit-option-great_wall-True").selected
    assert not h.by_key("edit-option-great_wall-False").selected
    # what was typed is kept, and drawn as typed when a tap redraws the form
    assert h.by_key("edit-day").value == "2026-05-01" and h.by_key("edit-score-0").value == "45"
    await h.click("play-edit-save")
    stored = hub.store.play(play.id)
    assert (stored.location, stored.options["great_wall"], stored.seats[0].score) == ("Club", True, 45)
    assert h.by_key(f"play-{play.id}-winners").value.endswith("Ana")  # the log read it again
    assert "Played at Club" in h.by_key(f"play-{play.id}-location").value
    assert untouched()
    h.close()


async def test_a_delete_its_undo_and_the_status_line_redraw_the_log(hub):
    play = log_dayu(hub.store, ("Ana", "Ben"), (3, 1), "2026-03-01")
    h = await started(hub, "/plays")
    h.conn.answers["save_file"] = None  # the browser downloads: no path comes back
    untouched = without_session_redraw(h)
    await h.click(f"play-edit-{play.id}")
    await h.click("play-edit-delete")
    assert h.has("plays-deleted") and h.by_key("plays-count").value == "0 games"
    await h.click("plays-undo-delete")
    assert not h.has("plays-deleted") and h.by_key("plays-count").value == "1 game"
    assert h.has(f"play-edit-{play.id}")
    await h.click("plays-export-csv")
    assert h.by_key("plays-status").value == "Saved."
    assert untouched()
    h.close()


async def test_a_restore_redraws_the_log_through_its_status_line(hub, tmp_path):
    source = new_hub(tmp_path / "other")
    log_dayu(source.store, ("Zoe", "Yan"), (5, 1), "2026-02-02")
    source.store.create(finished_game(2))
    good = backup_json(source.store).encode()
    h = await started(hub, "/plays")
    without_session_redraw(h)  # the check's progress is still drawn by refresh() (ui/worker.py)
    h.conn.answers["pick_files"] = [{"id": 0, "name": "b.json", "size": len(good), "bytes": list(good)}]
    await h.click("backup-restore")
    for _ in range(200):  # checked in a worker thread
        if h.has("restore-confirm"):
            break
        await h.flush(turns=2, pause=0.02)
    await h.click("restore-confirm")
    for _ in range(200):
        if h.has("plays-status"):
            break
        await h.flush(turns=2, pause=0.02)
    assert h.by_key("plays-count").value == "2 games"
    assert h.by_key("plays-status").value == "Restored. Tables 1, games 2, players 0."
    h.close()


async def test_log_this_play_draws_its_options_and_the_play_logged(hub):
    h = await started(hub, "/quick/dragon")
    await h.type_text("quick-name-0", "Ana")
    await h.type_text("quick-vp-0", "30")
    await h.click("quick-compute")  # the Dragon form itself is another screen's change
    untouched = without_session_redraw(h)
    await h.click("log-option-great_wall-True")
    assert h.by_key("log-option-great_wall-True").selected
    await h.type_text("quick-log-date", "")
    assert h.by_key("quick-log-date").value == ""  # a field cleared is not filled again at once
    await h.type_text("quick-log-date", "2026-05-29")
    await h.click("quick-log-play")
    assert h.has("quick-logged") and not h.has("quick-log-play")
    [play] = hub.store.plays()
    assert play.options["great_wall"] is True and play.date.startswith("2026-05-29")
    assert untouched()
    h.close()
