"""Codes made by the previous release (format version 1) still import, whole and checked."""

import hashlib
import json
from pathlib import Path

import pytest

from companion.share import SnapshotError, decode

# Made by the encoder of main at 7e1c243 (format version 1); never regenerate them.
FIXTURE = json.loads((Path(__file__).parent / "data" / "snapshot_v1_codes.json").read_text())


@pytest.mark.parametrize("case", FIXTURE["cases"], ids=lambda c: c["label"])
def test_a_version_1_code_imports_as_it_was_made(case):
    assert case["code"].startswith("TC1")
    table = decode(case["code"])
    got = table.to_dict()
    got.pop("redo", None)
    entries = json.dumps(got.pop("entries"), sort_keys=True, separators=(",", ":"))
    got["entries_sha256"] = hashlib.sha256(entries.encode()).hexdigest()
    assert got == case["table"]


def test_a_damaged_version_1_code_is_refused_clearly():
    code = FIXTURE["cases"][0]["code"]
    typo = code[:40] + ("A" if code[40] != "A" else "B") + code[41:]
    with pytest.raises(SnapshotError) as err:
        decode(typo)
    assert err.value.key == "share.code.checksum"


def test_forged_version_1_payloads_give_a_clear_error_or_a_checked_table():
    import random

    from companion.share.snapshot import _crc
    from companion.share.textcode import decode_text, encode_text

    rng = random.Random(1)
    for case in FIXTURE["cases"]:
        body = bytearray(decode_text(case["code"], 1)[1][:-4])
        for _ in range(40):
            forged = bytearray(body)
            for _ in range(rng.randint(1, 3)):
                forged[rng.randrange(len(forged))] = rng.randrange(256)
            code = encode_text(1, bytes(forged) + _crc(bytes(forged), 1).to_bytes(4, "big"))
            try:
                decode(code)
            except SnapshotError as exc:
                assert exc.message_in("en") and exc.message_in("es")
