"""Table.entries and Table.history are live read-only views over the log, not copies."""

import random

import pytest
from toy_game import Add, Start

from companion.core import Table


def played(n: int = 3) -> Table:
    t = Table.new("toy", ["Ana", "Ben", "Carla"])
    t.submit(Start(first=0))
    rng = random.Random(1)
    while t.version < n and (p := t.prompt) is not None:
        t.submit(rng.choice(p.choices))
    return t


def test_the_views_follow_new_entries_and_undo():
    t = played(2)
    entries, history = t.entries, t.history
    assert len(entries) == len(history) == 2
    t.submit(t.prompt.choices[0])
    assert len(entries) == len(history) == 3  # the same objects, read again
    assert entries[-1] == history[-1][1]
    assert history[2][0] == 2 and history[-1] == t.last
    t.undo(2)
    assert len(entries) == len(history) == 1 and list(entries) == [Start(first=0)]


def test_the_views_cannot_change_the_log():
    t = played(3)
    entries, history = t.entries, t.history
    for change in (
        lambda: entries.append(Add(seat=0, amount=1)),  # type: ignore[attr-defined]
        lambda: entries.__setitem__(0, Add(seat=0, amount=1)),  # type: ignore[index]
        lambda: entries.__delitem__(0),  # type: ignore[attr-defined]
    ):
        with pytest.raises((AttributeError, TypeError)):
            change()
    head = entries[:2]
    head.append(Add(seat=0, amount=1))  # a slice is a list of its own
    _, _, effects = history[1]
    effects.clear()  # a copy of that entry's effects
    assert t.version == 3 and len(entries[:2]) == 2 and t.history[1][2]


def test_the_views_compare_like_the_lists_they_replace():
    t = played(3)
    back = Table.from_json(t.to_json())
    assert back.entries == t.entries == list(t.entries) and t.entries[1:] == list(t.entries)[1:]
    assert back.history == t.history == list(t.history) and t.history[-2:] == list(t.history)[-2:]
    assert [i for i, _, _ in reversed(t.history)] == [2, 1, 0]
    with pytest.raises(IndexError):
        t.history[3]


def test_history_of_a_table_that_dropped_its_effects_replays_them_when_read():
    t = played(3)
    whole = list(t.history)
    t.drop_history()  # as a table resumed from a checkpoint holds it
    assert t.history[1] == whole[1] and list(t.history) == whole


def test_two_histories_are_equal_only_with_the_same_entries_and_the_same_effects():
    t = played(3)
    dropped = Table.from_json(t.to_json())
    dropped.drop_history()  # its effects are rebuilt by the comparison itself
    assert dropped.history == t.history and t.history == dropped.history
    other = played(3)
    other._effects[-1] = [*other._effects[-1], other._effects[-1][0]]  # one effect more, same entries
    assert other.entries == t.entries and other.history != t.history
    shorter = played(2)
    assert shorter.history != t.history and t.history != shorter.history
