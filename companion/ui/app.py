"""The app's entry point: ``main(page)`` for ``ft.run``, bound to its configuration, and the
place a session is composed: the shell (ui/shell.py) given the live share (ui/live.py) and the
rule cards (ui/rule_card.py), its root component (ui/root.py) rendered on the page.

Cheap to import: the screens (companion.ui.shell, the views and what they import) load on
the first session, or earlier in the server's warm-up (companion/ui/warmup.py), so the web
server answers the browser before they are loaded.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.ui import diff_walk, event_types, lean_init, lean_internals, quiet_diff
from companion.ui.hub import TableHub, hub_for

if TYPE_CHECKING:
    from companion.ui.dialogs import Dialogs
    from companion.ui.hosted import Hosted
    from companion.ui.i18n import Tr


def make_main(
    hub: TableHub | None = None,
    data_dir: Path | None = None,
    lan_url: str | None = None,
    started: Callable[[], None] | None = None,
    hosted: Hosted | None = None,
) -> Callable[[ft.Page], Awaitable[None]]:
    """A ``main`` bound to one store (tests pass their own hub or data folder) and, when served
    on the local network, the address other devices open (live-share links use it).
    ``started`` is called after each session has drawn its first screen. ``hosted``: serve
    private spaces (ui/hosted.py): each session runs on its space's hub, not ``hub``."""

    diff_walk.install()  # Flet's diff walks a tap's new controls for less (ui/diff_walk.py)
    quiet_diff.install()  # and writes no debug lines while its log is off (ui/quiet_diff.py)
    event_types.install()  # a tap's event type resolved once per control class (ui/event_types.py)
    lean_init.install()  # controls made without storing their defaults one by one (ui/lean_init.py)
    if hosted is not None:
        hosted.start_sweeping()  # idle spaces closed every minute (ui/space_use.py)

    async def _main(page: ft.Page) -> None:
        # layout hints sent only where the client reads them (ui/lean_internals.py): installed by
        # the first session, not at start, as it names Flet's controls (the server listens first)
        lean_internals.install()
        from companion.ui import live
        from companion.ui.root import Root
        from companion.ui.routes import routes
        from companion.ui.shell import SessionShell

        if hosted is not None:
            app = await hosted_app(page, hosted, _main)
            if app is None:  # the device's key was refused: that screen is drawn instead
                return
        else:
            table_hub = hub or hub_for(data_dir)
            app = SessionShell(
                page, table_hub, routes(), sharing=live, open_rule=open_rule, lan_url=lan_url, main=_main
            )
        await app.start()
        page.render_views(Root, app.state, app.settings, app.services, app.session(), app.kept, app.views)
        if started is not None:
            started()

    return _main


async def hosted_app(page: ft.Page, hosted: Hosted, main: Any) -> Any:
    """The session of a hosted server, on the space its start decides (ui/hosted.py); None
    when the device's key was refused (the refusal screen, views/space.py, is drawn)."""
    from companion.ui import live
    from companion.ui.hosted import place, session_start
    from companion.ui.reconnect import AskedPrefs
    from companion.ui.routes import routes
    from companion.ui.shell import SessionShell

    prefs = ft.SharedPreferences()
    start = session_start(page)
    # Asked again of a tab reloaded while this start reads the device's space key (ui/reconnect.py)
    where = await place(hosted, AskedPrefs(page, prefs), page.route or "/", start, live.link_table)
    if where.hub is None:
        from companion.ui.views.space import show_refusal

        await show_refusal(page, prefs, hosted, where.refusal or "space.refused", start)
        return None
    return SessionShell(
        page,
        where.hub,
        routes(),
        sharing=live,
        open_rule=open_rule,
        lan_url=start[1],  # links and QR codes name the address phones opened
        main=main,
        host_device=where.host,
        space=where.space,
        prefs=prefs,
    )


def open_rule(dialogs: Dialogs, tr: Tr, rule_id: str) -> bool:
    """A rule's card (ui/rule_card.py): it and the rules lookup load when a rule is first opened."""
    from companion.ui.rule_card import open_card

    return open_card(dialogs, tr, rule_id)


async def main(page: ft.Page) -> None:
    """One session of the app (one browser tab or one device)."""
    await make_main()(page)
