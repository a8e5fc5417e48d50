"""The stop signals of a served process before its web server takes them (``StopSignals``).

Light on purpose: the command line installs it before it says "running", before Flet and
uvicorn are imported.
"""

from __future__ import annotations

import signal
from typing import Any


class StopSignals:
    """A stop (SIGTERM, SIGINT) asked for before uvicorn handles the signals itself: noted, and
    handed to the server once there is one (``should_exit``), never raised as KeyboardInterrupt
    wherever the process happens to be. Raised so, a stop that came as the event loop was being
    made left a half-made loop's traceback on stderr, and one during uvicorn's start was seen to
    hang the process (both in one make test, on a busy machine). ``install`` puts ``handle`` on
    both signals; uvicorn's own handlers take over while it serves and hand back to it after."""

    def __init__(self) -> None:
        self.asked = False
        self.server: Any = None  # a uvicorn.Server once made (webserver.run)
        self._before: dict[int, Any] = {}

    def install(self) -> None:
        for stop in (signal.SIGTERM, signal.SIGINT):
            self._before[stop] = signal.signal(stop, self.handle)

    def restore(self) -> None:
        """The handlers from before ``install`` (the command line run in a test's process)."""
        for stop, handler in self._before.items():
            signal.signal(stop, handler)
        self._before.clear()

    def handle(self, signum: int, frame: object) -> None:
        self.asked = True
        if self.server is not None:  # made, not serving yet: it stops as soon as it has started
            self.server.should_exit = True
