"""Plays out to BG Stats and BoardGameGeek, and in from BG Stats: the round trip gives the same
plays and a second import adds nothing; foreign games, damaged plays and damaged files are
refused with a reason and change nothing."""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs, urlsplit

import pytest
from plays_helpers import finished_game

from companion.core import Table
from companion.plays.bgg import plays_xml
from companion.plays.bgstats import (
    ExchangeError,
    ImportPlan,
    local_time,
    plan_import,
    push_json,
    push_link,
    push_play,
    read_file_text,
)
from companion.plays.game_ids import exchange_data, game_by_bgg_id, game_by_name
from companion.store import Store
from companion.store.plays_import import import_plays, known


@pytest.fixture(scope="module")
def games():
    return [finished_game(seed).to_dict() for seed in range(9)]  # all three games, 2 to 5 players


@pytest.fixture
def store(tmp_path, games):
    s = Store(tmp_path / "a.sqlite3")
    ana = s.create_player("Ana")
    for data in games:
        table = Table.from_dict(data, trusted=True)  # the app's own games (plays_helpers)
        s.create(table, [ana.id] + [None] * (len(table.players) - 1))
    s.log_calculated("dragon-final", {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 1}]})
    for play, place in zip(s.plays(), ["Café Sol", "Ana's kitchen", "Club  «Dragón»"], strict=False):
        s.set_play_location(play.id, place)  # three plays with a location, the rest without
    yield s
    s.close()


def _plan(store: Store, data: object) -> ImportPlan:
    return plan_import(data, *known(store))


def _import(store: Store, data: object) -> tuple[ImportPlan, tuple[int, int]]:
    plan = _plan(store, data)
    return plan, import_plays(store, plan.plays, plan.names)


def _shape(play) -> tuple:
    """What BG Stats' format carries of a play (the length in whole minutes, 0 for not known)."""
    minutes = round(play.seconds / 60) if play.seconds else 0
    seats = [(s.name, s.score, s.place, s.winner) for s in play.seats]
    return play.id, play.game, play.date, minutes, seats, play.location


def test_the_log_exported_for_bg_stats_and_imported_again_gives_the_same_plays(store, tmp_path):
    plays = store.plays()
    text = push_json(plays)
    other = Store(tmp_path / "b.sqlite3")
    plan, (added, created) = _import(other, read_file_text(text.encode()))
    assert plan.refused == [] and added == len(plays) == 10
    assert sorted(map(_shape, other.plays()), key=str) == sorted(map(_shape, plays), key=str)
    assert sum(p.location is not None for p in other.plays()) == 3  # the locations came back
    assert {p.name for p in other.players()} == {s.name for p in plays for s in p.seats}
    assert created == len(other.players())
    assert all(s.player_id for p in other.plays() for s in p.seats)  # every seat linked
    assert {p.source for p in other.plays()} == {"import"}

    before = other.plays()
    plan, (added, created) = _import(other, json.loads(text))
    assert (added, created, plan.already, len(plan.plays)) == (0, 0, 10, 0)  # the second import adds nothing
    assert other.plays() == before
    # and into the log it came from: every play is already there
    plan = _plan(store, json.loads(text))
    assert plan.already == 10 and plan.plays == [] and plan.names == {}


def test_one_play_as_push_json_and_its_deep_link(store):
    play = store.plays(game="chinatown")[0]
    data = json.loads(push_json([play], one=True))
    assert data["game"] == {
        "name": "Chinatown",
        "bggId": 47,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "chinatown",
    }
    assert data["sourcePlayId"] == play.id and data["sourceName"] == "Table Companion"
    assert len(data["playDate"]) == 19 and data["playDate"][10] == " "  # "YYYY-MM-DD HH:MM:SS"
    assert [p["winner"] for p in data["players"]] == [s.winner for s in play.seats]
    link = push_link(play)
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    assert " " not in link and '"' not in link
    assert json.loads(parse_qs(parts.query)["data"][0]) == push_play(play)
    dayu = push_play(store.plays(game="dayu")[0])
    assert "bggId" not in dayu["game"]  # no BGG id known for Da Yu: BG Stats matches its name


def test_a_play_s_location_travels_as_push_play_s_location_string(store, tmp_path):
    play = store.plays()[0]
    store.set_play_location(play.id, "Café Sol")
    data = push_play(store.play(play.id))
    assert data["location"] == "Café Sol"
    store.set_play_location(play.id, None)
    assert "location" not in push_play(store.play(play.id))  # none said: none sent
    # read back: a string is kept (spaces tidied); another shape is not read, the play still is
    data["location"], other = "  Café   Sol ", Store(tmp_path / "c.sqlite3")
    odd = dict(data, sourcePlayId="odd-1", location={"name": "Casa"})
    plan, (added, _) = _import(other, [data, odd])
    assert plan.refused == [] and added == 2
    assert {p.id: p.location for p in other.plays()} == {play.id: "Café Sol", "odd-1": None}


def test_the_boardgamegeek_play_file(store):
    plays = store.plays()
    root = ET.fromstring(plays_xml(plays))
    assert root.tag == "plays" and root.get("total") == str(len(plays)) == str(len(root))
    for play, node in zip(plays, root, strict=True):
        item = node.find("item")
        assert item is not None
        assert item.get("objectid") == {"dragon": "31594", "chinatown": "47", "dayu": None}[play.game]
        assert node.get("quantity") == "1" and node.get("incomplete") == "0"
        assert len(node.get("date", "")) == 10
        rows = node.findall("players/player")
        assert [(r.get("name"), int(r.get("score", "")), r.get("win") == "1") for r in rows] == [
            (s.name, s.score, s.winner) for s in play.seats
        ]
        assert [r.get("startposition") for r in rows] == [str(i + 1) for i in range(len(rows))]
        assert node.get("location") == (play.location or "")
    store.set_play_location(plays[0].id, "Café Sol")
    assert ET.fromstring(plays_xml(store.plays())).find("play").get("location") == "Café Sol"


def test_a_play_known_by_its_day_alone_goes_out_by_its_day(store, tmp_path, monkeypatch):
    """Its day, on any clock (UTC+14 here, where its stored noon UTC is the next day): BG Stats'
    playDate is noon of that day (BG Stats' date has a time and no play by its day alone), read
    back as that day; BGG's file gives the day. A play with a time keeps its time."""
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")
    time.tzset()
    try:
        play = store.log_calculated(
            "dragon-final",
            {"players": [{"name": "Ana", "vp": 9}, {"name": "Ben", "vp": 3}]},
            date="2026-02-01",
        )
        assert push_play(play)["playDate"] == "2026-02-01 12:00:00"
        timed = store.plays(game="chinatown")[0]
        assert len(push_play(timed)["playDate"]) == 19  # "YYYY-MM-DD HH:MM:SS"
        root = ET.fromstring(plays_xml([play]))
        assert root.find("play").get("date") == "2026-02-01"
        other = Store(tmp_path / "d.sqlite3")
        plan, (added, _) = _import(other, json.loads(push_json([play, timed])))
        assert plan.refused == [] and added == 2
        back = other.play(play.id)
        assert back is not None and local_time(back.date) == "2026-02-01 12:00:00"  # its day
        assert not other.play(timed.id).day_only
        other.close()
    finally:
        monkeypatch.undo()  # this device's own zone again
        time.tzset()


def test_names_that_xml_would_read_as_markup_are_escaped(tmp_path):
    s = Store(tmp_path / "x.sqlite3")
    s.log_calculated("dragon-final", {"players": [{"name": "A&B <x>", "vp": 5}, {"name": 'Zo"ë', "vp": 1}]})
    names = [p.get("name") for p in ET.fromstring(plays_xml(s.plays())).iter("player")]
    assert names == ["A&B <x>", 'Zo"ë']


def test_the_game_ids_come_from_the_rules_data():
    from companion.games import available

    assert set(exchange_data().games) == {"dragon", "chinatown", "dayu"} <= set(available())
    assert game_by_bgg_id(31594) == "dragon" and game_by_bgg_id(47) == "chinatown"
    assert game_by_name("  chinatown ") == "chinatown" and game_by_name("Da Yu") == "dayu"
    assert game_by_name("Ta Yü") is None and game_by_bgg_id(13) is None


def _backup() -> dict:
    """A BG Stats backup as its export writes it (fields from public readers of the format)."""

    def score(ref, points, won=False, seat=0, rank=0):
        return {
            "playerRefId": ref,
            "score": points,
            "winner": won,
            "seatOrder": seat,
            "rank": rank,
            "startPlayer": False,
            "newPlayer": False,
        }

    def play(uuid, game, scores, date="2025-03-01 20:15:00", **more):
        return {
            "uuid": uuid,
            "gameRefId": game,
            "playDate": date,
            "durationMin": 95,
            "locationRefId": 1,
            "ignored": False,
            "manualWinner": False,
            "usesTeams": False,
            "playerScores": scores,
            **more,
        }

    return {
        "games": [
            {
                "id": 1,
                "name": "In the Year of the Dragon",
                "bggId": 31594,
                "highestWins": True,
                "noPoints": False,
            },
            {"id": 2, "name": "CHINATOWN", "bggId": 0, "highestWins": True},  # matched by name
            {"id": 3, "name": "Catan", "bggId": 13},
            {"id": 4, "name": "Da Yu", "bggId": 0},
        ],
        "players": [
            {"id": 10, "name": "ana", "uuid": "P-10", "isAnonymous": False},
            {"id": 11, "name": "Bruno", "uuid": "P-11", "isAnonymous": False},
            {"id": 12, "name": "Anonymous player", "uuid": "P-12", "isAnonymous": True},
            {"id": 13, "name": "Chen", "uuid": "P-13"},
        ],
        "locations": [{"id": 1, "name": "Home", "uuid": "L-1"}],
        "plays": [
            play(
                "AAAA-1",
                1,
                [score(11, "41", True, 1, 1), score(10, 35, False, 0, 2), score(12, "30", seat=2)],
            ),
            play("AAAA-2", 2, [score(10, 520000.0, True), score(11, 480000), score(13, 300000)]),
            play("AAAA-3", 3, [score(10, 10, True), score(11, 8)]),  # Catan
            play(
                "AAAA-4", 4, [score(10, 5), score(11, 4), score(12, 3), score(13, 2), score(10, 1)]
            ),  # 5 at Da Yu
            play("AAAA-5", 1, [score(10, "12.5", True), score(11, 8)]),
            play("AAAA-6", 1, [score(10, 9, True), score(99, 8)]),  # a player not in the file
            play("AAAA-7", 2, [score(10, 1, True), score(11, 0), score(13, 0)], date="3025-01-01 10:00:00"),
            {"uuid": "AAAA-8", "gameRefId": 1},  # damaged: no date, no scores
            play("AAAA-1", 1, [score(10, 1, True), score(11, 0)]),  # the same uuid again
            play("AAAA-9", 4, [score(13, ""), score(11, 3)]),  # no score, no winner marked
            play("AAAA-10", 1, [score(10, 3, True), score(11, 9)]),  # the winner has the lower score
        ],
    }


def test_a_bg_stats_backup_brings_in_these_games_and_refuses_the_rest_one_line_each(tmp_path):
    s = Store(tmp_path / "c.sqlite3")
    ana = s.create_player("Ana")
    plan, (added, created) = _import(s, _backup())
    assert added == 2 and created == 2  # Bruno, Chen; "ana" is Ana; the anonymous player is nobody
    assert sorted(plan.names.values()) == ["Bruno", "Chen"]
    dragon, chinatown = s.play("aaaa-1"), s.play("aaaa-2")
    assert dragon is not None and chinatown is not None
    assert [(x.name, x.score, x.place, x.winner) for x in dragon.seats] == [
        ("ana", 35, 2, False),
        ("Bruno", 41, 1, True),
        ("Anonymous player", 30, 3, False),
    ]
    assert dragon.seats[0].player_id == ana.id and dragon.seats[2].player_id is None
    assert dragon.seconds == 95 * 60 and dragon.game == "dragon" and chinatown.game == "chinatown"
    assert dragon.location == "Home" and s.locations() == ["Home"]  # the backup's locationRefId
    assert [x.score for x in chinatown.seats] == [520000, 480000, 300000]
    reasons = [r.line("en").render("en") for r in plan.refused]
    assert len(reasons) == 9 and all(line.count("\n") == 0 for line in reasons)
    text = "\n".join(reasons)
    for part in (
        "Catan: this app only keeps In the Year of the Dragon, Chinatown and Da Yu",
        "it had 5 players, and Da Yu: The Flood Conqueror is for 2 to 4",
        "ana's score (12.5) isn't a whole number",
        "it names a player the file doesn't have",
        "hasn't come yet",
        "its entry in the file is damaged (playDate)",
        "the file has this play twice",
        "Da Yu: Chen has no score",
        "its winner doesn't have the best score",
    ):
        assert part in text, part
    es = "\n".join(r.line("es").render("es") for r in plan.refused)
    assert "No se trae" in es and "esta aplicación solo guarda" in es and "no es un número entero" in es
    assert {p.id for p in s.plays()} == {"aaaa-1", "aaaa-2"}  # nothing of a refused play is kept

    again, (added, created) = _import(s, _backup())
    assert (added, created, again.already, len(again.refused)) == (0, 0, 2, 9)
    assert len(s.players()) == 3

    # a backup of a store with imported plays restores them (each passes the backup's checks)
    from companion.store.backup import backup_json, restore

    copy = Store(tmp_path / "restored.sqlite3")
    assert restore(copy, backup_json(s)) == (0, 2, 3)
    assert copy.plays() == s.plays()


@pytest.mark.parametrize(
    "raw",
    [b"not json", b"\xff\xfe\x00", b'{"x": 1}', b'{"plays": "many"}', b"[]", b"[1, 2]", b'"text"', b"{}"],
)
def test_a_damaged_or_foreign_file_is_refused_whole_and_changes_nothing(store, raw):
    before, players = store.plays(figures=True), store.players()
    with pytest.raises(ExchangeError) as caught:
        _import(store, read_file_text(raw))
    assert "\n" not in caught.value.msg.render("en") and caught.value.msg.render("es")
    assert store.plays(figures=True) == before and store.players() == players


def test_a_push_play_without_an_id_is_still_found_again(tmp_path):
    s = Store(tmp_path / "d.sqlite3")
    one = {
        "game": {"name": "Chinatown"},
        "playDate": "2025-01-02 18:00:00",
        "players": [
            {"name": "Ana", "score": 3, "winner": True},
            {"name": "Ben", "score": 2},
            {"name": "Cy", "score": 1},
        ],
    }
    _, (added, _) = _import(s, one)
    _, (again, _) = _import(s, [one])
    assert (added, again) == (1, 0)
    play = s.plays()[0]
    assert [x.place for x in play.seats] == [1, 2, 3] and play.seconds is None
