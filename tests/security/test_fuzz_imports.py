"""Every import surface against mutated input: its own error or a valid table, nothing else.

Surfaces: Table.from_json, Store.import_json, `companion replay`, the three `companion calc`
commands, snapshot codes (share.decode) and QR images (share.read_snapshot_image).
FUZZ_INPUTS inputs per surface (2,000 by default; FUZZ_INPUTS=10000 for a long run), each
within FUZZ_TIME_BOUND seconds of CPU, and the whole run within a memory bound.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from PIL import Image
from security.fuzz_inputs import HOSTILE_JSON, TOTAL, max_rss_mb, mutate_bytes, mutated_json, run
from security.input_helpers import CALC_SEEDS, run_cli, seed_files, short_table

from companion.core import Table, TableError
from companion.core.calc import CalcInputError, load_input
from companion.core.registry import calculators
from companion.share import SnapshotError, decode, encode, qr_png, read_snapshot_image, snapshot
from companion.share.snapshot import FORMAT_VERSION, _crc
from companion.share.textcode import ALPHABET, decode_text, encode_text
from companion.store import Store

MEMORY_BOUND_MB = 400  # growth of the peak over one surface's run

SEEDS = seed_files()


@pytest.fixture(autouse=True)
def bounded_memory():
    before = max_rss_mb()
    yield
    assert max_rss_mb() - before < MEMORY_BOUND_MB


def _round_trips(table: Table) -> None:
    assert Table.from_json(table.to_json()).to_dict() == table.to_dict()


def test_fuzz_table_from_json():
    outcomes = run(Table.from_json, mutated_json(SEEDS, random.Random(1), TOTAL), (TableError,), _round_trips)
    assert sum(outcomes.values()) == TOTAL
    assert outcomes["sec-input.core.file.over_limit"] > 0 and outcomes["core.file.not_json"] > 0


def test_fuzz_store_import_json():
    store = Store(":memory:")
    outcomes = run(
        store.import_json, mutated_json(SEEDS, random.Random(2), TOTAL), (TableError,), _round_trips
    )
    assert len(store.list()) == outcomes["accepted"]  # each accepted file stored once, nothing else
    for info in store.list()[:50]:
        store.open(info.id)


def _replay(text: str) -> int:
    code, out, err = run_cli(["replay", "-", "--json"], text)
    if code == 0:
        json.loads(out)
    else:
        assert code == 2 and out == "" and err.count("\n") == 1 and "\x1b" not in err, err[:300]
    return code


def test_fuzz_replay_command():
    outcomes = run(_replay, mutated_json(SEEDS, random.Random(3), TOTAL), ())
    assert outcomes["accepted"] == TOTAL  # every input ended in exit 0 or a one-line exit 2


@pytest.mark.parametrize("calc", sorted(CALC_SEEDS))
def test_fuzz_calc_commands(calc):
    seeds = [json.dumps(CALC_SEEDS[calc])]
    compute = calculators()[calc].run

    def calculate(text: str) -> object:  # what `companion calc` does with the text
        return compute(load_input(text))

    outcomes = run(
        calculate, mutated_json(seeds, random.Random(4), TOTAL), (CalcInputError, json.JSONDecodeError)
    )
    assert outcomes["accepted"] < TOTAL
    # And through the command itself, a sample: exit 0 or one line with exit 2.
    for text in list(mutated_json(seeds, random.Random(5), 100)):
        code, _out, err = run_cli(["calc", calc, "-"], text)
        assert code in (0, 2) and (code == 0 or err.count("\n") == 1), err[:300]


def _codes() -> list[str]:
    return [
        encode(short_table(g, seed=s, entries=15, undo=0))
        for g in ("dragon", "chinatown", "dayu")
        for s in (0, 1)
    ]


def _with_options(code: str, options_text: bytes, rng: random.Random) -> str:
    """``code`` resealed with an options JSON text (length and checksum right, so the reader parses it)."""
    body = bytearray(decode_text(code, FORMAT_VERSION)[1][:-4])
    new = options_text[:2000]
    length = bytes([len(new)]) if len(new) < 128 else bytes([len(new) & 0x7F | 0x80, len(new) >> 7])
    # These tables have default options, as digits: flag them as text and put the text where it
    # goes, after flags, game number, id and creation time (1 + 1 + 16 + 4 bytes).
    body[0] |= snapshot._F2_OPTIONS_TEXT
    at = 22 if rng.random() < 0.9 else rng.randrange(len(body))
    body = body[:at] + length + new + body[at:]
    return encode_text(FORMAT_VERSION, bytes(body) + _crc(bytes(body)).to_bytes(4, "big"))


def _mutated_codes(codes: list[str], rng: random.Random, total: int):
    for n in range(total):
        code = rng.choice(codes)
        if n % 4 == 0:
            yield _with_options(code, rng.choice(HOSTILE_JSON).encode(), rng)
        elif n % 4 == 1:
            body = bytearray(decode_text(code, FORMAT_VERSION)[1][:-4])
            for _ in range(rng.randint(1, 3)):
                body[rng.randrange(len(body))] = rng.randrange(256)
            yield encode_text(FORMAT_VERSION, bytes(body) + _crc(bytes(body)).to_bytes(4, "big"))
        else:
            chars = list(code)
            for _ in range(rng.randint(1, 3)):
                chars[rng.randrange(len(chars))] = rng.choice(ALPHABET + "\x1b\n{[%")
            yield "".join(chars)


def test_fuzz_snapshot_codes():
    outcomes = run(decode, _mutated_codes(_codes(), random.Random(6), TOTAL), (SnapshotError,), _round_trips)
    assert outcomes["accepted"] < TOTAL
    assert outcomes["sec-input.share.code.over_limit"] > 0  # the hostile options JSON reached the reader


def _mutated_images(rng: random.Random, total: int):
    codes = _codes()[:2]
    pngs = [qr_png(c, box_size=2) for c in codes]
    for n in range(total):
        if n % 50 == 0:  # a readable QR code of a mutated code
            yield qr_png(next(_mutated_codes(codes, rng, 1)), box_size=2)
        elif n % 50 == 1:  # a picture of no code, in an odd mode
            buf = io.BytesIO()
            mode, kind = rng.choice(
                [("1", "BMP"), ("L", "PNG"), ("P", "PNG"), ("CMYK", "TIFF"), ("I;16", "PNG")]
            )
            Image.new(mode, (rng.randint(1, 300), rng.randint(1, 300))).save(buf, format=kind)
            yield buf.getvalue()
        else:
            data = bytearray(rng.choice(pngs))
            for _ in range(rng.randint(1, 4)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            yield bytes(data[: rng.randrange(len(data) + 1)] if n % 7 == 0 else data)


def test_fuzz_qr_images():
    outcomes = run(
        read_snapshot_image, _mutated_images(random.Random(7), TOTAL), (SnapshotError,), _round_trips
    )
    assert outcomes["accepted"] < TOTAL


def test_the_mutations_reach_past_the_parser():
    """The generator must not be all parse errors: some inputs must reach the rules and some be accepted."""
    outcomes = run(Table.from_json, mutated_json(SEEDS, random.Random(8), 300), (TableError,))
    assert outcomes["core.file.bad_entry"] + outcomes["core.file.damaged"] > 0
    assert outcomes["accepted"] > 0
    assert mutate_bytes("[1]", random.Random(0)) != "[1]"
