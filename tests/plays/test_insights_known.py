"""Streaks, rivals and nemeses, the H-index, records and locations on small hand-made logs whose
answers are worked out by hand (issue 31)."""

from __future__ import annotations

import pytest
from plays_insights_helpers import make_play

from companion.store import Store, StoreError
from companion.store.plays_insights import streaks


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def _ids(store, *names):
    return {n: store.create_player(n).id for n in names}


def _log(store, *plays):
    for play in plays:
        store.restore_play(play)


@pytest.mark.parametrize(
    "results,answer",
    [
        ("", (0, 0)),
        ("W", (1, 1)),
        ("L", (0, -1)),
        ("WWLWWWL", (3, -1)),
        ("LWWLWW", (2, 2)),
        ("WWWLL", (3, -2)),
        ("LLLWWWW", (4, 4)),
    ],
)
def test_streaks_of_known_sequences(results, answer):
    assert streaks([c == "W" for c in results]) == answer


def test_a_players_streaks_follow_the_dates_not_the_order_logged(store):
    p = _ids(store, "Ana", "Ben")
    # Ana's results in time order: W W L W W W L (logged shuffled; the last two on one day,
    # ordered by play id)
    days = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-06", "2026-01-06"]
    wins = [True, True, False, True, True, True, False]
    plays = [
        make_play(
            "dayu",
            f"{d}T20:00:00+00:00",
            [("Ana", p["Ana"], 10 if w else 5), ("Ben", p["Ben"], 7)],
            play_id=f"play-{i}",
        )
        for i, (d, w) in enumerate(zip(days, wins, strict=True))
    ]
    _log(store, *reversed(plays))
    page = store.player_page(p["Ana"])
    assert (page.longest_win_streak, page.current_streak) == (3, -1)
    assert (page.plays, page.wins) == (7, 5)
    assert page.first_play.play_id == "play-0" and page.last_play.play_id == "play-6"
    ben = store.player_page(p["Ben"])
    assert (ben.longest_win_streak, ben.current_streak) == (1, 1)
    # within a period: Ana's plays from 4 January on are W W W L
    part = store.player_page(p["Ana"], since="2026-01-04")
    assert (part.plays, part.longest_win_streak, part.current_streak) == (4, 3, -1)


def test_rival_and_nemesis_count_only_after_three_shared_plays(store):
    p = _ids(store, "Ana", "Ben", "Cy", "Dee")
    day = iter(range(1, 29))

    def play(*seats):  # (name, score)
        return make_play(
            "chinatown", f"2026-02-{next(day):02d}T20:00:00+00:00", [(n, p[n], s) for n, s in seats]
        )

    _log(
        store,
        # Ben: 4 plays with Ana, ahead of her in 1
        play(("Ana", 9), ("Ben", 5)),
        play(("Ana", 9), ("Ben", 5)),
        play(("Ana", 9), ("Ben", 5)),
        play(("Ana", 4), ("Ben", 5)),
        # Cy: 3 plays with Ana, ahead in 2 (the nemesis: ahead most often)
        play(("Ana", 1), ("Cy", 5)),
        play(("Ana", 1), ("Cy", 5)),
        play(("Ana", 9), ("Cy", 5)),
        # Dee: ahead of Ana in both of their 2 plays, too few to count
        play(("Ana", 1), ("Dee", 5)),
        play(("Ana", 1), ("Dee", 5)),
    )
    page = store.player_page(p["Ana"])
    assert page.rival.name == "Ben" and page.rival.shared == 4
    assert page.nemesis.name == "Cy" and page.nemesis.behind == 2
    table = {h.name: (h.shared, h.wins, h.their_wins, h.ahead, h.behind) for h in page.head_to_head}
    assert table == {"Ben": (4, 3, 1, 3, 1), "Cy": (3, 1, 2, 1, 2), "Dee": (2, 0, 2, 0, 2)}
    assert [h.name for h in page.head_to_head] == ["Ben", "Cy", "Dee"]
    # Dee has only two plays with anyone: no rival, no nemesis
    dee = store.player_page(p["Dee"])
    assert dee.rival is None and dee.nemesis is None
    # Ben was never behind... Ana was ahead of Ben 3 times: Ben's nemesis is Ana
    assert store.player_page(p["Ben"]).nemesis.name == "Ana"
    # Cy finished ahead of Ana twice and behind once; Cy's nemesis is Ana (ahead once)
    assert store.player_page(p["Cy"]).nemesis.name == "Ana"


def test_rival_and_nemesis_ties_are_broken_by_fewer_plays_then_name(store):
    p = _ids(store, "Ana", "Zed", "Bo")
    n = iter(range(1, 29))
    plays = []
    for rival, scores in (("Zed", [1, 1, 9, 9]), ("Bo", [1, 1, 9, 9])):  # 4 shared each, 2 ahead each
        for s in scores:
            plays.append(
                make_play(
                    "dayu",
                    f"2026-03-{next(n):02d}T20:00:00+00:00",
                    [("Ana", p["Ana"], s), (rival, p[rival], 5)],
                )
            )
    _log(store, *plays)
    page = store.player_page(p["Ana"])
    assert page.rival.name == "Bo" and page.nemesis.name == "Bo"  # equal: by name
    # one more play with Zed, Ana ahead: Zed is the rival (5 shared); the nemesis stays Bo
    # (ahead 2 times each, in fewer plays)
    _log(store, make_play("dayu", "2026-03-28T20:00:00+00:00", [("Ana", p["Ana"], 9), ("Zed", p["Zed"], 5)]))
    page = store.player_page(p["Ana"])
    assert page.rival.name == "Zed" and page.nemesis.name == "Bo"


@pytest.mark.parametrize(
    "counts,h",
    [
        ({}, 0),
        ({"dragon": 1}, 1),
        ({"dragon": 5, "dayu": 1}, 1),
        ({"dragon": 5, "dayu": 2}, 2),
        ({"dragon": 3, "dayu": 3, "chinatown": 2}, 2),
        ({"dragon": 3, "dayu": 3, "chinatown": 3}, 3),
    ],
)
def test_h_index_of_known_logs(store, counts, h):
    p = _ids(store, "Ana", "Ben")
    i = 0
    for game, n in counts.items():
        for _ in range(n):
            i += 1
            _log(
                store,
                make_play(game, f"2026-04-{i:02d}T20:00:00+00:00", [("Ana", p["Ana"], 3), ("Ben", None, 2)]),
            )
    got = store.h_index()
    assert got.h == h
    assert dict(got.games) == counts
    assert store.h_index(p["Ben"]).h == 0  # Ben's seats were never linked


def test_records_with_holders_and_the_earliest_play_on_a_tie(store):
    p = _ids(store, "Ana", "Ben", "Cy")
    _log(
        store,
        make_play(
            "dayu",
            "2026-05-01T20:00:00+00:00",
            [("Ana", p["Ana"], 40), ("Ben", p["Ben"], 30)],
            seconds=3600,
            play_id="a",
        ),
        # the same best score later: the record stays with play a
        make_play(
            "dayu",
            "2026-05-02T20:00:00+00:00",
            [("Ana", p["Ana"], 20), ("Ben", p["Ben"], 40)],
            seconds=600,
            play_id="b",
        ),
        # a shared win on 25: both hold the lowest winning score; a margin of 0 is not a record
        make_play(
            "dayu",
            "2026-05-03T20:00:00+00:00",
            [("Cy", p["Cy"], 25), ("Ben", p["Ben"], 25), ("Guest", None, 1)],
            play_id="c",
        ),
        # everyone tied (no seat lost): no margin counted; the longest play
        make_play(
            "dayu",
            "2026-05-04T20:00:00+00:00",
            [("Ana", p["Ana"], 30), ("Ben", p["Ben"], 30)],
            seconds=7200,
            play_id="d",
        ),
        # a tie-break's single winner: margin 0
        make_play(
            "dayu",
            "2026-05-05T20:00:00+00:00",
            [("Ana", p["Ana"], 33), ("Cy", p["Cy"], 33)],
            winners=[1],
            play_id="e",
        ),
    )
    got = {r.kind: (r.value, r.play_id, [h.name for h in r.holders]) for r in store.records("dayu")}
    assert got == {
        "high_win": (40, "a", ["Ana"]),
        "low_win": (25, "c", ["Cy", "Ben"]),
        "margin": (24, "c", ["Cy", "Ben"]),
        "longest": (7200, "d", ["Ana", "Ben"]),
        "shortest": (600, "b", ["Ben"]),
    }
    assert store.records("dragon") == []
    ana = store.player_page(p["Ana"])
    assert {r.kind for r in ana.records} == {"high_win", "longest"}
    # in May from the 2nd on, play b holds the highest winning score
    assert store.records("dayu", since="2026-05-02")[0].play_id == "b"
    # a corrected score moves the margin record: play e is now won by 10
    store.rescore_play("e", [33, 43])
    margin = next(r for r in store.records("dayu") if r.kind == "margin")
    assert (margin.value, margin.play_id, [h.name for h in margin.holders]) == (24, "c", ["Cy", "Ben"])
    store.rescore_play("a", [70, 30])
    margin = next(r for r in store.records("dayu") if r.kind == "margin")
    assert (margin.value, margin.play_id, [h.name for h in margin.holders]) == (40, "a", ["Ana"])


def test_splits_by_expansion_and_player_count(store):
    p = _ids(store, "Ana", "Ben", "Cy")
    plain = {"great_wall": False, "super_events": False}
    wall = {"great_wall": True, "super_events": False}
    both = {"great_wall": True, "super_events": True}
    for i, (options, seats) in enumerate(
        [(plain, 2), (wall, 3), (wall, 2), (both, 3), ({}, 2)]  # {}: never said: its own split
    ):
        names = ["Ana", "Ben", "Cy"][:seats]
        _log(
            store,
            make_play(
                "dragon",
                f"2026-06-0{i + 1}T20:00:00+00:00",
                [(n, p[n], 10 * (j + 1)) for j, n in enumerate(names)],
                options=options,
            ),
        )
    split = {s.key: (s.plays, s.seats, s.wins, s.total) for s in store.by_expansion("dragon")}
    assert split == {
        "base": (1, 2, 1, 30),
        "great_wall": (2, 5, 2, 90),
        "great_wall+super_events": (1, 3, 1, 60),
        "unsaid": (1, 2, 1, 30),
    }
    keys = [s.key for s in store.by_expansion("dragon")]
    assert keys == ["base", "great_wall", "great_wall+super_events", "unsaid"]
    counts = {s.key: (s.plays, s.wins, s.best) for s in store.by_player_count("dragon", p["Ana"])}
    assert counts == {"2": (3, 0, 10), "3": (2, 0, 10)}
    assert [(m.key, m.plays) for m in store.by_month("dragon")] == [("2026-06", 5)]


def test_locations_are_remembered_offered_and_filter(store):
    p = _ids(store, "Ana")
    one = make_play("dayu", "2026-07-01T20:00:00+00:00", [("Ana", p["Ana"], 3), ("Bo", None, 2)])
    two = make_play("dayu", "2026-07-02T20:00:00+00:00", [("Ana", p["Ana"], 1), ("Bo", None, 2)])
    _log(store, one, two)
    assert store.set_play_location(one.id, "  Café   Sol ").location == "Café Sol"
    assert store.set_play_location(two.id, "CAFÉ SOL").location == "Café Sol"  # the remembered spelling
    store.set_play_location(two.id, "Home")
    assert store.locations() == ["Home", "Café Sol"]  # the latest used first
    assert [x.id for x in store.plays(location="café sol")] == [one.id]
    assert store.stats("dayu", location="home").plays == 1
    assert store.player_page(p["Ana"], location="Home").wins == 0
    assert store.set_play_location(two.id, " ").location is None
    assert store.locations() == ["Home", "Café Sol"]  # still offered
    store.forget_location("home")
    assert store.locations() == ["Café Sol"]
    with pytest.raises(StoreError):
        store.set_play_location(one.id, "x" * 49)
    with pytest.raises(StoreError):
        store.set_play_location("no-such-play", "Home")
    with pytest.raises(StoreError):
        store.player_page("no-such-player")
    # a deleted play comes back with its location, which a restore remembers again
    gone = store.delete_play(one.id)
    store.forget_location("Café Sol")
    store.restore_play(gone)
    assert store.play(one.id).location == "Café Sol" and store.locations() == ["Café Sol"]


def test_a_location_travels_in_a_backup_and_an_unset_one_is_not_written(store, tmp_path):
    from companion.store.backup import backup_json, restore

    p = _ids(store, "Ana")
    here = make_play(
        "dayu", "2026-08-01T20:00:00+00:00", [("Ana", p["Ana"], 3), ("Bo", None, 2)], play_id="here"
    )
    nowhere = make_play(
        "dayu", "2026-08-02T20:00:00+00:00", [("Ana", p["Ana"], 3), ("Bo", None, 2)], play_id="nowhere"
    )
    _log(store, here, nowhere)
    store.set_play_location("here", "Club")
    assert "location" not in store.play("nowhere").model_dump(mode="json")  # as before schema 8
    assert store.play("here").model_dump(mode="json")["location"] == "Club"
    other = Store(tmp_path / "other.sqlite3")
    restore(other, backup_json(store))
    assert other.play("here").location == "Club" and other.play("nowhere").location is None
    assert other.locations() == ["Club"]
    other.close()
