"""The one error type the share package lets escape, carrying a translatable message."""

from __future__ import annotations

from typing import Any

from companion.core.limits import safe_args
from companion.core.msg import Msg, msg


class SnapshotError(ValueError):
    """A snapshot code (or a QR image) cannot be read or encoded.

    ``msg`` says what is wrong in the reader's language (catalogue namespace ``share.``).
    """

    def __init__(self, key: str, **args: Any) -> None:
        self.msg: Msg = msg(key, **safe_args(args))
        super().__init__(self.msg.render())

    @property
    def key(self) -> str:
        return self.msg.key

    @property
    def message(self) -> str:
        return self.msg.render()

    def message_in(self, lang: str) -> str:
        return self.msg.render(lang)


def damaged(part: str, **args: Any) -> SnapshotError:
    """A "damaged code" error naming the part that is wrong (``share.part.<part>``)."""
    return SnapshotError("share.code.damaged", detail=msg(f"share.part.{part}", **args))
