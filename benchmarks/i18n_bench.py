"""Text rendering speed: a complete game's history (every entry's label and every effect) in
English and Spanish, for each game (Dragon with both expansions).

Run: ``python benchmarks/i18n_bench.py`` (one core). Each figure is the median time to render
one whole history, over repeated renders of the same played games (seeds fixed).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "share"), str(ROOT / "tests")]

from snapshot_helpers import play  # noqa: E402

from companion.core import Table  # noqa: E402

GAMES = {
    "dragon": (["Ana", "Ben", "Carla", "Dan"], {"great_wall": True, "super_events": True}),
    "chinatown": (["Ana", "Ben", "Carla", "Dan"], {}),
    "dayu": (["Ana", "Ben", "Carla", "Dan"], {}),
}


def played(game: str, seed: int = 7) -> tuple[Table, list]:
    names, options = GAMES[game]
    table = Table.new(game, names, options)
    play(table, random.Random(seed))
    rows = [(table.state_at(i), entry, effects) for i, entry, effects in table.history]
    return table, rows


def render_history(table: Table, rows: list, lang: str) -> int:
    chars = 0
    for state, entry, effects in rows:
        chars += len(table.game.describe(state, entry).render(lang))
        for fx in effects:
            chars += len(fx.msg.render(lang))
    return chars


def median_ms(table: Table, rows: list, lang: str, repeats: int = 15) -> float:
    render_history(table, rows, lang)  # warm the catalogues and caches
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        render_history(table, rows, lang)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def main() -> None:
    for game in GAMES:
        table, rows = played(game)
        lines = sum(1 + len(fx) for _, _, fx in rows)
        figures = ", ".join(f"{lang} {median_ms(table, rows, lang):.2f} ms" for lang in ("en", "es"))
        print(f"{game}: history of {len(rows)} entries, {lines} lines: {figures}")


if __name__ == "__main__":
    main()
