"""Plays logged with their winners alone (BoardGameGeek's usual play: who played, who won, no
score): kept with every score None, on both backends. Wins, win rates, streaks and who finished
ahead count them; every score figure (averages, best and worst, the spread, the records, the
figures by month) leaves them out and says "no scores" where none is left. Exports write empty
scores, the app's own BGG file brings nothing back twice, a backup holding one is version 4.

The figures below are worked out by hand from four Dragon plays of Ana and Ben:
  P1 2026-03-10 Quick score  Ana 50 (won), Ben 31
  P2 2026-03-20 Quick score  Ana 40, Ben 44 (won)
  P3 2026-03-25 BGG          Ana won, Ben (no scores)
  P4 2026-04-02 BGG          Ben won, Ana, Cai (no scores)
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from companion.plays.bgg import plays_xml
from companion.plays.bgstats import plan_import, push_json
from companion.plays.export import plays_csv, read_csv
from companion.plays.models import PlayRecord, PlaySeat
from companion.store import Store, StoreError
from companion.store import backup as backup_module
from companion.store.backup import backup_json, read_backup, restore
from companion.store.plays_import import import_plays, known, plan_bgg

DRAGON = '<item name="In the Year of the Dragon" objecttype="thing" objectid="31594"/>'


def _player(name: str, win: bool, score: str = "") -> str:
    return (
        f'<player username="" userid="0" name="{name}" score="{score}" new="0" rating="0" win="{int(win)}"/>'
    )


def _play(pid: str, day: str, players: list[str]) -> str:
    return (
        f'<play id="{pid}" date="{day}" quantity="1" length="0" incomplete="0" nowinstats="0" location="">'
        f"{DRAGON}<players>{''.join(players)}</players></play>"
    )


def _file(*plays: str) -> bytes:
    return (
        '<?xml version="1.0" encoding="utf-8"?><plays username="ana" userid="7" total="2" page="1">'
        + "".join(plays)
        + "</plays>"
    ).encode()


WON_ONLY = _file(
    _play("7003", "2026-03-25", [_player("Ana", True), _player("Ben", False)]),
    _play("7004", "2026-04-02", [_player("Ben", True), _player("Ana", False), _player("Cai", False)]),
)


def _log(tmp_path, name: str = "won.sqlite3") -> tuple[Store, str, str]:
    s = Store(tmp_path / name)
    ana, ben = s.create_player("Ana"), s.create_player("Ben")
    for day, (a, b) in (("2026-03-10", (50, 31)), ("2026-03-20", (40, 44))):
        data = {"players": [{"name": "Ana", "vp": a}, {"name": "Ben", "vp": b}]}
        s.log_calculated("dragon-final", data, date=day, player_ids=[ana.id, ben.id])
    plan = plan_bgg(s, WON_ONLY)
    assert (len(plan.plays), plan.refused) == (2, [])
    assert import_plays(s, plan.plays, plan.names) == (2, 1)  # Cai remembered
    return s, ana.id, ben.id


def test_a_play_without_scores_is_stored_and_read_back_as_it_was(tmp_path):
    s, ana, _ben = _log(tmp_path)
    p3 = s.play("bgg-7003")
    assert p3 is not None and not p3.scored
    assert [(x.name, x.player_id == ana, x.score, x.place, x.winner) for x in p3.seats] == [
        ("Ana", True, None, 1, True),
        ("Ben", False, None, 2, False),
    ]
    assert [p for p in s.plays() if p.id == "bgg-7003"] == [p3]
    again = Store(tmp_path / "won.sqlite3")  # a second connection reads the same
    assert again.play("bgg-7004") == s.play("bgg-7004")
    with pytest.raises(ValueError):  # every score or none: half a play's scores is no play
        PlayRecord(
            id="half",
            game="dragon",
            date="2026-04-03T12:00:00+00:00",
            seats=[
                PlaySeat(seat=0, name="Ana", score=3, place=1, winner=True),
                PlaySeat(seat=1, name="Ben", score=None, place=2, winner=False),
            ],
        )


def test_the_group_s_statistics_count_its_wins_and_none_of_its_scores(tmp_path):
    s, ana, ben = _log(tmp_path)
    g = s.stats("dragon")
    assert (g.plays, g.seats, g.wins, g.scored, g.unscored_plays) == (4, 9, 4, 4, 2)
    assert (g.average, g.best, g.worst) == (165 / 4, 50, 31)  # (50 + 31 + 40 + 44) / 4, not / 9
    assert g.spread == [(31, 1), (40, 1), (44, 1), (50, 1)]
    lines = {p.name: (p.plays, p.wins, p.average, p.best, p.worst) for p in g.players}
    assert lines == {
        "Ana": (4, 2, 45.0, 50, 40),
        "Ben": (4, 2, 37.5, 44, 31),
        "Cai": (1, 0, None, None, None),  # played, never scored: no 0 made up
    }
    assert [(r.key, r.seats, r.wins) for r in g.by_count] == [(2, 6, 3), (3, 3, 1)]
    records = {r.kind: (r.value, [h.name for h in r.holders]) for r in s.records("dragon")}
    assert records["high_win"] == (50, ["Ana"]) and records["low_win"] == (44, ["Ben"])
    assert records["margin"] == (19, ["Ana"])  # P1: 50 - 31; the plays without scores have none
    months = s.game_periods("dragon").by_month
    assert [(m.key, m.plays, m.seats, m.wins, m.total, m.best, m.average) for m in months] == [
        ("2026-03", 3, 6, 3, 165, 50, 165 / 4),
        ("2026-04", 1, 3, 1, 0, None, None),
    ]
    # a period: the filtered path sums the rows it keeps (P2, P3, P4)
    since = s.stats("dragon", since="2026-03-15")
    assert (since.plays, since.seats, since.wins, since.unscored_plays) == (3, 7, 3, 2)
    assert (since.average, since.best, since.worst) == (42.0, 44, 40)
    assert ana != ben


def test_a_player_s_figures_count_the_plays_won_without_scores(tmp_path):
    s, ana, ben = _log(tmp_path)
    mine = s.stats("dragon", ana)
    assert (mine.plays, mine.wins, mine.seats, mine.unscored_plays) == (4, 2, 4, 2)
    assert (mine.average, mine.best, mine.worst) == (45.0, 50, 40)
    page = s.player_page(ana)
    assert (page.plays, page.wins, page.longest_win_streak, page.current_streak) == (4, 2, 1, -1)
    [dragon] = page.games
    assert (dragon.plays, dragon.wins, dragon.average, dragon.best) == (4, 2, 45.0, 50)
    [h2h] = [h for h in page.head_to_head if h.player_id == ben]
    assert (h2h.shared, h2h.wins, h2h.their_wins, h2h.ahead, h2h.behind) == (4, 2, 2, 2, 2)
    months = s.game_periods("dragon", ana).by_month
    assert [(m.key, m.plays, m.wins, m.average) for m in months] == [
        ("2026-03", 3, 2, 45.0),
        ("2026-04", 1, 0, None),
    ]
    cai = next(p for p in s.players() if p.name == "Cai")
    theirs = s.stats("dragon", cai.id)
    assert (theirs.plays, theirs.wins, theirs.average, theirs.best, theirs.spread) == (1, 0, None, None, [])


def test_exports_write_empty_scores_and_the_app_s_own_files_come_back_once(tmp_path):
    s, _ana, _ben = _log(tmp_path)
    plays = s.plays()
    rows = read_csv(plays_csv(plays, "en"))
    score = rows[0].index("Score")
    assert sorted(r[score] for r in rows[1:]) == ["", "", "", "", "", "31", "40", "44", "50"]
    xml = ET.fromstring(plays_xml(plays))
    assert sorted(p.get("score") for p in xml.iter("player")) == ["", "", "", "", "", "31", "40", "44", "50"]
    pushed = json.loads(push_json([s.play("bgg-7004")], one=True))
    assert [(p["name"], p["score"], p["winner"]) for p in pushed["players"]] == [
        ("Ben", None, True),
        ("Ana", None, False),
        ("Cai", None, False),
    ]
    # the app's own BGG file (no play ids) matches on game, day and players: nothing twice
    again = plan_bgg(s, plays_xml(plays).encode())
    assert (again.plays, again.already, again.refused) == ([], 4, [])
    # a BG Stats push play brought into a new log keeps its winners alone
    other = Store(tmp_path / "other.sqlite3")
    plan = plan_import(pushed, *known(other))
    [(record, _links)] = plan.plays
    assert [(x.name, x.score, x.winner) for x in record.seats] == [
        ("Ben", None, True),
        ("Ana", None, False),
        ("Cai", None, False),
    ]
    # that play, logged here from BG Stats, is the BGG play with its id: game, day, players
    import_plays(other, plan.plays, plan.names)
    bgg = plan_bgg(other, WON_ONLY)
    assert (len(bgg.plays), bgg.already) == (1, 1)


def test_a_play_with_neither_scores_nor_a_winner_is_refused_in_both_languages(tmp_path):
    s = Store(tmp_path / "n.sqlite3")
    plan = plan_bgg(s, _file(_play("7005", "2026-04-05", [_player("Ana", False), _player("Ben", False)])))
    assert plan.plays == []
    [refused] = plan.refused
    assert refused.line("en").render("en") == (
        "Not brought in: 5 Apr 2026, In the Year of the Dragon: it has no scores and no winner marked."
    )
    assert refused.line("es").render("es") == (
        "No se trae: 5 abr 2026, In the Year of the Dragon: no tiene puntos ni ganador marcado."
    )
    pushed = {
        "playDate": "2026-04-05 20:00:00",
        "game": {"name": "Da Yu", "sourceGameId": "x"},
        "players": [{"name": "Ana", "winner": False}, {"name": "Ben", "winner": False}],
    }
    [why] = plan_import(pushed, *known(s)).refused
    assert why.reason.render("en") == "it has no scores and no winner marked"


def test_a_backup_with_such_a_play_is_version_4_and_an_older_app_says_it_is_too_new(tmp_path, monkeypatch):
    s, _ana, _ben = _log(tmp_path)
    text = backup_json(s)
    assert json.loads(text)["version"] == 4
    copy = Store(tmp_path / "copy.sqlite3")
    restore(copy, text)
    assert copy.plays() == s.plays()
    monkeypatch.setattr(backup_module, "BACKUP_VERSION", 3)  # what the version before this one knows
    with pytest.raises(StoreError) as refused:
        read_backup(text)
    assert refused.value.msg.key == "plays.backup.too_new"
    monkeypatch.undo()
    for play in s.plays():  # every play with its scores: version 3, as before, for older apps
        if not play.scored:
            s.delete_play(play.id)
    assert json.loads(backup_json(s))["version"] == 3


@pytest.mark.postgresql_only
def test_a_postgresql_store_of_schema_9_takes_plays_without_scores(tmp_path):
    """The PostgreSQL side of schema 10: a score column that was NOT NULL takes NULL after the upgrade."""
    path = tmp_path / "pg.sqlite3"
    s = Store(path)
    s._db.begin(exclusive=True)
    s._db.execute("ALTER TABLE play_seats ALTER COLUMN score SET NOT NULL")
    s._db.set_schema_version(9)
    s._db.commit()
    s.close()
    s, _ana, _ben = _log(tmp_path, "pg.sqlite3")  # the same schema again: upgraded, then the plays logged
    assert s._db.schema_version() == 10
    assert [x.score for x in s.play("bgg-7003").seats] == [None, None]
