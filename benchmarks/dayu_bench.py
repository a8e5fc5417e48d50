"""Da Yu benchmark: whole random games, replay, prompt and apply costs, and snapshot sizes.

Run: python benchmarks/dayu_bench.py  (figures go into docs/PERFORMANCE.md, "Da Yu").
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "share"), str(ROOT / "tests")]

from snapshot_helpers import play as play_to_end  # noqa: E402

from companion.core import Table, codes  # noqa: E402
from companion.games.dayu import GAME  # noqa: E402

GAMES = 10


def play(players: int, seed: int) -> Table:
    """A whole game through the prompt alone, choices at random (the app places the markers)."""
    rng = random.Random(seed)
    table = Table.new("dayu", [f"P{i}" for i in range(players)])
    play_to_end(table, rng)
    return table


def measure(players: int) -> dict[str, float]:
    play_s, entries, replay_s, apply_s, prompt_s, load_s, coded, raw_json = [], [], [], [], [], [], [], []
    for seed in range(GAMES):
        start = time.perf_counter()
        table = play(players, seed)
        play_s.append(time.perf_counter() - start)
        entries.append(table.version)

        state = GAME.setup(table.options, [p.name for p in table.players])
        bits = 0.0
        t_apply = t_prompt = 0.0
        for entry in table.entries:
            t0 = time.perf_counter()
            GAME.prompt(state)
            t1 = time.perf_counter()
            _value, radix = codes.entry_code(GAME, state, entry)
            assert radix != codes.RAW
            bits += math.log2(radix) if radix > 1 else 0
            t2 = time.perf_counter()
            state, _ = GAME.apply(state, entry)
            t3 = time.perf_counter()
            t_prompt += t1 - t0
            t_apply += t3 - t2
        apply_s.append(t_apply / table.version)
        prompt_s.append(t_prompt / table.version)
        replay_s.append(t_apply)
        coded.append(bits / 8)

        text = table.to_json(indent=None)
        raw_json.append(len(text.encode()))
        start = time.perf_counter()
        Table.from_json(text)
        load_s.append(time.perf_counter() - start)

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs)

    return {
        "entries": mean(entries),
        "play_ms": mean(play_s) * 1e3,
        "apply_us": mean(apply_s) * 1e6,
        "prompt_us": mean(prompt_s) * 1e6,
        "replay_ms": mean(replay_s) * 1e3,
        "load_ms": mean(load_s) * 1e3,
        "coded_bytes": mean(coded),
        "json_kb": mean(raw_json) / 1024,
    }


def main() -> None:
    print(f"Da Yu, {GAMES} random games per player count (means)")
    for players in (2, 3, 4):
        m = measure(players)
        print(
            f"{players} players: {m['entries']:.0f} entries; whole game through the prompt {m['play_ms']:.0f} ms; "
            f"apply {m['apply_us']:.0f} µs/entry, prompt {m['prompt_us']:.0f} µs/state; "
            f"replay of the log {m['replay_ms']:.0f} ms; import of the exported file {m['load_ms']:.0f} ms; "
            f"coded entries {m['coded_bytes']:.0f} bytes (JSON file {m['json_kb']:.0f} KiB)"
        )


if __name__ == "__main__":
    main()
