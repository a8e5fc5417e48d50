"""Scores typed into a play brought in from BoardGameGeek or BG Stats, on both backends: a play
logged with its winners alone gets its scores filled in (the typed scores decide who won, whoever
BGG marked), a typo in an imported score is corrected, the statistics and the exports read the new
scores, and importing the same file again neither adds the play twice nor undoes the correction.
A finished table's play still keeps its table's scores; scores are never cleared back to none
(docs/DECISIONS.md, "Scores typed into an imported play")."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest
from plays_helpers import finished_game

from companion.plays.bgg import plays_xml
from companion.plays.bgstats import plan_import, push_json
from companion.plays.export import plays_csv, plays_json, read_csv
from companion.store import Store, StoreError
from companion.store.plays_import import import_plays, known, plan_bgg

DRAGON = '<item name="In the Year of the Dragon" objecttype="thing" objectid="31594"/>'


def _player(name: str, win: bool, score: str = "") -> str:
    return (
        f'<player username="" userid="0" name="{name}" score="{score}" new="0" rating="0" win="{int(win)}"/>'
    )


def _play(pid: str, day: str, players: list[str]) -> str:
    ident = f'id="{pid}" ' if pid else ""  # a play without a BGG id: matched by its fingerprint
    return (
        f'<play {ident}date="{day}" quantity="1" length="0" incomplete="0" nowinstats="0" location="">'
        f"{DRAGON}<players>{''.join(players)}</players></play>"
    )


FILE = (
    '<?xml version="1.0" encoding="utf-8"?><plays username="ana" userid="7" total="3" page="1">'
    + _play("8001", "2026-03-25", [_player("Ana", True), _player("Ben", False)])  # winners alone
    + _play("", "2026-03-27", [_player("Ben", True), _player("Ana", False)])  # no BGG id either
    + _play(
        "8003", "2026-03-29", [_player("Ana", True, "52"), _player("Ben", False, "40")]
    )  # 52: a typo for 25
    + "</plays>"
).encode()


def _imported(store: Store, data: bytes = FILE) -> tuple[int, int]:
    plan = plan_bgg(store, data)
    assert plan.refused == []
    added, _created = import_plays(store, plan.plays, plan.names)
    return added, plan.already


def _unscored_id(store: Store) -> str:
    [play] = [p for p in store.plays() if p.date.startswith("2026-03-27")]
    return play.id


def test_a_bgg_play_with_its_winners_alone_gets_its_scores_and_the_scores_decide_who_won(tmp_path):
    store = Store(tmp_path / "bgg.sqlite3")
    assert _imported(store) == (3, 0)
    before = store.stats("dragon")
    assert (before.unscored_plays, before.average) == (2, 46.0)  # 8003 alone: (52 + 40) / 2
    # BGG marked Ana as the winner; the score sheet found later says Ben won 44-38
    play = store.rescore_play("bgg-8001", [38, 44])
    assert [(s.score, s.place, s.winner) for s in play.seats] == [(38, 2, False), (44, 1, True)]
    assert play.scored and play.source == "bgg"
    ben = store.rescore_play(_unscored_id(store), [30, 30])  # a shared win when the best is shared
    assert all(s.winner and s.place == 1 for s in ben.seats)
    fixed = store.rescore_play("bgg-8003", [25, 40])  # the typo corrected: Ben won after all
    assert [(s.score, s.winner) for s in fixed.seats] == [(25, False), (40, True)]
    # the statistics count the scores now: (38 + 44 + 30 + 30 + 25 + 40) / 6
    g = store.stats("dragon")
    assert (g.plays, g.scored, g.unscored_plays, g.best, g.worst) == (3, 6, 0, 44, 25)
    assert g.average == 207 / 6
    assert {p.name: p.wins for p in g.players} == {"Ana": 1, "Ben": 3}
    records = {r.kind: r.value for r in store.records("dragon")}
    assert records["high_win"] == 44 and records["margin"] == 15  # 8003: 40 - 25
    store.close()


def test_the_same_file_again_adds_nothing_and_keeps_the_scores_typed(tmp_path):
    store = Store(tmp_path / "again.sqlite3")
    _imported(store)
    store.rescore_play("bgg-8001", [38, 44])
    store.rescore_play(_unscored_id(store), [45, 41])
    store.rescore_play("bgg-8003", [25, 40])
    before = store.plays()
    assert _imported(store) == (0, 3)  # by its BGG id, or by the id its fingerprint gave it
    assert store.plays() == before
    store.delete_play("bgg-8001")  # scores typed into the wrong play: deleted, it comes back as BGG has it
    assert _imported(store) == (1, 2)
    assert not store.play("bgg-8001").scored
    store.close()


def test_exports_carry_the_scores_typed(tmp_path):
    store = Store(tmp_path / "out.sqlite3")
    _imported(store)
    store.rescore_play("bgg-8001", [38, 44])
    play = store.play("bgg-8001")
    rows = read_csv(plays_csv([play], "en"))
    assert [r[rows[0].index("Score")] for r in rows[1:]] == ["38", "44"]
    xml = ET.fromstring(plays_xml([play]))
    assert [(p.get("score"), p.get("win")) for p in xml.iter("player")] == [("38", "0"), ("44", "1")]
    assert [s["score"] for s in json.loads(plays_json([play]))["plays"][0]["seats"]] == [38, 44]
    pushed = json.loads(push_json([play], one=True))
    assert [(p["score"], p["winner"]) for p in pushed["players"]] == [(38, False), (44, True)]
    store.close()


def test_an_evening_matched_by_its_players_is_not_brought_in_again_once_scored(tmp_path):
    """A play from BG Stats (or the app's own BGG file) is recognised in a BGG file by its game,
    day and players when neither has scores; scores typed into the log's play afterwards must not
    make the BGG play a new one."""
    store = Store(tmp_path / "evening.sqlite3")
    _imported(store)
    pushed = json.loads(push_json([store.play("bgg-8001")], one=True))
    pushed["sourcePlayId"] = "5c0ffee0-bg-stats"  # BG Stats' own id for the evening, not BGG's
    other = Store(tmp_path / "other.sqlite3")
    plan = plan_import(pushed, *known(other))  # the evening logged in BG Stats, brought in there
    import_plays(other, plan.plays, plan.names)
    [from_bgstats] = other.plays()
    assert from_bgstats.source == "import" and not from_bgstats.scored
    other.rescore_play(from_bgstats.id, [38, 44])
    added, already = _imported(other)
    assert (added, already) == (2, 1)  # 8001 is the BG Stats play: found although scored now
    assert len(other.plays()) == 3
    # and the app's own BGG file (no ids), written before the scores were typed
    own = plays_xml(store.plays()).encode()
    store.rescore_play("bgg-8001", [38, 44])
    assert _imported(store, own) == (0, 3)
    other.close()
    store.close()


def test_a_tables_play_keeps_its_scores_and_scores_are_never_cleared(tmp_path):
    store = Store(tmp_path / "table.sqlite3")
    _imported(store)
    table = store.create(finished_game(2))
    with pytest.raises(StoreError) as err:
        store.rescore_play(table.id, [1, 2, 3])
    assert err.value.msg.key == "plays.play.table_scores"
    for cleared in ([None, None], [38, None]):
        with pytest.raises(StoreError) as err:
            store.rescore_play("bgg-8001", cleared)  # type: ignore[list-item]
        assert err.value.msg.key == "plays.play.bad_scores"
    assert not store.play("bgg-8001").scored
    store.close()


def test_an_imported_plays_expansions_are_said_and_survive_the_same_file_again(tmp_path):
    """BGG and BG Stats record no expansions: the group says which it played, as for a play
    logged by hand; the same file imported again leaves them as said."""
    store = Store(tmp_path / "options.sqlite3")
    _imported(store)
    said = store.set_play_options("bgg-8001", {"great_wall": True, "super_events": False})
    assert said.options["great_wall"] is True and said.options["super_events"] is False
    assert _imported(store) == (0, 3)
    assert store.play("bgg-8001").options["great_wall"] is True
    store.close()
