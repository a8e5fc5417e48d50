"""User settings kept on the device with SharedPreferences (keys prefixed ``table_companion.``)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import DEFAULT_LANGUAGE, known_language

if TYPE_CHECKING:
    from companion.ui.device import Prefs

PREFIX = "table_companion."
THEMES = ("system", "light", "dark")


@ft.observable
@dataclass
class Settings:
    """The session's settings: observable, so the root component (which takes them) draws the
    screen again when one changes."""

    lang: str = DEFAULT_LANGUAGE
    theme: str = "system"
    keep_awake: bool = True

    def key(self) -> tuple[str, str, bool]:
        """What a screen drawn with these settings depends on."""
        return (self.lang, self.theme, self.keep_awake)

    def take(self, other: Settings) -> None:
        """Take ``other``'s values (the stored settings, read when the session starts)."""
        self.lang, self.theme, self.keep_awake = other.lang, other.theme, other.keep_awake

    @property
    def theme_mode(self) -> ft.ThemeMode:
        return {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}.get(self.theme, ft.ThemeMode.SYSTEM)


async def load(prefs: Prefs) -> Settings:
    # asked at once: each is a round trip to the device, and the first screen waits for them
    lang, theme, awake = await asyncio.gather(
        prefs.get(PREFIX + "lang"), prefs.get(PREFIX + "theme"), prefs.get(PREFIX + "keep_awake")
    )
    return stored_settings(lang, theme, awake)


def stored_settings(lang: object, theme: object, awake: object) -> Settings:
    """The settings the stored values give (a value missing or not valid: the default). Also
    what a browser sends with its websocket's handshake (ui/sent_settings.py)."""
    s = Settings()
    if isinstance(lang, str) and known_language(lang):  # the qps pseudo-locale too (tests)
        s.lang = lang
    if theme in THEMES:
        s.theme = theme
    if isinstance(awake, bool):
        s.keep_awake = awake
    return s


async def save(prefs: Prefs, s: Settings) -> None:
    await prefs.set(PREFIX + "lang", s.lang)
    await prefs.set(PREFIX + "theme", s.theme)
    await prefs.set(PREFIX + "keep_awake", s.keep_awake)
