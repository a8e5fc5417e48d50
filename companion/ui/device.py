"""The device services an action uses: saving and picking files, the clipboard, opening links,
the stored preferences.

``DeviceServices`` makes each service on first use (it is set up on the device when made), so
a screen that only might save a file holds this Protocol, not a file picker made at draw time;
an action takes ``Device`` and sees nothing else of the session (issue 25)."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import flet as ft

S = TypeVar("S", bound=ft.Service)


class Device(Protocol):
    @property
    def files(self) -> ft.FilePicker:
        """Saves a file (a browser downloads it) and picks one."""
        ...

    @property
    def clipboard(self) -> ft.Clipboard: ...

    @property
    def urls(self) -> ft.UrlLauncher:
        """Opens a link (a new tab on a web client)."""
        ...

    @property
    def web(self) -> bool:
        """A browser: a saved file is downloaded and a picked one comes as bytes; a desktop
        returns a path, written or read by the app itself."""
        ...


class DeviceServices:
    """One session's device services (``Device``, and the wakelock the open table holds), each
    made on first use: a Flet service is set up on the device when it is made."""

    def __init__(self, page: ft.Page) -> None:
        self._page = page
        self._made: dict[type[ft.Service], ft.Service] = {}
        self._awake = False

    def _service(self, kind: type[S]) -> S:
        found = self._made.get(kind)
        if found is None:
            found = self._made[kind] = kind()
        return found  # type: ignore[return-value]

    @property
    def files(self) -> ft.FilePicker:
        return self._service(ft.FilePicker)

    @property
    def clipboard(self) -> ft.Clipboard:
        return self._service(ft.Clipboard)

    @property
    def urls(self) -> ft.UrlLauncher:
        return self._service(ft.UrlLauncher)

    @property
    def web(self) -> bool:
        return bool(self._page.web)

    async def keep_awake(self, on: bool) -> None:
        """Keep the screen on (an open table, when the setting says so) or let it sleep."""
        if on == self._awake:
            return
        self._awake = on
        wakelock = self._service(ft.Wakelock)
        try:
            await (wakelock.enable() if on else wakelock.disable())
        except Exception:  # a platform without a wakelock: the setting simply has no effect
            self._awake = False


class Prefs(Protocol):
    """The device's stored preferences, as the session reads and writes them."""

    async def get(self, key: str) -> Any: ...
    async def set(self, key: str, value: Any) -> bool: ...
    async def remove(self, key: str) -> bool: ...


class LaterPrefs:
    """The device's ``SharedPreferences``, made on first use (a Flet service is set up on the
    device when made). A browser sends the settings with its handshake (ui/sent_settings.py),
    so a host's first screen reads nothing stored: Flutter then makes the service when a
    setting is first saved or a link first kept, not while it draws Home."""

    def __init__(self) -> None:
        self._made: ft.SharedPreferences | None = None

    @property
    def made(self) -> bool:
        return self._made is not None

    def _prefs(self) -> ft.SharedPreferences:
        if self._made is None:
            self._made = ft.SharedPreferences()  # in the session's context: set up on its page
        return self._made

    async def get(self, key: str) -> Any:
        return await self._prefs().get(key)

    async def set(self, key: str, value: Any) -> bool:
        return await self._prefs().set(key, value)

    async def remove(self, key: str) -> bool:
        return await self._prefs().remove(key)
