"""A button that runs a command and shows at once that the tap was taken.

On a busy host an entry can take a moment to come back; without a sign the player taps again or
thinks the app froze. The button turns busy in the first patch the server sends (before the
command runs), refuses a second run while the first is running, and comes back when it ends
(a refusal is then shown at the question, under this button when the command names it).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any, Protocol

import flet as ft

from companion.ui.palette import TAP
from companion.ui.widgets import icon_button, quiet

BUSY_RING = 16


class Submit(Protocol):
    """The session's entry command (``OpenTable.submit``): send ``entry`` as made on the screen drawn
    for table stamp ``seen``; a refusal is shown at the control keyed ``at``. True if taken."""

    def __call__(self, entry: Any, seen: str | None = None, at: str | None = None) -> bool: ...


_TURNS = 3  # the update scheduler's wake-up, its render, then the socket's send loop


async def on_the_wire() -> None:
    """Give the event loop the few turns it takes for a change made in a handler to be rendered
    by Flet's update scheduler and written to the socket, before the handler's heavy work
    (an entry, an undo) holds the loop: the phone then sees its tap taken at once."""
    for _ in range(_TURNS):
        await asyncio.sleep(0)


@ft.component
def CommandButton(
    build: Callable[[Callable[..., Any], bool], ft.Control],
    run: Callable[[], Any],
    key: str | None = None,
) -> ft.Control:
    """The control ``build(on_click, busy)`` makes, running ``run`` on a tap (``run`` may be a
    coroutine function). ``busy`` is true from the tap until the command has ended. ``key`` is
    the component's own (Flet's wrapper takes it, this body never sees it): see ``answer_key``."""
    busy, set_busy = ft.use_state(False)
    running = ft.use_ref(False)  # read by a second tap before the busy render reaches the client
    drawn: Any = ft.use_ref(None)  # (build, the content it drew): see kept_content

    async def tap(_: Any = None) -> AsyncIterator[None]:
        if running.current:
            return  # the first tap's command is still running: a second one does nothing
        running.current = True
        set_busy(True)
        yield  # Flet sends the busy state now, before the command runs
        await on_the_wire()
        try:
            result = run()
            if hasattr(result, "__await__"):
                await result
        finally:
            running.current = False
            set_busy(False)  # a no-op once the screen moved on and this button is gone

    return kept_content(drawn, build, build(tap, busy))


def kept_content(drawn: Any, build: Callable[..., Any], control: ft.Control) -> ft.Control:
    """``control`` with the content the same ``build`` drew before, the very object. Turning busy
    or back changes only the button's icon: Flet's diff passes over a content that is the same
    object as before, where a content drawn again is reconciled control by control (a person
    tile's is six controls). A new ``build`` (the parent drew the button again) draws afresh."""
    content = getattr(control, "content", None)
    if drawn.current is not None and drawn.current[0] is build and content is not None:
        # a setter keeps the value it holds when handed an equal one: cleared first
        setattr(control, "content", None)  # noqa: B010  (a button's content: Control has none)
        setattr(control, "content", drawn.current[1])  # noqa: B010
    else:
        drawn.current = (build, content)
    return control


def answer_key(drawn_for: str, key: str) -> str:
    """The key of a command among a question's answers (a ``CommandButton``'s, or a component
    holding such commands): new with every table stamp ``drawn_for``, so once the table moves on
    the command is a new control and a tap sent from the last question reaches a control that is
    gone (ui/guard.py), while the rows and headings around it are diffed, not sent again."""
    return f"{drawn_for}/{key}"


def busy_icon(icon: Any, busy: bool) -> Any:
    """A button's icon, and a small spinning ring in its place while its command runs. The
    button's content stays as it was, so the busy patch is the ring alone, not the content sent
    again inside a new row (0.2 to 0.7 KB a tap, docs/PERFORMANCE.md, issue 25)."""
    if not busy:
        return icon
    return ft.ProgressRing(width=BUSY_RING, height=BUSY_RING, stroke_width=2, key="busy")


def command_icon_button(
    icon: Any, key: str, tooltip: str, run: Callable[[], Any], *, disabled: bool = False
) -> ft.Control:
    """An icon button (named on the button itself, as widgets.icon_button) running a command:
    its icon turns into a small ring while the command runs."""

    def build(on_click: Callable[..., Any], busy: bool) -> ft.Control:
        shown: ft.Control = (
            ft.ProgressRing(
                width=BUSY_RING, height=BUSY_RING, stroke_width=2, key="busy", semantics_label=tooltip
            )
            if busy
            else ft.Icon(icon, semantics_label=tooltip)
        )
        return icon_button(shown, key, tooltip, on_click, disabled=disabled)

    return CommandButton(build, run)


def command_button(
    label: str,
    key: str,
    run: Callable[[], Any],
    *,
    icon: Any = None,
    filled: bool = False,
    expand: bool | int | None = None,
    disabled: bool = False,
    name: str | None = None,
) -> ft.Control:
    """A big button (as widgets.button) running a command, busy from the tap until it ends.
    ``name`` is what a screen reader says when the label is shared by several buttons."""

    def build(on_click: Callable[..., Any], busy: bool) -> ft.Control:
        kind = ft.FilledButton if filled else ft.OutlinedButton
        return kind(
            content=ft.Text(label, text_align=ft.TextAlign.CENTER, semantics_label=name),
            icon=busy_icon(icon, busy),
            key=key,
            tooltip=quiet(name or label),
            on_click=on_click,
            height=TAP,
            expand=expand,
            disabled=disabled,
        )

    return CommandButton(build, run)
