"""The app's theme goes to Flutter as a plain mapping (companion/ui/palette.py ``seed_theme``):
it must reach the client as exactly what Flet's own ``ft.Theme`` with the seed colour sends."""

from __future__ import annotations

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack

from companion.ui.palette import SEED, seed_theme


def wire(value: object) -> bytes:
    return msgpack.packb(value, default=configure_encode_object_for_msgpack(BaseControl))


def test_the_seed_theme_is_sent_as_flets_theme_would_be():
    none = ft.PageTransitionTheme.NONE
    transitions = ft.PageTransitionsTheme(android=none, ios=none, linux=none, macos=none, windows=none)
    assert wire(seed_theme()) == wire(ft.Theme(color_scheme_seed=SEED, page_transitions=transitions))


def test_screens_change_without_an_animation_on_every_platform():
    # Flutter's default for a platform left out is an animation (zoom on Linux, a browser's too)
    sent = msgpack.unpackb(wire(seed_theme()))
    assert sent["page_transitions"] == dict.fromkeys(("android", "ios", "linux", "macos", "windows"), "none")


def test_each_call_gives_a_mapping_of_its_own():
    # the light and the dark theme are two page properties; Flet keeps a snapshot of each
    assert seed_theme() is not seed_theme()
