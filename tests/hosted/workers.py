"""Real ``companion serve`` workers on one PostgreSQL for the tests (and benchmarks/relay_bench.py),
and a front door that passes each connection to the first worker still answering.

A worker is the very command an operator runs: ``companion serve --port 0 --database
URL``, its own data folder, its output in a log file. ``workers`` starts them together, reads the
port each bound from the URL it prints (a port picked here could be taken by another test's server
before the worker bound it, and that server's answers taken for the worker's), waits until each
answers HTTP and its relay is listening, and stops every one at the end, whatever happened.

``Front`` stands for a load balancer's failover (the nginx configuration of deploy/ is another
helper's): a TCP pass-through on a port it binds itself, so a browser keeps one address (one
origin: one client storage) while the worker behind it dies and another takes its sessions.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from companion.devserver.ports import file_reader, said_port

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 120  # a bound for a broken start on a loaded machine, not a measure


@dataclass
class Worker:
    name: str
    port: int
    proc: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def said(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def _answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=1).close()
        return True
    except OSError:
        return False


def _listening(database: str, count: int) -> bool:
    """Whether ``count`` relays hold their LISTEN connection on the database's server."""
    import psycopg

    with psycopg.connect(database, autocommit=True) as conn:
        found = conn.execute(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name LIKE 'companion-relay-%%'"
            " AND query LIKE 'LISTEN%%'"
        ).fetchone()
    return found is not None and found[0] >= count


@contextlib.contextmanager
def workers(
    database: str, folder: Path, names: tuple[str, ...] = ("a", "b"), *, hosted: bool = False
) -> Iterator[list[Worker]]:
    """Start one worker per name on ``database`` (``hosted``: ``serve --hosted``, private spaces);
    stopped (and killed if need be) at the end."""
    started: list[Worker] = []
    try:
        for name in names:
            log = folder / f"worker-{name}.log"
            (folder / f"data-{name}").mkdir(parents=True, exist_ok=True)
            command = [
                sys.executable,
                "-m",
                "companion.cli",
                "serve",
                "--port",
                "0",  # any free port, bound by the worker itself: its URL in the log says which
                "--database",
                database,
                *(["--hosted"] if hosted else []),
            ]
            proc = subprocess.Popen(
                [*command, "--data", str(folder / f"data-{name}")],
                cwd=ROOT,
                env={**os.environ, "PYTHONPATH": str(ROOT)},
                stdout=log.open("wb"),
                stderr=subprocess.STDOUT,
            )
            started.append(Worker(name, 0, proc, log))
        end = time.monotonic() + START_SECONDS
        for worker in started:
            left = max(1.0, end - time.monotonic())
            worker.port = said_port(file_reader(worker.log), worker.proc, f"worker {worker.name}", left)
            while not _answers(worker.url):
                if worker.proc.poll() is not None or time.monotonic() > end:
                    raise RuntimeError(f"worker {worker.name} did not start:\n{worker.said()}")
                time.sleep(0.1)
        while not _listening(database, len(started)):  # other tests' relays listen elsewhere
            if time.monotonic() > end:
                raise RuntimeError("the workers' relays are not listening:\n" + started[0].said())
            time.sleep(0.1)
        yield started
    finally:
        for worker in started:
            stop(worker)


def stop(worker: Worker) -> None:
    if worker.proc.poll() is None:
        worker.proc.terminate()
        try:
            worker.proc.wait(5)
        except subprocess.TimeoutExpired:  # open websockets can make uvicorn ignore SIGTERM
            worker.proc.kill()
    worker.proc.wait()


class Front:
    """A TCP front door on a free port: each new connection goes to the first of ``workers``
    still running that accepts it (a dead worker is passed over: its port, free again, may be
    another test's server's by now; a worker closing refuses, the next one takes it). ``routed``
    counts by port."""

    def __init__(self, workers: list[Worker]) -> None:
        self.workers = workers
        self.port = 0  # bound when it starts: any free port
        self.routed: dict[int, int] = {}
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="front", daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Front:
        self._thread.start()
        # START_SECONDS: a bound for a broken start on a loaded machine, not a measure (it was 10 s,
        # a thread and a listening socket); a front door whose thread ended fails at once
        end = time.monotonic() + START_SECONDS
        while not self._ready.wait(0.1):
            if not self._thread.is_alive() or time.monotonic() > end:
                raise RuntimeError("the front door did not start listening")
        return self

    def __exit__(self, *_: object) -> None:
        asyncio.run_coroutine_threadsafe(self._close(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _close(self) -> None:
        """End every connection still passing (their pipes finish before the loop stops)."""
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(asyncio.start_server(self._pass, "127.0.0.1", 0))
        self.port = int(server.sockets[0].getsockname()[1])
        self._ready.set()
        self._loop.run_forever()
        server.close()
        self._loop.close()

    async def _pass(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for worker in self.workers:
            if worker.proc.poll() is not None:
                continue
            port = worker.port
            try:
                back_reader, back_writer = await asyncio.open_connection("127.0.0.1", port)
            except OSError:
                continue
            self.routed[port] = self.routed.get(port, 0) + 1
            await asyncio.gather(_pipe(reader, back_writer), _pipe(back_reader, writer))
            return
        writer.close()


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError, asyncio.CancelledError):
        pass
    finally:
        with contextlib.suppress(ConnectionError, OSError):
            writer.close()
