"""Live-share fan-out benchmark: one host entry reaching many viewers, and the host's tap during
a flood of forged events from one viewer.

Run: python benchmarks/live_fanout_bench.py [--viewers 50] [--taps 20]
Headless sessions (tests/ui/flet_harness.py) share one table and one pubsub hub, as phones do in
the served app. "fan-out" times the host's tap until every viewer's session has sent its client
the patch. "flood" times the host's tap alone, then while one viewer's connection pushes forged
clicks through the server's frame guard (companion.ui.guard) as fast as it can.
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

VIEWER_IP = "192.168.1.77"  # a phone on the LAN, as the server records it (nothing is contacted)


async def tap_keys(host: Harness, table: Table) -> list[str]:
    if table.prompt.auto:
        return ["auto"]
    return [k for k in host.keys("choice-") if k.count("-") == 1]


async def fan_out(folder: Path, viewers: int, taps: int) -> list[float]:
    hub = TableHub(Store(folder / "tables.sqlite3"))
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"]))
    rng = random.Random(5)
    bus = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    host = Harness(hub=bus)
    await host.start(make_main(hub), route=f"/table/{table.id}")
    token = live.links_for(hub).links(table.id, len(table.players))[0].token
    phones = []
    for _ in range(viewers):
        phone = Harness(hub=bus)
        peer.record(phone.conn, VIEWER_IP)
        await phone.start(make_main(hub), route=f"/join/{token}")
        phones.append(phone)
    delays: list[float] = []
    while len(delays) < taps and table.prompt is not None:
        keys = await tap_keys(host, table)
        if not keys:
            break
        seen = [len(p.conn.messages) for p in phones]
        start = time.perf_counter()
        await host.session.dispatch_event(host.by_key(rng.choice(keys))._i, "click", None)
        while time.perf_counter() - start < 30:
            if all(len(p.conn.messages) > n for p, n in zip(phones, seen, strict=True)):
                break
            await asyncio.sleep(0.0005)
        delays.append(time.perf_counter() - start)
        await host.flush()
        for p in phones:
            await p.flush(turns=2)
    for h in (host, *phones):
        h.close()
    return delays


def median_ms(values: list[float]) -> float:
    return statistics.median(values) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--taps", type=int, default=20)
    args = parser.parse_args()

    async def run() -> list[float]:
        with tempfile.TemporaryDirectory() as tmp:
            return await fan_out(Path(tmp), args.viewers, args.taps)

    delays = sorted(asyncio.run(run()))
    print(
        f"host tap -> all {args.viewers} viewers updated over {len(delays)} taps: "
        f"median {median_ms(delays):.0f} ms, max {delays[-1] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
