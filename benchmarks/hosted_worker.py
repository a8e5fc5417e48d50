"""One worker of the hosted load benchmark (benchmarks/hosted_bench.py starts it; not run alone).

A worker is what one ``companion serve`` process holds for live tables, without Flet's sessions
and websockets: the real ``TableHub`` over a real ``Store`` (SQLite file or PostgreSQL URL),
a real Flet ``PubSubHub`` on this process's event loop and thread pool (as Flet's app manager
makes it), and on PostgreSQL the real relay (companion/ui/relay.py, ``start_relay`` as
``companion serve`` calls it), so another worker's entry reloads the table here and is
published on this worker's pubsub.

- A *viewer* is a pubsub subscriber on a table's topic, as a session following a table is
  (ui/shell.py, ``_follow_table``). When it hears the topic it reads the table from the hub, as
  the session's redraw would, and records the table's version and the time.
- A *tap* is a host's entry as ui/shell.py's ``_change`` makes it: ``hub.change`` submitting
  the entry (engine, store transaction, commit), then ``send_others_on_topic`` on the local
  pubsub. Taps run in the thread pool, as Flet runs a session's synchronous click handlers,
  each at its planned moment (the phone's tap arriving).

Protocol with the parent: argv is the spec's pickle and the result's path; the worker opens
every table, subscribes its viewers, prints ``ready``; the parent writes the start moment (a
``time.monotonic()`` value: the clock is the machine's, shared by every process on Linux); the
worker taps its tables' entries on plan, samples its own CPU time at the start and the end of
the measured window, waits for the drain, writes its records and prints ``done``.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from companion.core.memory import tune  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.ui.hub import TableHub, hub_for_key  # noqa: E402

HOST_SESSION = "host"  # the tapping session: ``send_others_on_topic`` leaves it out, as the app does
RELAY_SECONDS = 30  # longest wait for the relay's LISTEN before giving up


def cpu_seconds() -> float:
    """This process's CPU time so far, every thread's (user + system)."""
    times = os.times()
    return times.user + times.system


class Worker:
    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.loop = asyncio.new_event_loop()
        self.executor = ThreadPoolExecutor(thread_name_prefix="flet_fastapi")  # Flet's own default
        self.pubsub = PubSubHub(loop=self.loop, executor=self.executor)
        location = spec["location"]
        self.hub: TableHub = hub_for_key("", lambda: Store(location))
        self.relay: Any = None
        self.taps: list[tuple[str, int, float, float, float, str]] = []
        self.seen: list[tuple[str, int, Any, int, float]] = []
        self.cpu: list[float] = []
        self.start = 0.0

    # ---- setting up ----------------------------------------------------------------------
    def open_tables(self) -> None:
        """Every table open in the hub and followed by this worker's viewers."""
        for table_id in self.spec["table_ids"]:
            self.hub.get(table_id)
            for viewer in range(self.spec["viewers"]):
                session = f"{self.spec['name']}-{viewer}-{table_id}"
                self.pubsub.subscribe_topic(session, self.hub.topic(table_id), self._viewer(table_id, viewer))

    def _viewer(self, table_id: str, viewer: int) -> Any:
        async def heard(_topic: str, message: Any) -> None:
            version = self.hub.get(table_id).version  # what the session's redraw would read
            self.seen.append((table_id, viewer, message, version, time.monotonic()))

        return heard

    def start_relay(self) -> None:
        from companion.ui.relay import start_relay

        self.relay = start_relay(self.hub.store.url, self.hub, self.pubsub)
        if not self.relay.listening.wait(RELAY_SECONDS):
            raise RuntimeError("the relay did not start listening")

    # ---- the load ------------------------------------------------------------------------
    def tap(self, table_id: str, entry: Any, due: float) -> None:
        """One host entry, as the session's ``_change`` makes it (ui/shell.py)."""
        start = time.monotonic()
        error = ""
        version = -1
        try:
            version = self.hub.change(table_id, lambda t: (t.submit(entry), t.version)[1])
            self.pubsub.send_others_on_topic(HOST_SESSION, self.hub.topic(table_id), version)
        except Exception as exc:  # counted and reported: a refused entry is a failure of the run
            error = f"{type(exc).__name__}: {exc}"
        self.taps.append((table_id, version, due, start, time.monotonic(), error))

    def plan(self, start: float) -> float:
        """Schedule every tap and both CPU samples on the loop; the moment to stop."""
        warmup, seconds = self.spec["warmup"], self.spec["seconds"]
        for offset, table_id, entry in self.spec["taps"]:
            due = start + offset
            self.loop.call_at(due, self._fire, table_id, entry, due)
        for moment in (start + warmup, start + warmup + seconds):
            self.loop.call_at(moment, lambda: self.cpu.append(cpu_seconds()))
        return start + warmup + seconds + self.spec["drain"]

    def _fire(self, table_id: str, entry: Any, due: float) -> None:
        self.loop.run_in_executor(self.executor, self.tap, table_id, entry, due)

    async def _until(self, end: float) -> None:
        await asyncio.sleep(max(0.0, end - self.loop.time()))

    def run(self, start: float) -> None:
        self.start = start
        end = self.plan(start)
        self.loop.run_until_complete(self._until(end))

    def result(self) -> dict[str, Any]:
        return {
            "name": self.spec["name"],
            "start": self.start,
            "taps": self.taps,
            "seen": self.seen,
            "cpu": self.cpu[1] - self.cpu[0] if len(self.cpu) == 2 else None,
            "reconnects": getattr(self.relay, "reconnects", 0),
        }

    def close(self) -> None:
        if self.relay is not None:
            self.relay.stop()
        self.executor.shutdown(wait=True)
        self.hub.store.close()


def main() -> None:
    spec_path, result_path = sys.argv[1], sys.argv[2]
    spec = pickle.loads(Path(spec_path).read_bytes())
    worker = Worker(spec)
    asyncio.set_event_loop(worker.loop)
    worker.open_tables()
    if spec["relay"]:
        worker.start_relay()
    tune()  # the collector as ``companion serve`` sets it, once the tables are open
    print("ready", flush=True)
    start = float(sys.stdin.readline())
    worker.run(start)
    Path(result_path).write_bytes(pickle.dumps(worker.result()))
    worker.close()
    print("done", flush=True)


if __name__ == "__main__":
    main()
