"""Live-share benchmark: how long after the host's tap a connected viewer receives the update.

Run: python benchmarks/live_bench.py [--taps N]
Two headless sessions (tests/ui/flet_harness.py) share one table and one pubsub hub, as the host's
phone and a viewer's phone do in the served app. The host taps random choices of a 4-player Dragon
game ("Deal for me" for the action groups); the time runs from the host's tap until the viewer's session has sent its client the patch
(what then remains is the network hop and the browser's repaint).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui")]

from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402
from flet_harness import Harness  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui import live, peer  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402

VIEWER_IP = "192.168.1.77"  # a phone on the LAN, as the app sees it (nothing is contacted)


async def measure(folder: Path, taps: int, seed: int) -> list[float]:
    hub = TableHub(Store(folder / "tables.sqlite3"))
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"]))
    rng = random.Random(seed)
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    host = Harness(hub=bus)
    await host.start(make_main(hub), route=f"/table/{table.id}")
    viewer_link = live.links_for(hub).links(table.id, len(table.players))[0]
    viewer = Harness(hub=bus)
    peer.record(viewer.conn, VIEWER_IP)  # what the web server records from the socket
    await viewer.start(make_main(hub), route=f"/join/{viewer_link.token}")
    delays: list[float] = []
    while len(delays) < taps and table.prompt is not None:
        keys = ["auto"] if table.prompt.auto else [k for k in host.keys("choice-") if k.count("-") == 1]
        if not keys:
            break
        seen = len(viewer.conn.messages)
        start = time.perf_counter()
        await host.session.dispatch_event(host.by_key(rng.choice(keys))._i, "click", None)
        while len(viewer.conn.messages) == seen and time.perf_counter() - start < 5:
            await asyncio.sleep(0.0005)
        delays.append(time.perf_counter() - start)
        await host.flush()
        await viewer.flush(pause=0.002)
    host.close()
    viewer.close()
    return delays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=150)
    args = parser.parse_args()

    async def run() -> list[float]:
        with tempfile.TemporaryDirectory() as tmp:
            return await measure(Path(tmp), args.taps, seed=5)

    delays = sorted(asyncio.run(run()))
    ms = [d * 1000 for d in delays]
    p90 = ms[int(len(ms) * 0.9) - 1]
    print(
        f"host tap -> viewer update over {len(ms)} taps: median {statistics.median(ms):.1f} ms, "
        f"p90 {p90:.1f} ms, max {ms[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
