"""Parts of a screen drawn again only when what they show changed (Flet's ``ft.memo``).

A screen is re-rendered from the session state after every change; a part wrapped here keeps its
controls (nothing built, nothing diffed) while its ``props``, a value saying what it shows, stay
equal. The late-game Play screen is mostly such parts, so a tap redraws only what it changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft


class _Draw:
    """Carries the function that draws a part. Never a reason to redraw: equal to any other."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Draw)

    __hash__ = None  # type: ignore[assignment]  # equal to every other _Draw, so not hashable


@ft.component
def _Part(props: Any, draw: _Draw) -> Any:
    return draw.fn()


_MemoPart = ft.memo(_Part)


def part(props: Any, draw: Callable[[], Any], key: str) -> Any:
    """``draw()`` now, and again only when ``props`` differs from the last render's (``==``).

    ``props`` must hold everything ``draw`` reads that can change (the language included)."""
    return _MemoPart(props, _Draw(draw), key=key)
