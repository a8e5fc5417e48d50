"""Flet 1.0.5's controls made without storing each default they already have.

A Flet control is a dataclass whose public fields are ``Prop`` descriptors (Flet's sparse
tracking, ``flet/controls/value_types.py``): the ``__init__`` that ``dataclass`` writes assigns
every field, so making an ``ft.Text`` calls ``Prop.__set__`` 59 times, and each call looks the
field up in the control's ``_values`` and compares the value with the field's default, only to
store nothing: during construction ``__set__`` stores a value only when it differs from the
descriptor's default. Late in a Dragon game a tap makes about 90 controls: some 4,400 such calls,
about half of the time spent making controls (35 us for a ``Text``, docs/PERFORMANCE.md, branch
tapcut5).

``install()`` gives each control class an ``__init__`` written like the dataclass's, the same
parameters and defaults, the same assignments in the same order, except that a ``Prop`` field
handed the very object its descriptor holds as default is not assigned: ``__set__`` would have
returned at once (on a fresh control nothing is stored yet, and ``x == x`` holds for Flet's
defaults: None, numbers, strings, enums). Any other value goes through ``__set__`` as before.
Written on a class's first construction (a class never made costs nothing, and the app stays
cheap to start), or by the server's warm-up for the classes it loaded (``write_loaded``, about
a millisecond a class), for the classes Flet has loaded and those it loads later (Flet's
``control`` decorator). A class whose ``__init__`` is its own, or a dataclass this module does not
recognise (frozen, slots, a field named like its own names), keeps Flet's. Installed only over
the Flet version it was checked against: tests/ui/test_lean_init.py compares the signatures
and the controls made, both ways, for every control class Flet exports.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import flet
from flet.controls import base_control, value_types

FLET_VERSION = "1.0.5"
# Flet 1.0.5's names this module reads (another Flet, which may lack them, keeps its own __init__)
FLET_INSTALL_PROPS: Any = getattr(base_control, "_install_props", None)
Prop: Any = getattr(value_types, "Prop", None)
_UNSET: Any = getattr(value_types, "_UNSET", None)

# the dataclass module's own markers (Python 3.10 to 3.13); without them Flet's __init__ stays
_FIELD = getattr(dataclasses, "_FIELD", None)  # a field the __init__ assigns
_INITVAR = getattr(dataclasses, "_FIELD_INITVAR", None)  # passed to __post_init__
_FACTORY = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", None)  # "call the factory"

ORIGINAL: dict[type, Any] = {}  # class -> the dataclass's own __init__ (the test compares)
WRITTEN: dict[type, Any] = {}  # class -> the __init__ written here, once made


def _prop(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        if name in vars(klass):
            found = vars(klass)[name]
            return found if isinstance(found, Prop) else None
    return None


def _param(f: Any, g: dict[str, Any]) -> str:
    if f.default is not dataclasses.MISSING:
        g[f"__d_{f.name}"] = f.default
        return f"{f.name}=__d_{f.name}"
    if f.default_factory is not dataclasses.MISSING:
        return f"{f.name}=__FACTORY"
    return f.name


def _assign(cls: type, f: Any, g: dict[str, Any]) -> str | None:
    """The line that sets one field, as the dataclass's __init__ sets it (None: it does not)."""
    factory = f.default_factory is not dataclasses.MISSING
    if factory:
        g[f"__f_{f.name}"] = f.default_factory
    if not f.init:
        if factory:
            return f"self.{f.name} = __f_{f.name}()"
        if f.default is not dataclasses.MISSING:
            g[f"__d_{f.name}"] = f.default
            return f"self.{f.name} = __d_{f.name}"
        return None
    if factory:
        return f"self.{f.name} = __f_{f.name}() if {f.name} is __FACTORY else {f.name}"
    prop = _prop(cls, f.name)
    if prop is not None and prop.default is not _UNSET:
        g[f"__p_{f.name}"] = prop.default
        return f"if {f.name} is not __p_{f.name}: self.{f.name} = {f.name}"
    return f"self.{f.name} = {f.name}"


def source(cls: type) -> tuple[str, dict[str, Any]] | None:
    """The __init__'s source for ``cls`` and its globals; None for a class kept as Flet made it."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if params.frozen or params.slots or not hasattr(cls, "__post_init__"):
        return None
    fields = [  # a ClassVar (Flet's ``__validation_rules__``) is the class's, not the __init__'s
        f
        for f in cls.__dataclass_fields__.values()  # type: ignore[attr-defined]
        if f._field_type in (_FIELD, _INITVAR)
    ]
    if any(f.name == "self" or f.name.startswith("__") for f in fields):
        return None
    if any(f._field_type is _INITVAR and f.default_factory is not dataclasses.MISSING for f in fields):
        return None
    g: dict[str, Any] = {"__FACTORY": _FACTORY}
    ins = [f for f in fields if f.init]
    std = [_param(f, g) for f in ins if not f.kw_only]
    kw = [_param(f, g) for f in ins if f.kw_only]
    args = ", ".join(["self", *std, *(["*", *kw] if kw else [])])
    body = [line for f in fields if f._field_type is _FIELD and (line := _assign(cls, f, g)) is not None]
    initvars = ", ".join(f.name for f in fields if f._field_type is _INITVAR)
    body.append(f"self.__post_init__({initvars})")
    return f"def __init__({args}):\n" + "".join(f"    {line}\n" for line in body), g


def written(cls: type) -> Any:
    """``cls``'s __init__ written here (made once), or its own if this module keeps it."""
    if cls in WRITTEN:
        return WRITTEN[cls]
    found = source(cls)
    if found is None:
        made = ORIGINAL[cls]
    else:
        text, g = found
        done: dict[str, Any] = {}
        exec(compile(text, f"<lean_init {cls.__qualname__}>", "exec"), g, done)
        made = done["__init__"]
        made.__qualname__ = f"{cls.__qualname__}.__init__"
    WRITTEN[cls] = made
    cls.__init__ = made  # type: ignore[misc]
    return made


def write_loaded() -> int:
    """Write the __init__ of every control class loaded so far (the server's warm-up, while the
    browser starts Flutter: ui/warmup.py), so the first screen does not; how many were written."""
    waiting = [cls for cls in list(ORIGINAL) if cls not in WRITTEN]
    for cls in waiting:
        written(cls)
    return len(waiting)


def _first(cls: type) -> Any:
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        written(cls)(self, *args, **kwargs)

    return __init__


def _lean(cls: type) -> None:
    own = vars(cls).get("__init__")
    if cls in ORIGINAL or own is None or own.__code__.co_filename != "<string>":
        return  # its own __init__ (not the dataclass's), or done
    if not dataclasses.is_dataclass(cls):
        return
    ORIGINAL[cls] = own
    cls.__init__ = _first(cls)  # type: ignore[method-assign]


def _install_props(cls: type) -> None:
    FLET_INSTALL_PROPS(cls)
    _lean(cls)


def _all(cls: type[Any]) -> list[type[Any]]:
    out: list[type[Any]] = [cls]
    for sub in cls.__subclasses__():
        out += _all(sub)
    return out


def install() -> bool:
    """Every control class loaded, and every one Flet loads from now on, made the lean way
    (idempotent); False, and Flet's kept, on another Flet."""
    needed = (_FIELD, _INITVAR, _FACTORY, FLET_INSTALL_PROPS, Prop, _UNSET)
    if flet.__version__ != FLET_VERSION or any(x is None for x in needed):
        return False
    for cls in _all(base_control.BaseControl):
        _lean(cls)
    base_control._install_props = _install_props  # what Flet's ``control`` decorator calls
    return True


def uninstall() -> None:
    """Flet's own __init__ again, for every class (the test compares both)."""
    base_control._install_props = FLET_INSTALL_PROPS
    for cls, own in ORIGINAL.items():
        cls.__init__ = own  # type: ignore[misc]
    ORIGINAL.clear()
    WRITTEN.clear()
