"""`make run-hosted`: the hosted setup on one machine, for trying it and for the tests.

A throwaway PostgreSQL (companion/devserver/pg.py, as the store tests start it), two workers
`companion serve --hosted` on it, and nginx in front of them on one address with the site of
deploy/nginx.conf (without TLS). It prints the address and a QR code; Ctrl+C (or SIGTERM)
stops nginx, the workers and PostgreSQL, in that order, and removes the temporary folder that
held their data and logs. Each worker's output is shown with its port in front.

    python deploy/run_hosted.py [--host 127.0.0.1] [--port 8550] [--workers 2] [--no-hosted]

``--port 0`` lets the launcher pick a free port just before nginx starts (the tests use it).

``--no-hosted`` runs the workers in the default (LAN) mode, where this machine is the host.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script from a source checkout
    sys.path.insert(0, str(ROOT))

from companion.devserver.nginx import Nginx  # noqa: E402
from companion.devserver.pg import PostgresServer  # noqa: E402
from companion.devserver.ports import SERVING, free_port  # noqa: E402

HOSTED_FLAG = "--hosted"  # `companion serve`'s hosted mode: nobody is host by address (issue 28)
PROXY = "127.0.0.1"  # where nginx reaches the workers from: the one proxy they believe
WORKER_START_SECONDS = 90.0  # a cold worker on a busy two-core machine takes a few seconds
STOP_SECONDS = 10.0


class Worker:
    """One `companion serve` on 127.0.0.1, on a port it binds itself and says in its first line
    (``port``, 0 until then); its output relayed with the port in front. A port picked here could
    be taken by another server before the worker bound it (docs/DECISIONS.md, "Test servers bind
    their own ports")."""

    def __init__(self, database: str, data: Path, hosted: bool) -> None:
        self.port = 0
        self.bound = threading.Event()  # the worker has said its port
        self.command = [
            sys.executable,
            "-m",
            "companion.cli",  # the `companion` command of this checkout
            "serve",
            *([HOSTED_FLAG] if hosted else []),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--database",
            database,
            "--data",
            str(data),
            "--trusted-proxy",
            PROXY,
        ]
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> Worker:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": _pythonpath()}
        self.process = subprocess.Popen(
            self.command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",  # a stray byte must not end the relay: the worker would block on a full pipe
            start_new_session=True,  # Ctrl+C reaches the launcher alone, which stops it in order
        )
        threading.Thread(target=self._relay, daemon=True).start()
        return self

    def _relay(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            said = SERVING.search(line)
            if said and not self.bound.is_set():  # "... running at http://127.0.0.1:PORT/ ..."
                self.port = int(said.group(1))
                self.bound.set()
            print(f"[worker {self.port or self.process.pid}] {line}", end="", flush=True)

    def wait_ready(self, deadline: float) -> None:
        """Until the port the worker bound and said accepts connections."""
        assert self.process is not None
        while True:
            if self.bound.is_set():
                with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.5):
                    return
            if self.process.poll() is not None:
                raise RuntimeError(f"the worker {self.name} stopped (exit status {self.process.returncode})")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the worker {self.name} did not start in time")
            time.sleep(0.1)

    @property
    def name(self) -> str:
        """The worker as its messages name it: by port once it said it, else by process."""
        if self.port:
            return f"on port {self.port}"
        return f"of process {self.process.pid}" if self.process is not None else "not started"

    def stop(self) -> None:
        """SIGTERM, as systemd stops a worker (it closes its connections within a second, stops
        its relay and closes its pools, and exits with status 0); killed if it does not. A
        status other than 0 is said."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        if code != 0:
            print(f"The worker {self.name} stopped with exit status {code}", flush=True)


def _pythonpath() -> str:
    """This checkout first, so the workers run the same code as this script."""
    return os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)


def _stop_on_term(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # SIGTERM cleans up as Ctrl+C does


def _address(host: str, port: int) -> str:
    if host in ("0.0.0.0", "::"):  # every interface: the address a phone on this network opens
        from companion.share.netinfo import lan_address

        host = lan_address()
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _announce(url: str, folder: Path, workers: list[Worker], hosted: bool) -> None:
    from companion.share.qr import qr_terminal

    ports = ", ".join(str(w.port) for w in workers)
    mode = "hosted mode" if hosted else "LAN mode (--no-hosted)"
    print(f"\nTable Companion, {mode}: {len(workers)} workers (ports {ports}) on PostgreSQL, behind nginx")
    print(f"Open {url}")
    print(qr_terminal(url))
    print(f"Logs and data in {folder} (removed at exit). Ctrl+C stops everything.", flush=True)


def run(host: str, port: int, count: int, hosted: bool) -> None:
    folder = Path(tempfile.mkdtemp(prefix="tc-hosted-"))
    folder.chmod(0o755)  # the servers' own users reach their folders inside it
    print(f"Starting PostgreSQL, {count} workers and nginx in {folder}", flush=True)
    signal.signal(signal.SIGTERM, _stop_on_term)
    # Ctrl+C stops everything even when this started with SIGINT ignored (a shell's background
    # job, or a parent that ignores it: Python then keeps it ignored and Ctrl+C did nothing)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, folder, True)
        try:
            pg = PostgresServer(folder)  # its unix socket only: it takes no TCP port
            stack.callback(pg.stop)
            pg.start()
            database = pg.create_database("companion")
            (folder / "data").mkdir()
            workers = [Worker(database, folder / "data", hosted) for _ in range(count)]
            for worker in workers:
                stack.callback(worker.stop)
                worker.start()
            deadline = time.monotonic() + WORKER_START_SECONDS
            for worker in workers:
                worker.wait_ready(deadline)
            nginx = Nginx(folder)
            stack.callback(nginx.stop)
            if port == 0:  # any free port, chosen now: the shortest time for another to take it
                port = free_port()
            nginx.start([w.port for w in workers], host, port)
            _announce(_address(host, port), folder, workers, hosted)
            _watch(workers)
        except KeyboardInterrupt:
            print("\nStopping nginx, the workers and PostgreSQL", flush=True)
        finally:  # a second Ctrl+C must not cut the clean-up short
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _watch(workers: list[Worker]) -> None:
    """Until Ctrl+C; a worker that stops is said once (nginx sends its visitors to the others)."""
    told: set[int] = set()
    while len(told) < len(workers):
        for worker in workers:
            code = worker.process.poll() if worker.process else None
            if code is not None and worker.port not in told:
                told.add(worker.port)
                print(f"The worker on port {worker.port} stopped (exit status {code})", flush=True)
        time.sleep(0.5)
    print("Every worker has stopped", flush=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1", help="nginx's address (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8550, help="nginx's port (0: any free port)")
    parser.add_argument("--workers", type=int, default=2, help="how many workers (2 by default)")
    parser.add_argument(
        "--hosted",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="run the workers in hosted mode (default); --no-hosted: in the default LAN mode",
    )
    args = parser.parse_args(argv)
    if args.workers < 1:
        parser.error("--workers must be 1 or more")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        run(args.host, args.port, args.workers, args.hosted)
    except Exception as exc:  # a server that would not start: one paragraph, no traceback
        print(f"run-hosted: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
