import json
import random

import pytest
from toy_game import Add, Start

from companion.core import RuleViolation, Table, TableError


def new(players=("Ana", "Ben", "Carla"), **opts):
    return Table.new("toy", list(players), opts or None)


def play_out(t: Table, rng: random.Random) -> None:
    while (p := t.prompt) is not None:
        if p.auto:
            t.auto(rng)
        else:
            t.submit(rng.choice(p.choices))


def test_new_table_asks_the_table_first():
    t = new()
    assert t.prompt.seat is None and t.prompt.auto and t.prompt.choices is None
    t.submit({"kind": "start", "first": 1})
    assert t.prompt.seat == 1
    assert [c.amount for c in t.prompt.choices] == [1, 2, 3]


def test_submit_returns_effects_citing_rules():
    t = new()
    t.submit(Start(first=0))
    fx = t.submit(Add(seat=0, amount=3))
    assert fx[0].rule_id == "toy.add"
    assert t.state.counter == 3


@pytest.mark.parametrize(
    "bad, rule",
    [
        ({"kind": "add", "seat": 1, "amount": 2}, "core.turn"),  # another player's entry
        ({"kind": "add", "seat": 0, "amount": 4}, "core.entry"),  # out of range
        ({"kind": "teleport", "seat": 0}, "core.entry"),  # unknown kind
        ({"seat": 0}, "core.entry"),  # no kind
        ("add 2", "core.entry"),  # not a dict
        ({"kind": "start", "first": 2}, "core.entry"),  # a choice from another prompt
    ],
)
def test_illegal_entries_change_nothing(bad, rule):
    t = new()
    t.submit(Start(first=0))
    before = t.to_json()
    with pytest.raises(RuleViolation) as err:
        t.submit(bad)
    assert err.value.rule_id == rule
    assert err.value.message
    assert t.to_json() == before


def test_entry_outside_offered_choices_is_refused():
    t = new()
    t.submit(Start(first=0))
    t.submit(Add(seat=0, amount=3))
    t.submit(Add(seat=1, amount=3))
    t.submit(Add(seat=2, amount=3))
    # the game is over at 10: the next entry is refused as game over
    t.submit(Add(seat=0, amount=1))
    with pytest.raises(RuleViolation) as err:
        t.submit(Add(seat=1, amount=1))
    assert err.value.rule_id == "core.game_over"


def test_undo_redo_and_new_entry_clears_redo():
    t = new()
    t.submit(Start(first=0))
    t.submit(Add(seat=0, amount=2))
    t.submit(Add(seat=1, amount=1))
    assert t.undo(2) == 2
    assert t.state.counter == 0 and t.can_redo()
    assert t.redo() == 1 and t.state.counter == 2
    t.submit(Add(seat=1, amount=3))
    assert not t.can_redo()
    assert t.undo(99) == 3 and t.state.first is None


def test_export_import_gives_the_same_table():
    rng = random.Random(4)
    for _ in range(20):
        t = new()
        play_out(t, rng)
        t.undo(2)
        back = Table.from_json(t.to_json())
        assert back.state == t.state
        assert back.scoreboard == t.scoreboard
        assert back.redo_entries == t.redo_entries
        assert back.to_json() == t.to_json()
        back.redo(2)
        t.redo(2)
        assert back.state == t.state


def test_scoreboard_and_ranking():
    t = new(("Ana", "Ben"))
    t.submit(Start(first=0))
    for seat, amount in [(0, 3), (1, 3), (0, 3), (1, 1)]:
        t.submit(Add(seat=seat, amount=amount))
    board = t.scoreboard
    assert board.final
    assert board.ranking == ["Ana", "Ben"]
    assert board.row("Ana").total == 6
    _label, points, rule_id = board.row("Ana").breakdown[0]
    assert (points, rule_id) == (6, "toy.add")


@pytest.mark.parametrize(
    "players, key",
    [
        (["Ana"], "core.table.player_count"),
        (["Ana", "ana"], "core.table.duplicate_names"),
        (["Ana", "  "], "core.table.bad_player"),
    ],
)
def test_bad_players(players, key):
    with pytest.raises(TableError) as err:
        Table.new("toy", players)
    assert err.value.msg.key == key


def test_bad_options():
    with pytest.raises(TableError) as err:
        Table.new("toy", ["Ana", "Ben"], {"target": 99})
    assert err.value.msg.key == "core.table.bad_options"


@pytest.mark.parametrize(
    "text, key",
    [
        ("{not json", "core.file.not_json"),
        ("[]", "core.file.damaged"),
        (
            json.dumps({"format": "other", "version": 1, "id": "x", "game": "toy", "players": []}),
            "core.file.foreign",
        ),
        (
            json.dumps(
                {
                    "format": "table-companion/table",
                    "version": 99,
                    "id": "x",
                    "game": "toy",
                    "players": [{"name": "A"}, {"name": "B"}],
                }
            ),
            "core.file.too_new",
        ),
        (
            json.dumps(
                {
                    "format": "table-companion/table",
                    "version": 1,
                    "id": "x",
                    "game": "chess",
                    "players": [{"name": "A"}, {"name": "B"}],
                }
            ),
            "core.file.unknown_game",
        ),
        (
            json.dumps(
                {
                    "format": "table-companion/table",
                    "version": 1,
                    "id": "x",
                    "game": "toy",
                    "players": [{"name": "A"}, {"name": "B"}],
                    "entries": [{"kind": "start", "first": 0}, {"kind": "add", "seat": 1, "amount": 1}],
                }
            ),
            "core.file.bad_entry",
        ),
    ],
)
def test_damaged_files_are_refused_clearly(text, key):
    with pytest.raises(TableError) as err:
        Table.from_json(text)
    assert err.value.msg.key == key
    assert err.value.msg.render("es") != key


def test_journal_is_told_before_the_change_is_visible():
    seen = []

    class Journal:
        def appended(self, table, entry, state):
            seen.append(("append", table.version, entry.kind))

        def undone(self, table):
            seen.append(("undo", table.version))

        def redone(self, table):
            seen.append(("redo", table.version))

    t = new()
    t.journal = Journal()
    t.submit(Start(first=0))
    t.undo()
    t.redo()
    assert seen == [("append", 0, "start"), ("undo", 1), ("redo", 0)]


def test_failing_journal_leaves_table_unchanged():
    class Broken:
        def appended(self, table, entry, state):
            raise OSError("disk full")

    t = new()
    t.journal = Broken()
    with pytest.raises(OSError):
        t.submit(Start(first=0))
    assert t.version == 0 and t.state.first is None


def test_state_at_gives_past_states():
    t = new()
    t.submit(Start(first=0))
    t.submit(Add(seat=0, amount=2))
    assert t.state_at(0).first is None
    assert t.state_at(1).counter == 0 and t.state_at(2) == t.state
    with pytest.raises(IndexError):
        t.state_at(3)


def test_players_without_colours_get_distinct_free_ones():
    t = Table.new("toy", [{"name": "Ana", "color": "blue"}, "Ben", "Carla"])
    assert [p.color for p in t.players] == ["blue", "red", "green"]
    assert Table.from_json(t.to_json()).players == t.players


def test_last_is_the_newest_entry_in_force_with_its_effects():
    t = new()
    assert t.last is None
    t.submit(Start(first=0))
    fx = t.submit(Add(seat=0, amount=2))
    assert t.last == t.history[-1] == (1, Add(seat=0, amount=2), fx)
    t.undo()
    assert t.last == t.history[-1] and t.last[0] == 0
    # and the same on a table read back from its file
    back = Table.from_json(t.to_json())
    assert back.last == t.last
