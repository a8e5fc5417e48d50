"""Parts of a screen drawn again only when what they show changed.

A screen is re-rendered from the session state after every change; a part keeps its controls
(nothing built, nothing diffed) while its ``props``, a value saying what it shows, stay equal.
The late-game Play screen is mostly such parts, so a tap redraws only what it changed.

Two kinds, for two places in a control tree:

- ``part``: a control in a list (a column's, a row's, a card's lines). The session's ``Kept``
  hands back the very control it drew last time, and Flet's diff passes over a control that is
  the same object as before at its key. Nothing else is made: a live viewer's redraw late in a
  Dragon game keeps about thirty parts on every host entry (issue 27's fan-out), and a wrapper
  per part cost as much as the controls the entry really changed. The control takes the part's
  key when it has none, so the diff finds it at its place.
- ``slot_part``: a control in a single slot (a view's app bar, a whole screen). Flet's diff
  re-parents a kept control only in a list, so a slot keeps Flet's own ``ft.memo`` wrapper.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import flet as ft


class Kept:
    """One session's list parts as last drawn: by key, the props and the control.

    A control is handed back only while it is still on the session's screen (in the session's
    control index: a part that left the screen, with a dialog or a screen change, is drawn
    afresh), and only once per render (a key met twice draws its second part afresh)."""

    def __init__(self, index: Any) -> None:
        self._index = index  # the session's mounted controls by id (Flet's Session.index)
        self._parts: dict[str, tuple[Any, Any]] = {}
        self._used: set[str] = set()

    def new_render(self) -> None:
        self._used = set()

    @contextmanager
    def drawing(self) -> Iterator[None]:
        """Parts made while this runs are this session's."""
        token = _DRAWING.set(self)
        try:
            yield
        finally:
            _DRAWING.reset(token)

    def part(self, props: Any, draw: Callable[[], Any], key: str) -> Any:
        if key in self._used:
            return _keyed(draw(), key)
        self._used.add(key)
        found = self._parts.get(key)
        if found is not None and found[0] == props and self._index.get(found[1]._i) is found[1]:
            return found[1]
        control = _keyed(draw(), key)
        if control is not None:
            self._parts[key] = (props, control)
        return control


_DRAWING: ContextVar[Kept | None] = ContextVar("companion_parts_drawing", default=None)


def _keyed(control: Any, key: str) -> Any:
    if control is not None and control.key is None:
        control.key = key
    return control


def same(controls: Sequence[Any]) -> tuple[int, ...]:
    """The props of a part that only holds other controls (a card, a fold around parts): equal
    while each is the very object it held last time, i.e. while every part inside was kept.
    Ids are safe here: the kept wrapper holds the controls it was drawn with, so no new control
    can take one of their ids while these props are compared with them."""
    return tuple(id(c) for c in controls)


def part(props: Any, draw: Callable[[], Any], key: str) -> Any:
    """``draw()`` now, and again only when ``props`` differs from the last render's (``==``);
    for a control in a list. Drawn every time outside a session's render (nothing to keep it).

    ``props`` must hold everything ``draw`` reads that can change (the language included)."""
    kept = _DRAWING.get()
    if kept is None:
        return _keyed(draw(), key)
    return kept.part(props, draw, key)


class _Draw:
    """Carries the function that draws a slot part, and the session's ``Kept`` its list parts
    go to (it runs later, in Flet's diff). Never a reason to redraw: equal to any other."""

    __slots__ = ("fn", "kept")

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.kept = _DRAWING.get()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Draw)

    __hash__ = None  # type: ignore[assignment]  # equal to every other _Draw, so not hashable


@ft.component
def _Part(props: Any, draw: _Draw) -> Any:
    if draw.kept is None:
        return draw.fn()
    with draw.kept.drawing():
        return draw.fn()


_MemoPart = ft.memo(_Part)


def slot_part(props: Any, draw: Callable[[], Any], key: str) -> Any:
    """``part`` for a control in a single slot (a view's app bar, a screen): a Flet memo."""
    return _MemoPart(props, _Draw(draw), key=key)
