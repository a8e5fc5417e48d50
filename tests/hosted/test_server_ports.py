"""The test servers hold the ports they are reached on (companion/devserver/ports.py).

CI failed once because a test picked a free port, started its server on it a while later, and
another test's server (a PostgreSQL) took the port in between: the test then talked to the wrong
server. Each test server now binds its own port (port 0) and says which, or takes no port at all
(PostgreSQL, on its unix socket); the foreign server here holds the port the old code picked.
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import psycopg
import pytest
from port_thief import FOREIGN, foreign_server

import companion.devserver.pg as pg
from companion.devserver.ports import (
    PortTaken,
    check_held,
    file_reader,
    holder_said,
    holders,
    listening_inodes,
    said_port,
)


# ---- who holds a port ----------------------------------------------------------------------
def test_a_port_held_by_another_process_is_refused_naming_it() -> None:
    with foreign_server() as port:
        assert list(holders(port)) == [os.getpid()]
        check_held(port, os.getpid())  # this process's own server
        with pytest.raises(PortTaken, match=rf"port {port} is held by pid {os.getpid()} \(.*python"):
            check_held(port, os.getpid() + 1_000_000)


def test_a_port_nobody_holds_is_refused_too() -> None:
    with foreign_server() as port:
        pass
    assert listening_inodes(port) == set() and holder_said(port) == "nobody"
    with pytest.raises(PortTaken, match=rf"port {port} is held by nobody, not by our server"):
        check_held(port, os.getpid())


def test_a_server_that_exits_without_saying_its_port_is_said_with_its_output(tmp_path: Path) -> None:
    out = tmp_path / "out"
    with out.open("wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-c", "print('cannot listen on 127.0.0.1:0: no'); raise SystemExit(2)"],
            stdout=sink,
        )
    with pytest.raises(
        RuntimeError, match=r"(?s)the child did not say its port \(exited \(2\)\).*cannot listen"
    ):
        said_port(file_reader(out), proc, "the child", timeout=30)


def test_a_server_says_its_port_in_its_url(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.write_text("Table Companion está en marcha en http://127.0.0.1:41234/ (pulsa Ctrl+C para parar)\n")
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    assert said_port(file_reader(out), proc, "the server") == 41234  # said before it exited


# ---- PostgreSQL ----------------------------------------------------------------------------
def test_the_test_postgresql_takes_no_tcp_port(monkeypatch: pytest.MonkeyPatch) -> None:
    """It listened on a free port picked before it started: it failed to start when another server
    took that port meanwhile, and it took, in CI, a port a test had picked for nginx."""
    with foreign_server() as taken:
        monkeypatch.setattr(pg, "free_port", lambda *_: taken, raising=False)  # the old pick
        with pg.running() as server:
            postmaster = int((server.data / "postmaster.pid").read_text().split()[0])
            with psycopg.connect(server.url(), autocommit=True) as conn:
                assert conn.execute("SHOW listen_addresses").fetchone() == ("",)
            held = [port for port in _tcp_ports_listening() if postmaster in holders(port)]
    assert held == []


def _tcp_ports_listening() -> set[int]:
    ports: set[int] = set()
    for name in ("tcp", "tcp6"):
        for line in Path(f"/proc/net/{name}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A":
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


# ---- the workers and their front door ------------------------------------------------------
def test_a_worker_is_reached_on_its_own_port_though_another_holds_the_one_once_picked(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hosted.workers as kit

    with foreign_server() as taken:
        monkeypatch.setattr(kit, "free_port", lambda *_: taken, raising=False)  # the old pick
        with kit.workers(pg_url, tmp_path, ("a",)) as [a]:
            check_held(a.port, a.proc.pid)
            with urllib.request.urlopen(a.url, timeout=30) as answer:
                body = answer.read()
    assert a.port != taken and body != FOREIGN and b"flutter" in body


def test_the_front_door_binds_its_own_port_and_passes_over_a_dead_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The front door listened on a port picked before it bound it (taken meanwhile: it did not
    start, and its address was the other server's), and it sent a connection to a dead worker's
    port, which another server may hold by then."""
    import hosted.workers as kit

    with foreign_server() as taken, foreign_server() as other:
        monkeypatch.setattr(kit, "free_port", lambda *_: taken, raising=False)  # the old pick
        dead = subprocess.Popen([sys.executable, "-c", "pass"])
        dead.wait()
        alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        try:
            on_taken = kit.Worker("dead", taken, dead, tmp_path / "dead.log")  # its port: another's now
            on_other = kit.Worker("alive", other, alive, tmp_path / "alive.log")
            with kit.Front([on_taken, on_other]) as front:
                check_held(front.port, os.getpid())
                assert front.port not in (taken, other)
                with urllib.request.urlopen(front.url, timeout=30) as answer:
                    assert answer.read() == FOREIGN  # the second server's answer, passed through
                assert front.routed == {other: 1}
        finally:
            alive.kill()
            alive.wait()
