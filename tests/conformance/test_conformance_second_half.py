"""The second half of the conformance cases (tests/conformance_run.py, ``half``): a file of its own
so that `--dist loadfile`, which keeps a file on one worker, runs the two halves side by side."""

from __future__ import annotations

import pytest
from conformance_run import CASES, half, run_chunk


@pytest.mark.parametrize(("game_id", "chunk"), half(1))
def test_random_complete_games_conform(game_id: str, chunk: int) -> None:
    run_chunk(game_id, chunk)


def test_the_two_halves_hold_every_case_once() -> None:
    assert sorted(half(0) + half(1)) == sorted(CASES) and not set(half(0)) & set(half(1))
