"""Codes of complete games fit the QR versions of issue 27 (a size regression fails here).

Seeded random complete games, two per case: Dragon 5 players with both expansions in
version 8, every other game in version 15 (the bare code, which the app's QR code holds).
benchmarks/snapshot_bench.py measures ten games of every case.
"""

import random

import pytest
from snapshot_helpers import new_table, play

from companion.share import decode, encode, qr_version

BOTH = {"great_wall": True, "super_events": True}


@pytest.mark.parametrize(
    ("game_id", "players", "options", "limit"),
    [
        ("dragon", 5, BOTH, 8),
        ("dragon", 2, BOTH, 15),
        ("chinatown", 5, {}, 15),
        ("chinatown", 3, {}, 15),
        ("dayu", 4, {}, 15),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_complete_game_fits_its_qr_version(game_id, players, options, limit, seed):
    table = new_table(game_id, players, options)
    assert play(table, random.Random(seed))
    code = encode(table)
    assert qr_version(code) <= limit, (len(code), qr_version(code))
    assert decode(code).version == table.version
