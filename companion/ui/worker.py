"""Long work (a backup's check, a game's review) off the event loop, with its progress on screen.

The work runs in a thread and writes its progress into plain fields; the screen is redrawn every
POLL seconds meanwhile, so the phone sees it move and other taps are still served.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
POLL = 0.25  # seconds between two redraws of the progress while the worker runs


async def in_worker(refresh: Callable[[], None], work: Callable[[], T]) -> T:
    """Run ``work`` in a thread; redraw (``refresh``) every POLL seconds meanwhile (the progress
    it reports)."""
    job = asyncio.get_running_loop().run_in_executor(None, work)
    while not job.done():
        await asyncio.wait({job}, timeout=POLL)
        refresh()
    return job.result()
