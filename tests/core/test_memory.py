"""The collector is kept off while a log is replayed, and is back as it was afterwards."""

from __future__ import annotations

import gc

import pytest
from dragon_helpers import random_table, step_random

from companion.core import Table, TableError
from companion.core.memory import replaying


def test_replaying_turns_the_collector_off_and_back_on() -> None:
    assert gc.isenabled()
    with replaying():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), replaying():
        raise ValueError("a damaged file")
    assert gc.isenabled(), "an error inside must not leave the collector off"


def test_replaying_leaves_a_collector_that_was_off_off() -> None:
    gc.disable()
    try:
        with replaying():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_refused_file_leaves_the_collector_on() -> None:
    table, rng = random_table(2, n=2)
    for _ in range(30):
        step_random(table, rng)
    data = table.to_dict()
    data["entries"][20] = {"kind": "skip", "seat": 9}
    with pytest.raises(TableError):
        Table.from_dict(data)
    assert gc.isenabled()
    assert Table.from_dict(table.to_dict()).state.model_dump() == table.state.model_dump()
