"""Which hosted spaces this process still needs open, and a sweep that closes the others.

A hosted server opens a space's hub (its cached tables) and store (SQLite: three open files) the
first time a session uses it. Kept for the life of the process, every space a browser ever
opened would stay open: thousands of spaces, thousands of files. ``SpaceUse`` remembers, per
space, when a session of this process last used it (a session starting on it, as its owner or
a live-share guest, and each entry) and which sessions still show it. A space nobody uses for
``idle`` seconds and no live session shows is idle: ``Hosted.evict_idle`` (ui/hosted.py) drops
its hub and releases its store; the next session on it opens both again from the store.

A session counts as showing its space from its start until Flet closes it (``page.on_close``,
which Flet sends when a disconnected session's grace period ends: a tab reloaded within it
carries on). The sessions are held weakly too, so one that ends without its close event is
forgotten once it is collected. No Flet here: ui/shell.py tells ``SpaceSession.end``.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable
from typing import Any

log = logging.getLogger("companion.hosted")

SWEEP_SECONDS = 60.0  # how often the sweep looks for idle spaces


class SpaceUse:
    """Per space: its last use (a clock's seconds) and its live sessions. Thread-safe."""

    def __init__(self) -> None:
        self._last: dict[str, float] = {}
        self._sessions: dict[str, weakref.WeakSet[Any]] = {}
        self._guard = threading.Lock()

    def touch(self, space_id: str, now: float) -> None:
        """The space was used at ``now``."""
        with self._guard:
            self._last[space_id] = max(now, self._last.get(space_id, now))

    def attach(self, space_id: str, session: Any, now: float) -> None:
        """``session`` shows the space from now until ``detach`` (or until it is collected)."""
        with self._guard:
            self._sessions.setdefault(space_id, weakref.WeakSet()).add(session)
            self._last[space_id] = now

    def detach(self, space_id: str, session: Any, now: float) -> None:
        """``session`` ended: the space's idle time counts from now."""
        with self._guard:
            live = self._sessions.get(space_id)
            if live is not None:
                live.discard(session)
            self._last[space_id] = now

    def live(self, space_id: str) -> int:
        """How many sessions still show the space."""
        with self._guard:
            return len(self._sessions.get(space_id, ()))

    def shown(self) -> list[str]:
        """The spaces some live session shows."""
        with self._guard:
            return [space_id for space_id, live in self._sessions.items() if len(live)]

    def idle(self, now: float, idle: float) -> list[str]:
        """The spaces no live session shows and nobody used for ``idle`` seconds."""
        with self._guard:
            return [
                space_id
                for space_id, last in self._last.items()
                if last <= now - idle and not len(self._sessions.get(space_id, ()))
            ]

    def forget(self, space_id: str) -> None:
        """The space was closed: nothing to remember until it is used again."""
        with self._guard:
            self._last.pop(space_id, None)
            self._sessions.pop(space_id, None)


class Sweep:
    """A daemon thread that calls ``sweep`` every ``every`` seconds until stopped. It holds the
    owner weakly (``owner_sweep`` is a weak method): a Hosted dropped by a test ends its thread."""

    def __init__(self, owner_sweep: Callable[[], Any], every: float = SWEEP_SECONDS) -> None:
        self._sweep = weakref.WeakMethod(owner_sweep)
        self.every = every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the thread (once; later calls do nothing)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="space-sweep", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            sweep = self._sweep()
            if sweep is None:  # the owner is gone
                return
            try:
                sweep()
            except Exception:  # the sweep must outlive one bad space or a lost database
                log.exception("the sweep of idle spaces failed; trying again in %.0f s", self.every)
            del sweep
