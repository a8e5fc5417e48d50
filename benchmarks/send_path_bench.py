"""The served app's send path: what sending a late Dragon tap's messages costs through Flet
1.0.5's own ``FletApp.send_message`` (which formats each whole message for its debug log first,
read or not) and through ``GuardedFletApp.send_message`` (ui/guard.py: the same frames, the log
line formatted only when the log wants it).

Run: python benchmarks/send_path_bench.py [--games N]
It plays ui_bench.py's games (5 players, seeds 0..N-1) and, for every message a late tap (months
10-12) sends, times both send paths on that message at once, each into a queue of its own (CPU
time; the frames are compared equal). ui_bench.py's tap times do not include this: its fake
client encodes the messages but is not Flet's websocket handler.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import MethodType

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "ui"), str(ROOT / "benchmarks")]

import ui_bench  # noqa: E402
from flet_harness import FakeClient  # noqa: E402
from flet_web.fastapi.flet_app import FletApp  # noqa: E402

from companion.core.memory import tune  # noqa: E402


async def main(games: int) -> None:
    tune()
    loop = asyncio.get_running_loop()
    pool = ThreadPoolExecutor(1)
    ours, _ = ui_bench.served_sender()  # the served handler with its send queue, as ui_bench sends
    flets = FletApp(loop, pool, ui_bench._never, None)
    flets._FletApp__send_queue = asyncio.Queue()  # what FletApp.handle makes on accept
    taps: list[tuple[float, float]] = []  # per late tap: Flet's path, this app's path (s)
    now: list[float] = [0.0, 0.0]
    send = FakeClient.send_message

    def both(self: FakeClient, message: object) -> None:
        t0 = time.process_time()
        FletApp.send_message(flets, message)
        t1 = time.process_time()
        ours.send_message(message)
        t2 = time.process_time()
        now[0] += t1 - t0
        now[1] += t2 - t1
        a, b = flets._FletApp__send_queue.get_nowait(), ours._FletApp__send_queue.get_nowait()
        assert a == b, "the two send paths queued different frames"
        send(self, message)

    click = ui_bench.timed_click

    async def late_tap(h, key, times, sizes, firsts=None, *rest):  # type: ignore[no-untyped-def]
        if firsts is None:  # a tap before month 10: not counted
            return await click(h, key, times, sizes, firsts, *rest)
        now[:] = [0.0, 0.0]
        was = h.conn.send_message
        h.conn.send_message = MethodType(both, h.conn)  # the tap's own wrapper sends through it
        try:
            await click(h, key, times, sizes, firsts, *rest)
        finally:
            h.conn.send_message = was
        taps.append((now[0], now[1]))

    ui_bench.timed_click = late_tap
    for seed in range(games):
        with tempfile.TemporaryDirectory() as tmp:
            await ui_bench.one_game(Path(tmp), seed)
    pool.shutdown()
    flet_ms = [a * 1000 for a, _ in taps]
    ours_ms = [b * 1000 for _, b in taps]
    print(f"late taps: {len(taps)} over {games} games (5 players, months 10-12)")
    print(
        f"send path per late tap, median: Flet's own {statistics.median(flet_ms):.3f} ms, "
        f"GuardedFletApp {statistics.median(ours_ms):.3f} ms "
        f"(p90 {sorted(flet_ms)[int(len(taps) * 0.9)]:.3f} / {sorted(ours_ms)[int(len(taps) * 0.9)]:.3f} ms)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    asyncio.run(main(parser.parse_args().games))
