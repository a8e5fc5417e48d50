"""Taps on the long lists (issue 25): what one tap costs the server on Home, Players and New table,
with store_size_bench's stores (N tables, a fifth in progress, and N remembered players).

Each measure is a new session (the headless harness of tests/ui) opened at the screen, then one
tap (or one search submitted), timed on this process's CPU clock from the event to the last
message sent (the handler, the redraw, Flet's diff and the patch), as store_size_bench times a
screen; in brackets the bytes sent for it. Medians of RUNS sessions.

- Home, Show more: "Show more" under the tables in progress (6 more drawn);
- Home, a search: "Da Yu" typed and submitted (its tables: a page of each list);
- Players, Show more / a search ("Player 00012");
- New table, a player seated: the first remembered player tapped; a player added: "Add a player";
  a letter typed: "A" in the first seat's name (its card says the name as typed);
- Home, a rename saved: the first table's Rename dialog opened (not timed), then Save tapped
  with its name unchanged (the lists read again; the screen kept since branch polish).

Run: python benchmarks/list_taps_bench.py [--root TREE] [--sizes 1000,10000] [--runs N]
``--root`` measures another checkout with this file (as store_size_bench does).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import store_size_bench  # first: it puts the tree measured and the tests' harness on sys.path

build, cached, drop = store_size_bench.build, store_size_bench.cached, store_size_bench.drop

from flet_harness import Harness  # noqa: E402

from companion.store import Store  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402

Tap = Callable[[Harness], Awaitable[None]]


async def search(h: Harness, key: str, text: str) -> None:
    await h.type_text(key, text)
    await h.fire(key, "submit", text)


async def first_pick(h: Harness) -> None:
    await h.click(sorted(h.keys("pick-player-"))[0])


async def open_rename(h: Harness) -> None:
    await h.click(sorted(h.keys("rename-"))[0])


TAPS: list[tuple[str, str, Tap] | tuple[str, str, Tap, Tap]] = [
    ("Home, Show more", "/", lambda h: h.click("home-more-playing")),
    ("Home, a search", "/", lambda h: search(h, "home-search", "Da Yu")),
    ("Players, Show more", "/players", lambda h: h.click("players-more")),
    ("Players, a search", "/players", lambda h: search(h, "players-search", "Player 00012")),
    ("New table, a player seated", "/new", first_pick),
    ("New table, a player added", "/new", lambda h: h.click("player-add")),
    ("New table, a letter typed", "/new", lambda h: h.type_text("player-name-0", "A")),
    ("Home, a rename saved", "/", lambda h: h.click("rename-save"), open_rename),
]


async def taps(path: Path, runs: int) -> dict[str, tuple[float, float]]:
    """Median CPU ms and kB sent, per tap."""
    hub = TableHub(Store(path))
    out: dict[str, tuple[float, float]] = {}
    for label, route, tap, *prep in TAPS:
        times, sent = [], []
        for _ in range(runs):
            h = Harness()
            await h.start(make_main(hub), route=route)
            for step in prep:  # what leads to the tap, not timed (a dialog opened)
                await step(h)
            start, before = time.process_time(), h.conn.wire_bytes
            await tap(h)
            times.append((time.process_time() - start) * 1000)
            sent.append((h.conn.wire_bytes - before) / 1000)
            h.close()
        out[label] = (statistics.median(times), statistics.median(sent))
    hub.store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root")
    parser.add_argument("--sizes", default="1000")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {}
    for size in sizes:
        path = cached(f"mixed-{size}", lambda p, n=size: build(p, n))
        try:
            results[size] = asyncio.run(taps(path, args.runs))
        finally:
            drop(path)
    print(f"tree: {store_size_bench.ROOT}")
    print("| Tap | " + " | ".join(f"{s:,} tables and players" for s in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for label, *_ in TAPS:
        cells = [f"{results[s][label][0]:.1f} ms ({results[s][label][1]:.1f} kB)" for s in sizes]
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
