"""Chinatown's trades travel as digits from format version 2 (JSON only for what digits cannot hold)."""

import random
import sys
from pathlib import Path

import pytest
from snapshot_helpers import assert_same_table

from companion.games.chinatown.entries import Give, Trade, TradingDone
from companion.share import SnapshotError, decode, encode, snapshot
from companion.share.snapshot import FORMAT_VERSION, _crc
from companion.share.textcode import decode_text, encode_text

sys.path.insert(0, str(Path(__file__).parent.parent))  # tests/: the Chinatown helpers
from chinatown_helpers import new_table, play_random


def _traded(seed: int):
    table = new_table(4)
    play_random(table, random.Random(seed), trades=3)
    return table


@pytest.mark.parametrize("seed", range(4))
def test_random_trades_with_buildings_tiles_and_money_travel_as_digits(seed):
    table = _traded(seed)
    assert sum(e.kind == "trade" for e in table.entries) >= 3
    assert snapshot._code_entries(table)[1] == []  # nothing left for the JSON section
    assert_same_table(table, decode(encode(table)))


def play_random_step(table, rng):
    prompt = table.prompt
    if prompt.auto:
        table.auto(rng)
    else:
        table.submit(rng.choice(prompt.choices))


def test_a_trade_digits_cannot_hold_travels_as_json():
    table = new_table(3)
    rng = random.Random(1)
    while table.prompt is not None and table.prompt.kind != "trade":
        play_random_step(table, rng)
    many = Trade(gives=tuple(Give(giver=i % 3, receiver=(i + 1) % 3, money=10_000) for i in range(9)))
    table.submit(many)
    table.submit(TradingDone())
    assert snapshot._code_entries(table)[1] == [snapshot._raw_dump(many)]
    assert_same_table(table, decode(encode(table)))


def test_forged_trade_digits_give_a_clear_error_or_a_checked_table():
    body = decode_text(encode(_traded(0)), FORMAT_VERSION)[1][:-4]
    rng = random.Random(2)
    refused = 0
    for _ in range(60):
        forged = bytearray(body)
        at = rng.randrange(len(body) // 2, len(body))  # in the digits, mostly
        forged[at] = rng.randrange(256)
        code = encode_text(FORMAT_VERSION, bytes(forged) + _crc(bytes(forged)).to_bytes(4, "big"))
        try:
            decode(code)
        except SnapshotError as exc:
            refused += 1
            assert exc.message_in("en") and exc.message_in("es")
    assert refused > 30
