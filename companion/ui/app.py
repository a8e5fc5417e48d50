"""The app's entry point: ``main(page)`` for ``ft.run``, and the route table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import flet as ft

from companion.ui import flet_diff
from companion.ui.hub import TableHub, hub_for
from companion.ui.shell import App, Builder
from companion.ui.views import history, home, play, quick, rules, scores, settings, setup, share

flet_diff.install()

# The first route is the fallback for an unknown address.
ROUTES: list[tuple[str, Builder]] = [
    ("/", home.view),
    ("/new", setup.view),
    ("/table/:id", play.view),
    ("/table/:id/scores", scores.view),
    ("/table/:id/history", history.view),
    ("/table/:id/rules", rules.table_rules),
    ("/rules", rules.view),
    ("/settings", settings.view),
    ("/quick", quick.view),
    ("/quick/:game", quick.view),
    ("/table/:id/share", share.view),
    ("/join", share.join_view),
    ("/import", share.import_view),
    ("/import/:code", share.import_view),
]


def make_main(
    hub: TableHub | None = None, data_dir: Path | None = None
) -> Callable[[ft.Page], Awaitable[None]]:
    """A ``main`` bound to one store (tests pass their own hub or data folder)."""

    async def _main(page: ft.Page) -> None:
        await App(page, hub or hub_for(data_dir), ROUTES).start()

    return _main


async def main(page: ft.Page) -> None:
    """One session of the app (one browser tab or one device)."""
    await make_main()(page)
