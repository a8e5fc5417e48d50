""" "Log this play": a game scored with a Quick score calculator goes into the play log.

The store scores the calculator's input again and checks it is the result the screen shows
(Store.log_calculated), so a form changed after computing is refused rather than logged wrong.
The seats are linked to remembered players of the same name, and new names are remembered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import TableError
from companion.core.calc import CalcInputError
from companion.ui.shell import App
from companion.ui.views.player_picker import seat_players
from companion.ui.widgets import button, small

Shown = Callable[[], tuple[dict[str, Any], dict[str, Any], list[str]]]


def log_play_button(app: App, calculator: str, shown: Shown) -> ft.Control:
    """The button under a calculator's result; once logged, a line saying so and a way to the log.

    ``shown()`` gives the form's input and result as they are at the tap (a name typed since the
    last redraw included), and each seat's name as typed ("" for a default "Player 2"): only
    typed names are linked to (or remembered as) players."""
    tr = app.tr
    memo = app.memo.setdefault("log-play", {})
    done = memo.get(calculator)
    if done is not None and done["result"] == shown()[1]:
        return ft.Row(
            [
                small(tr("quick.logged"), key="quick-logged", color=ft.Colors.PRIMARY),
                button(
                    tr("nav.plays"), "quick-open-plays", lambda _: app.go("/plays"), icon=ft.Icons.HISTORY
                ),
            ],
            wrap=True,
        )

    def log(_: Any = None) -> None:
        data, result, typed = shown()
        seats = [{"name": name, "color": None} for name in typed]
        try:
            ids = seat_players(app, seats)
            app.hub.store.log_calculated(calculator, data, result, player_ids=ids)
        except (CalcInputError, TableError) as exc:
            memo[calculator] = None
            memo["error"] = tr.msg(exc.msg)
        else:
            memo[calculator] = {"result": result}
            memo["error"] = None
        app.refresh()

    items: list[ft.Control] = [
        button(tr("quick.log_play"), "quick-log-play", log, icon=ft.Icons.BOOKMARK_ADD, filled=True)
    ]
    if memo.get("error"):
        items.append(ft.Text(memo["error"], key="quick-log-error", color=ft.Colors.ERROR))
    return ft.Column(items, spacing=4)
