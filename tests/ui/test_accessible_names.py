"""Screen-reader names: every icon button is named on the button itself (its icon's semantics
label, merged into the button's own node; a tooltip alone names a wrapper), a setup option chip
says what it sets and to what, and a refusal is a live region read out where it appears."""

import flet as ft
from ui_testkit import new_hub, new_table_by_taps, only_table, started


def unnamed_icon_buttons(h) -> list[str]:
    return [
        f"IconButton({c.key!r})"
        for c in h.controls()
        if isinstance(c, ft.IconButton) and not (isinstance(c.icon, ft.Icon) and c.icon.semantics_label)
    ]


async def walk(h, routes) -> dict[str, list[str]]:
    found = {}
    for route in routes:
        await h.goto(route)
        found[route] = unnamed_icon_buttons(h)
    return found


async def test_every_icon_button_on_the_main_screens_has_its_own_name(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dragon")
    await h.click("auto")
    table = only_table(hub)
    tid = table.id
    routes = [
        "/",
        "/new",
        f"/table/{tid}",
        f"/table/{tid}/scores",
        f"/table/{tid}/history",
        f"/table/{tid}/rules",
        f"/table/{tid}/share",
        "/settings",
        "/rules",
        "/quick/dragon",
        "/quick/chinatown",
        "/quick/dayu",
    ]
    found = await walk(h, routes)
    assert {r: p for r, p in found.items() if p} == {}
    # the ones the issue named are there and named: the card's rename/export/delete, the app
    # bar's undo/redo/share/rules/settings, a seat link's revoke
    await h.goto("/")
    named = {c.key: c.icon.semantics_label for c in h.controls() if isinstance(c, ft.IconButton)}
    assert any(k.startswith("rename-") for k in named) and any(k.startswith("delete-") for k in named)
    await h.goto(f"/table/{tid}/share")
    named.update({c.key: c.icon.semantics_label for c in h.controls() if isinstance(c, ft.IconButton)})
    assert "Ana" in named["revoke-0"]
    await h.goto(f"/table/{tid}")
    named.update({c.key: c.icon.semantics_label for c in h.controls() if isinstance(c, ft.IconButton)})
    assert {"undo", "redo", "share"} <= set(named)
    h.close()


async def test_option_chips_say_what_they_set_in_both_languages(tmp_path):
    for lang, expected in (
        ("en", "The Great Wall (expansion): Off"),
        ("es", "La Gran Muralla (expansión): No"),
    ):
        h = await started(new_hub(tmp_path / lang), prefs={"table_companion.lang": lang})
        await h.click("new-table")
        await h.click("game-dragon")
        chip = h.by_key("option-great_wall-False")
        assert chip.label.semantics_label == expected and chip.label.value == expected.rsplit(": ", 1)[1]
        assert chip.selected is True and h.by_key("option-great_wall-True").selected is False
        h.close()


async def test_a_refusal_is_a_live_region_at_the_question(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dragon")
    row = ["drought", "drought", "tribute", "festival", "mongol", "contagion", "tribute", "festival"]
    for ev in [*row, "mongol", "contagion"]:
        await h.click(f"row-pick-{ev}")
    await h.click("row-submit")
    [live] = [c for c in h.controls() if isinstance(c, ft.Semantics) and c.live_region]
    assert live.label == h.by_key("error").value and live.label
    assert live.content is h.by_key("error")  # the text is the region's content, shown at the question
    # said once: by the region's label, not again by the text under it (a screen reader read
    # "The host went back with Undo." twice, as two nodes of the accessibility tree)
    assert live.exclude_semantics is True
    h.close()


async def test_a_home_card_says_the_table_name_once(tmp_path):
    """A tooltip over a tile names a wrapper: "Open Ana, Ben, Carla" and then the title again."""
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dragon")
    tid = only_table(hub).id
    await h.goto("/")
    tile = h.by_key(f"open-{tid}")
    assert tile.tooltip is None and tile.title.value == only_table(hub).name
    h.close()


async def test_new_tables_player_rows_say_whose_row_each_button_acts_on(tmp_path):
    h = await started(new_hub(tmp_path))
    await h.click("new-table")
    await h.click("game-dragon")
    await h.type_text("player-name-0", "Ana")
    await h.click("player-add")  # the rows are drawn again with what was typed
    names = [
        h.by_key(f"player-remove-{i}").icon.semantics_label for i in range(len(h.keys("player-remove-")))
    ]
    assert names[0] == "Remove Ana" and names[1] == "Remove Player 2"
    assert len(set(names)) == len(names)
    h.close()


async def quick_remove_names(h, prefix: str) -> list[str]:
    return [h.by_key(f"{prefix}{i}").icon.semantics_label for i in range(len(h.keys(prefix)))]


async def test_quick_score_remove_buttons_say_whose_row_they_remove(tmp_path):
    """Each Quick score row's remove button names its player ("Remove {player}" was said raw)."""
    hub = new_hub(tmp_path)
    h = await started(hub, route="/quick/dragon")
    await h.type_text("quick-name-0", "Ana")
    await h.click("quick-add-player")  # the rows are drawn again with what was typed
    names = await quick_remove_names(h, "quick-remove-player-")
    assert names[0] == "Remove Ana" and all("{" not in n for n in names)
    assert len(set(names)) == len(names) > 1
    palaces = [h.by_key(k).icon.semantics_label for k in sorted(h.keys("quick-remove-palace-"))]
    assert "Remove palace 2 of Ana" in palaces and len(set(palaces)) == len(palaces) > 2
    await h.goto("/quick/chinatown")
    await h.type_text("ct-f-name-1", "Ben")
    await h.click("ct-f-add")
    names = await quick_remove_names(h, "ct-f-remove-")
    assert names[1] == "Remove Ben" and names[3] == "Remove Player 4"
    assert len(set(names)) == len(names) == 4
    h.close()
    h = await started(hub, route="/quick/chinatown", prefs={"table_companion.lang": "es"})
    assert (await quick_remove_names(h, "ct-f-remove-"))[0] == "Quitar a Jugador 1"
    h.close()


def card_name(h, key: str) -> str:
    """The name a screen reader says on entering a Quick score card (its own node's label)."""
    return next(c.label for c in h.controls() if isinstance(c, ft.Semantics) and c.content.key == key)


async def test_a_quick_score_card_says_the_name_typed_once_its_field_is_left(tmp_path):
    """Typing a name never redraws the form (that lost keystrokes), so the card and its buttons
    said "Player 1" until the next tap elsewhere; leaving the name's field redraws them."""
    h = await started(new_hub(tmp_path), route="/quick/dragon")
    forms = (
        ("quick-name-0", "quick-player-0", "quick-remove-player-0"),
        ("ct-f-name-0", "ct-f-player-0", "ct-f-remove-0"),
    )
    for route, (field, card, remove) in zip(("/quick/dragon", "/quick/chinatown"), forms, strict=True):
        await h.goto(route)
        await h.type_text(field, "Ana")
        assert card_name(h, card) == "Player 1"  # typing alone: no redraw
        await h.fire(field, "blur")
        assert card_name(h, card) == "Ana"
        assert h.by_key(remove).icon.semantics_label == "Remove Ana"
        assert h.by_key(field).value == "Ana"
    await h.goto("/quick/dayu")
    await h.type_text("dy-q-name-1", "Ben")
    await h.fire("dy-q-name-1", "blur")
    assert card_name(h, "dy-q-player-1") == "Ben"
    assert h.by_key("dy-q-1-frame-red").content.semantics_label.startswith("Ben")  # "Ben: Red"
    await h.type_text("dy-q-name-1", "")  # cleared: "Player 2" again
    await h.fire("dy-q-name-1", "blur")
    assert card_name(h, "dy-q-player-1") == "Player 2"
    h.close()
