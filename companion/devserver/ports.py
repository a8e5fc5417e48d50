"""A free TCP port on this machine, for the throwaway servers the launcher and the tests start."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port on 127.0.0.1 nothing listens on now (the OS picks it; free again once closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
