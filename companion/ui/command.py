"""A button that runs a command and shows at once that the tap was taken.

On a busy host an entry can take a moment to come back; without a sign the player taps again or
thinks the app froze. The button turns busy in the first patch the server sends (before the
command runs), refuses a second run while the first is running, and comes back when it ends
(a refusal is then shown at the question, under this button when the command names it).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import flet as ft

BUSY_RING = 16


@ft.component
def CommandButton(
    build: Callable[[Callable[..., Any], bool], ft.Control], run: Callable[[], Any]
) -> ft.Control:
    """The control ``build(on_click, busy)`` makes, running ``run`` on a tap (``run`` may be a
    coroutine function). ``busy`` is true from the tap until the command has ended."""
    busy, set_busy = ft.use_state(False)
    running = ft.use_ref(False)  # read by a second tap before the busy render reaches the client

    async def tap(_: Any = None) -> AsyncIterator[None]:
        if running.current:
            return  # the first tap's command is still running: a second one does nothing
        running.current = True
        set_busy(True)
        yield  # Flet sends the busy state now, before the command runs
        await asyncio.sleep(0)  # and the send loop puts it on the wire before the work starts
        try:
            result = run()
            if hasattr(result, "__await__"):
                await result
        finally:
            running.current = False
            set_busy(False)  # a no-op once the screen moved on and this button is gone

    return build(tap, busy)


def busy_content(content: ft.Control | None, busy: bool) -> ft.Control | None:
    """A button's content with a small spinning ring in front while its command runs."""
    if not busy:
        return content
    ring = ft.ProgressRing(width=BUSY_RING, height=BUSY_RING, stroke_width=2, key="busy")
    return ft.Row([ring, content] if content is not None else [ring], spacing=10, tight=True)
