"""Snapshot sizes: random games of each game, complete and stopped half-way.

Plays seeded random games through ``prompt`` (``auto_entry`` for what the app deals, a random
choice otherwise; Chinatown gets a few random trades) and prints, per game and player count:
entries, JSON export bytes, snapshot payload bytes and code characters, and the QR version
at error correction M, for the bare code and the import URL. It also compares the text forms
the format could have used. Figures go to docs/PERFORMANCE.md ("Snapshots").

    python benchmarks/snapshot_bench.py [--games 20] [--seed 1]
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
import time
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "share"), str(ROOT / "tests")]

from snapshot_helpers import new_table, play, real_games  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.share import decode, encode, import_url, qr_version  # noqa: E402
from companion.share.snapshot import encode_payload  # noqa: E402

PLAYER_COUNTS = {"dragon": (5, 3), "chinatown": (5, 3), "dayu": (4, 2)}
BASE45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def base45(data: bytes) -> str:
    """RFC 9285 Base45, the usual alphanumeric-mode text form, for comparison."""
    out = []
    for i in range(0, len(data) - 1, 2):
        n = data[i] * 256 + data[i + 1]
        out += [BASE45[n % 45], BASE45[n // 45 % 45], BASE45[n // 2025]]
    if len(data) % 2:
        out += [BASE45[data[-1] % 45], BASE45[data[-1] // 45]]
    return "".join(out)


def measure(table: Table) -> dict[str, float]:
    payload = encode_payload(table)
    code = encode(table)
    started = time.perf_counter()
    code = encode(table)
    enc = time.perf_counter() - started
    started = time.perf_counter()
    decode(code)
    dec = time.perf_counter() - started
    return {
        "entries": table.version,
        "json": len(table.to_json(indent=None).encode()),
        "payload": len(payload),
        "chars": len(code),
        "qr": qr_version(code),
        "qr_url": qr_version(import_url("http://192.168.100.200:8550", code)),
        "qr_base45": qr_version("TC1" + base45(payload)),
        "qr_b64": qr_version("TC1" + base64.urlsafe_b64encode(payload).decode().rstrip("=")),
        "encode_ms": enc * 1000,
        "decode_ms": dec * 1000,
    }


def summary(rows: list[dict[str, float]], key: str) -> str:
    values = sorted(r[key] for r in rows)
    fmt = "{:.0f}" if key not in ("encode_ms", "decode_ms") else "{:.1f}"
    return "/".join(fmt.format(v) for v in (values[0], statistics.median(values), values[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per game and player count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    keys = [
        "entries",
        "json",
        "payload",
        "chars",
        "qr",
        "qr_url",
        "qr_base45",
        "qr_b64",
        "encode_ms",
        "decode_ms",
    ]
    print(f"{args.games} random games each; figures are min/median/max")
    print("| game | players | stage | " + " | ".join(keys) + " |")
    print("|" + "---|" * (len(keys) + 3))
    for game_id in real_games():
        for players in PLAYER_COUNTS.get(game_id, (3,)):
            complete, middle = [], []
            for i in range(args.games):
                rng = Random(args.seed * 100_003 + i)
                table = new_table(game_id, players)
                if not play(table, rng):
                    print(f"# {game_id}: game {i} stopped early (a free-form entry with no generator)")
                complete.append(measure(table))
                mid = Table.new(game_id, [p.name for p in table.players], table.options.model_dump())
                for entry in table.entries[: table.version // 2]:
                    mid.submit(entry)
                middle.append(measure(mid))
            for stage, rows in (("complete", complete), ("mid-game", middle)):
                cells = " | ".join(summary(rows, k) for k in keys)
                print(f"| {game_id} | {players} | {stage} | {cells} |")


if __name__ == "__main__":
    main()
