"""Toggles and tap targets to a screen reader (beside test_accessible_names.py, the icon buttons
and option chips): each with a name of its own and, for a toggle, its selected state before and
after a tap. A chip says it natively (``selected``, its label's semantics label); a tappable box
(widgets.tappable) is one merged node whose ``ft.Semantics`` names it and says its state; a
button whose fill shows the choice is merged with a Semantics around it that says its state."""

import flet as ft
from test_chinatown_ui import first_year_by_hand, new_chinatown
from test_dayu_ui import new_dayu
from ui_testkit import new_hub, new_table_by_taps, only_table, started

from companion.games.chinatown.public import BOARD


def said(h, key: str) -> tuple[str | None, bool | None, bool]:
    """(name, selected, is a button) as the control keyed ``key`` tells a screen reader."""
    c = h.by_key(key)
    if isinstance(c, ft.Chip):
        return c.label.semantics_label or c.label.value, c.selected, True
    if isinstance(c, ft.FilledButton | ft.OutlinedButton):  # its state on a merged wrapper, if a choice
        selected = c.parent.selected if isinstance(c.parent, ft.Semantics) else None
        return c.content.semantics_label or c.content.value, selected, True
    if isinstance(c.parent, ft.Semantics):  # a tappable box, named and stated by its wrapper
        s = c.parent
        return s.label, s.selected, bool(s.button)
    return None, None, False  # a bare box: a tooltip names a wrapper, no role, no state


async def test_keep_cards_and_seats_are_toggles_that_say_so(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_chinatown(h)
    await h.click("choice-0")
    assert said(h, "ct-card-16") == ("Building card 16", False, True)
    await h.click("ct-card-16")
    assert said(h, "ct-card-16") == ("Building card 16", True, True)
    await h.click("ct-card-16")
    assert said(h, "ct-card-16")[1] is False
    for n in (16, 17, 19, 20, 1):
        await h.click(f"ct-card-{n}")
    await h.click("ct-keep-submit")
    assert said(h, "ct-keep-seat-1")[1] is True and said(h, "ct-keep-seat-2")[1] is False
    await h.click("ct-keep-seat-2")
    assert said(h, "ct-keep-seat-1")[1] is False and said(h, "ct-keep-seat-2") == ("Carla", True, True)
    h.close()


async def test_trade_chips_name_the_building_or_tile_each_gives(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_chinatown(h)
    table = only_table(hub)
    await first_year_by_hand(h, table)
    district = BOARD.buildings[16].district
    assert said(h, "ct-give-a-b-16") == (f"Building 16 (district {district})", False, True)
    await h.click("ct-give-a-b-16")
    assert said(h, "ct-give-a-b-16")[1] is True
    assert said(h, "ct-party-a-0") == ("Trade: Ana", True, True)
    assert said(h, "ct-party-b-0") == ("Trade with: Ana", False, True)
    tiles = h.keys("ct-give-b-t-")
    names = [said(h, k)[0] for k in tiles]
    # a chip a shop, each its name (Ben's tiles were drawn at random: all of one shop, maybe)
    assert len(tiles) == len(table.state.hands[1]) and len(set(names)) == len(names)
    assert all("tile" in n and ", giving 0 of " in n for n in names)  # the tiles held, none given yet
    # each side's tiles say whose they are: both sides may hold a "Photo tile 1 of 1"
    ana = [said(h, k)[0] for k in h.keys("ct-give-a-t-")]
    assert len(ana) == 2 and all(n.startswith("Ana: ") for n in ana)  # tea houses, florists: by hand
    assert not any(n.startswith("Ana: ") for n in names)
    assert len(set(ana + names)) == len(ana + names)
    h.close()


async def test_chinatown_map_buildings_are_buttons_named_by_the_building(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, prefs={"table_companion.lang": "es"})
    await new_chinatown(h)
    await h.click("choice-0")
    name, _, is_button = said(h, "ct-b-85")
    assert is_button and name.startswith(f"Edificio 85 (distrito {BOARD.buildings[85].district})")
    h.close()


async def test_dayu_places_are_buttons_named_by_the_place_and_the_move(tmp_path):
    far_words = {"en": "Place {n}: too far to move there", "es": "Lugar {n}: demasiado lejos para moverte"}
    for lang, move in (("en", "Move to place {n} (one action point)"), ("es", "Mover al lugar {n}")):
        hub = new_hub(tmp_path / lang)
        h = await started(hub, prefs={"table_companion.lang": lang})
        await new_dayu(h)
        table = only_table(hub)
        await h.click("choice-3")
        for _ in range(3):
            await h.click("auto")
        at = table.state.players[table.state.current].marker
        target = (at + 1) % 4
        name, _, is_button = said(h, f"dy-place-{target}")
        assert is_button and name.startswith(move.format(n=target + 1))
        name, _, is_button = said(h, f"dy-place-{at}")  # the mover's own place: named, no button
        assert not is_button and str(at + 1) in name
        far = (at + 2) % 4  # not next to the mover: still a button (the refusal names the rule)
        name, _, is_button = said(h, f"dy-place-{far}")
        assert is_button and name.startswith(far_words[lang].format(n=far + 1)), name
        assert not any(isinstance(c, ft.ProgressBar) for c in h.controls())
        h.close()


async def test_setup_colour_swatches_say_which_one_is_chosen(tmp_path):
    h = await started(new_hub(tmp_path))
    await h.click("new-table")
    await h.click("game-dragon")
    await h.type_text("player-name-0", "Ana")
    await h.click("player-add")
    on = [k for k in h.keys("player-color-0-") if said(h, k)[1]]
    off = next(k for k in h.keys("player-color-0-") if k not in on)
    assert len(on) == 1 and said(h, off)[2] and said(h, off)[0].startswith("Ana: ")
    await h.click(off)
    assert said(h, off)[1] is True and said(h, on[0])[1] is False
    # the seat's card is named by its player
    assert isinstance(h.by_key("player-0").parent, ft.Semantics)
    assert h.by_key("player-0").parent.label == "Ana"
    h.close()


async def test_player_dropdowns_and_qr_buttons_have_their_own_names(tmp_path):
    """Already true on main before this change (kept here as a guard)."""
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_table_by_taps(h, "dragon")
    table = only_table(hub)
    await h.goto("/plays")
    assert h.by_key("plays-player").label == "Player"
    await h.goto("/stats")
    assert h.by_key("stats-player").label == "Player"
    await h.goto(f"/table/{table.id}/share")
    names = [said(h, k)[0] for k in sorted(h.keys("seat-qr-"))]
    assert len(set(names)) == len(names) == 3
    assert all(p.name in n for p, n in zip(table.players, names, strict=True))
    h.close()


async def test_quick_income_player_boxes_say_which_one_the_map_paints_for(tmp_path):
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    await h.click("ct-q-mode-income")
    assert said(h, "ct-q-owner-0") == ("Set buildings for Player 1", True, True)
    assert said(h, "ct-q-owner-1") == ("Set buildings for Player 2", False, True)
    await h.click("ct-q-owner-1")
    assert said(h, "ct-q-owner-0")[1] is False and said(h, "ct-q-owner-1")[1] is True
    h.close()
