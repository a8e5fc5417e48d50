"""Chips that toggle themselves on the phone, kept showing what their draft says.

A Flet chip flips its own ``selected`` on the phone when tapped and sends that value to the
server before ``on_select`` runs. The forms redraw only when their draft changes, so a tap that
changes nothing (a chosen radio chip tapped again, a pick refused over its limit) would leave
the chip as the phone flipped it. These helpers make such a tap redraw the form anyway, which
draws the chip back as the draft says.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import flet as ft

P = ParamSpec("P")
D = TypeVar("D")  # an @ft.observable class (mypy does not see it is an ft.Observable)


def redraws_when_unchanged(method: Callable[Concatenate[D, P], None]) -> Callable[Concatenate[D, P], None]:
    """For an observable draft's method a chip calls: redrawn (below) even if nothing changed."""

    @functools.wraps(method)
    def tapped(self: D, *args: P.args, **kwargs: P.kwargs) -> None:
        redrawn(self, lambda: method(self, *args, **kwargs))

    return tapped


def redrawn(draft: Any, change: Callable[[], object]) -> None:
    """Run ``change`` on ``draft``; notify its listeners if it changed nothing (Flet's
    observable counts its notifications in ``__version__``)."""
    before = draft.__version__
    change()
    if draft.__version__ == before:
        draft.notify()


def use_every_tap() -> Callable[[], None]:
    """For a component holding a chip's choice in ``use_state``: a callable that redraws the
    component on every call (a state set to a new object each time; an equal value is skipped)."""
    _, set_tap = ft.use_state(object())
    return lambda: set_tap(object())
