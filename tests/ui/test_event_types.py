"""A control's event type from the app's cache (companion/ui/event_types.py) against Flet's own
resolution: the same answer for every event of every control class Flet exports, and a tap
that resolves it once per class and event."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import flet as ft
import pytest
from flet.controls import base_control
from ui_testkit import new_hub, started

from companion.ui import event_types

# Flet's resolver called from a frame like its own caller's (_trigger_event: its module's
# globals, its locals' names), the answer the cache must give.
_TRIGGER = """
def _trigger(self, event_name, event_data=None, e=None):
    field_name = f"on_{event_name}"
    return flet_resolve(self, field_name)
"""
_made: dict[str, Any] = {}
exec(
    compile(_TRIGGER, base_control.__file__, "exec"),
    {**vars(base_control), "flet_resolve": event_types.FLET_RESOLVE},
    _made,
)


def control_events() -> list[tuple[type, str]]:
    found = []
    for name in dir(ft):
        value = getattr(ft, name)
        if (
            inspect.isclass(value)
            and issubclass(value, base_control.BaseControl)
            and dataclasses.is_dataclass(value)
        ):
            found += [(value, f.name[3:]) for f in dataclasses.fields(value) if f.name.startswith("on_")]
    return found


def test_every_flet_controls_events_resolve_alike_from_the_cache():
    pairs = control_events()
    assert len(pairs) > 300  # Flet's controls and their events
    event_types.ANSWERS.clear()
    for cls, event in pairs:
        control = object.__new__(cls)  # only its class is read
        try:
            flets = _made["_trigger"](control, event)
        except RuntimeError:
            with pytest.raises(RuntimeError):
                event_types.cached(control, f"on_{event}")
            continue
        assert event_types.cached(control, f"on_{event}") == flets
        assert event_types.cached(control, f"on_{event}") == flets  # the kept answer too
    assert len(event_types.ANSWERS) > 300


async def test_a_tap_resolves_its_event_type_once_per_class(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    assert base_control.get_event_field_type is event_types.cached
    event_types.ANSWERS.clear()
    kind = type(h.by_key("new-table"))
    await h.click("new-table")
    assert event_types.ANSWERS[(kind, "on_click")] is not None
    answer = event_types.ANSWERS[(kind, "on_click")]
    await h.click("game-dragon")
    assert event_types.ANSWERS[(kind, "on_click")] is answer
    h.close()
    hub.store.close()


def test_another_flet_keeps_its_own_resolution(monkeypatch):
    event_types.uninstall()
    monkeypatch.setattr(ft, "__version__", "1.0.6")
    assert not event_types.install()
    assert base_control.get_event_field_type is event_types.FLET_RESOLVE
