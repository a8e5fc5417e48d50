"""The decoder against random and mutated inputs: it accepts a code or refuses it clearly.

Only SnapshotError may escape; its message must exist in both languages with every
placeholder filled. Payload mutations are re-sealed with a correct checksum and length so
they reach the structure checks and the replay, not just the checksum. The size of the run
is a knob: SNAPSHOT_FUZZ (default 10,000 inputs).
"""

from __future__ import annotations

import os
import random
import string
from collections import Counter
from collections.abc import Iterator

from snapshot_helpers import new_table, play, real_games

from companion.core import Msg, Table
from companion.i18n import catalog
from companion.share import SnapshotError, decode, encode
from companion.share.snapshot import FORMAT_VERSION, _crc
from companion.share.textcode import ALPHABET, MAGIC, decode_text, encode_text

TOTAL = int(os.environ.get("SNAPSHOT_FUZZ", "10000"))


def _valid_codes() -> list[str]:
    codes = []
    for seed in range(6):
        rng = random.Random(seed)
        t = new_table("snaptoy", 2 + seed % 4, {"rounds": 1 + seed})
        play(t, rng, limit=None if seed % 2 else 15)
        codes.append(encode(t))
    toy = Table.new("toy", ["Ana", "Ben", "Carla"])
    play(toy, random.Random(1))
    codes.append(encode(toy))
    for game_id in real_games():  # short games keep the replays cheap
        t = new_table(game_id, 3)
        play(t, random.Random(5), limit=60)
        codes.append(encode(t))
    return codes


def _reseal(payload_body: bytes) -> str:
    """A well-formed code (right length, right checksum) around any payload body."""
    return encode_text(FORMAT_VERSION, payload_body + _crc(payload_body).to_bytes(4, "big"))


def _mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    buf = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(5)
        pos = rng.randrange(len(buf) + 1)
        if op == 0 and buf:
            i = min(pos, len(buf) - 1)
            buf[i] ^= 1 << rng.randrange(8)
        elif op == 1 and buf:
            del buf[min(pos, len(buf) - 1)]
        elif op == 2:
            buf.insert(pos, rng.randrange(256))
        elif op == 3:
            del buf[pos:]
        elif buf:
            i = min(pos, len(buf) - 1)
            buf[i] = rng.choice((0, 0x7F, 0x80, 0xFF, rng.randrange(256)))
    return bytes(buf)


def _inputs(codes: list[str], rng: random.Random, total: int) -> Iterator[tuple[str, str]]:
    """(category, text) pairs."""
    bodies = [decode_text(c, FORMAT_VERSION)[1][:-4] for c in codes]
    made = 0
    # Every truncation and a trailing extra of a few codes.
    for code in codes[:3]:
        for cut in range(len(code)):
            yield "truncated", code[:cut]
            made += 1
        yield "trailing", code + "0"
    # Every version character.
    for ch in ALPHABET:
        yield "version", codes[0][:2] + ch + codes[0][3:]
        made += 1
    kinds = ["random", "unicode", "header", "substitute", "foreign", "payload", "payload", "splice"]
    while made < total:
        made += 1
        kind = rng.choice(kinds)
        code = rng.choice(codes)
        if kind == "random":
            yield kind, "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(400)))
        elif kind == "unicode":
            yield kind, "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(60)))
        elif kind == "header":  # a plausible header, then random body of the declared length
            n = rng.randrange(1, 300)
            body = "".join(rng.choice(ALPHABET) for _ in range(n))
            yield kind, MAGIC + "1" + _len3(n) + body
        elif kind == "substitute":
            chars = list(code)
            for _ in range(rng.randint(1, 3)):
                chars[rng.randrange(len(chars))] = rng.choice(ALPHABET)
            yield kind, "".join(chars)
        elif kind == "foreign":
            yield (
                kind,
                rng.choice(
                    [
                        "WIFI:S:home;T:WPA;P:secret;;",
                        "https://example.org/",
                        "tablecompanion:" + code,
                        "XY" + code[2:],
                        "http://10.0.0.2:8550/import#" + code[:-5],
                        code.replace(MAGIC, "", 1),
                        "",
                        "   \n ",
                        "#",
                    ]
                ),
            )
        elif kind == "payload":
            yield kind, _reseal(_mutate_bytes(rng.choice(bodies), rng))
        else:  # the header of one code with the entries of another
            a, b = rng.sample(bodies, 2)
            cut_a, cut_b = rng.randrange(len(a)), rng.randrange(len(b))
            yield kind, _reseal(a[:cut_a] + b[cut_b:])


def _filled(message: Msg, lang: str) -> bool:
    """Every placeholder of the message's template (and of nested messages) has its argument."""
    template = catalog(lang).get(message.key)
    if template is None:
        return False
    names = {field for _, field, _, _ in string.Formatter().parse(template) if field}
    nested = [a for a in message.args.values() if isinstance(a, Msg)]
    return names <= set(message.args) and all(_filled(m, lang) for m in nested if m.key.startswith("share."))


def _len3(n: int) -> str:
    return "".join(ALPHABET[(n // 43**k) % 43] for k in (2, 1, 0))


def test_valid_codes_are_accepted():
    for code in _valid_codes():
        assert encode(decode(code)) == code


def test_fuzzed_codes_are_accepted_or_refused_clearly():
    rng = random.Random(20261129)
    codes = _valid_codes()
    en, es = catalog("en"), catalog("es")
    outcomes: Counter[str] = Counter()
    keys: Counter[str] = Counter()
    for category, text in _inputs(codes, rng, TOTAL):
        try:
            table = decode(text)
        except SnapshotError as exc:
            keys[exc.key] += 1
            assert exc.key in en and exc.key in es, exc.key
            for lang in ("en", "es"):
                assert _filled(exc.msg, lang), (category, exc.msg)
                assert exc.message_in(lang).strip()
            outcomes[f"{category}: refused"] += 1
        else:
            # Accepted means a real, consistent table: it encodes again and decodes the same.
            assert decode(encode(table)).to_dict()["entries"] == table.to_dict()["entries"]
            outcomes[f"{category}: accepted"] += 1
    assert sum(outcomes.values()) >= TOTAL
    # Each kind of trouble was met and named (not everything refused for one reason).
    for key in ("share.code.truncated", "share.code.checksum", "share.code.foreign", "share.code.too_new"):
        assert keys[key], keys
    assert keys["share.code.damaged"] + keys["share.code.bad_entry"] + keys["share.code.mismatch"], keys
    print(sorted(outcomes.items()), sorted(keys.items()))
