"""The games' forms redraw themselves from their drafts (issue 25): a tap on Chinatown's trade or
drawn-tiles form, a Quick score calculator, "Log this play", the play log's option chips or New
table's "first game" chips changes what is on screen, and the session's whole-screen redraws
(``SessionState.saved``) is never called for it (an entry redraws the table's screen through
``table_changed`` and opening a screen through ``arrived``: the table or the address changing,
not a draft)."""

import flet as ft
import pytest
from test_chinatown_trade_form import chosen, trading
from test_chinatown_ui import new_chinatown
from ui_testkit import new_hub, only_table, started

from companion.ui.state import SessionState


@pytest.fixture
def refreshes(monkeypatch) -> list[int]:
    """Every call of the session's whole-screen redraws: none is expected from these forms' taps
    (opening a screen or entering a move may call them before)."""
    calls: list[int] = []
    for name in ("saved",):
        real = getattr(SessionState, name)

        def counted(self, *args, real=real) -> None:
            calls.append(1)
            real(self, *args)

        monkeypatch.setattr(SessionState, name, counted)
    return calls


def filled(h, key: str) -> bool:
    """A choice button drawn as the one chosen (filled, and said selected to screen readers)."""
    c = h.by_key(key)
    return isinstance(c, ft.FilledButton) and isinstance(c.parent, ft.Semantics) and c.parent.selected is True


async def test_a_trade_started_over_clears_the_form(tmp_path, refreshes, year_played):
    h, _ = await trading(tmp_path, year_played)
    calls = len(refreshes)
    await h.click("ct-party-b-2")
    await h.click("ct-give-a-b-16")
    assert h.by_key("ct-give-a-b-16").selected and h.has("ct-trade-so-far")
    await h.click("ct-trade-clear")
    assert not h.by_key("ct-give-a-b-16").selected and not h.has("ct-trade-so-far")
    assert chosen(h, "ct-party-a-") == [0] and chosen(h, "ct-party-b-") == [1]
    assert h.by_key("ct-trade-clear").disabled
    assert len(refreshes) == calls
    h.close()


async def test_drawn_tiles_are_tapped_and_taken_back(tmp_path, refreshes):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_chinatown(h)
    table = only_table(hub)
    calls = len(refreshes)
    await h.click("choice-0")
    for seat, cards in ((0, (16, 17, 19, 20, 1)), (1, (52, 53, 55, 56, 2)), (2, (71, 72, 75, 80, 81))):
        await h.click(f"ct-keep-seat-{seat}")
        for n in cards:
            await h.click(f"ct-card-{n}")
        assert h.by_key(f"ct-card-{cards[0]}").bgcolor is not None and not h.by_key("ct-keep-submit").disabled
        await h.click("ct-keep-submit")
    assert table.state.phase == "tiles"
    left = table.state.bag["tea_house"]
    await h.click("ct-draw-tea_house")
    await h.click("ct-draw-florist")
    assert h.by_key("ct-draw-tea_house").content.value.endswith(f"({left - 1})")
    assert h.by_key("ct-draw-so-far").value.endswith(": Tea House, Florist")
    await h.click("ct-draw-back")
    assert "Florist" not in h.by_key("ct-draw-so-far").value
    assert h.by_key("ct-draw-submit").disabled
    assert len(refreshes) == calls
    h.close()


async def test_da_yu_quick_cards_are_added_taken_back_and_cleared(tmp_path, refreshes):
    h = await started(new_hub(tmp_path), route="/quick/dayu")
    await h.click("dy-q-0-frame-red")
    assert filled(h, "dy-q-0-frame-red") and not filled(h, "dy-q-0-frame-silver")
    await h.click("dy-q-0-vp-6")
    await h.click("dy-q-0-flood-exchange")
    assert h.has("dy-q-0-card-0") and h.has("dy-q-0-fc-0") and not h.has("dy-q-0-no-vp")
    total = h.by_key("dy-q-total-0").value
    await h.click("dy-q-0-card-0")  # a tap takes the card back
    assert not h.has("dy-q-0-card-0") and h.has("dy-q-0-no-vp")
    assert h.by_key("dy-q-total-0").value != total
    await h.click("dy-q-add")
    assert h.has("dy-q-player-2")
    await h.click("dy-q-clear")
    assert not h.has("dy-q-player-2") and not h.has("dy-q-0-fc-0")
    assert filled(h, "dy-q-0-frame-silver")
    assert refreshes == []
    h.close()


async def test_dragon_quick_palaces_and_players(tmp_path, refreshes):
    h = await started(new_hub(tmp_path), route="/quick/dragon")
    palaces = len(h.keys("quick-remove-palace-0-"))
    await h.click("quick-add-palace-0")
    assert len(h.keys("quick-remove-palace-0-")) == palaces + 1
    assert h.by_key(f"quick-floors-0-{palaces}-1").selected
    await h.click(f"quick-floors-0-{palaces}-3")
    assert h.by_key(f"quick-floors-0-{palaces}-3").selected and h.has(f"quick-person-0-{palaces}-2")
    await h.click(f"quick-remove-palace-0-{palaces}")
    assert len(h.keys("quick-remove-palace-0-")) == palaces
    players = len(h.keys("quick-player-"))
    await h.click("quick-add-player")
    await h.click("quick-remove-player-0")
    assert len(h.keys("quick-player-")) == players
    await h.type_text("quick-vp-0", "12")  # a play where every score is 0 is refused
    await h.click("quick-compute")
    assert h.has("quick-result") and h.has("quick-log-play")
    await h.click("quick-log-play")
    assert h.has("quick-logged")
    assert refreshes == []
    h.close()


async def test_quick_income_is_painted_and_reset(tmp_path, refreshes):
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    await h.click("ct-q-mode-income")
    assert filled(h, "ct-q-mode-income") and not h.has("ct-f-hint")
    await h.click("ct-q-shop-tea_house")
    for n in (16, 17, 19):
        await h.click(f"ct-q-b-{n}")
    assert h.has("ct-q-income-0")
    await h.click("ct-q-reset")
    assert not h.has("ct-q-income-0")
    await h.click("ct-q-mode-final")
    assert h.has("ct-f-hint")
    assert refreshes == []
    h.close()


async def test_first_game_chips_show_the_choice(tmp_path, refreshes):
    h = await started(new_hub(tmp_path))
    await h.click("new-table")
    await h.click("game-dragon")
    assert h.by_key("setup-teach-off").selected and not h.by_key("setup-teach-on").selected
    calls = len(refreshes)  # the game chip above is the setup screen's own (not converted here)
    await h.click("setup-teach-on")
    assert h.by_key("setup-teach-on").selected and not h.by_key("setup-teach-off").selected
    assert len(refreshes) == calls
    h.close()


async def test_edit_option_chips_show_the_choice(tmp_path):
    hub = new_hub(tmp_path)
    play = hub.store.log_calculated(
        "dragon-final", {"players": [{"name": "Ana", "vp": 40}, {"name": "Ben", "vp": 42}]}
    )
    h = await started(hub, "/plays")
    await h.click(f"play-edit-{play.id}")
    assert not h.by_key("edit-option-great_wall-False").selected  # logged with no options said
    assert not h.by_key("edit-option-great_wall-True").selected
    await h.click("edit-option-great_wall-True")
    assert h.by_key("edit-option-great_wall-True").selected
    assert not h.by_key("edit-option-great_wall-False").selected
    h.close()
