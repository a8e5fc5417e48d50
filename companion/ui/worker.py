"""Long work (a backup's check, a game's review) off the event loop, with its progress on screen.

The work runs in a thread and reports how far it is to a ``Progress``; every POLL seconds the
event loop shows the figures reported so far, and only the components given that Progress (a
``ProgressLine``) are drawn again: the phone sees it move, and other taps are still served.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import flet as ft

from companion.ui.widgets import small

T = TypeVar("T")
POLL = 0.25  # seconds between two showings of the progress while the worker runs


@ft.observable
@dataclass
class Progress:
    """How far a long work is, as drawn: ``done`` of ``of`` (0 of 0: not known yet)."""

    done: int = 0
    of: int = 0
    # What the worker reported last. A field set in the worker's thread would tell Flet to
    # redraw from outside its event loop, so the thread writes this (a leading underscore is
    # not observed) and ``show`` copies it on the loop.
    _told = (0, 0)

    def told(self, done: int, of: int) -> None:
        """The worker's report (from its thread): shown at the next poll."""
        self._told = (done, of)

    def show(self) -> None:
        """On the event loop: draw what was reported (nothing is drawn when it did not move)."""
        self.done, self.of = self._told


async def in_worker(work: Callable[[], T], progress: Progress | None = None) -> T:
    """Run ``work`` in a thread; meanwhile show its ``progress`` every POLL seconds."""
    job = asyncio.get_running_loop().run_in_executor(None, work)
    while not job.done():
        await asyncio.wait({job}, timeout=POLL)
        if progress is not None:
            progress.show()
    return job.result()


@ft.component
def ProgressLine(
    progress: Progress, said: Callable[[int, int], str], name: str, key: str | None = None
) -> ft.Control:
    """A bar (``name``) and the line under it (``<name>-text``: ``said(done, of)``); drawn again
    when the progress moves, nothing else is."""
    value = progress.done / progress.of if progress.of else None
    return ft.Column(
        [
            ft.ProgressBar(value=value, key=name),
            small(said(progress.done, progress.of), key=f"{name}-text"),
        ],
        spacing=4,
        tight=True,
    )
