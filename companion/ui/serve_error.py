"""The one error ``companion serve`` reports before it starts (kept light: the CLI imports it)."""

from __future__ import annotations

from typing import Any

from companion.core.msg import Msg, msg


class ServeError(Exception):
    """The server cannot start (port, address, data folder); ``msg`` is the one line to show."""

    def __init__(self, key: str, **args: Any) -> None:
        self.msg: Msg = msg(key, **args)
        super().__init__(self.msg.render())
