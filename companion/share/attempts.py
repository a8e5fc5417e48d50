"""Short-code guessing limits: per connection and per address, with a lockout (no I/O).

The viewer's short code is short enough to type (about 30 bits), so it must not be guessable
by brute force: each wrong code counts against the connection that typed it and against its
network address (a phone can open many connections). Past ``failures`` wrong codes within
``window`` seconds, that connection or address is locked out for ``lockout`` seconds, even for
a right code, so a guess cannot be confirmed during the lockout.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class AttemptLimits:
    connection_failures: int = 5
    address_failures: int = 20
    window: float = 60.0
    lockout: float = 300.0


class Attempts:
    """Counts wrong short codes by key ("conn:<id>", "addr:<ip>"); thread-safe."""

    def __init__(self, limits: AttemptLimits | None = None) -> None:
        self.limits = limits or AttemptLimits()
        self._failures: dict[str, deque[float]] = {}
        self._locked_until: dict[str, float] = {}
        self._guard = threading.Lock()

    def _limit(self, key: str) -> int:
        return self.limits.address_failures if key.startswith("addr:") else self.limits.connection_failures

    def locked(self, keys: list[str], now: float) -> bool:
        """Is any of these keys locked out now?"""
        with self._guard:
            return any(self._locked_until.get(key, 0.0) > now for key in keys)

    def failed(self, keys: list[str], now: float) -> None:
        """Record one wrong code for each key; lock out a key past its limit."""
        with self._guard:
            for key in keys:
                times = self._failures.setdefault(key, deque())
                times.append(now)
                while times and times[0] <= now - self.limits.window:
                    times.popleft()
                if len(times) >= self._limit(key):
                    self._locked_until[key] = now + self.limits.lockout
                    times.clear()
            self._forget_old(now)

    def _forget_old(self, now: float) -> None:
        """Drop keys with nothing recent, so many one-off addresses do not pile up."""
        if len(self._failures) < 1024:
            return
        for key in [k for k, t in self._failures.items() if not t or t[-1] <= now - self.limits.window]:
            del self._failures[key]
        for key in [k for k, until in self._locked_until.items() if until <= now]:
            del self._locked_until[key]
