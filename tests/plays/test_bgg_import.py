"""Plays in from BoardGameGeek's XML API 2 ``plays`` answer: pages one after the other, other
games and damaged plays refused one line each, empty scores, a play logged several times,
names in any script; an entity bomb or a foreign file refused whole; a second import and the
app's own BGG export add nothing; the statistics count the plays and their players."""

from __future__ import annotations

import pytest
from plays_helpers import finished_game

from companion.core import Table
from companion.plays.bgg import plays_xml
from companion.plays.bgg_import import plan_bgg_import
from companion.plays.bgstats import ExchangeError, ImportPlan
from companion.store import Store
from companion.store.plays_import import import_plays, known, known_prints


def player(name: str, score: str, win: bool, username: str = "") -> str:
    return (
        f'<player username="{username}" userid="0" name="{name}" startposition="" color="" '
        f'score="{score}" new="0" rating="0" win="{int(win)}"/>'
    )


def play(
    pid: str,
    date: str,
    item: str,
    players: list[str],
    *,
    quantity: str = "1",
    length: str = "0",
    incomplete: str = "0",
    location: str = "",
) -> str:
    return (
        f'<play id="{pid}" date="{date}" quantity="{quantity}" length="{length}" incomplete="{incomplete}" '
        f'nowinstats="0" location="{location}">{item}<players>{"".join(players)}</players></play>'
    )


DRAGON = '<item name="In the Year of the Dragon" objecttype="thing" objectid="31594"/>'
CHINATOWN = '<item name="Chinatown" objecttype="thing" objectid="47"><subtypes/></item>'
DAYU = '<item name="Da Yu" objecttype="thing"/>'  # no BGG id in the rules data: matched by name
CATAN = '<item name="CATAN" objecttype="thing" objectid="13"/>'


def page(n: int, plays: list[str]) -> str:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        f'<plays username="ana" userid="7" total="9" page="{n}" '
        'termsofuse="https://boardgamegeek.com/xmlapi/termsofuse">\n' + "\n".join(plays) + "\n</plays>\n"
    )


def bgg_file() -> bytes:
    """Two pages of a group's plays, saved one after the other."""
    one = [
        play(
            "1001",
            "2026-02-01",
            DRAGON,
            [player("Ana", "41", True, "ana"), player("Bruno", "35", False), player("Zoë", "30", False)],
            length="95",
            location="Café  Sol",
        ),
        play("1002", "2026-02-02", CATAN, [player("Ana", "10", True), player("Bruno", "8", False)]),
        play(  # no score for anyone, a winner marked: kept with its winners alone (no 0 made up)
            "1003",
            "2026-02-03",
            CHINATOWN,
            [player("Ana", "", False), player("李小龍", "", True), player("Zoë", " ", False)],
        ),
        play("1004", "2026-02-04", CHINATOWN, [player("Ana", "12", True)], quantity="x"),  # damaged
    ]
    two = [
        play(  # logged three times: three plays, the length shared out
            "1005",
            "2026-02-05",
            DAYU,
            [player("", "57", True, "ana"), player("Bruno", "40", False)],
            quantity="3",
            length="180",
        ),
        play("1006", "2026-02-06", DAYU, [player("Ana", "20", False), player("Bruno", "", False)]),
        play("1007", "2026-02-07", DAYU, [player("Ana", "lots", True), player("Bruno", "3", False)]),
        play(
            "1008", "2026-02-08", DAYU, [player("Ana", "", False), player("Bruno", "", False)]
        ),  # nor a winner
    ]
    past_the_last = '<plays username="ana" userid="7" total="9" page="3" termsofuse="x/>y"/>'
    # each page saved as a file (one with a byte order mark), then put one after the other, in any order
    return (page(1, one) + past_the_last + "\r\n\ufeff" + page(2, two)).encode()


def _plan(store: Store, data: bytes) -> ImportPlan:
    return plan_bgg_import(data, *known(store), known_prints(store))


def _import(store: Store, data: bytes) -> tuple[ImportPlan, tuple[int, int]]:
    plan = _plan(store, data)
    return plan, import_plays(store, plan.plays, plan.names)


def test_a_group_s_pages_bring_in_these_games_and_refuse_the_rest_one_line_each(tmp_path):
    s = Store(tmp_path / "a.sqlite3")
    ana = s.create_player("ANA")
    plan, (added, created) = _import(s, bgg_file())
    assert added == 5 and created == 3  # Bruno, Zoë, 李小龍; "Ana" (and username "ana") is ANA
    assert sorted(plan.names.values()) == ["Bruno", "Zoë", "李小龍"]
    dragon = s.play("bgg-1001")
    assert dragon is not None and dragon.source == "bgg" and dragon.game == "dragon"
    assert [(x.name, x.score, x.place, x.winner) for x in dragon.seats] == [
        ("Ana", 41, 1, True),
        ("Bruno", 35, 2, False),
        ("Zoë", 30, 3, False),
    ]
    assert dragon.seats[0].player_id == ana.id and dragon.seconds == 95 * 60
    assert dragon.location == "Café Sol" and dragon.date.startswith("2026-02-01")
    won_only = s.play("bgg-1003")  # a winner marked, no scores: kept with no score made up
    assert won_only is not None and not won_only.scored
    assert [(x.name, x.score, x.place, x.winner) for x in won_only.seats] == [
        ("Ana", None, 2, False),
        ("李小龍", None, 1, True),
        ("Zoë", None, 2, False),
    ]
    # BGG logs a day alone: the play is known by that day alone, not by a noon nobody recorded
    assert dragon.day_only and all(p.day_only for p in s.plays())
    copies = [s.play(i) for i in ("bgg-1005", "bgg-1005-2", "bgg-1005-3")]
    assert all(c is not None and c.game == "dayu" and c.seconds == 60 * 60 for c in copies)
    assert copies[0] is not None and copies[0].seats[0].name == "ana"  # the username, no name given
    assert copies[0].seats[0].player_id == ana.id
    reasons = [r.line("en").render("en") for r in plan.refused]
    assert len(reasons) == 5 and all("\n" not in line for line in reasons)
    text = "\n".join(reasons)
    for part in (
        "2 Feb 2026, CATAN: this app only keeps In the Year of the Dragon, Chinatown and Da Yu",
        "4 Feb 2026, Chinatown: its entry in the file is damaged (quantity)",
        "6 Feb 2026, Da Yu: Bruno has no score",
        "Ana's score (lots) isn't a whole number",
        "8 Feb 2026, Da Yu: it has no scores and no winner marked",
    ):
        assert part in text, part
    assert "3 Feb 2026" not in text
    es = "\n".join(r.line("es").render("es") for r in plan.refused)
    assert (
        "8 feb 2026, Da Yu: no tiene puntos ni ganador marcado" in es
        and "su entrada en el archivo está dañada" in es
    )

    again, (added, created) = _import(s, bgg_file())
    assert (added, created, again.already, len(again.refused)) == (0, 0, 5, 5)
    assert len(s.plays()) == 5 and len(s.players()) == 4

    # a backup of a store with BGG plays restores them, source and all
    from companion.store.backup import backup_json, restore

    copy = Store(tmp_path / "restored.sqlite3")
    restore(copy, backup_json(s))
    assert copy.plays() == s.plays()


def test_the_statistics_count_the_plays_brought_in_and_link_them_to_players(tmp_path):
    s = Store(tmp_path / "b.sqlite3")
    _import(s, bgg_file())
    ana = next(p for p in s.players() if p.name == "Ana")  # remembered from the file, then linked
    dayu = s.stats("dayu")
    assert (dayu.plays, dayu.best, dayu.average_seconds) == (3, 57, 3600)
    mine = s.stats("dayu", ana.id)
    assert (mine.plays, mine.wins) == (3, 3)
    page = s.player_page(ana.id)
    assert page.plays == 5 and page.wins == 4  # Dragon, 3 × Da Yu, all won; Chinatown lost to 李小龍
    lost = next(g for g in page.games if g.game == "chinatown")
    assert (lost.plays, lost.wins, lost.average, lost.best) == (1, 0, None, None)
    assert next(h for h in page.head_to_head if h.name == "李小龍").behind == 1  # who won still counts
    chinatown = s.stats("chinatown")  # its only play has winners alone: counted, no 0s made up for it
    assert (chinatown.plays, chinatown.wins, chinatown.unscored_plays) == (1, 1, 1)
    assert (chinatown.average, chinatown.best, chinatown.worst, chinatown.spread) == (None, None, None, [])
    from companion.plays.export import plays_csv

    assert "BoardGameGeek" in plays_csv(s.plays(), "en") and "BoardGameGeek" in plays_csv(s.plays(), "es")


def test_a_play_that_is_not_finished_or_logged_too_many_times_is_refused(tmp_path):
    s = Store(tmp_path / "c.sqlite3")
    two = [player("Ana", "5", True), player("Ben", "1", False)]
    data = page(
        1,
        [
            play("1", "2026-01-01", DRAGON, two, incomplete="1"),
            play("2", "2026-01-02", DRAGON, two, quantity="500"),
            play("3", "2026-01-03", DRAGON, two, length="an hour"),
            play("x7", "2026-01-04", DRAGON, two),
            play("5", "2026-01-05", DRAGON, [player("", "5", True), player("Ben", "1", False)]),
            play("6", "2026-01-06", DRAGON, two),
            play("6", "2026-01-06", DRAGON, two),  # the same page saved twice
            f'<play id="8" date="2026-01-08" quantity="1"><players>{"".join(two)}</players></play>',
        ],
    )
    plan = _plan(s, data.encode())
    assert [p.id for p, _ in plan.plays] == ["bgg-6"]
    text = "\n".join(r.line("en").render("en") for r in plan.refused)
    for part in (
        "1 Jan 2026, In the Year of the Dragon: it's marked as not finished",
        "played 500 times in one go",
        "damaged (length)",
        "damaged (id)",
        "one of its players has no name and no username",
        "the file has this play twice",
        "8 Jan 2026, ?: the file doesn't say which game it was",
    ):
        assert part in text, part


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE plays [
 <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
 <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
 <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
 <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
]>
<plays><play id="1" date="2026-01-01"><item name="&d;" objectid="31594"/></play></plays>"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE plays [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<plays><play id="1" date="2026-01-01"><item name="&x;" objectid="31594"/></play></plays>"""


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (BOMB, "declares entities or a DTD"),
        (EXTERNAL, "declares entities or a DTD"),
        (page(1, []).encode() + BOMB, "declares entities or a DTD"),  # a bomb on a later page
        (b"not xml at all", "isn't XML"),
        (b"", "isn't XML"),
        (b"\xff\xfe<\x00p\x00", "isn't XML"),
        (b"<plays><play></plays>", "isn't XML"),
        (b'{"plays": []}', "isn't XML"),
        (b'<items totalitems="1"><item objectid="47"/></items>', "it holds <items>, not <plays>"),
        (page(1, []).encode() + b"<error><message>Rate limit exceeded.</message></error>", "<error>"),
    ],
)
def test_a_damaged_or_foreign_file_is_refused_whole_and_changes_nothing(tmp_path, raw, says):
    s = Store(tmp_path / "d.sqlite3")
    s.log_calculated("dragon-final", {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 1}]})
    before, players = s.plays(figures=True), s.players()
    with pytest.raises(ExchangeError) as caught:
        _import(s, raw)
    line = caught.value.msg.render("en")
    assert says in line and "\n" not in line and caught.value.msg.render("es") != line
    assert s.plays(figures=True) == before and s.players() == players


def test_the_app_s_own_bgg_export_brings_nothing_into_the_store_it_came_from(tmp_path):
    s = Store(tmp_path / "e.sqlite3")
    ana = s.create_player("Ana")
    for seed in range(6):  # all three games
        table = Table.from_dict(finished_game(seed).to_dict(), trusted=True)
        s.create(table, [ana.id] + [None] * (len(table.players) - 1))
    s.log_calculated("dragon-final", {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 1}]})
    s.log_calculated("dragon-final", {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 1}]})
    exported = plays_xml(s.plays()).encode()
    before = s.plays(figures=True)
    plan, (added, created) = _import(s, exported)
    assert (added, created, plan.already, plan.refused) == (0, 0, 8, [])
    assert s.plays(figures=True) == before

    # Into another store it brings every play (the two alike stay two), and only once.
    other = Store(tmp_path / "f.sqlite3")
    plan, (added, _) = _import(other, exported)
    assert added == 8 and all(p.source == "bgg" for p in other.plays())
    assert sorted((p.game, [x.score for x in p.seats]) for p in other.plays()) == sorted(
        (p.game, [x.score for x in p.seats]) for p in before
    )
    again, (added, _) = _import(other, exported)
    assert (added, again.already) == (0, 8)
    # A third play like the two, in a later export, is new.
    more = plays_xml([*s.plays(), s.plays()[0].model_copy(update={"id": "x"})]).encode()
    assert len(_plan(s, more).plays) == 1


def test_a_name_the_group_does_not_know_is_linked_by_its_bgg_username(tmp_path):
    s = Store(tmp_path / "g.sqlite3")
    ddmits = s.create_player("ddmits")
    seats = [player("Dimitris Dranidis", "142", False, "ddmits"), player("Andreas", "145", True, "adranidis")]
    plan, (added, created) = _import(s, page(1, [play("48077780", "2021-01-01", DRAGON, seats)]).encode())
    assert (added, created, list(plan.names.values())) == (1, 1, ["Andreas"])
    played = s.play("bgg-48077780")
    assert played is not None
    assert [(x.name, x.player_id is not None) for x in played.seats] == [
        ("Dimitris Dranidis", True),
        ("Andreas", True),
    ]
    assert played.seats[0].player_id == ddmits.id


def test_a_file_asking_for_more_plays_than_one_import_takes_is_refused_whole(tmp_path):
    s = Store(tmp_path / "h.sqlite3")
    two = [player("Ana", "5", True), player("Ben", "1", False)]
    many = page(1, [play(str(i), "2026-01-01", DRAGON, two, quantity="100") for i in range(1001)])
    with pytest.raises(ExchangeError) as caught:
        _plan(s, many.encode())
    assert caught.value.msg.render("en").startswith("it holds 100,100 plays, too many for one import")
    assert caught.value.msg.render("es").startswith("tiene 100.100 partidas, demasiadas")
    assert (
        len(_plan(s, page(1, [play("1", "2026-01-01", DRAGON, two, quantity="100")]).encode()).plays) == 100
    )


def test_plays_without_an_id_logged_several_times_each_come_in_once_per_time(tmp_path):
    """Copies of a play without a BGG id were given the ids "bgg--2", "bgg--3": the same for every
    such play, so the second play's copy was refused as "twice in the file", and any later file's
    was taken as already in the log."""
    seats = [player("Ana", "50", True), player("Ben", "40", False), player("Cy", "1", False)]
    first = play("", "2026-02-01", CHINATOWN, seats, quantity="3")
    others = [player("Ana", "60", True), player("Ben", "30", False), player("Cy", "2", False)]
    second = play("", "2026-02-02", CHINATOWN, others, quantity="2")
    s = Store(tmp_path / "q.sqlite3")
    plan, (added, _) = _import(s, page(1, [first, second]).encode())
    assert (added, plan.refused) == (5, []) and not any(p.id.startswith("bgg--") for p in s.plays())
    days = sorted(p.date[:10] for p in s.plays())
    assert days == ["2026-02-01"] * 3 + ["2026-02-02"] * 2
    later = play("", "2026-03-01", CHINATOWN, seats, quantity="2")  # another file, another evening
    plan, (added, _) = _import(s, page(1, [later]).encode())
    assert (added, plan.already) == (2, 0)
    again, (added, _) = _import(s, page(1, [first, second]).encode())
    assert (added, again.already) == (0, 5)


def test_an_evening_logged_here_and_on_bgg_too_comes_in_once(tmp_path):
    """A play with a BGG id the log does not hold was added even when the group had logged that
    very play here: the statistics counted the evening twice. It is now matched by game, day,
    names and scores with the log's plays that carry no BGG id, one file play per log play."""
    from companion.plays.bgg import play_day

    s = Store(tmp_path / "r.sqlite3")
    here = s.log_calculated(
        "dragon-final", {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 31}]}
    )
    day = play_day(here)
    seats = [player("ana", "50", True), player("Zoë", "31", False)]  # names compared as the log keys them
    twice = play("900", day, DRAGON, seats, quantity="2")  # the same evening logged twice on BGG
    other = play("901", day, DRAGON, [player("Ana", "50", True), player("Zoë", "30", False)])
    plan, (added, _) = _import(s, page(1, [twice, other]).encode())
    assert (added, plan.already) == (2, 1)
    assert sorted(p.id for p in s.plays()) == sorted([here.id, "bgg-900-2", "bgg-901"])
    again, (added, _) = _import(s, page(1, [twice, other]).encode())
    assert (added, again.already) == (0, 3)
    # a play the log holds by another BGG id is another play, whatever its scores
    plan, (added, _) = _import(
        s,
        page(1, [play("902", day, DRAGON, [player("Ana", "50", True), player("Zoë", "30", False)])]).encode(),
    )
    assert (added, plan.already) == (1, 0)


def test_a_play_s_seats_come_in_by_their_start_position_as_the_log_keeps_its_own(tmp_path):
    """The log lists every play's seats in their seats' order (a table's, Quick score's as typed):
    a BGG play whose players each say their start position keeps it; one that does not, the file's."""

    def at(name: str, score: str, win: bool, start: str) -> str:
        return player(name, score, win).replace('startposition=""', f'startposition="{start}"')

    s = Store(tmp_path / "s.sqlite3")
    seated = [at("Ana", "120", True, "2"), at("Bruno", "90", False, "3"), at("Zoë", "100", False, "1")]
    unseated = [at("Ana", "110", True, "1"), at("Bruno", "95", False, ""), at("Zoë", "99", False, "2")]
    twice = [at("Zoë", "90", False, "2"), at("Ana", "110", True, "1"), at("Bruno", "95", False, "1")]
    _import(
        s,
        page(
            1,
            [
                play("1", "2026-03-05", CHINATOWN, seated),
                play("2", "2026-03-06", CHINATOWN, unseated),
                play("3", "2026-03-07", CHINATOWN, twice),
            ],
        ).encode(),
    )
    names = {p.id: [(x.seat, x.name) for x in p.seats] for p in s.plays()}
    assert names["bgg-1"] == [(0, "Zoë"), (1, "Ana"), (2, "Bruno")]
    assert names["bgg-2"] == [(0, "Ana"), (1, "Bruno"), (2, "Zoë")]  # one seat not said: as the file
    assert names["bgg-3"] == [(0, "Zoë"), (1, "Ana"), (2, "Bruno")]  # a seat said twice: as the file


def test_an_evening_logged_here_is_known_whatever_order_bgg_lists_its_players_in(tmp_path):
    """The log's play and BGG's, players typed in another order (or seated by start position):
    the same evening, brought in once."""
    from companion.plays.bgg import play_day

    s = Store(tmp_path / "o.sqlite3")
    here = s.log_calculated(
        "dragon-final",
        {"players": [{"name": "Ana", "vp": 50}, {"name": "Zoë", "vp": 31}, {"name": "Bo", "vp": 40}]},
    )
    seats = [player("Bo", "40", False), player("Zoë", "31", False), player("ana", "50", True)]
    plan, (added, _) = _import(s, page(1, [play("", play_day(here), DRAGON, seats)]).encode())
    assert (added, plan.already) == (0, 1)
