"""A real ``companion serve`` on 127.0.0.1 for attack tests (and benchmarks/live_flood_bench.py), with a table and its share links.

``Served.start`` runs the CLI in a child process (as a host would) on port 0, reads the port it
bound from the URL it prints (a port picked here could be taken by another test's server before
the child bound it, and that server's answers taken for ours), waits until the port answers,
and stops it afterwards. With ``trust_proxy`` the server believes X-Forwarded-For from
127.0.0.1, so a test can play a phone on the local network through that "proxy"; without it the
header is ignored.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion.devserver.ports import pipe_reader, said_port

ROOT = Path(__file__).resolve().parents[2]
TABLE_NAME = "Friday at Marta's"


def companion(*args: str) -> list[str]:
    return [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())", *args]


def wait_port(port: int, proc: subprocess.Popen[str], timeout: float = 60) -> None:
    """Until ``port``, which ``proc`` bound itself, accepts a connection."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"companion serve exited early: {proc.stderr.read() if proc.stderr else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise TimeoutError(f"companion serve did not listen on {port}")


@dataclass
class Served:
    folder: Path
    port: int = 0
    proc: subprocess.Popen[str] | None = None
    table_id: str = ""
    seat_tokens: list[str] = field(default_factory=list)
    viewer_code: str = ""
    viewer_token: str = ""

    def start(self, *, trust_proxy: bool = True) -> Served:
        args = ["serve", "--port", "0", "--data", str(self.folder)]
        if trust_proxy:
            args += ["--trusted-proxy", "127.0.0.1"]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            companion(*args), cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            self.port = said_port(pipe_reader(self.proc), self.proc, "companion serve")
        except RuntimeError as silent:
            self.stop()
            raise RuntimeError(f"{silent}\n{self.log()}") from None
        wait_port(self.port, self.proc)
        return self

    def stop(self, sig: int = signal.SIGTERM) -> float:
        """Send ``sig`` and wait; how long the server took to exit."""
        assert self.proc is not None
        start = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return time.monotonic() - start

    def log(self) -> str:
        """The server's stderr (call after stop)."""
        assert self.proc is not None and self.proc.stderr is not None
        return self.proc.stderr.read()

    def entries(self) -> int:
        from companion.store import Store

        store = Store(self.folder / "tables.sqlite3")
        try:
            return store.open(self.table_id).version
        finally:
            store.close()


def seed_table(folder: Path) -> Served:
    """A 3-player Chinatown table (dealt and into trading) with its share links, in ``folder``."""
    import random

    from companion.core import Table
    from companion.store import Store
    from companion.store.share_links import ShareLinks

    store = Store(folder / "tables.sqlite3")
    table = store.create(Table.new("chinatown", ["Ana", "Ben", "Carla"], name=TABLE_NAME))
    rng = random.Random(3)
    while table.prompt is not None and table.prompt.auto:
        table.auto(rng)
    links = ShareLinks(store).links(table.id, len(table.players))
    viewer = next(link for link in links if link.seat is None)
    served = Served(
        folder=folder,
        table_id=table.id,
        seat_tokens=[link.token for link in links if link.seat is not None],
        viewer_code=viewer.code or "",
        viewer_token=viewer.token,
    )
    store.close()
    return served
