"""The player list on a real SQLite store: created, renamed, merged, deleted when unused, linked."""

from __future__ import annotations

import pytest
from dragon_helpers import random_table, step_random
from plays_helpers import finished_game

from companion.core import Table
from companion.store import Store, StoreError


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "tables.sqlite3")
    yield s
    s.close()


def test_players_are_created_listed_and_found(store):
    ana = store.create_player("  Ana  ", "red", "always takes red")
    store.create_player("Ben")
    assert ana.name == "Ana" and ana.color == "red" and ana.note == "always takes red"
    assert {p.name for p in store.players()} == {"Ana", "Ben"}
    assert store.find_player("ANA").id == ana.id
    assert store.find_player("Nobody") is None


@pytest.mark.parametrize(
    ("name", "color", "note", "key"),
    [
        ("", None, "", "plays.player.bad_name"),
        ("x" * 25, None, "", "plays.player.bad_name"),
        ("Ana\x1b[2J", None, "", "plays.player.bad_name"),
        ("Ana", "pink", "", "plays.player.bad_color"),
        ("Ana", None, "n" * 81, "plays.player.bad_note"),
    ],
)
def test_bad_players_are_refused_with_a_clear_error(store, name, color, note, key):
    with pytest.raises(StoreError) as err:
        store.create_player(name, color, note)
    assert err.value.msg.key == key
    assert store.players() == []


def test_two_players_never_share_a_name(store):
    store.create_player("Ana")
    with pytest.raises(StoreError, match="already a player called"):
        store.create_player("ana")
    ben = store.create_player("Ben")
    with pytest.raises(StoreError):
        store.rename_player(ben.id, "ANA")


def test_a_rename_reaches_the_statistics_but_never_an_old_table(store):
    ana, ben = store.create_player("Ana"), store.create_player("Ben")
    table = finished_game(1)  # chinatown, 3 to 5 players
    store.create(table, [ana.id, ben.id] + [None] * (len(table.players) - 2))
    store.rename_player(ana.id, "Anabel")
    play = store.plays()[0]
    assert play.seats[0].name == "Ana" and play.seats[0].player_id == ana.id  # the table's own copy
    assert store.open(table.id).players[0].name == "Ana"
    assert "Anabel" in {p.name for p in store.stats("chinatown").players}
    assert store.player(ana.id).plays == 1


def test_merge_moves_every_link_and_removes_the_other(store):
    ana, anna = store.create_player("Ana"), store.create_player("Anna")
    first, second = finished_game(2), finished_game(5)  # two Da Yu games
    store.create(first, [ana.id] + [None] * (len(first.players) - 1))
    store.create(second, [None, anna.id] + [None] * (len(second.players) - 2))
    merged = store.merge_players(ana.id, anna.id)
    assert merged.plays == 2
    assert [p.id for p in store.players()] == [ana.id]
    assert store.stats("dayu", ana.id).plays == 2
    assert store.seat_links(second.id)[1] == ana.id


def test_merge_is_refused_when_both_sat_at_one_table(store):
    ana, ben = store.create_player("Ana"), store.create_player("Ben")
    table = finished_game(2)
    store.create(table, [ana.id, ben.id] + [None] * (len(table.players) - 2))
    with pytest.raises(StoreError) as err:
        store.merge_players(ana.id, ben.id)
    assert err.value.msg.key == "plays.player.merge_same_table"
    assert len(store.players()) == 2
    with pytest.raises(StoreError):
        store.merge_players(ana.id, ana.id)


def test_only_an_unused_player_can_be_deleted(store):
    ana, ben = store.create_player("Ana"), store.create_player("Ben")
    store.create(Table.new("dayu", ["Ana", "Cy"]), [ana.id, None])
    with pytest.raises(StoreError) as err:
        store.delete_player(ana.id)
    assert err.value.msg.key == "plays.player.in_use"
    store.delete_player(ben.id)
    assert [p.name for p in store.players()] == ["Ana"]


def test_links_are_checked(store):
    ana = store.create_player("Ana")
    table = store.create(Table.new("dayu", ["Ana", "Cy"]))
    with pytest.raises(StoreError):
        store.link_seats(table.id, [ana.id])  # two seats
    with pytest.raises(StoreError):
        store.link_seats(table.id, [ana.id, ana.id])
    with pytest.raises(StoreError):
        store.link_seats(table.id, [ana.id, "no-such-player"])
    assert store.seat_links(table.id) == [None, None]
    store.link_seats(table.id, [None, ana.id])
    assert store.seat_links(table.id) == [None, ana.id]


def test_last_players_and_colours_for_new_table(store):
    ana, ben, cy = (store.create_player(n) for n in ("Ana", "Ben", "Cy"))
    store.create(Table.new("dayu", [{"name": "Ana", "color": "green"}, "Ben"]), [ana.id, ben.id])
    store.create(
        Table.new(
            "chinatown", ["Cy", {"name": "Ana", "color": "purple"}, "Ben"], created="2999-01-01T00:00:00"
        ),
        [cy.id, ana.id, None],
    )
    last = store.last_players()
    assert [(s.player.name, s.color) for s in last] == [("Cy", "red"), ("Ana", "purple")]
    assert [(s.player.name, s.color) for s in store.last_players("dayu")] == [
        ("Ana", "green"),
        ("Ben", "red"),
    ]
    assert store.last_players("dragon") == []


def test_a_play_is_logged_by_the_entry_that_finishes_the_table_and_undo_takes_it_back(store, tmp_path):
    ana = store.create_player("Ana")
    table, rng = random_table(4, n=2)
    table = store.create(table, [None, ana.id])
    while table.prompt is not None:
        assert store.plays() == []
        step_random(table, rng)
    play = store.plays()[0]
    assert play.table_id == table.id and play.seats[1].player_id == ana.id
    assert play.started is not None and play.seconds is not None and play.seconds >= 0
    table.undo()
    assert store.plays() == []
    assert not store.list()[0].finished
    table.redo()  # the redo that finishes it again logs it again (and marks the table finished)
    assert [p.table_id for p in store.plays()] == [table.id]
    assert Store(tmp_path / "tables.sqlite3").list()[0].finished


def test_a_deleted_table_keeps_its_play(store):
    table = store.create(finished_game(0))
    store.delete(table.id)
    [play] = store.plays()
    assert play.table_id is None and play.source == "table"


def test_a_calculator_result_is_logged_as_a_play(store):
    from companion.games.dayu.calc import dayu_final
    from companion.games.dragon.calc import dragon_final

    ana = store.create_player("Ana")
    data = {"players": [{"name": "Ana", "vp": 40, "yuan": 3}, {"name": "Ben", "vp": 42}]}
    play = store.log_calculated(
        "dragon-final", data, dragon_final(data), date="2026-05-31", player_ids=[ana.id, None]
    )
    assert play.source == "calculator" and play.table_id is None
    assert [(s.name, s.score, s.winner) for s in play.seats] == [("Ana", 41, False), ("Ben", 42, True)]
    assert store.stats("dragon", ana.id).plays == 1
    board = {
        "players": [
            {"name": "Ana", "vp_cards": [{"frame": "red", "vp": 3}], "flood": []},
            {"name": "Ben", "vp_cards": [{"frame": "green", "vp": 3}], "flood": []},
        ]
    }
    tie = store.log_calculated("dayu-final", board, dayu_final(board))
    assert all(s.winner for s in tie.seats) and tie.tie_break == "dayu.score.tie_break"
    assert len(store.plays(until="2026-05-31")) == 1
    store.delete_play(tie.id)
    assert len(store.plays()) == 1


def test_a_calculator_without_a_final_result_is_refused(store):
    from companion.core.calc import CalcInputError

    with pytest.raises(CalcInputError) as err:
        store.log_calculated("chinatown-income", {"income": {"Ana": 3}})
    assert err.value.msg.key == "plays.calc.not_final"
    with pytest.raises(CalcInputError):
        store.log_calculated("dragon-final", {"players": [{"name": "Ana", "palaces": "many"}]})
    data = {"players": [{"name": "Ana", "vp": 3}, {"name": "Ben"}]}
    with pytest.raises(CalcInputError) as err:
        store.log_calculated(
            "dragon-final", data, {"players": [{"name": "Ana", "total": 99}], "ranking": ["Ana"]}
        )
    assert err.value.msg.key == "plays.calc.not_its_result"
    with pytest.raises(CalcInputError):
        store.log_calculated("dragon-final", data, date="yesterday")
    assert store.plays() == []


def test_a_tie_on_the_total_names_the_tie_break_that_decided(store):
    tie = {"players": [{"name": "Ana", "vp": 40, "track": 2}, {"name": "Ben", "vp": 40, "track": 5}]}
    play = store.log_calculated("dragon-final", tie)
    assert play.tie_break == "dragon.tie_break" and play.winners == ["Ben"]
    assert [s.place for s in play.seats] == [2, 1]
    for seed in (2, 5, 8, 11):  # Da Yu tables: the tie-break is named exactly when the best total is shared
        table = store.create(finished_game(seed))
        totals = sorted((r.total for r in table.scoreboard.rows), reverse=True)
        assert (store.play(table.id).tie_break is not None) == (totals[0] == totals[1])


@pytest.mark.parametrize("seed", [0, 1, 2])  # Dragon, Chinatown, Da Yu
def test_the_play_logged_by_the_journal_is_the_tables_own_record(store, seed):
    from companion.plays import record

    done = finished_game(seed)
    table = store.create(Table.new(done.game_id, done.players, done.options.model_dump(mode="json")))
    for entry in done.entries:  # the same game, entry by entry through the journal
        table.submit(entry)
    logged = store.play(table.id)
    expected = record(table)
    assert logged.seats == expected.seats
    assert sorted(logged.figures, key=repr) == sorted(expected.figures, key=repr)
    assert logged.tie_break == expected.tie_break


@pytest.mark.parametrize("typed", ["lucia", "Lucía ", "LUCÍA", "Lu cia"])
def test_a_namesake_is_found_with_accents_case_and_spaces_left_out(store, typed):
    lucia = store.create_player("Lucía")
    store.create_player("Lucas")
    assert [p.id for p in store.namesakes(typed)] == [lucia.id]
    assert store.namesakes(typed, but=lucia.id) == []  # a player's own rename is no namesake
    assert store.namesakes("Luca") == [] and store.namesakes("   ") == []
