"""Live tables across two workers (issue 28, item 3): how long after an entry is made on worker A a
session on worker B reads it, through PostgreSQL LISTEN/NOTIFY (companion/ui/relay.py).

Two processes on one throwaway PostgreSQL server of this machine (tests/pg_server.py, started
*durable*: fsync and synchronous commit on, as a real server runs), each a worker's table side as
``companion serve`` makes it: a Store (its own connection pool), a TableHub and a Relay (its own
LISTEN connection). A makes Dragon entries through its hub, one at a time with a pause between
(an idle table's pace, nothing queued); B's relay reloads the table and publishes it, and B's
"session" (what Flet's pubsub would call) reads the table's version, as a session's redraw does.
The Flet redraw and the websocket are left out: tests/hosted/test_workers_browser.py prints the
whole tap-to-viewer delay in Chromium.

Times are ``time.perf_counter`` (CLOCK_MONOTONIC on Linux: one clock for both processes):
- stored: A's ``hub.change`` (the engine, the transaction, the commit; the notice only queued);
- notice: from A's change returning to B's session reading the new version (A's sender thread,
  NOTIFY, B's listener, B's reload from the store, the publish);
- entry to B: both, what a viewer on B waits for beyond the redraw.

Run: python benchmarks/relay_bench.py [--runs N]   (prints the median and p90 of each, in ms)
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(HERE), str(HERE / "tests")]

from pg_server import running  # noqa: E402

from companion.core import Table  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.hub import TableHub  # noqa: E402
from companion.ui.relay import Relay  # noqa: E402

PAUSE_SECONDS = 0.05  # between entries: each notice travels alone
WAIT_SECONDS = 30  # a bound for a lost notice, not a measure


class Reader:
    """Worker B's sessions: each publish is read back as a redraw reads the table."""

    def __init__(self, hub: TableHub, out: Any) -> None:
        self.hub, self.out = hub, out

    def send_all_on_topic(self, topic: str, _version: Any) -> None:
        table_id = topic.removeprefix("table.")
        self.out.put((table_id, self.hub.get(table_id).version, time.perf_counter()))


def worker_b(url: str, ready: Any, stop: Any, out: Any) -> None:
    store = Store(url)
    hub = TableHub(store)
    relay = Relay(url, hub, Reader(hub, out), hubs=lambda: [hub], worker="b").start()
    relay.listening.wait(WAIT_SECONDS)
    ready.set()
    stop.wait()
    relay.stop()
    store.close()


def _step(table: Table, rng: random.Random) -> None:
    table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))


def _read_on_b(out: Any, table_id: str, version: int) -> float:
    """When B's session read ``version`` of the table (earlier notices' reads are skipped)."""
    while True:
        seen_id, seen, at = out.get(timeout=WAIT_SECONDS)
        if seen_id == table_id and seen >= version:
            return float(at)


def measure(url: str, runs: int, out: Any) -> dict[str, list[float]]:
    store = Store(url)
    hub = TableHub(store)
    relay = Relay(url, hub, _Nobody(), hubs=lambda: [hub], worker="a").start()
    hub.announce.append(relay.announce)
    relay.listening.wait(WAIT_SECONDS)
    rng = random.Random(1)
    times: dict[str, list[float]] = {"stored": [], "notice": [], "entry to B": []}
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    for _ in range(runs):
        if hub.get(table.id).prompt is None:  # finished: the next table
            table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
        time.sleep(PAUSE_SECONDS)
        start = time.perf_counter()
        hub.change(table.id, lambda t: _step(t, rng))
        stored = time.perf_counter()
        read = _read_on_b(out, table.id, hub.version_of(table.id))
        times["stored"].append(stored - start)
        times["notice"].append(read - stored)
        times["entry to B"].append(read - start)
    relay.stop()
    store.close()
    return times


class _Nobody:
    """Worker A's sessions: its own notices are not published to it."""

    def send_all_on_topic(self, topic: str, message: Any) -> None:
        raise AssertionError(f"worker a heard its own notice: {topic} {message}")


def _p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=300)
    args = parser.parse_args()
    spawn = multiprocessing.get_context("spawn")
    with running(durable=True) as server:
        url = server.create_database("relay_bench")
        ready, stop, out = spawn.Event(), spawn.Event(), spawn.Queue()
        b = spawn.Process(target=worker_b, args=(url, ready, stop, out))
        b.start()
        try:
            if not ready.wait(WAIT_SECONDS * 4):
                raise RuntimeError("worker b did not start listening")
            times = measure(url, args.runs, out)
        except queue.Empty as exc:
            raise RuntimeError("a notice never reached worker b") from exc
        finally:
            stop.set()
            b.join(WAIT_SECONDS)
            if b.is_alive():
                b.kill()
    print(f"{args.runs} entries on worker A, read on worker B (ms):")
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"  {name:<11} median {statistics.median(ms):6.2f}   p90 {_p90(ms):6.2f}   max {max(ms):7.2f}")


if __name__ == "__main__":
    main()
