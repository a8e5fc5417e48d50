"""The play log and BG Stats / BoardGameGeek on the screens (issue 31, item 2): a play's "Send to
BG Stats" opens its createPlay link in a new tab, the log exports for BG Stats and BoardGameGeek
what its filters show, and "Import from BG Stats" shows what it would add, asks once, adds
nothing the second time and refuses a damaged or foreign file whole."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlsplit

import pytest
from ui_testkit import new_hub, pick_file, started, until


def log_dayu(store, names, vps, day, ids=None):
    game = {
        "players": [
            {"name": n, "vp_cards": [{"frame": "silver", "vp": v}] if v else [], "flood_cards": []}
            for n, v in zip(names, vps, strict=True)
        ]
    }
    return store.log_calculated("dayu-final", game, date=f"{day}T20:00:00+00:00", player_ids=ids)


def bgstats_backup() -> dict:
    """A BG Stats backup: a Chinatown play to bring in, a Catan play and a Chinatown play with a
    score that is not a number (both refused)."""

    def score(player: int, value: object, winner: bool, rank: int) -> dict:
        return {"playerRefId": player, "score": value, "winner": winner, "rank": rank, "seatOrder": player}

    return {
        "games": [{"id": 1, "name": "Chinatown", "bggId": 47}, {"id": 2, "name": "Catan", "bggId": 13}],
        "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Zoë"}, {"id": 3, "name": "Yann"}],
        "locations": [],
        "plays": [
            {
                "uuid": "bgs-play-1",
                "gameRefId": 1,
                "playDate": "2026-02-01 20:00:00",
                "durationMin": 75,
                "playerScores": [score(1, 420, True, 1), score(2, 380, False, 2), score(3, 300, False, 3)],
            },
            {
                "uuid": "bgs-play-2",
                "gameRefId": 2,
                "playDate": "2026-02-03 20:00:00",
                "playerScores": [score(1, 10, True, 1), score(2, 8, False, 2), score(3, 6, False, 3)],
            },
            {
                "uuid": "bgs-play-3",
                "gameRefId": 1,
                "playDate": "2026-02-05 20:00:00",
                "playerScores": [score(1, 400, True, 1), score(2, "lots", False, 2), score(3, 1, False, 3)],
            },
        ],
    }


@pytest.fixture
def hub(tmp_path):
    return new_hub(tmp_path)


def saved(h, extension: str) -> tuple[str, bytes]:
    """The name and bytes of the last file the screen offered to save with ``extension``."""
    args = [a for n, a in h.conn.calls if n == "save_file" and a["allowed_extensions"] == [extension]][-1]
    return args["file_name"], bytes(args["src_bytes"])


def what_the_store_holds(store) -> tuple:
    return store.plays(), store.players()


async def test_send_to_bg_stats_opens_the_plays_link_in_a_new_tab(hub):
    store = hub.store
    first = log_dayu(store, ("Ana", "Ben"), (3, 1), "2026-03-01")
    log_dayu(store, ("Cy", "Ben"), (0, 2), "2026-04-15")
    before = what_the_store_holds(store)
    h = await started(hub, "/plays")
    # each button is named for its own game, so a screen reader tells them apart
    names = {c.key: c.content.semantics_label for c in h.controls() if str(c.key).startswith("play-bgstats-")}
    assert len(set(names.values())) == 2 and "Da Yu" in names[f"play-bgstats-{first.id}"]
    await h.click(f"play-bgstats-{first.id}")
    [args] = [a for n, a in h.conn.calls if n == "launch_url"]
    parts = urlsplit(args["url"])
    assert (parts.netloc, parts.path) == ("app.bgstatsapp.com", "/createPlay.html")
    data = json.loads(parse_qs(parts.query)["data"][0])
    assert data["sourcePlayId"] == first.id
    assert [(p["name"], p["score"], p["winner"]) for p in data["players"]] == [
        ("Ana", 3, True),
        ("Ben", 1, False),
    ]
    assert args["web_only_window_name"] == "_blank"  # a web client opens it in a new tab
    assert what_the_store_holds(store) == before  # nothing written: sending only opens a link
    assert not h.has(f"play-{first.id}-imported")  # logged here, not brought in
    h.close()


async def test_the_exports_for_bg_stats_and_boardgamegeek_hold_what_the_log_shows(hub):
    store = hub.store
    log_dayu(store, ("Ana", "Ben"), (3, 1), "2026-03-01")
    log_dayu(store, ("Cy", "Ben"), (0, 2), "2026-04-15")
    h = await started(hub, "/plays")
    h.conn.answers["save_file"] = None  # the browser downloads: no path comes back
    await h.type_text("plays-since", "2026-04-01")
    await h.fire("plays-since", "blur")
    await h.click("plays-export-bgstats")
    name, data = saved(h, "json")
    plays = json.loads(data)
    assert name == "play-log-bgstats.json"
    assert [[(p["name"], p["score"]) for p in play["players"]] for play in plays] == [[("Cy", 0), ("Ben", 2)]]
    assert plays[0]["game"]["sourceGameId"] == "dayu"
    await h.click("plays-export-bgg")
    name, data = saved(h, "xml")
    root = ET.fromstring(data)
    assert name == "play-log-bgg.xml" and root.get("total") == "1"
    rows = root.findall("play/players/player")
    assert [(r.get("name"), r.get("score"), r.get("win")) for r in rows] == [
        ("Cy", "0", "0"),
        ("Ben", "2", "1"),
    ]
    assert h.by_key("plays-status").value == "Saved."
    h.close()


async def test_import_shows_what_it_adds_asks_once_and_adds_nothing_the_second_time(hub):
    store = hub.store
    ana = store.create_player("Ana")
    log_dayu(store, ("Ana", "Ben"), (3, 1), "2026-03-01", [ana.id, None])
    before = what_the_store_holds(store)
    data = json.dumps(bgstats_backup()).encode()
    h = await started(hub, "/plays")
    pick_file(h, data, "BGStatsExport.json")
    await h.click("plays-import-bgstats")
    await until(h, "import-summary")
    assert h.by_key("import-summary").value == "New games: 1 · already in the log: 0 · not brought in: 2."
    refused = [h.by_key(f"import-refused-{i}").value for i in range(2)]
    assert "Catan" in refused[0] and "this app only keeps" in refused[0]
    assert "Zoë's score (lots) isn't a whole number" in refused[1]
    assert not h.has("import-refused-2")
    assert h.by_key("import-players").value == "New players for your list: Zoë, Yann."
    assert what_the_store_holds(store) == before  # only shown so far
    assert h.by_key("import-confirm").content.value == "Add 1 game"
    await h.click("import-confirm")
    await until(h, "plays-status")
    assert h.by_key("plays-status").value == "Games added: 1. New players in your list: 2."
    [imported] = store.plays("chinatown")
    assert imported.source == "import" and [s.score for s in imported.seats] == [420, 380, 300]
    assert imported.seats[0].player_id == ana.id
    assert sorted(p.name for p in store.players()) == ["Ana", "Yann", "Zoë"]
    assert h.has(f"play-{imported.id}-imported") and not h.has(f"play-{imported.id}-quick")
    assert h.by_key(f"play-{imported.id}-imported").value == "Brought in from BG Stats"

    after = what_the_store_holds(store)
    await h.click("plays-import-bgstats")  # the same file again
    await until(h, "import-summary")
    assert h.by_key("import-summary").value == "New games: 0 · already in the log: 1 · not brought in: 2."
    assert h.has("import-nothing") and not h.has("import-confirm") and not h.has("import-players")
    await h.click("import-close")
    assert what_the_store_holds(store) == after
    h.close()


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (json.dumps(bgstats_backup()).encode()[:300], "it isn't JSON"),  # cut short
        (json.dumps({"tables": [], "players": []}).encode(), "it isn't a BG Stats backup or play"),
        (b"\xff\xfe not text", "it isn't JSON"),
    ],
)
async def test_a_damaged_or_foreign_file_is_refused_in_one_line_and_changes_nothing(hub, content, reason):
    store = hub.store
    log_dayu(store, ("Ana", "Ben"), (3, 1), "2026-03-01")
    before = what_the_store_holds(store)
    h = await started(hub, "/plays")
    pick_file(h, content, "other.json")
    await h.click("plays-import-bgstats")
    await until(h, "import-refused-file")
    line = h.by_key("import-refused-file").value
    assert line.startswith("This file can't be brought in: " + reason) and "\n" not in line
    assert not h.has("import-confirm") and not h.has("import-summary")
    assert what_the_store_holds(store) == before
    h.close()


async def test_the_import_in_spanish(hub):
    h = await started(hub, "/plays", prefs={"table_companion.lang": "es"})
    assert h.by_key("plays-import-bgstats").content.value == "Importar de BG Stats"
    pick_file(h, json.dumps(bgstats_backup()).encode(), "BGStatsExport.json")
    await h.click("plays-import-bgstats")
    await until(h, "import-summary")
    assert h.by_key("import-summary").value.startswith("Partidas nuevas: 1 · ya en el registro: 0")
    assert h.by_key("import-confirm").content.value == "Añadir 1 partida"
    h.close()
