"""Snapshot sizes: seeded random complete games of every game, player count and expansion.

Plays seeded random games through ``prompt`` (``auto_entry`` for what the app deals, a random
choice otherwise; Chinatown gets a few random trades) and prints, per game, player count and
options: entries, JSON export bytes, the entries' digits in bytes (*choices*), snapshot
payload bytes and code characters, and the QR version the app draws for the bare code and the
import URL (min / median / max): error correction M, or L for a code above version 15 at M
(companion/share/qr.py).
``--check`` exits non-zero when a code is over the limits of issue 27: every code in version
15, Dragon 5 players with both expansions in version 8. The limits apply to the bare code,
which is what the app's QR code holds; the URL's version is printed for reference. Figures go
to docs/PERFORMANCE.md ("Snapshots").

    python benchmarks/snapshot_bench.py [--games 10] [--seed 1] [--mid] [--check]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from random import Random
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "share"), str(ROOT / "tests")]

from snapshot_helpers import new_table, play  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.share import decode, encode, import_url, qr_version  # noqa: E402
from companion.share.snapshot import _code_entries, encode_payload  # noqa: E402

URL_BASE = "http://192.168.100.200:8550"
MAX_VERSION = 15
# (game, players, options, largest QR version of the bare code allowed)
_BOTH = {"great_wall": True, "super_events": True}
CASES: list[tuple[str, int, dict[str, Any], int]] = [
    *[
        ("dragon", n, opts, 8 if n == 5 and opts == _BOTH else MAX_VERSION)
        for n in (2, 3, 4, 5)
        for opts in ({}, {"great_wall": True}, {"super_events": True}, _BOTH)
    ],
    *[("chinatown", n, {}, MAX_VERSION) for n in (3, 4, 5)],
    *[("dayu", n, {}, MAX_VERSION) for n in (2, 3, 4)],
]
KEYS = ["entries", "json", "choices", "payload", "chars", "qr", "qr_url"]


def random_game(game_id: str, players: int, options: dict[str, Any], seed: int) -> Table:
    """One seeded random complete game (the same for a seed in every run)."""
    table = new_table(game_id, players, options)
    if not play(table, Random(seed)):
        raise RuntimeError(f"{game_id}: game {seed} stopped early (a free-form entry with no generator)")
    return table


def seed_of(base: int, game_id: str, players: int, options: dict[str, Any], i: int) -> int:
    return base * 100_003 + i + 1000 * players + 10_000 * len(options) + 100 * len(game_id)


def measure(table: Table, timed: bool = False) -> dict[str, float]:
    code = encode(table)
    row: dict[str, float] = {
        "entries": table.version,
        "json": len(table.to_json(indent=None).encode()),
        # The entries' information at log2(radix) bits a digit: no coding of the log goes under it.
        "choices": sum(math.log2(radix) for _, radix in _code_entries(table)[0]) / 8,
        "payload": len(encode_payload(table)),
        "chars": len(code),
        "qr": qr_version(code),
        "qr_url": qr_version(import_url(URL_BASE, code)),
    }
    if timed:
        started = time.process_time()
        decode(code)
        row["decode_ms"] = (time.process_time() - started) * 1000
    return row


def summary(rows: list[dict[str, float]], key: str) -> str:
    values = sorted(r[key] for r in rows)
    fmt = "{:,.0f}" if key != "decode_ms" else "{:.0f}"
    return " / ".join(fmt.format(v) for v in (values[0], statistics.median(values), values[-1]))


def label(options: dict[str, Any]) -> str:
    names = {"great_wall": "Great Wall", "super_events": "Super Events"}
    return " + ".join(names.get(k, k) for k in options) or "base"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="random complete games per case")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mid", action="store_true", help="also codes of the games cut half-way")
    parser.add_argument("--time", action="store_true", help="also the CPU time to decode (ms)")
    parser.add_argument("--check", action="store_true", help="exit 1 if a code is over its limit")
    args = parser.parse_args()
    keys = KEYS + (["decode_ms"] if args.time else [])
    print(f"{args.games} seeded random games per row; min / median / max")
    print("| game | players | options | stage | " + " | ".join(keys) + " |")
    print("|" + "---|" * (len(keys) + 4))
    over: list[str] = []
    for game_id, players, options, limit in CASES:
        complete, middle = [], []
        for i in range(args.games):
            table = random_game(game_id, players, options, seed_of(args.seed, game_id, players, options, i))
            row = measure(table, args.time)
            complete.append(row)
            if row["qr"] > limit:
                over.append(
                    f"{game_id} {players}p {label(options)} game {i}: QR {row['qr']:.0f} / URL {row['qr_url']:.0f}"
                )
            if args.mid:
                mid = Table.new(game_id, [p.name for p in table.players], table.options.model_dump())
                for entry in table.entries[: table.version // 2]:
                    mid.submit(entry)
                middle.append(measure(mid, args.time))
        for stage, rows in (("complete", complete), ("mid-game", middle)):
            if rows:
                cells = " | ".join(summary(rows, k) for k in keys)
                print(f"| {game_id} | {players} | {label(options)} | {stage} | {cells} |", flush=True)
    if args.check:
        for line in over:
            print("OVER THE LIMIT:", line)
        print("check:", "FAILED" if over else "all codes within their limits")
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
