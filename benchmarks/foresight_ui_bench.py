"""Foresight on the Play screen: what the coming-events card (and the round summary card) add to
a tap late in a 5-player Dragon game, measured through the screen with the headless harness.

Run: python benchmarks/foresight_ui_bench.py [--games N] [--variant NAME]
The same seeded games are tapped three times: without the foresight parts, with the coming
events, with the coming events and the round summary card. A tap's time is the server's CPU time
from the click to the last message sent to the (fake) client (as in benchmarks/ui_bench.py);
the figure is the median over the taps of months 10 to 12, and the median of the per-tap
differences against the same tap without the foresight parts.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui"), str(ROOT / "benchmarks")]

from flet_harness import Harness  # noqa: E402
from ui_bench import NAMES, choices, timed_click  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.gameui import register_ui, ui_for  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402
from companion.ui.views import play  # noqa: E402

FULL = ui_for("dragon")
VARIANTS = {
    "without foresight": (dataclasses.replace(FULL, foresight=None), False),
    "coming events": (FULL, False),
    "coming events + round summary": (FULL, True),
}
SHOW_SUMMARY = play.last_round


async def one_game(folder: Path, seed: int, variant: str) -> list[float]:
    """The time of each tap of months 10 to 12, in the order tapped (the same taps in every variant)."""
    gui, summary = VARIANTS[variant]
    register_ui(gui)
    play.last_round = SHOW_SUMMARY if summary else (lambda model, table: [])
    hub = TableHub(Store(folder / "tables.sqlite3"))
    table = hub.create(Table.new("dragon", list(NAMES)))
    h = Harness()
    await h.start(make_main(hub), route=f"/table/{table.id}")
    app = h.page.session.store.get("companion.app")
    app.open.rng = random.Random(seed)  # the app deals the groups: the same deals in every variant
    rng = random.Random(seed)
    late: list[float] = []
    while not h.has("finished-card"):
        key = "auto" if h.has("auto") else f"choice-{rng.randrange(choices(h))}"
        if table.state.month >= 10:
            await timed_click(h, key, late, [])
        else:
            await h.click(key)
    h.close()
    hub.store.close()
    return late


async def main(games: int, only: str | None = None) -> None:
    variants = [only] if only else list(VARIANTS)
    taps: dict[str, list[list[float]]] = {v: [] for v in variants}
    for seed in range(games):
        for variant in variants:
            with tempfile.TemporaryDirectory() as tmp:
                taps[variant].append(await one_game(Path(tmp), seed, variant))
    register_ui(FULL)
    play.last_round = SHOW_SUMMARY
    if only:  # one variant alone: for timing the whole process from outside, pair against another
        print(f"{only}: {sum(len(g) for g in taps[only])} taps in months 10-12")
        return
    base = [t for game in taps["without foresight"] for t in game]
    print(
        f"games: {games} (5 players, random legal choices, the app deals), {len(base)} taps in months 10-12"
    )
    for variant, games_taps in taps.items():
        flat = [t for game in games_taps for t in game]
        assert len(flat) == len(base), "the variants must tap the same game"
        line = f"{variant}: tap median {statistics.median(flat) * 1000:.2f} ms"
        if variant != "without foresight":
            added = [a - b for a, b in zip(flat, base, strict=True)]
            line += f", added per tap median {statistics.median(added) * 1000:+.2f} ms"
        print(line)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--variant", choices=list(VARIANTS), help="tap the games with this variant only")
    args = parser.parse_args()
    asyncio.run(main(args.games, args.variant))
