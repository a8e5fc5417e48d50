"""A game's setup options on chips, and the options a play logged by hand records.

New table (views/setup.py) draws every option of the game; "Log this play" (ui/log_play.py)
and the play log's Edit (views/play_edit.py) draw the ones a play records
(``GameUI.logged_options``: Dragon's edition and expansions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import flet as ft

from companion.games import get
from companion.ui.gameui import Choice, OptionSpec, ui_for
from companion.ui.palette import TAP
from companion.ui.retap import use_every_tap
from companion.ui.widgets import own_node, small

if TYPE_CHECKING:
    from companion.ui.i18n import Tr


def option_name(tr: Tr, spec: OptionSpec, choice: Choice) -> str:
    return tr("setup.option_state", option=tr(spec.label_key), choice=tr(choice.label_key))


def logged_options(game: str) -> list[OptionSpec]:
    ui = ui_for(game)
    return [spec for spec in ui.options if spec.field in ui.logged_options]


def current_option(game: str, chosen: dict[str, Any], spec: OptionSpec) -> Any:
    """The option's value as chosen on the chips, else the game's default (what the chips show)."""
    if spec.field in chosen:
        return chosen[spec.field]
    return get(game).options_model().model_dump().get(spec.field)


_UNSAID = object()  # what an option never said equals: no chip's value


def option_rows(
    tr: Tr,
    game: str,
    specs: list[OptionSpec],
    chosen: dict[str, Any],
    prefix: str = "log-option",
    *,
    defaults: bool = True,
) -> list[ft.Control]:
    """One row of chips per option the play records, as on the New table screen (keys
    ``<prefix>-<field>-<value>``; the play log's Edit uses them too), in one component.
    ``defaults``: an option not in ``chosen`` shows the game's default chosen; else no chip is
    chosen until one is tapped (the log's Edit of a play whose options were never said)."""
    rows = OptionRows(tr, game, specs, chosen, prefix, defaults, key=f"{prefix}-rows")
    return [rows] if specs else []


@ft.component
def OptionRows(
    tr: Tr,
    game: str,
    specs: list[OptionSpec],
    chosen: dict[str, Any],
    prefix: str,
    defaults: bool = True,
    key: str | None = None,
) -> ft.Control:
    """The chips over ``chosen``, a dict of the caller's draft (a play being logged or edited): a
    tap sets it and redraws these rows alone. What they show is read from ``chosen`` on every
    render; a tap redraws this component through its own state (``use_every_tap``), whatever
    kind of draft ``chosen`` belongs to."""
    tapped = use_every_tap()  # every tap, even of the chosen chip (the phone unticked it)
    out: list[ft.Control] = []
    for spec in specs:
        unsaid = not defaults and spec.field not in chosen  # no chip chosen: nothing said yet
        current = _UNSAID if unsaid else current_option(game, chosen, spec)

        def choose(value: Any, field: str = spec.field) -> Any:
            def pick(_: Any = None) -> None:
                chosen[field] = value
                tapped()

            return pick

        out.append(own_node(small(tr(spec.label_key))))  # merged, it named the group around it
        out.append(
            ft.Row(
                [
                    ft.Chip(
                        label=ft.Text(tr(c.label_key), semantics_label=option_name(tr, spec, c)),
                        key=f"{prefix}-{spec.field}-{c.value}",
                        selected=current == c.value,
                        on_select=choose(c.value),
                        height=TAP,
                    )
                    for c in spec.choices
                ],
                wrap=True,
                spacing=8,
            )
        )
    return ft.Column(out, spacing=4)
