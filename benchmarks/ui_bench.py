"""UI benchmark: taps for one full 5-player Dragon month, and the server-side time from a tap to
the updated screen late in a game, measured with the headless harness (tests/ui/flet_harness.py).

Run: python benchmarks/ui_bench.py [--games N]
The time of a tap is the session's dispatch_event: the handler, Flet's page diff and the patch
sent to the (fake) client, i.e. all the work the server does before the browser can repaint.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui")]

from flet_harness import Harness  # noqa: E402

from companion.store import Store  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402

NAMES = ("Ana", "Ben", "Carla", "Dai", "Eva")


async def timed_click(
    h: Harness, key: str, times: list[float], sizes: list[int], firsts: list[tuple[float, int]] | None = None
) -> None:
    """One tap: the time until the last message it caused was sent, and the bytes sent; with
    ``firsts``, also the time to the first message and its size (the pressed state, issue 25).

    The declarative screens re-render in Flet's update scheduler after the handler returns, so
    the clock stops at the last message sent to the client, not when the handler returns. The
    clock is this process's CPU time: the server's work, not other programs sharing the cores."""
    control = h.by_key(key)
    sent = len(h.conn.messages)
    before = h.conn.wire_bytes
    stamps: list[float] = []
    first_size: list[int] = []
    send = h.conn.send_message

    def stamped(message: object) -> None:
        was = h.conn.wire_bytes
        send(message)
        stamps.append(time.process_time())
        first_size.append(h.conn.wire_bytes - was)

    h.conn.send_message = stamped  # type: ignore[method-assign]
    start = time.process_time()
    await h.session.dispatch_event(control._i, "click", None)
    await h.flush()
    h.conn.send_message = send  # type: ignore[method-assign]
    assert len(h.conn.messages) > sent, f"tap on {key} sent nothing"
    times.append(stamps[-1] - start)
    sizes.append(h.conn.wire_bytes - before)
    if firsts is not None:
        firsts.append((stamps[0] - start, first_size[0]))


def choices(h: Harness) -> int:
    return len([k for k in h.keys("choice-") if k.count("-") == 1])


async def one_game(folder: Path, seed: int) -> dict:
    hub = TableHub(Store(folder / "tables.sqlite3"))
    h = Harness()
    await h.start(make_main(hub))
    await h.click("new-table")
    await h.click("game-dragon")
    while len(h.keys("player-name-")) < len(NAMES):
        await h.click("player-add")
    for i, n in enumerate(NAMES):
        await h.type_text(f"player-name-{i}", n)
    await h.click("setup-start")
    table = hub.get(hub.store.list()[0].id)
    rng = random.Random(seed)
    taps_by_month: dict[int, int] = {}
    late: list[float] = []
    times: list[float] = []
    late_bytes: list[int] = []
    other_bytes: list[int] = []
    firsts: list[tuple[float, int]] = []
    while not h.has("finished-card"):
        month = table.state.month
        key = "auto" if h.has("auto") else f"choice-{rng.randrange(choices(h))}"
        if month >= 10:
            await timed_click(h, key, late, late_bytes, firsts)
        else:
            await timed_click(h, key, times, other_bytes)
        taps_by_month[month] = taps_by_month.get(month, 0) + 1
    h.close()
    hub.store.close()
    return {
        "taps": taps_by_month,
        "late": late,
        "late_bytes": late_bytes,
        "firsts": firsts,
        "entries": table.version,
    }


async def main(games: int) -> None:
    months, late, late_bytes, entries, firsts = [], [], [], [], []
    for seed in range(games):
        with tempfile.TemporaryDirectory() as tmp:
            r = await one_game(Path(tmp), seed)
        # a full month = its action, person and event phases: months 2..11 (1 includes setup, 12 has no persons)
        months += [r["taps"][m] for m in range(2, 12)]
        late += r["late"]
        late_bytes += r["late_bytes"]
        firsts += r["firsts"]
        entries.append(r["entries"])
    print(f"games: {games} (5 players, random legal choices, the app deals groups)")
    print(f"entries per game: median {statistics.median(entries)}")
    print(
        f"taps per full month (months 2-11): median {statistics.median(months)}, min {min(months)}, "
        f"max {max(months)}"
    )
    print(
        f"tap -> updated screen, months 10-12 (server CPU): median {statistics.median(late) * 1000:.1f} ms, "
        f"p90 {sorted(late)[int(len(late) * 0.9)] * 1000:.1f} ms over {len(late)} taps"
    )
    print(
        f"update sent per tap, months 10-12: median {statistics.median(late_bytes) / 1024:.1f} KB, "
        f"max {max(late_bytes) / 1024:.1f} KB"
    )
    first_ms = [t * 1000 for t, _ in firsts]
    first_kb = [b / 1024 for _, b in firsts]
    print(
        f"tap -> first patch (the pressed choice), months 10-12: median {statistics.median(first_ms):.2f} ms, "
        f"{statistics.median(first_kb):.2f} KB"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    asyncio.run(main(parser.parse_args().games))
