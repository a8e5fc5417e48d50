"""A served process numbers its Flet controls from a random block of its own (ui/webserver.py,
``number_controls_apart``): a browser reconnecting to another worker (or to a restarted server)
must not meet its old controls' numbers in the new session."""

from __future__ import annotations

import itertools

from flet.controls.id_counter import ControlId

from companion.ui.webserver import ID_BLOCK, number_controls_apart


def test_each_served_process_numbers_its_controls_apart_and_within_a_javascript_number():
    before = ControlId.next()
    try:
        starts = {number_controls_apart() for _ in range(5)}
        assert len(starts) == 5  # 2**20 blocks: five draws meet twice once in 100,000 runs
        assert all(start >= ID_BLOCK and start + ID_BLOCK <= 2**53 for start in starts)
        start = number_controls_apart()
        assert [ControlId.next(), ControlId.next()] == [start, start + 1]
    finally:
        ControlId._counter = itertools.count(before + 1)  # the rest of the test run as before
