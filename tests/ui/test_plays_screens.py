"""Issue 14's screens through the headless harness on a real SQLite store: New table with
remembered players, the Players screen (rename, merge), the play log with its filters and
exports, a statistics screen with its chart, Quick score's "Log this play", backup and restore."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from datetime import datetime

import flet as ft
import flet_charts as fc
import pytest
from pinned_clock import pin_clock
from plays_helpers import finished_game
from ui_testkit import new_hub, started

from companion.store.backup import backup_json
from companion.ui import i18n as ui_i18n


def dayu_game(names: tuple[str, ...], vps: tuple[int, ...]) -> dict:
    return {
        "players": [
            {"name": n, "vp_cards": [{"frame": "silver", "vp": v}] if v else [], "flood_cards": []}
            for n, v in zip(names, vps, strict=True)
        ]
    }


def log_dayu(store, names, vps, day, ids=None):
    return store.log_calculated(
        "dayu-final", dayu_game(names, vps), date=f"{day}T20:00:00+00:00", player_ids=ids
    )


@pytest.fixture
def hub(tmp_path):
    return new_hub(tmp_path)


async def test_new_table_seats_remembered_players_in_order_and_links_them(hub):
    store = hub.store
    ana = store.create_player("Ana", "green")
    ben = store.create_player("Ben", "red")
    store.create_player("Cy")
    h = await started(hub, "/new")
    await h.click("game-dayu")
    # last time's players of Da Yu: none yet, so no "same as last time"; everyone is offered
    assert not h.has("last-players")
    assert set(h.keys("pick-player-")) == {f"pick-player-{p.id}" for p in store.players()}
    await h.click(f"pick-player-{ben.id}")
    await h.click(f"pick-player-{ana.id}")
    assert h.by_key("player-name-0").value == "Ben" and h.by_key("player-name-1").value == "Ana"
    assert not h.has(f"pick-player-{ben.id}") and not h.has(
        f"pick-player-{ana.id}"
    )  # seated: no longer offered
    # Ana's usual colour is green: she gets it (the seat that had green takes hers)
    assert h.by_key("player-color-1-green").border is not None
    await h.click("player-down-0")  # Ben moves below Ana
    assert [h.by_key(f"player-name-{i}").value for i in (0, 1)] == ["Ana", "Ben"]
    await h.type_text("player-name-2", "Dora")  # a new name, remembered when the table starts
    await h.click("setup-start")
    [info] = store.list()
    dora = store.find_player("Dora")
    assert dora is not None
    assert store.seat_links(info.id) == [ana.id, ben.id, dora.id]
    # next time, this game's last players come first and can be seated in one tap
    await h.goto("/")
    await h.click("new-table")
    await h.click("game-dayu")
    assert "Ana, Ben, Dora" in h.by_key("last-players").content.value
    await h.click("last-players")
    assert [h.by_key(f"player-name-{i}").value for i in range(3)] == ["Ana", "Ben", "Dora"]
    h.close()


async def test_the_same_player_twice_is_refused_and_nothing_is_remembered(hub):
    h = await started(hub, "/new")
    await h.click("game-dayu")
    await h.type_text("player-name-0", "Eva")
    await h.type_text("player-name-1", "eva ")
    await h.click("setup-start")
    assert h.has("setup-error")
    assert hub.store.list() == [] and hub.store.players() == []
    h.close()


async def test_players_screen_renames_edits_and_merges_once(hub):
    store = hub.store
    ana = store.create_player("Ana")
    anna = store.create_player("Anna")
    log_dayu(store, ("Ana", "Ben"), (3, 1), "2026-05-01", [ana.id, None])
    log_dayu(store, ("Anna", "Ben"), (1, 5), "2026-05-02", [anna.id, None])
    h = await started(hub, "/")
    await h.click("open-players")
    assert h.route() == "/players"
    await h.click(f"player-edit-{ana.id}")
    await h.type_text("edit-name", "Ana María")
    await h.type_text("edit-note", "brings snacks")
    await h.click("edit-color-blue")
    await h.click("edit-save")
    got = store.player(ana.id)
    assert (got.name, got.note, got.color) == ("Ana María", "brings snacks", "blue")
    assert h.by_key(f"player-name-of-{ana.id}").value == "Ana María"
    assert h.by_key(f"player-note-{ana.id}").value == "brings snacks"
    # merge Anna into Ana María: choose, then one confirm
    await h.click(f"player-merge-{anna.id}")
    assert not h.has("merge-confirm")
    await h.click(f"merge-into-{ana.id}")
    assert "Ana María" in h.by_key("merge-what").value
    await h.click("merge-confirm")
    assert [p.id for p in store.players()] == [ana.id]
    assert store.player(ana.id).plays == 2
    assert h.by_key(f"player-played-{ana.id}").value.startswith("2 ")
    h.close()


async def test_a_bad_name_keeps_the_dialog_open_with_the_reason(hub):
    h = await started(hub, "/players")
    await h.click("players-add")
    await h.type_text("edit-name", "   ")
    await h.click("edit-save")
    assert h.has("player-edit-note") and hub.store.players() == []
    h.close()


async def test_play_log_filters_by_game_player_and_date_and_opens_a_table(hub):
    store = hub.store
    ana = store.create_player("Ana")
    table = finished_game(2)  # a Da Yu table played to the end
    stored = store.create(table, [ana.id] + [None] * (len(table.players) - 1))
    log_dayu(store, ("Ana", "Ben"), (3, 1), "2026-03-01", [ana.id, None])
    log_dayu(store, ("Cy", "Ben"), (0, 2), "2026-04-15")
    store.log_calculated(
        "dragon-final",
        {"players": [{"name": "Cy", "vp": 10, "palaces": []}, {"name": "Ben", "vp": 10, "palaces": []}]},
        date="2026-04-20T10:00:00+00:00",
    )
    h = await started(hub, "/plays")
    assert h.by_key("plays-count").value == "4 games"
    await h.click("plays-game-dragon")
    assert h.by_key("plays-count").value == "1 game"
    [dragon] = store.plays("dragon")
    assert h.has(f"play-{dragon.id}-tie")  # equal VP: the tie-break decided, and says so
    await h.click("plays-game-dayu")
    await h.select("plays-player", ana.id)
    assert h.by_key("plays-count").value == "2 games"
    await h.type_text("plays-since", "2026-03-01")
    await h.fire("plays-since", "blur")
    await h.type_text("plays-until", "2026-03-31")
    await h.fire("plays-until", "blur")
    assert h.by_key("plays-count").value == "1 game"
    await h.type_text("plays-until", "31/03/2026")
    await h.fire("plays-until", "blur")
    assert h.has("plays-error")
    await h.type_text("plays-until", "")
    await h.fire("plays-until", "blur")
    [play] = [p for p in store.plays("dayu", ana.id) if p.table_id]
    await h.click(f"play-open-{play.id}")
    assert h.route() == f"/table/{stored.id}/scores"
    h.close()


async def test_play_log_exports_csv_and_json_of_what_it_shows(hub):
    store = hub.store
    log_dayu(store, ("Ana", "Ben"), (3, 1), "2026-03-01")
    log_dayu(store, ("Cy", "Ben"), (0, 2), "2026-04-15")
    h = await started(hub, "/plays")
    h.conn.answers["save_file"] = None  # the browser downloads: no path comes back
    await h.type_text("plays-since", "2026-04-01")
    await h.fire("plays-since", "blur")
    await h.click("plays-export-csv")
    args = [a for n, a in h.conn.calls if n == "save_file"][-1]
    rows = list(csv.reader(io.StringIO(bytes(args["src_bytes"]).decode("utf-8-sig"))))
    assert len(rows) == 3 and {r[5] for r in rows[1:]} == {"Cy", "Ben"}
    await h.click("plays-export-json")
    args = [a for n, a in h.conn.calls if n == "save_file"][-1]
    data = json.loads(bytes(args["src_bytes"]))
    assert [p["seats"][0]["name"] for p in data["plays"]] == ["Cy"]
    assert h.by_key("plays-status").value == "Saved."
    h.close()


async def test_statistics_screen_shows_the_numbers_and_the_spread_chart(hub):
    store = hub.store
    ana = store.create_player("Ana")
    for day, vps in (("2026-01-01", (3, 1)), ("2026-01-02", (1, 5)), ("2026-01-03", (5, 4))):
        log_dayu(store, ("Ana", "Ben"), vps, day, [ana.id, None])
    h = await started(hub, "/")
    await h.click("open-stats")
    assert h.route() == "/stats"
    assert h.by_key("stats-plays").value == "3 games"
    assert h.by_key("stats-scores").value == "Scores: 3.2\u00a0VP on average, best 5\u00a0VP, worst 1\u00a0VP"
    chart = h.by_key("stats-spread-chart")
    assert isinstance(chart, fc.BarChart)
    # scores 3 1, 1 5, 5 4: one bar per score from 1 to 5, their heights the counts
    assert [g.rods[0].to_y for g in chart.groups] == [2, 0, 1, 1, 2]
    assert h.has("stats-seat-0") and h.has("stats-count-2")
    assert h.has("stats-fig-flood_cards-")
    assert h.by_key("stats-fig-flood_cards-").value.endswith(" a player a game")
    assert h.has("stats-records") and "Records" in h.texts()
    await h.select("stats-player", ana.id)
    assert h.by_key("stats-wins").value == "2 wins (67%)"
    # one player's figures are per game; the records stay the group's and say so
    said = h.by_key("stats-fig-flood_cards-").value
    assert said.endswith(" a game") and "a player" not in said, said
    assert h.has("stats-records") and "The group's records" in h.texts()
    await h.click("stats-game-dragon")
    assert h.route() == "/stats/dragon" and h.has("stats-none")
    # an empty game says how its games get there, as the empty play log does
    assert "Quick score can log one" in h.by_key("stats-none").value
    h.close()


async def test_statistics_in_spanish_and_dark(hub):
    log_dayu(hub.store, ("Ana", "Ben"), (3, 1), "2026-01-01")
    prefs = {"table_companion.lang": "es", "table_companion.theme": "dark"}
    h = await started(hub, "/stats/dayu", prefs=prefs)
    assert h.page.theme_mode == ft.ThemeMode.DARK
    assert h.by_key("stats-plays").value == "1 partida"
    assert h.by_key("stats-scores").value == "Puntuación: 2\u00a0PV de media, mejor 3\u00a0PV, peor 1\u00a0PV"
    assert h.by_key("stats-seat-0").controls[0].content.controls[0].value == "Asiento 1"  # label over the bar
    h.close()


async def test_quick_score_logs_the_play_once(hub):
    ana = hub.store.create_player("Ana")
    h = await started(hub, "/quick/dayu")
    await h.type_text("dy-q-name-0", "Ana")
    await h.click("dy-q-0-vp-3")
    await h.click("quick-log-play")
    [play] = hub.store.plays()
    assert play.source == "calculator" and play.winners == ["Ana"]
    assert play.seats[0].player_id == ana.id and play.seats[1].player_id is None  # "Player 2" stays unlinked
    assert h.has("quick-logged") and not h.has("quick-log-play")
    await h.click("dy-q-1-vp-3")  # a different result can be logged again
    assert h.has("quick-log-play")
    h.close()


async def test_dragon_quick_score_refuses_a_result_the_form_no_longer_shows(hub):
    h = await started(hub, "/quick/dragon")
    await h.type_text("quick-name-0", "Ana")
    await h.type_text("quick-vp-0", "12")
    await h.click("quick-compute")
    await h.type_text("quick-vp-0", "40")  # changed after computing
    await h.click("quick-log-play")
    assert h.has("quick-log-error") and hub.store.plays() == []
    await h.click("quick-compute")
    await h.click("quick-log-play")
    [play] = hub.store.plays()
    assert play.seats[0].score == 40
    h.close()


async def test_restore_asks_first_and_refuses_a_damaged_file(hub, tmp_path, monkeypatch):
    from ui_testkit import new_hub as other_hub

    import companion.store.backup as backup_module

    source = other_hub(tmp_path / "other")
    log_dayu(source.store, ("Zoe", "Yan"), (5, 1), "2026-02-02")
    source.store.create(finished_game(2))
    good = backup_json(source.store).encode()
    log_dayu(hub.store, ("Ana", "Ben"), (3, 1), "2026-03-01")
    h = await started(hub, "/plays")
    from companion.ui.views.plays import backups

    checks = []
    read = backup_module.read_backup
    monkeypatch.setattr(backup_module, "read_backup", lambda *a, **k: checks.append(1) or read(*a, **k))
    app = h.page.session.store.get("companion.app")
    await backups(app.services, app.session()).ask_restore(
        good[: len(good) // 2]
    )  # cut short: refused, nothing changed
    await h.flush()
    assert h.has("restore-refused")
    assert [p.seats[0].name for p in hub.store.plays()] == ["Ana"]
    await h.click("restore-close")
    await backups(app.services, app.session()).ask_restore(good)
    await h.flush()
    assert h.by_key("restore-what").value == "In the backup: tables 1, games in the log 2, players 0."
    assert [p.seats[0].name for p in hub.store.plays()] == ["Ana"]  # only asked so far
    await h.click("restore-confirm")
    for _ in range(100):  # the restore runs in a worker thread
        if not h.has("restore"):
            break
        await h.flush(pause=0.05)
    assert sorted(p.seats[0].name for p in hub.store.plays()) == ["Ana", "Zoe"]
    assert h.by_key("plays-count").value == "2 games"
    assert len(checks) == 2  # the damaged file, then the good one once: the restore checks nothing again
    h.close()


async def test_checking_a_backup_shows_its_progress_and_keeps_the_screen_answering(
    hub, tmp_path, monkeypatch
):
    import time

    from ui_testkit import new_hub as other_hub

    import companion.store.backup as backup_module
    from companion.ui.views.plays import backups

    original = backup_module.Table

    class SlowTable:  # a replay as long as a big table's on a slow phone
        @staticmethod
        def from_dict(*a, **k):
            time.sleep(0.3)
            return original.from_dict(*a, **k)

    monkeypatch.setattr(backup_module, "Table", SlowTable)

    source = other_hub(tmp_path / "other")
    for seed in range(3):
        source.store.create(finished_game(seed))
    good = backup_json(source.store).encode()
    h = await started(hub, "/plays")
    app = h.page.session.store.get("companion.app")
    task = asyncio.ensure_future(backups(app.services, app.session()).ask_restore(good))
    seen = set()
    while not task.done():
        await h.flush(turns=1, pause=0.02)  # the event loop stays free while the worker replays
        if h.has("restore-progress-text"):
            seen.add(h.by_key("restore-progress-text").value)
    await task
    await h.flush()
    assert {"Table 1 of 3 checked…", "Table 2 of 3 checked…"} & seen, seen
    assert h.by_key("restore-what").value.startswith("In the backup: tables 3")
    h.close()


async def test_a_backup_larger_than_any_backup_is_refused_by_its_size(hub):
    log_dayu(hub.store, ("Ana", "Ben"), (3, 1), "2026-03-01")
    h = await started(hub, "/plays")
    h.conn.answers["pick_files"] = [{"id": 0, "name": "huge.json", "size": 600_000_000, "bytes": list(b"{}")}]
    await h.click("backup-restore")
    assert "200 MB" in h.by_key("restore-refused").value
    assert [p.seats[0].name for p in hub.store.plays()] == ["Ana"]
    h.close()


@pytest.mark.parametrize(("lang", "said"), [("en", "e.g. {}-12-31"), ("es", "p. ej. {}-12-31")])
async def test_a_day_fields_example_says_it_is_one(hub, lang, said, monkeypatch):
    """A focused "To" field showed "2026-12-31" as dark as a value typed; the example says so,
    and is this year's. The clock is pinned (in 2031: no year written into the app passes), not
    read apart from the app's: a run across New Year's midnight would fail (tests/pinned_clock.py)."""
    pin_clock(monkeypatch, datetime(2031, 3, 15, 18, 0).astimezone(), ui_i18n)
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})
    assert h.by_key("plays-until").hint_text == said.format(2031)
    h.close()
    h = await started(hub, "/stats", prefs={"table_companion.lang": lang})
    assert h.by_key("stats-until").hint_text == said.format(2031)
    h.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "With The Great Wall (expansion)"),
        ("es", "Con La Gran Muralla (expansión)"),
    ],
)
async def test_a_plays_card_says_the_expansions_it_was_played_with(hub, lang, said):
    """The walk's 3-player Dragon with The Great Wall showed in the play log as "In the Year of
    the Dragon" alone, beside a base game's card (walk58, p2-dragon-es-dark-30-plays.png): a
    Great Wall game's score is not a base game's. Its card names the expansion; a base game's
    card has no such line."""
    wall = hub.store.create(finished_game(12))  # The Great Wall, no Super Events
    base = hub.store.create(finished_game(0))  # the base game
    assert wall.options.great_wall and not wall.options.super_events and not base.options.great_wall
    by_table = {p.table_id: p for p in hub.store.plays()}
    h = await started(hub, "/plays", prefs={"table_companion.lang": lang})
    assert h.by_key(f"play-{by_table[wall.id].id}-expansions").value == said
    assert not h.has(f"play-{by_table[base.id].id}-expansions")
    h.close()
