"""Bring a part of a screen into view after a tap that made it, lower on the page (a Quick
score's result appears under the form, below the fold on a phone: the tap seemed to do nothing).

The part is marked by a ``ScrollKey`` on one of its controls; the scrolling column is the
nearest one around the component asking, so a screen need not hand it down. A part drawn by
this very update is scrolled to once the client has laid it out (its ``on_size_change``): a
scroll asked with the update itself reaches the browser before the part is built, and Flutter
finds no control under the key (measured in Chromium: the page did not move)."""

from __future__ import annotations

from collections.abc import Callable
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


def scroll_into_view(anchor: ft.Control, target: str) -> None:
    """Scroll the column around ``anchor`` to the control keyed ``ScrollKey(target)``, now."""
    column = _scrolling_parent(anchor)
    if column is not None:
        ft.context.page.run_task(column.scroll_to, scroll_key=target, duration=SCROLL_MS)


def use_into_view(anchor: ft.Control, target: str, shown: object) -> Callable[[Any], None]:
    """Scroll the column around ``anchor`` (the component's own control) to the control keyed
    ``ScrollKey(target)`` each time ``shown`` becomes a different, non-empty value (a new
    result); not for the value the screen opened with, nor for a redraw that keeps it.

    Returns the handler to give the target's ``on_size_change``: when the target is new on the
    page, the scroll waits for it."""
    seen = ft.use_ref(shown)
    waiting = ft.use_ref(False)  # the target was drawn by this update: scroll once laid out

    def scroll() -> None:
        scroll_into_view(anchor, target)

    def bring() -> None:
        before, seen.current = seen.current, shown
        if shown is None or shown == before:
            return
        if before is None:
            waiting.current = True
        else:  # the target is on the page already (a result computed again): now
            scroll()

    def laid_out(_: Any = None) -> None:
        if waiting.current:
            waiting.current = False
            scroll()

    ft.use_effect(bring, [shown])
    return laid_out


def use_due_scroll(
    anchor: ft.Control, blocked: bool
) -> tuple[Callable[[tuple[str, bool]], None], Callable[[str], Callable[[Any], None]], Callable[[], None]]:
    """A scroll of the column around ``anchor`` that waits until it may run: the part it goes to
    is laid out by the browser, and no dialog is over the screen (``blocked``). Returns ``aim``
    (the key to bring into view, and whether it stands on the page already), ``drawn`` (the
    handler for that part's ``on_size_change``, by its key) and ``bring`` (run what is due, as
    when the dialog has just closed). A component's news (a trade offer arriving) uses it."""
    due = ft.use_ref(("", False))  # (the key to bring into view, laid out by the browser yet)

    def bring() -> None:
        key, laid = due.current or ("", False)
        if key and laid and not blocked:
            due.current = ("", False)
            scroll_into_view(anchor, key)

    def aim(target: tuple[str, bool]) -> None:
        due.current = target
        bring()

    def drawn(key: str) -> Callable[[Any], None]:
        def laid_out(_: Any = None) -> None:
            if due.current == (key, False):
                due.current = (key, True)
                bring()

        return laid_out

    return aim, drawn, bring
