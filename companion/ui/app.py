"""The app's entry point: ``main(page)`` for ``ft.run``, bound to its configuration.

Cheap to import: the screens (companion.ui.shell, the views and what they import) load on
the first session, or earlier in the server's warm-up (companion/ui/warmup.py), so the web
server answers the browser before they are loaded.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft

from companion.ui.hub import TableHub, hub_for


def make_main(
    hub: TableHub | None = None,
    data_dir: Path | None = None,
    lan_url: str | None = None,
    started: Callable[[], None] | None = None,
) -> Callable[[ft.Page], Awaitable[None]]:
    """A ``main`` bound to one store (tests pass their own hub or data folder) and, when served
    on the local network, the address other devices open (live-share links use it).
    ``started`` is called after each session has drawn its first screen."""

    async def _main(page: ft.Page) -> None:
        from companion.ui.routes import routes
        from companion.ui.shell import App

        await App(page, hub or hub_for(data_dir), routes(), lan_url=lan_url, main=_main).start()
        if started is not None:
            started()

    return _main


async def main(page: ft.Page) -> None:
    """One session of the app (one browser tab or one device)."""
    await make_main()(page)
