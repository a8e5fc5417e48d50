"""A cheaper walk of the controls a tap adds or removes, for Flet 1.0.5's diff.

After comparing two control trees, Flet's ``DiffBuilder`` walks every control the patch adds (to
build it, mark it initialised and set its parent) and every control it removes (to drop it from
the session's index). Its walk descends into every field of every dataclass: a button has about
fifty fields, nearly all of them strings, numbers or ``None``, and each one costs a generator and
three type checks before the walk learns there is nothing inside. Late in a Dragon game that is
about a third of Flet's diff on a tap (docs/PERFORMANCE.md, "The diff's walk").

``install()`` replaces the two walks with ones that visit the same objects in the same order and
do the same thing to each (an equivalence test holds them to Flet's own on the app's screens,
tests/ui/test_diff_walk.py), but look at a field's value only when it can hold something:
a dataclass, a list or a dict. The fields to look at are listed once per class. Written here,
not taken from Flet, because Flet has no switch for it; installed only over the Flet version it
was written against, so an upgrade falls back to Flet's walk instead of silently diverging.
"""

from __future__ import annotations

import dataclasses
import logging
import weakref
from collections.abc import Iterator
from typing import Any

import flet
from flet.controls import object_patch, value_types

FLET_VERSION = "1.0.5"  # the version whose walk this one matches (the equivalence test's)

_DiffBuilder: Any = object_patch.DiffBuilder
FLET_CONFIGURE = _DiffBuilder._configure_dataclass
FLET_REMOVED = _DiffBuilder._removed_controls

_DATACLASS, _DICT, _LIST = 1, 2, 3
_kinds: dict[type, int] = {}  # a value's type -> which of the three it is (0: none, a leaf)


def _kind(value: Any) -> int:
    t = type(value)
    kind = _kinds.get(t)
    if kind is None:
        if isinstance(value, type):  # a class as a value: Flet's walk treats a dataclass type
            return -1  # as an instance; leave that rare case to Flet's own walk
        kind = (
            _DATACLASS
            if dataclasses.is_dataclass(t)
            else _DICT
            if isinstance(value, dict)
            else _LIST
            if isinstance(value, list)
            else 0
        )
        _kinds[t] = kind
    return kind


class _Shape:
    """The fields of a dataclass that Flet's walk enters, in its order, split in two: the ones
    held by Flet's ``Prop`` (a value only in the object's sparse ``_values`` when it is not the
    default, and a default that holds nothing) and the others, always read."""

    __slots__ = ("always", "names", "sparse")

    def __init__(self, cls: type) -> None:
        self.names = tuple(f.name for f in dataclasses.fields(cls) if not f.metadata.get("skip", False))
        self.sparse: dict[str, int] = {}  # name -> its place in ``names``
        always = []
        for place, name in enumerate(self.names):
            prop = _raw_attribute(cls, name)
            if isinstance(prop, value_types.Prop) and not (
                prop.default is not _UNSET and _kind(prop.default)
            ):
                self.sparse[name] = place
            else:
                always.append(place)
        self.always = tuple(always)

    def walked(self, item: Any) -> Any:
        """The names of ``item``'s fields that may hold something, in Flet's order."""
        values = getattr(item, "_values", None) if self.sparse else None
        if values is None:
            return self.names
        sparse = self.sparse
        places = [sparse[k] for k in values if k in sparse]
        places.extend(self.always)
        places.sort()
        names = self.names
        return [names[p] for p in places]


_shapes: dict[type, _Shape] = {}
_UNSET = value_types._UNSET


def _raw_attribute(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in vars(klass):
            return vars(klass)[name]
    return None


def _shape(cls: type) -> _Shape:
    shape = _shapes.get(cls)
    if shape is None:
        shape = _shapes[cls] = _Shape(cls)
    return shape


def _configure(
    builder: Any, item: Any, parent: Any, frozen: bool, setattr_only: bool, out: list[Any]
) -> None:
    """What Flet's ``_configure_dataclass`` does to ``item`` and what it holds, appending the
    controls it yields to ``out`` in its order."""
    kind = _kind(item)
    if kind == _DATACLASS:
        _configure_one(builder, item, parent, frozen, setattr_only, out)
    elif kind in (_DICT, _LIST):
        for v in item.values() if kind == _DICT else item:
            _configure(builder, v, parent, frozen, False, out)
    elif kind < 0:
        out.extend(FLET_CONFIGURE(builder, item, parent, frozen, setattr_only))


def _configure_one(
    builder: Any, item: Any, parent: Any, frozen: bool, setattr_only: bool, out: list[Any]
) -> None:
    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise object_patch.ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    cls = type(item)
    if getattr(cls, "__flet_control_cls__", None) is None:
        cls.__flet_control_cls__ = builder.control_cls
    is_control = builder.control_cls is not None and isinstance(item, builder.control_cls)
    if is_control:
        if not setattr_only:
            item.build()
            item._before_update_safe()
            object.__setattr__(item, "_initialized", True)
        out.append(item)
    if not setattr_only:
        child_parent = item if is_control else parent  # value objects pass on their control
        for name in _shape(cls).walked(item):
            value = getattr(item, name)
            if _kinds.get(type(value), -2):  # 0: a leaf (a string, a number, None, a handler)
                _configure(builder, value, child_parent, frozen, False, out)
    if not frozen:  # the baseline for the changes made after this patch
        dirty = getattr(item, "_dirty", None)
        if dirty is not None:
            dirty.clear()
        else:
            if cls.__setattr__ is not object_patch._control_setattr:
                cls.__setattr__ = object_patch._control_setattr  # type: ignore[assignment]
            object.__setattr__(item, "__changes", {})


def _removed(builder: Any, item: Any, recurse: bool, out: list[Any]) -> None:
    """What Flet's ``_removed_controls`` yields for ``item``, appended to ``out`` in its order:
    a control after what it held (as last sent, else its fields when ``recurse``)."""
    control_cls = builder.control_cls
    if control_cls is not None and isinstance(item, control_cls):
        if hasattr(item, "__prev_lists"):
            for attr in ("__prev_lists", "__prev_dicts", "__prev_classes"):
                for held in getattr(item, attr, {}).values():
                    _removed(builder, held, recurse, out)
        elif recurse:
            for name in _shape(type(item)).walked(item):
                value = getattr(item, name)
                if _kinds.get(type(value), -2):
                    _removed(builder, value, recurse, out)
        out.append(item)
        return
    kind = _kind(item)
    if kind in (_DICT, _LIST):
        for v in item.values() if kind == _DICT else item:
            _removed(builder, v, recurse, out)


def _configure_dataclass(
    self: Any, item: Any, parent: Any, frozen: bool, configure_setattr_only: bool = False
) -> Iterator[Any]:
    if object_patch.logger.isEnabledFor(logging.DEBUG):  # Flet's walk writes its debug lines
        return FLET_CONFIGURE(self, item, parent, frozen, configure_setattr_only)
    out: list[Any] = []
    _configure(self, item, parent, frozen, configure_setattr_only, out)
    return iter(out)


def _removed_controls(self: Any, item: Any, recurse: bool) -> Iterator[Any]:
    out: list[Any] = []
    _removed(self, item, recurse, out)
    return iter(out)


def install() -> bool:
    """Use this walk in Flet's diff (idempotent); False, and Flet's walk kept, on another Flet."""
    if flet.__version__ != FLET_VERSION:
        return False
    _DiffBuilder._configure_dataclass = _configure_dataclass
    _DiffBuilder._removed_controls = _removed_controls
    return True


def uninstall() -> None:
    """Flet's own walk again (the equivalence test compares both)."""
    _DiffBuilder._configure_dataclass = FLET_CONFIGURE
    _DiffBuilder._removed_controls = FLET_REMOVED
