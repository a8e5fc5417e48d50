"""A control's event type, resolved once per class and event, not on every tap (Flet 1.0.5).

On every event Flet's ``BaseControl._trigger_event`` asks ``get_event_field_type`` what type the
handler's event is: it merges the annotations of the control's whole class hierarchy, copies
two module namespaces and evaluates the handler's annotation, about half a millisecond for a
button's click on this machine, before the app's handler runs (and before the pressed answer's
first patch). The answer depends only on the control's class and the handler's name (the
annotations are the classes' own), so ``install()`` puts a cache in front of Flet's function:
the first tap of a kind asks Flet, from a frame with the namespace Flet's own caller has (its
module's globals), and every later one reads the answer. An error is not kept (asked again).
Installed only over the Flet version it was checked against (tests/ui/test_event_types.py
compares the cached answers with Flet's for every control class Flet exports).
"""

from __future__ import annotations

from typing import Any

import flet
from flet.controls import base_control, control_event

FLET_VERSION = "1.0.5"
FLET_RESOLVE = control_event.get_event_field_type

# Compiled with Flet's base_control module as its globals: Flet's function reads its caller's
# frame (its globals and locals) as names its annotations may use, as when _trigger_event calls it.
_FACTORY = """
def _cached(flet_resolve, answers):
    def get_event_field_type(self, field_name):
        key = (self.__class__, field_name)
        found = answers.get(key, answers)
        if found is answers:
            found = answers[key] = flet_resolve(self, field_name)
        return found
    return get_event_field_type
"""
_made: dict[str, Any] = {}
exec(compile(_FACTORY, base_control.__file__, "exec"), vars(base_control), _made)

ANSWERS: dict[tuple[type, str], Any] = {}  # (control class, "on_<event>") -> its event type
cached = _made["_cached"](FLET_RESOLVE, ANSWERS)


def install() -> bool:
    """Flet's events resolve their type through the cache (idempotent); False on another Flet."""
    if flet.__version__ != FLET_VERSION:
        return False
    base_control.get_event_field_type = cached  # the name _trigger_event calls
    return True


def uninstall() -> None:
    base_control.get_event_field_type = FLET_RESOLVE
