"""Every tappable control on the main screens has a stable key, a spoken name and a 48 px target."""

import flet as ft
import pytest
from ui_testkit import new_hub, new_table_by_taps, started

from companion.ui.palette import TAP

TAPPABLE = (ft.Button, ft.OutlinedButton, ft.FilledButton, ft.TextButton, ft.IconButton, ft.Chip)


def visible_label(c) -> str:
    """The text a chip or a button shows, which names it to screen readers: a chip is a checkbox
    named by its label (a tooltip over a chip also swallowed the next tap in the browser), a
    button by the text inside it (perhaps wrapped in a Semantics that says it is selected)."""
    text = c.label if isinstance(c, ft.Chip) else getattr(c, "content", None)
    if isinstance(text, ft.Semantics | ft.Container):  # a pill's text sits in its rounded box
        text = text.content
    if isinstance(text, ft.Row):  # a pill with a leading dot
        text = next((t for t in text.controls if isinstance(t, ft.Text)), None)
    return text.value if isinstance(text, ft.Text) and isinstance(text.value, str) else ""


def problems(h) -> list[str]:
    found = []
    for c in h.controls():
        if not isinstance(c, TAPPABLE) or (
            getattr(c, "on_click", None) is None and getattr(c, "on_select", None) is None
        ):
            continue
        name = f"{type(c).__name__}({c.key!r})"
        if not isinstance(c.key, str):
            found.append(f"{name}: no key")
        shown = visible_label(c)
        if not (c.tooltip or getattr(c, "semantics_label", None) or shown):
            found.append(f"{name}: no spoken name")
        if shown and c.tooltip == shown:  # Flutter gives the tooltip a node: the label said twice
            found.append(f"{name}: a tooltip repeating its label")
        if isinstance(c, ft.Chip) and getattr(c, "on_click", None) is not None:
            found.append(f"{name}: a chip that acts, a checkbox to screen readers")
        if c.height is not None and c.height < TAP:
            found.append(f"{name}: {c.height} px high")
    return found


@pytest.mark.parametrize(
    "route", ["/", "/new", "/settings", "/rules", "/quick/dragon", "/quick/chinatown", "/quick/dayu"]
)
async def test_screens_tap_targets(tmp_path, route):
    h = await started(new_hub(tmp_path), route=route)
    assert problems(h) == []
    h.close()


async def test_play_screen_tap_targets(tmp_path):
    h = await started(new_hub(tmp_path))
    await new_table_by_taps(h, "dragon")
    await h.click("auto")
    assert problems(h) == []
    h.close()


async def test_chinatown_quick_score_tabs_tap_targets(tmp_path):
    """Both tabs of Chinatown's Quick score: the final form with its result and "Log this play",
    and the income map."""
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    await h.click("ct-f-score")
    assert h.has("ct-f-result") and h.has("quick-log-play")
    assert problems(h) == []
    await h.click("ct-q-mode-income")
    assert h.has("ct-q-board") and problems(h) == []
    h.close()


async def test_chips_that_act_are_buttons_new_table_and_da_yu_quick_score(tmp_path):
    """A chip that does something (seats a remembered player, takes back a card entered) is a
    button to screen readers with a 48 px target, not a chip (a checkbox on the web)."""
    hub = new_hub(tmp_path)
    dev = hub.store.create_player("Dev", "yellow")
    h = await started(hub, route="/new")
    assert h.has(f"pick-player-{dev.id}") and problems(h) == []
    await h.goto("/quick/dayu")
    for key in ("dy-q-0-frame-red", "dy-q-0-vp-3", "dy-q-0-flood-red_bonus", "dy-q-0-pts-2"):
        await h.click(key)
    assert h.has("dy-q-0-card-0") and h.has("dy-q-0-fc-1") and problems(h) == []
    said = [h.by_key(k).content.content.semantics_label for k in ("dy-q-0-card-0", "dy-q-0-fc-1")]
    assert all(s.startswith("Remove") for s in said), said
    h.close()
