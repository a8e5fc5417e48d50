"""Bring a part of a screen into view after a tap that made it, lower on the page (a Quick
score's result appears under the form, below the fold on a phone: the tap seemed to do nothing).

The part is marked by a ``ScrollKey`` on one of its controls; the scrolling column is the
nearest one around the component asking, so a screen need not hand it down."""

from __future__ import annotations

from typing import Any

import flet as ft

SCROLL_MS = 300  # long enough to see the page move to the result, short enough not to wait for it


def scroll_key(name: str) -> ft.ScrollKey:
    """The key ``use_into_view`` scrolls to (Flet's lazily made dataclass hides its __init__ from mypy)."""
    return ft.ScrollKey(name)  # type: ignore[call-arg]


def _scrolling_parent(control: ft.Control) -> Any:
    node = control.parent
    while node is not None and getattr(node, "scroll", None) is None:
        node = node.parent
    return node


def use_into_view(anchor: ft.Control, target: str, shown: object) -> None:
    """Scroll the column around ``anchor`` (the component's own control, on the page) to the
    control keyed ``ScrollKey(target)`` each time ``shown`` becomes a different, non-empty value
    (a new result); not for the value the screen opened with, nor for a redraw that keeps it."""
    seen = ft.use_ref(shown)

    def bring() -> None:
        if shown is None or shown == seen.current:
            return
        seen.current = shown
        column = _scrolling_parent(anchor)
        if column is not None:
            ft.context.page.run_task(column.scroll_to, scroll_key=target, duration=SCROLL_MS)

    ft.use_effect(bring, [shown])
