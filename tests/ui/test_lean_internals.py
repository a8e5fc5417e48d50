"""Flet's layout hints sent only where its client reads them (companion/ui/lean_internals.py)."""

from __future__ import annotations

import flet as ft
import msgpack
import pytest
from flet_harness import wire

from companion.ui import lean_internals
from companion.ui.lean_internals import CARD_SKIP, CONTAINER_SKIP, EXPANDED, SKIP


def sent(control: ft.Control) -> dict:
    """``control`` as the client receives it, after Flet's hook before a patch."""
    control._before_update_safe()
    return msgpack.unpackb(wire(control), strict_map_key=False)


@pytest.fixture
def installed():
    was = bool(lean_internals._installed)  # an app made earlier in this process installed it
    assert lean_internals.install()
    yield
    if not was:
        lean_internals.uninstall()


def test_the_hints_are_flets_own():
    """What the module puts back is what Flet 1.0.5 puts there (checked without the module)."""
    was = bool(lean_internals._installed)
    lean_internals.uninstall()
    try:
        for control, hint in (
            (ft.Container(), {SKIP: list(CONTAINER_SKIP)}),
            (ft.Card(), {SKIP: list(CARD_SKIP)}),
            (ft.Row(), {EXPANDED: True}),
            (ft.Column(), {EXPANDED: True}),
        ):
            control._before_update_safe()
            assert control._internals == hint
    finally:
        if was:
            lean_internals.install()


def test_a_box_without_size_or_margin_is_sent_without_the_list(installed):
    assert "_internals" not in sent(ft.Container(ft.Text("a"), padding=4, bgcolor=ft.Colors.SURFACE))
    assert "_internals" not in sent(ft.Card(ft.Text("a")))
    for box in (
        ft.Container(width=10),
        ft.Container(height=10),
        ft.Container(margin=ft.Margin.only(top=5)),
        ft.Container(animate_size=300),
    ):
        assert sent(box)["_internals"] == {SKIP: list(CONTAINER_SKIP)}
    assert sent(ft.Card(margin=4))["_internals"] == {SKIP: list(CARD_SKIP)}


def test_a_row_keeps_its_hint_only_when_a_control_in_it_expands(installed):
    assert "_internals" not in sent(ft.Row([ft.Text("a"), ft.Text("b")]))
    assert "_internals" not in sent(ft.Column([ft.Text("a", expand=False)]))
    assert sent(ft.Row([ft.Text("a"), ft.Text("b", expand=True)]))["_internals"] == {EXPANDED: True}
    assert sent(ft.Column([ft.Container(expand=2)]))["_internals"] == {EXPANDED: True}


async def test_a_row_holding_a_component_keeps_its_hint(installed, tmp_path):
    """The client takes a control drawn by a component for its row's own (its parent skips the
    ``C``), so an expanding control a component draws needs the row's hint: a row holding a
    component keeps it, on a screen as served (the app's parts are components)."""
    from ui_testkit import new_hub, started

    from companion.ui.parts import part

    drawn = part(1, lambda: ft.Text("a", expand=True), key="drawn")
    assert "_internals" in sent(ft.Row([drawn]))
    h = await started(new_hub(tmp_path))
    rows = [c for c in h.controls() if isinstance(c, ft.Row | ft.Column)]
    held = [r for r in rows if any(isinstance(c, ft.BaseControl) and c._c == "C" for c in r.controls)]
    assert held and all(r._internals == {EXPANDED: True} for r in held)
    h.close()


def test_a_hint_comes_back_in_the_patch_when_the_box_gets_a_margin(installed):
    """A control changed in place (an imperative screen's ``page.update()``): Flet calls the hook
    before comparing, so the patch carries the hint with the margin."""
    from flet.controls.object_patch import ObjectPatch

    box = ft.Container(ft.Text("a"))
    row = ft.Row([box])
    box._before_update_safe()
    assert "_internals" not in sent(row)  # sent once, as the diff sends a new control
    box.margin = ft.Margin.only(top=5)
    row.controls.append(ft.Text("b", expand=True))
    patch, _, _ = ObjectPatch.from_diff(row, row, control_cls=ft.BaseControl)
    ops = patch.to_message()[1:]
    values = [op[-1] for op in ops]
    assert {SKIP: list(CONTAINER_SKIP)} in values or list(CONTAINER_SKIP) in values, ops
    assert {EXPANDED: True} in values or True in values, ops
