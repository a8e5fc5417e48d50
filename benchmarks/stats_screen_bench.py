"""Statistics screen benchmark: the server-side time to show the Dragon statistics of 1,000
logged plays, measured with the headless harness (tests/ui/flet_harness.py).

The store is plays_bench's: 1,000 finished Dragon tables (copies of 20 random games, 80 % of
the seats linked to seven players). Timed, each a median of RUNS:

- the Dragon statistics, tapped from another game's statistics (the SQL statistics, the screen
  built, Flet's diff and the patch sent): the statistics screen's own cost;
- choosing a player in its filter;
- the play log (/plays, its first page of 25 plays), from the statistics;
- the Dragon statistics from Home: this also redraws Home under it (1,000 finished tables,
  one card each), which is Home's cost, not the statistics'.

The clock is this process's CPU time until the last message is sent, as in ui_bench.py.

Run: python benchmarks/stats_screen_bench.py  (figures in docs/PERFORMANCE.md, "Statistics screen").
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "ui"), str(ROOT / "benchmarks")]

from flet_harness import Harness  # noqa: E402
from plays_bench import fill  # noqa: E402
from plays_helpers import finished_game  # noqa: E402

from companion.store import Store  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402

RUNS = 20


async def timed(h: Harness, action: Callable[[], Awaitable[None]]) -> tuple[float, int]:
    """CPU seconds from the action to the last message it caused, and the bytes sent."""
    stamps: list[float] = []
    send = h.conn.send_message
    before = h.conn.wire_bytes

    def stamped(message: object) -> None:
        send(message)
        stamps.append(time.process_time())

    h.conn.send_message = stamped  # type: ignore[method-assign]
    start = time.process_time()
    await action()
    h.conn.send_message = send  # type: ignore[method-assign]
    assert stamps, "the action sent nothing"
    return stamps[-1] - start, h.conn.wire_bytes - before


async def measure(path: Path) -> dict[str, tuple[float, int]]:
    hub = TableHub(Store(path))
    ana = hub.store.find_player("Ana").id
    assert hub.store.stats("dragon").plays == 1_000
    h = Harness()
    await h.start(make_main(hub), route="/")
    out: dict[str, list[tuple[float, int]]] = {"open": [], "player": [], "log": [], "home": []}
    for _ in range(RUNS):
        await h.goto("/stats/dayu")
        out["open"].append(await timed(h, lambda: h.goto("/stats/dragon")))
        assert (
            h.by_key("stats-plays").value.replace(",", "") == "1000 games"
        )  # "1,000 games" since numbers are formatted
        out["player"].append(await timed(h, lambda: h.select("stats-player", ana)))
        await h.select("stats-player", "all")
        out["log"].append(await timed(h, lambda: h.goto("/plays")))
        await h.goto("/")
        out["home"].append(await timed(h, lambda: h.goto("/stats/dragon")))
    h.close()
    return {
        k: (statistics.median(t for t, _ in v) * 1000, int(statistics.median(b for _, b in v)))
        for k, v in out.items()
    }


def main() -> None:
    print("Building 1,000 finished Dragon tables...", file=sys.stderr)
    dragons = [finished_game(seed) for seed in range(0, 60, 3)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "dragon.sqlite3"
        fill(path, dragons)
        figures = asyncio.run(measure(path))
    print(f"Statistics screen, 1,000 Dragon plays (medians of {RUNS}, server CPU time, bytes sent):")
    for key, what in (
        ("open", "Dragon statistics, from Da Yu's"),
        ("player", "choose a player"),
        ("log", "the play log, from the statistics"),
        ("home", "Dragon statistics, from Home"),
    ):
        print(f"  {what:36s} {figures[key][0]:7.1f} ms  {figures[key][1]:7d} B")


if __name__ == "__main__":
    main()
