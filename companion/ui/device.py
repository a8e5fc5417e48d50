"""The device services an action uses: saving and picking files, the clipboard, opening links.

The session (``App``, ui/shell.py) makes each service on first use (it is set up on the device
when made), so a screen that only might save a file holds this Protocol, not a file picker made
at draw time; an action takes ``Device`` and sees nothing else of the session (issue 25)."""

from __future__ import annotations

from typing import Protocol

import flet as ft


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
