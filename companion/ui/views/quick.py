"""Quick score: each game's stand-alone final-scoring calculator, for games played without a table."""

from __future__ import annotations

import flet as ft

from companion.games import get
from companion.ui.gameui import quick_scores, ui_for
from companion.ui.services import Services, Session
from companion.ui.widgets import button, scroll_column, small


def view(services: Services, session: Session, game: str | None = None) -> ft.View:
    tr = session.tr
    if game is None:
        items = quick_scores()
        body: list[ft.Control] = [small(tr("quick.hint"))]
        body += [
            button(
                tr(ui.quick_score_key),
                f"quick-{ui.game_id}",
                lambda _, g=ui.game_id: session.go(f"/quick/{g}"),
                icon=ft.Icons.CALCULATE,
            )
            for ui in items
        ]
        if not items:
            body.append(small(tr("quick.none"), key="quick-none"))
        title = tr("quick.title")
        route = "/quick"
    else:
        ui = ui_for(game)
        get(game)  # an unknown game shows the "missing" screen
        body = (
            ui.quick_score(services, session)
            if ui.quick_score
            else [small(tr("quick.none"), key="quick-none")]
        )
        title = tr(ui.quick_score_key) if ui.quick_score_key else tr("quick.title")
        route = f"/quick/{game}"
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(title)),
        controls=[scroll_column(body, key="quick")],
        padding=12,
    )
