"""Controls made by the app's __init__ (companion/ui/lean_init.py) against Flet's own: the same
parameters for every control class Flet exports, the same control made, and Flet's property
descriptor called only for the values a control is given."""

from __future__ import annotations

import dataclasses
import inspect
from datetime import datetime, time
from typing import Any

import flet as ft
import pytest
from flet.controls import base_control
from flet.controls.value_types import Prop
from ui_testkit import new_hub, started

from companion.ui import lean_init


@pytest.fixture
def installed():
    assert lean_init.install()
    yield
    lean_init.install()  # the app's state for the tests that follow (make_main installs it)


def control_classes() -> list[type]:
    return [
        value
        for name in dir(ft)
        if inspect.isclass(value := getattr(ft, name))
        and issubclass(value, base_control.BaseControl)
        and dataclasses.is_dataclass(value)
    ]


def owner(cls: type) -> type:
    return next(k for k in cls.__mro__ if k in lean_init.ORIGINAL)


def shape(init: Any) -> list[tuple[str, Any, Any]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(init).parameters.values()]


def made(cls: type, init: Any, **kwargs: Any) -> dict[str, Any]:
    """The control's state; what each control makes its own by the kind made (a picker's "now",
    a method bound to the control, a lock)."""
    control = cls.__new__(cls)
    init(control, **kwargs)

    def plain(v: Any) -> Any:
        if inspect.ismethod(v):
            return v.__func__
        if isinstance(v, (datetime, time)) or type(v).__eq__ is object.__eq__:
            return type(v)
        return v

    def state(d: dict[str, Any]) -> dict[str, Any]:
        return {k: plain(v) for k, v in d.items() if k != "_i"}

    return state(vars(control)) | {"_values": state(control._values)}


def test_every_flet_control_class_is_made_with_flets_parameters(installed):
    classes = control_classes()
    assert len(classes) > 150
    written = 0
    for cls in classes:
        own = owner(cls)
        assert shape(lean_init.written(own)) == shape(lean_init.ORIGINAL[own]), cls
        written += lean_init.source(own) is not None
    assert written == len(classes)  # none of Flet's is left to Flet's own __init__


def test_every_flet_control_is_made_alike(installed):
    """Each class made with no arguments and with every argument given its default (the very
    object, which the lean __init__ does not assign), plus a key: the same control both ways."""
    checked = 0
    for cls in control_classes():
        own = owner(cls)
        params = list(inspect.signature(lean_init.ORIGINAL[own]).parameters.values())[1:]
        required = [p for p in params if p.default is inspect.Parameter.empty]
        if required:
            continue  # none of Flet's exported controls needs one today
        defaults = {p.name: p.default for p in params if not isinstance(p.default, type(dataclasses.MISSING))}
        defaults = {k: v for k, v in defaults.items() if v is not dataclasses._HAS_DEFAULT_FACTORY}  # type: ignore[attr-defined]
        for kwargs in ({}, {**defaults, "key": "k"}):
            try:
                flets = made(cls, lean_init.ORIGINAL[own], **kwargs)
            except ValueError:  # an abstract class (no Dart type): refused alike
                with pytest.raises(ValueError):
                    made(cls, lean_init.written(own), **kwargs)
                continue
            assert made(cls, lean_init.written(own), **kwargs) == flets, cls
            checked += 1
    assert checked > 200  # about a hundred classes, twice each


def test_controls_the_app_makes_are_made_alike(installed):
    def tap(_: Any) -> None:
        pass

    cases: list[tuple[type, dict[str, Any]]] = [
        (ft.Text, {"value": "Ana", "size": 14, "weight": ft.FontWeight.BOLD, "key": "t", "expand": True}),
        (ft.Text, {"value": "", "size": None, "spans": [ft.TextSpan("x")]}),  # values equal to defaults
        (ft.Container, {"padding": 4, "margin": ft.Margin.only(top=5), "width": 10, "bgcolor": "red"}),
        (ft.Row, {"controls": [ft.Text("a")], "spacing": 4, "wrap": True}),
        (
            ft.OutlinedButton,
            {"content": ft.Text("Build"), "on_click": tap, "key": "choice-1", "tooltip": "t"},
        ),
        (ft.Card, {"content": ft.Text("x"), "key": "c"}),
    ]
    for cls, kwargs in cases:
        own = owner(cls)
        assert made(cls, lean_init.written(own), **kwargs) == made(cls, lean_init.ORIGINAL[own], **kwargs), (
            cls
        )


def counting_sets(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    names: list[str] = []
    flets = Prop.__set__

    def counted(self: Prop, obj: Any, value: Any) -> None:
        names.append(self.name)
        flets(self, obj, value)

    monkeypatch.setattr(Prop, "__set__", counted)
    return names


async def test_the_apps_controls_store_only_the_values_they_are_given(tmp_path, monkeypatch):
    hub = new_hub(tmp_path)
    h = await started(hub)  # the app installs the lean __init__
    names = counting_sets(monkeypatch)
    text = ft.Text("Ana", size=14)
    assert names == ["value", "size"]  # Flet's __init__: one call for each of its 59 fields
    assert text._values == {"value": "Ana", "size": 14} and text._dirty == {}
    h.close()
    hub.store.close()


def test_a_control_class_defined_later_is_made_the_lean_way(installed, monkeypatch):
    @ft.control("LeanProbe")
    class LeanProbe(ft.Text):
        note: str | None = None

    names = counting_sets(monkeypatch)
    probe = LeanProbe("x", note="n")
    assert LeanProbe in lean_init.WRITTEN
    assert sorted(names) == ["note", "value"]
    assert probe.note == "n" and probe.value == "x"


def test_another_flet_keeps_its_own_init(monkeypatch):
    lean_init.uninstall()
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    assert not lean_init.install()
    assert ft.Text.__init__.__code__.co_filename == "<string>"
    monkeypatch.undo()
    assert lean_init.install()


def test_the_warm_up_writes_the_first_screens_inits(installed):
    from companion.ui import warmup

    lean_init.uninstall()
    assert lean_init.install()
    assert ft.Text not in lean_init.WRITTEN
    warmup.first_screen()
    assert {ft.Text, ft.Row, ft.Column, ft.Container, ft.Card} <= set(lean_init.WRITTEN)
    assert ft.Text.__init__ is lean_init.WRITTEN[ft.Text]  # no trampoline left on the way


def test_a_python_without_the_dataclass_markers_keeps_flets_init(monkeypatch):
    lean_init.uninstall()
    monkeypatch.setattr(lean_init, "_FACTORY", None)
    assert not lean_init.install()
    assert ft.Text.__init__.__code__.co_filename == "<string>"
    monkeypatch.undo()
    assert lean_init.install()
