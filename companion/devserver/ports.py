"""A free TCP port on this machine, for the throwaway servers the launcher and the tests start."""

from __future__ import annotations

import socket
from collections.abc import Collection


def free_port(avoid: Collection[int] = ()) -> int:
    """A port on 127.0.0.1 nothing listens on now (the OS picks it; free again once closed).

    ``avoid``: ports promised to another server that has not bound them yet (the OS could hand
    such a port out again, and the later server would then find it taken)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port not in avoid:
            return port
