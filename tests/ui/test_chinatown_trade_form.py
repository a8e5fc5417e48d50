"""The Chinatown trade form: two parties picked as chips (picking one's partner swaps them), what
each hands the other as toggles that say whether they are selected, money typed or stepped one
bill at a time and validated, and a trade entered with one tap (or reviewed first). A pair can
be kept while another pair is added, for a trade of three or more."""

from ui_testkit import new_hub, only_table, started

from companion.games.chinatown.data import DATA

UNIT = DATA.money_unit


async def trading(tmp_path, year_played, lang: str = "en"):
    """The first year entered by taps (``year_played``), the Play screen opened on its trading."""
    hub = new_hub(year_played(tmp_path, lang))
    table = only_table(hub)
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
    assert table.state.phase == "trade" and h.has("ct-trade-form") and table.version == 7
    return h, table


def chosen(h, prefix: str) -> list[int]:
    """The seats of a row of player chips drawn as selected (what a screen reader hears as checked)."""
    return [int(k.rsplit("-", 1)[1]) for k in h.keys(prefix) if h.by_key(k).selected]


async def test_the_parties_are_chips_that_say_who_is_chosen_and_swap(tmp_path, year_played):
    h, _ = await trading(tmp_path, year_played)
    assert chosen(h, "ct-party-a-") == [0] and chosen(h, "ct-party-b-") == [1]
    assert all(type(h.by_key(k)).__name__ == "Chip" for k in h.keys("ct-party-"))
    assert h.by_key("ct-side-a").value == "Ana gives Ben" and h.by_key("ct-side-b").value == "Ben gives Ana"
    await h.click("ct-party-a-1")  # Ben for the first party: Ana, his partner, takes his place
    assert chosen(h, "ct-party-a-") == [1] and chosen(h, "ct-party-b-") == [0]
    await h.click("ct-party-b-2")  # with Carla: Ben stays
    assert chosen(h, "ct-party-a-") == [1] and chosen(h, "ct-party-b-") == [2]
    assert h.by_key("ct-side-a").value == "Ben gives Carla"
    assert h.by_key("ct-trade-enter").disabled  # nothing to hand over yet
    h.close()


async def test_buildings_and_tiles_are_toggles_with_their_selected_state(tmp_path, year_played):
    h, table = await trading(tmp_path, year_played)
    await h.click("ct-give-a-b-16")
    chip = h.by_key("ct-give-a-b-16")
    assert chip.selected and chip.border_side is not None  # filled with a check mark, and ringed
    assert not h.by_key("ct-give-a-b-17").selected
    tile = sorted(table.state.hands[1])[0]
    await h.click(f"ct-give-b-t-{tile}")
    assert h.by_key(f"ct-give-b-t-{tile}").selected
    assert h.by_key("ct-trade-so-far").value.startswith("Trade: Ana gives Ben building 16")
    await h.click("ct-give-a-b-16")  # a second tap takes it out again
    assert not h.by_key("ct-give-a-b-16").selected
    h.close()


async def test_a_trade_with_money_in_three_taps_and_typing(tmp_path, year_played):
    h, table = await trading(tmp_path, year_played)
    money = list(table.state.money)
    version = table.version
    await h.click("ct-give-a-b-16")  # Ana's building 16 to Ben
    await h.type_text("ct-money-b-field", str(3 * UNIT))  # Ben's $30,000 to Ana
    assert h.by_key("ct-money-b-field").helper == f"${3 * UNIT:,}"
    await h.click("ct-trade-enter")
    assert table.version == version + 1
    assert table.state.owner[16] == 1
    assert table.state.money[0] == money[0] + 3 * UNIT and table.state.money[1] == money[1] - 3 * UNIT
    assert h.by_key("ct-money-b-field").value == ""  # a fresh form for the next trade
    # the emptied form says at its top which trade was taken (the "why" card is below the form)
    assert h.by_key("ct-trade-entered").value.startswith("Last: Ana and Ben trade: Ana gives Ben building 16")
    h.close()


async def test_the_emptied_form_names_the_trade_taken_in_spanish_too(tmp_path, year_played):
    h, _ = await trading(tmp_path, year_played, lang="es")
    assert "ct-trade-entered" not in h.keys("ct-trade-")  # nothing traded yet
    await h.click("ct-give-a-b-16")
    await h.click("ct-trade-enter")
    assert h.by_key("ct-trade-entered").value.startswith("Última: ")
    assert "16" in h.by_key("ct-trade-entered").value
    h.close()


async def test_money_steps_and_validation(tmp_path, year_played):
    h, _ = await trading(tmp_path, year_played)
    await h.click("ct-money-a-plus")
    await h.click("ct-money-a-plus")
    assert h.by_key("ct-money-a-field").value == str(2 * UNIT)
    await h.click("ct-money-a-minus")
    assert h.by_key("ct-money-a-field").value == str(UNIT)
    await h.type_text("ct-money-a-field", str(UNIT + UNIT // 2))  # not a whole bill
    assert h.by_key("ct-money-a-field").error and h.by_key("ct-trade-enter").disabled
    await h.type_text("ct-money-a-field", "2O000")  # a letter O
    assert h.by_key("ct-money-a-field").error and h.by_key("ct-trade-enter").disabled
    await h.type_text("ct-money-a-field", "")
    assert h.by_key("ct-money-a-minus").disabled  # not below nothing
    h.close()


async def test_a_trade_of_three_keeps_a_pair_and_adds_another(tmp_path, year_played):
    h, table = await trading(tmp_path, year_played)
    money = list(table.state.money)
    await h.click("ct-give-a-b-16")  # Ana gives Ben building 16
    await h.click("ct-give-add")
    assert h.by_key("ct-trade-so-far").value.startswith("Trade: Ana gives Ben building 16")
    await h.click("ct-party-a-1")  # Ben with Ana: Ben pays Carla, then
    await h.click("ct-party-b-2")
    await h.type_text("ct-money-a-field", str(UNIT))
    await h.click("ct-trade-review")
    await h.click("ct-trade-confirm")
    assert table.state.owner[16] == 1
    assert table.state.money[1] == money[1] - UNIT and table.state.money[2] == money[2] + UNIT
    h.close()


async def test_money_errors_in_spanish(tmp_path, year_played):
    h, _ = await trading(tmp_path, year_played, "es")
    assert h.by_key("ct-side-a").value == "Ana da a Ben"
    await h.type_text("ct-money-a-field", "15000")
    assert "billetes" in h.by_key("ct-money-a-field").error
    assert h.by_key("ct-money-a-field").label == "Dinero de Ana"
    h.close()


async def test_the_trading_question_quotes_its_button_as_the_button_says_it(tmp_path, year_played):
    """Walkthrough walk57: the question said tap “trading done” / pulsad «negociación terminada»,
    and the button under it says "Trading done" / "Negociación terminada": the quote is the
    button's own words, so a player looking for it finds it."""
    from companion.i18n import translate

    for lang, (opening, closing) in (("en", ("“", "”")), ("es", ("«", "»"))):
        h, _ = await trading(tmp_path / lang, year_played, lang)
        label = h.by_key("ct-trading-done").content.value
        assert label == translate("ui.chinatown.trading_done", lang)
        assert opening + label + closing in h.all_text()
        h.close()


async def test_two_tiles_of_a_shop_are_one_chip_with_their_count_as_the_hand_shows(tmp_path, year_played):
    """Two Antiques tiles were two identical "Antigüedades" chips while the placing hand said
    "×2" (issue 25): a shop's tiles are one chip, "Antiques ×2"; each tap gives one tile more
    ("Antiques: 1 of 2", then 2 of 2), then none again; its name says the giver, the count and
    (as a chip) whether it is selected. The trade entered is the same as before."""
    h, table = await trading(tmp_path, year_played)
    # Ana's side: her tiles were entered by hand (3 tea houses, 4 florists); Ben's were drawn at
    # random and may hold no two of a shop (CI met that hand once)
    shop, held = "florist", table.state.hands[0]["florist"]
    assert held == 4
    name = h.by_key(f"ct-give-a-t-{shop}").label.value
    assert name.endswith(f" ×{held}") and not h.has(f"ct-give-a-t-{shop}-1")
    assert len([k for k in h.keys("ct-give-a-t-") if k.startswith(f"ct-give-a-t-{shop}")]) == 1
    shop_name = name.removesuffix(f" ×{held}")
    for given in range(1, held + 1):
        await h.click(f"ct-give-a-t-{shop}")
        chip = h.by_key(f"ct-give-a-t-{shop}")
        assert chip.selected and chip.label.value == f"{shop_name}: {given} of {held}"
        assert chip.label.semantics_label == f"Ana: {shop_name} tiles, giving {given} of {held}"
    await h.click(f"ct-give-a-t-{shop}")  # after all of them, none again
    chip = h.by_key(f"ct-give-a-t-{shop}")
    assert not chip.selected and chip.label.value == name
    await h.click(f"ct-give-a-t-{shop}")
    ben_had = table.state.hands[1].get(shop, 0)
    await h.click("ct-trade-enter")
    assert table.state.hands[0].get(shop, 0) == held - 1 and table.state.hands[1].get(shop, 0) == ben_had + 1
    h.close()


async def test_trading_done_stands_above_the_form_under_its_question(tmp_path, year_played):
    """Walkthrough walk59: at a 4-player table the host scrolled past both sides' chips, Enter
    and "Add another pair" to reach "Trading done" at the form's foot, every year. It stands at
    the form's top, right under the question that names it, above the parties."""
    from flet_harness import key_of

    h, _ = await trading(tmp_path, year_played)
    form = h.by_key("ct-trade-form").controls
    keys = [key_of(c) for c in form]
    assert keys.index("ct-trading-done") == 0, keys  # nothing entered yet: no "Last" line above it
    await h.click("ct-give-a-b-16")
    await h.click("ct-trade-enter")
    keys = [key_of(c) for c in h.by_key("ct-trade-form").controls]
    assert keys[:2] == ["ct-trade-entered", "ct-trading-done"], keys  # the trade just entered first
    h.close()
