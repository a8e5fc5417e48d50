"""Flet 1.0.5's layout hints sent only where the client reads them.

Flet's ``Container``, ``Card``, ``Row`` and ``Column`` put a hint for the client in their
``_internals`` when they are made, and it goes out with each of them sent whole:

- ``Container``: ``skip_properties: [width, height, margin]`` (about 45 bytes), ``Card``:
  ``skip_properties: [margin]``. The client's generic wrappers (a sized box for ``width`` and
  ``height``, an animated size for ``animate_size``, a padding for ``margin``) step aside for the
  properties listed, since the control applies them itself. Each wrapper reads the control's
  own property first and adds nothing when it is unset: for a box with none of them the list
  changes nothing.
- ``Row`` and ``Column``: ``host_expanded: true`` (about 16 bytes). The client reads it on the
  parent of a control whose ``expand`` is set, to wrap that control in an ``Expanded`` (or a
  ``Flexible``); nothing else reads it. Its "parent" skips components (``C``): a control drawn
  by a component in a row counts as the row's. For a row none of whose controls expands, and
  holding no component, it changes nothing.

Late in a Dragon game a tap sends about 25 such controls whole (the answers are new after each
entry, the stale-tap guarantee): about 250 bytes of hints a tap, nearly all of them for boxes
with no size or margin and rows with nothing expanding (docs/PERFORMANCE.md, "Late Dragon tap:
the bytes by property"). ``install()`` makes each of the four classes set its hint in
``before_update`` from what the control holds then: Flet calls it on every control it is about to
send or compare (new, reconciled, or changed in place, ``page.update()``), before the control's
fields are compared with what the client has, so a box given a margin later gets its hint back
in the same patch. Installed only over the Flet version it was checked against (the hints'
values and the client's reading of them, tests/ui/test_lean_internals.py): another Flet keeps
its own hints.
"""

from __future__ import annotations

from typing import Any

import flet

# Flet loads a control's module when it is first named (ft.Container ...): this module names
# none at import, so the app stays cheap to import and the server listens before they load
# (ui/warmup.py loads them while the browser starts Flutter). ``install`` names them.
FLET_VERSION = "1.0.5"

SKIP = "skip_properties"
EXPANDED = "host_expanded"
# What Flet's ``init`` puts there (checked by the test against a fresh control).
CONTAINER_SKIP = ("width", "height", "margin")
CARD_SKIP = ("margin",)

_installed: dict[Any, Any] = {}
_component: list[type] = [
    type(None)
]  # Flet's Component class, set by ``install``  # class -> Flet's own before_update


def _box_hint(control: Any) -> None:
    """A container's list when any property it names (or the size's animation) is set."""
    if (
        control.width is not None
        or control.height is not None
        or control.margin is not None
        or control.animate_size is not None
    ):
        control._internals[SKIP] = list(CONTAINER_SKIP)
    else:
        control._internals.pop(SKIP, None)


def _card_hint(control: Any) -> None:
    if control.margin is not None:
        control._internals[SKIP] = list(CARD_SKIP)
    else:
        control._internals.pop(SKIP, None)


def _expands(child: Any) -> bool:
    """``child`` expands, or may: the client looks past components (``C``) for a control's parent,
    so what a component draws counts as the row's own; and a component new in this patch draws
    only after the row's hook has run, so any component keeps the hint."""
    if isinstance(child, _component[0]):
        return True
    expand = getattr(child, "expand", None)
    return expand is not None and expand is not False


def _flex_hint(control: Any) -> None:
    """A row's or column's hint when one of its controls expands, or may (a component): the
    client reads it on the parent of a control with ``expand``."""
    if any(_expands(c) for c in control.controls):
        control._internals[EXPANDED] = True
    else:
        control._internals.pop(EXPANDED, None)


def hints() -> tuple[tuple[Any, Any], ...]:
    """Each hinted control class with its hint (naming them loads their modules)."""
    import flet as ft

    return ((ft.Container, _box_hint), (ft.Card, _card_hint), (ft.Row, _flex_hint), (ft.Column, _flex_hint))


def _with_hint(flet_own: Any, hint: Any) -> Any:
    def before_update(self: Any) -> None:
        flet_own(self)
        hint(self)

    before_update.__doc__ = "Flet's before_update, then the control's layout hint (ui/lean_internals.py)."
    return before_update


def install() -> bool:
    """Hints only where read (idempotent); False, and Flet's hints kept, on another Flet."""
    if flet.__version__ != FLET_VERSION:
        return False
    from flet.components.component import Component

    _component[0] = Component
    for cls, hint in hints():
        if cls not in _installed:
            _installed[cls] = cls.before_update
            cls.before_update = _with_hint(cls.before_update, hint)
    return True


def uninstall() -> None:
    """Flet's own hints again (the tests compare both)."""
    for cls, flet_own in list(_installed.items()):
        cls.before_update = flet_own
        del _installed[cls]
