"""The play log's "Import from BoardGameGeek": BGG's plays XML picked, previewed (what it adds,
what it will not take and why, the players to add), added after one confirm, shown as brought
in from BoardGameGeek; the same file again adds nothing; an entity bomb is refused whole."""

from __future__ import annotations

import pytest
from ui_testkit import new_hub, pick_file, started, until

PAGE = """<?xml version="1.0" encoding="utf-8"?>
<plays username="ana" userid="7" total="2" page="1">
<play id="9001" date="2026-02-01" quantity="1" length="75" incomplete="0" nowinstats="0" location="">
 <item name="Chinatown" objecttype="thing" objectid="47"/>
 <players>
  <player username="ana" userid="7" name="Ana" startposition="1" color="" score="420" new="0" rating="0" win="1"/>
  <player username="" userid="0" name="Zoë" startposition="2" color="" score="380" new="0" rating="0" win="0"/>
  <player username="" userid="0" name="Yann" startposition="3" color="" score="300" new="0" rating="0" win="0"/>
 </players>
</play>
<play id="9002" date="2026-02-03" quantity="1" length="0" incomplete="0" nowinstats="0" location="">
 <item name="CATAN" objecttype="thing" objectid="13"/>
 <players><player name="Ana" score="10" win="1"/><player name="Zoë" score="8" win="0"/></players>
</play>
</plays>
"""
BOMB = b'<?xml version="1.0"?><!DOCTYPE plays [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><plays>&b;</plays>'


@pytest.fixture
def hub(tmp_path):
    return new_hub(tmp_path)


def held(store) -> tuple:
    return store.plays(), store.players()


async def test_import_from_boardgamegeek_previews_asks_once_and_adds_nothing_the_second_time(hub):
    store = hub.store
    ana = store.create_player("Ana")
    before = held(store)
    h = await started(hub, "/plays")
    assert h.by_key("plays-import-bgg").content.value == "Import from BoardGameGeek"
    pick_file(h, PAGE.encode(), "plays.xml")
    await h.click("plays-import-bgg")
    [args] = [a for n, a in h.conn.calls if n == "pick_files"]
    assert args["allowed_extensions"] == ["xml"]
    await until(h, "import-summary")
    assert h.by_key("import-summary").value == "New games: 1 · already in the log: 0 · not brought in: 1."
    assert h.by_key("import-refused-0").value.startswith(
        "Not brought in: 3 Feb 2026, CATAN: this app only keeps"
    )
    assert not h.has("import-refused-1")
    assert h.by_key("import-players").value == "New players for your list: Zoë, Yann."
    assert held(store) == before  # only shown so far
    await h.click("import-confirm")
    await until(h, "plays-status")
    assert h.by_key("plays-status").value == "Games added: 1. New players in your list: 2."
    [imported] = store.plays("chinatown")
    assert (imported.id, imported.source, imported.seconds) == ("bgg-9001", "bgg", 75 * 60)
    assert imported.seats[0].player_id == ana.id
    assert h.by_key("play-bgg-9001-imported").value == "Brought in from BoardGameGeek"
    cups = h.keys("play-bgg-9001-cup-")  # a scored winner's cup is read out: its score says no more
    assert cups and all(h.by_key(k).semantics_label == "Won" for k in cups)

    after = held(store)
    await h.click("plays-import-bgg")  # the same file again
    await until(h, "import-summary")
    assert h.by_key("import-summary").value == "New games: 0 · already in the log: 1 · not brought in: 1."
    assert h.has("import-nothing") and not h.has("import-confirm")
    await h.click("import-close")
    assert held(store) == after
    h.close()


async def test_an_entity_bomb_is_refused_in_one_line_and_changes_nothing(hub):
    store = hub.store
    before = held(store)
    h = await started(hub, "/plays", prefs={"table_companion.lang": "es"})
    assert h.by_key("plays-import-bgg").content.value == "Importar de BoardGameGeek"
    pick_file(h, BOMB, "plays.xml")
    await h.click("plays-import-bgg")
    await until(h, "import-refused-file")
    line = h.by_key("import-refused-file").value
    assert line.startswith("Este archivo no se puede traer: declara entidades o un DTD") and "\n" not in line
    assert not h.has("import-confirm") and held(store) == before
    h.close()
