"""The collector: kept off while a log is replayed (and back as it was afterwards), and set for the app."""

from __future__ import annotations

import gc
import socket

import pytest
from dragon_helpers import random_table, step_random

from companion import cli
from companion.core import Table, TableError
from companion.core.memory import APP_MIDDLE, APP_THRESHOLD, replaying, tune


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


def test_tune_sets_the_young_threshold_and_freezes_what_is_loaded() -> None:
    before = gc.get_threshold()
    gc.unfreeze()
    try:
        tune()
        assert gc.get_threshold() == (APP_THRESHOLD, APP_MIDDLE, before[2])
        assert gc.get_freeze_count() > 0  # the modules loaded so far are out of the collector's sight
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def test_the_app_tunes_the_collector_before_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(cli, "tune", lambda: calls.append("tune"))
    with socket.socket() as bound:  # what prepare gives: the CLI prints the port it holds
        bound.bind(("127.0.0.1", 0))
        monkeypatch.setattr("companion.ui.server.prepare", lambda *a, **k: (bound, None))
        monkeypatch.setattr("companion.ui.server.serve", lambda **k: calls.append("serve"))
        cli.main(["serve", "--port", "0"])
    assert calls == ["tune", "serve"]
