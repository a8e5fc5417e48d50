"""Live-share flood benchmark: the host's tap on a real ``companion serve`` while one phone
floods forged events.

Run: python benchmarks/live_flood_bench.py [--taps 15]
Starts ``companion serve`` on a free 127.0.0.1 port (a temporary data folder, 127.0.0.1 as the
trusted proxy so the flooding phone counts as one on the local network), connects the host
(raw websocket frames, tests/security/wire.py) and times its taps (open Settings, until the
server answers): first quiet, then with a phone sending forged clicks as fast as it can,
reconnecting whenever the server drops it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "security")]

from served import seed_table  # noqa: E402
from wire import PAGE, Phone, click, patch, register, route_change  # noqa: E402


async def tap(host: Phone) -> float:
    seen = len(host.received)
    start = time.perf_counter()
    await host.send(patch(PAGE, {"route": "/settings"}), route_change("/settings"))
    while len(host.received) == seen:
        if host.closed is not None or time.perf_counter() - start > 60:
            raise RuntimeError(f"the host got no answer (closed: {host.closed})")
        await asyncio.sleep(0.001)
    took = time.perf_counter() - start
    await host.send(patch(PAGE, {"route": "/"}), route_change("/"))
    await host.settle(0.5)  # a person's pace: the route budget allows 3 changes a second
    return took


async def flood(port: int, stop: asyncio.Event, counts: list[int]) -> None:
    """Forged clicks from one phone, as fast as the socket takes them; reconnect when dropped."""
    while not stop.is_set():
        try:
            phone = await Phone(port, {"X-Forwarded-For": "192.168.90.9"}).connect()
            await phone.send(register("/"))
        except Exception:  # refused at the handshake while it cools down: try again at once
            counts[2] += 1
            await asyncio.sleep(0.01)
            continue
        counts[1] += 1
        with contextlib.suppress(Exception):
            i = 0
            while not stop.is_set() and phone.closed is None:
                await phone.ws.send(click(100_000 + i))
                i += 1
                counts[0] += 1
                if i % 50 == 0:
                    await asyncio.sleep(0)
        await phone.close()


async def measure(folder: Path, taps: int) -> tuple[list[float], list[float], list[int]]:
    served = seed_table(folder).start(trust_proxy=True)
    try:
        host = await Phone(served.port).connect()
        await host.send(register("/"))
        await host.settle()
        quiet = [await tap(host) for _ in range(taps)]
        stop, counts = asyncio.Event(), [0, 0, 0]
        flooder = asyncio.create_task(flood(served.port, stop, counts))
        await asyncio.sleep(0.5)
        busy = [await tap(host) for _ in range(taps)]
        stop.set()
        await flooder
        await host.close()
        return quiet, busy, counts
    finally:
        served.stop()
        log = served.log()
        if "Traceback" in log or "127.0.0.1: over" in log:
            print(log[-12000:], file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        quiet, busy, (sent, connections, refused) = asyncio.run(measure(Path(tmp), args.taps))
    q, b = statistics.median(quiet) * 1000, statistics.median(busy) * 1000
    print(f"host tap, quiet: median {q:.1f} ms over {len(quiet)} taps")
    print(
        f"host tap, one phone flooding ({sent} forged clicks over {connections} connections, "
        f"{refused} refused at the handshake): "
        f"median {b:.1f} ms over {len(busy)} taps ({b / q:.2f}x quiet)"
    )


if __name__ == "__main__":
    main()
