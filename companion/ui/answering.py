"""When the web server last answered the browser over HTTP (the page, Flutter's files), so the
warm-up (ui/warmup.py) can wait for a pause instead of taking the GIL from the loop answering.

Measured on a quiet machine (docs/PERFORMANCE.md, "Cold start, a second pass"): the warm-up
thread started as the server listened delayed the first answer by about 80 ms (0.52 s from the
process's start, 0.44 s with no warm-up, 0.41 s for Flet's hello-world).
"""

from __future__ import annotations

import time
from typing import Any


class Answers:
    """HTTP requests being answered and when the last one ended. Written by the event loop only
    (``Counted``), read from the warm-up thread: a stale read only shortens or lengthens a wait."""

    def __init__(self) -> None:
        self.answered = 0
        self.busy = 0
        self.last = time.monotonic()

    def quiet_for(self) -> float:
        """Seconds since the last answer ended, once one has (0 while answering, or before any)."""
        if self.busy or not self.answered:
            return 0.0
        return time.monotonic() - self.last


class Counted:
    """ASGI middleware counting the HTTP requests it passes on (websockets are not counted: a
    session's stays open while it lasts)."""

    def __init__(self, app: Any, answers: Answers) -> None:
        self.app = app
        self.answers = answers

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        answers = self.answers
        answers.busy += 1
        try:
            await self.app(scope, receive, send)
        finally:
            answers.busy -= 1
            answers.answered += 1
            answers.last = time.monotonic()
