"""Text rendering speed: a complete game's history (every entry's header and every effect) in
English and Spanish, for each game (Dragon with both expansions).

Run: ``python benchmarks/i18n_bench.py [--root TREE] [--json]`` (one core). Each figure is the
median time to render one whole history, over repeated renders of the same played games (seeds
fixed). ``--root`` runs another checkout's engine and catalogues with this file (a side-by-side
comparison, as docs/PERFORMANCE.md reports it); ``--json`` prints the figures as one JSON line.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if "--root" in sys.argv:  # before the engine is imported: the tree measured
    ROOT = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
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
    # each entry's header as History writes it: ``narrate`` where the tree has it, else the
    # choice's label (``describe``), which History used before
    header = getattr(table.game, "narrate", table.game.describe)
    chars = 0
    for state, entry, effects in rows:
        chars += len(header(state, entry).render(lang))
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
    import json

    out = {}
    for game in GAMES:
        table, rows = played(game)
        lines = sum(1 + len(fx) for _, _, fx in rows)
        out[game] = {lang: median_ms(table, rows, lang) for lang in ("en", "es")}
        if "--json" not in sys.argv:
            figures = ", ".join(f"{lang} {ms:.2f} ms" for lang, ms in out[game].items())
            print(f"{game}: history of {len(rows)} entries, {lines} lines: {figures}")
    if "--json" in sys.argv:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
