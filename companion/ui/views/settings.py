"""Settings: language, theme, keeping the screen awake during play."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import LANGUAGES
from companion.ui.i18n import Tr
from companion.ui.palette import TAP
from companion.ui.services import Services, Session
from companion.ui.settings import THEMES, Settings
from companion.ui.views.space_hint import open_space
from companion.ui.widgets import button, card, heading, scroll_column, small


def view(services: Services, session: Session) -> ft.View:
    tr = session.tr
    s = session.settings

    def choose(**change: Any) -> Any:
        async def go(_: Any = None) -> None:
            await session.change_settings(**change)

        return go

    async def awake(e: Any) -> None:
        await session.change_settings(keep_awake=bool(e.control.value))

    body: list[ft.Control] = [
        card(heading(tr("settings.language")), Chips(tr, s, "lang", LANGUAGES, choose, key="lang-chips")),
        card(heading(tr("settings.theme_title")), Chips(tr, s, "theme", THEMES, choose, key="theme-chips")),
        card(
            ft.Switch(label=tr("settings.keep_awake"), value=s.keep_awake, key="keep-awake", on_change=awake),
            small(tr("settings.keep_awake_hint")),
        ),
    ]
    if services.space is not None and services.space.own:  # a hosted server: this device's space
        body.append(
            card(
                heading(tr("space.title")),
                small(tr("space.settings_hint")),
                button(
                    tr("space.open"),
                    "settings-space",
                    open_space(services, session),
                    icon=ft.Icons.KEY,
                ),
            )
        )
    return ft.View(
        route="/settings",
        appbar=ft.AppBar(title=ft.Text(tr("settings.title"))),
        controls=[scroll_column(body, key="settings")],
        padding=12,
    )


@ft.component
def Chips(
    tr: Tr, settings: Settings, name: str, values: tuple[str, ...], choose: Any, key: str | None = None
) -> ft.Control:
    """A chip per value of the setting ``name``: drawn again whenever ``settings`` notifies, as
    when the chosen chip is tapped again (the phone unticked it; the screen itself is kept)."""
    current = getattr(settings, name)
    return ft.Row(
        [
            ft.Chip(
                label=ft.Text(tr(f"settings.{name}.{v}")),
                key=f"{name}-{v}",
                selected=v == current,
                on_select=choose(**{name: v}),
                height=TAP,
            )
            for v in values
        ],
        wrap=True,
        spacing=8,
    )
