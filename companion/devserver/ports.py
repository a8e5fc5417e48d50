"""Ports for the throwaway servers the launcher and the tests start.

A port picked with ``free_port`` is free when picked, not when the server binds it a moment
later: another server of the same run (a test's PostgreSQL, a worker) may take it in between,
and whoever then talks to that port talks to the wrong server (CI failed so once). So a server
of ours binds port 0 itself and says the port it got (``said_port``: `companion serve --port 0`
prints its URL); where a server cannot (Flet's ``ft.run``, an older tree's app), the parent
checks that the port it picked is held by its own child (``check_held``), and fails naming the
holder otherwise (docs/DECISIONS.md, "Test servers bind their own ports").
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time
from collections.abc import Callable, Collection
from pathlib import Path

# `companion serve` says "... running at http://127.0.0.1:PORT/ ..." in every language
SERVING = re.compile(r"https?://[^\s/]+:(\d+)/")
LISTEN = "0A"  # a socket's state in /proc/net/tcp: listening


class PortTaken(RuntimeError):
    """The port a server was to hold is held by another process (the message names it)."""


def free_port(avoid: Collection[int] = ()) -> int:
    """A port on 127.0.0.1 nothing listens on now (the OS picks it; free again once closed).

    ``avoid``: ports promised to another server that has not bound them yet (the OS could hand
    such a port out again, and the later server would then find it taken). Prefer a server that
    binds port 0 itself (``said_port``); else check who holds the port (``check_held``)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in avoid:
            return port


def said_port(
    said: Callable[[], str],
    process: subprocess.Popen[bytes] | subprocess.Popen[str],
    what: str,
    timeout: float = 60.0,
    pattern: re.Pattern[str] = SERVING,
) -> int:
    """The port a server started on port 0 says it bound (``pattern``'s first group in what
    ``said()`` returns: all its output so far); RuntimeError, with that output, if it exits or
    stays silent for ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        found = pattern.search(said())
        if found:
            return int(found.group(1))
        if process.poll() is not None or time.monotonic() > end:
            why = (
                f"exited ({process.returncode})" if process.returncode is not None else f"for {timeout:.0f} s"
            )
            raise RuntimeError(f"{what} did not say its port ({why}); it said:\n{said()[-3000:]}")
        time.sleep(0.05)


def pipe_reader(process: subprocess.Popen[bytes] | subprocess.Popen[str]) -> Callable[[], str]:
    """``said`` for ``said_port`` from a process's stdout pipe: what it wrote so far, read without
    blocking (the text is kept; later calls add what came since)."""
    import select

    assert process.stdout is not None
    fd = process.stdout.fileno()
    kept: list[str] = []

    def said() -> str:
        while select.select([fd], [], [], 0)[0]:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            kept.append(chunk.decode(errors="replace"))
        return "".join(kept)

    return said


def file_reader(path: Path) -> Callable[[], str]:
    """``said`` for ``said_port`` from a file a process writes its output to."""
    return lambda: path.read_text(errors="replace") if path.exists() else ""


def listening_inodes(port: int, proc_net: Path = Path("/proc/net")) -> set[int]:
    """The inodes of the sockets listening on TCP ``port`` (any address, IPv4 or IPv6)."""
    inodes: set[int] = set()
    for name in ("tcp", "tcp6"):
        try:
            lines = (proc_net / name).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if len(fields) > 9 and fields[3] == LISTEN and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(int(fields[9]))
    return inodes


def holders(port: int) -> dict[int, str]:
    """The processes holding a socket that listens on ``port``: pid -> command line (those whose
    file descriptors we may read: all of them as root, our own user's otherwise)."""
    wanted = {f"socket:[{inode}]" for inode in listening_inodes(port)}
    found: dict[int, str] = {}
    if not wanted:
        return found
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if any(os.readlink(fd) in wanted for fd in (entry / "fd").iterdir()):
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
                found[int(entry.name)] = command.strip()[:200]
        except OSError:  # gone meanwhile, or another user's
            continue
    return found


def holder_said(port: int) -> str:
    """Who listens on ``port``, for a failure message."""
    found = holders(port)
    if found:
        return "; ".join(f"pid {pid} ({command})" for pid, command in sorted(found.items()))
    if listening_inodes(port):
        return "a process this user cannot see"
    return "nobody"


def check_held(port: int, pid: int) -> None:
    """PortTaken unless process ``pid`` holds a socket listening on ``port`` (a server that
    binds the port itself, after the parent picked it: check before believing its answers)."""
    found = holders(port)
    if pid not in found:
        raise PortTaken(f"port {port} is held by {holder_said(port)}, not by our server (pid {pid})")
