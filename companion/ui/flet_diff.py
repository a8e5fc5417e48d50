"""A speed-up of Flet 1.0.5's page diff for re-rendered screens (same controls, same patch).

When a screen is rebuilt, ``DiffBuilder.get_added_controls`` walks every new control's fields
through ``_configure_dataclass``, a generator called once per field value: thousands of
generators per screen just to find that a string or a number holds no control. Re-rendering a
live table for 50 viewers spent most of its time there (docs/PERFORMANCE.md, "Live share under
load"). This wrapper answers plain values (text, numbers, enums, None) at once, and walks a
control already configured in the same diff only once (a second walk could only refresh its
parent link, which it still does).
"""

from __future__ import annotations

import dataclasses
import enum
import weakref
from collections.abc import Iterable
from typing import Any

from flet.controls.object_patch import DiffBuilder

_SEEN = "_companion_configured"
_LEAVES = (str, int, float, bytes, enum.Enum, type(None))
_NOTHING: tuple[Any, ...] = ()


def _fast(original: Any) -> Any:
    def configure(
        self: DiffBuilder, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
    ) -> Iterable[Any]:
        if isinstance(item, _LEAVES):
            return _NOTHING  # holds no control: nothing to configure
        if not configure_setattr_only and dataclasses.is_dataclass(item):
            seen: set[int] | None = self.__dict__.get(_SEEN)
            if seen is None:
                seen = self.__dict__[_SEEN] = set()
            if id(item) in seen:
                if parent is not None and parent is not item:
                    item._parent = weakref.ref(parent)
                return _NOTHING
            seen.add(id(item))
        return original(self, item, parent, frozen, configure_setattr_only)

    configure.__companion_patched__ = True  # type: ignore[attr-defined]
    return configure


def install() -> None:
    """Patch DiffBuilder once per process (idempotent)."""
    current = DiffBuilder._configure_dataclass
    if not getattr(current, "__companion_patched__", False):
        DiffBuilder._configure_dataclass = _fast(current)  # type: ignore[method-assign]
