"""New table's remembered players: one tap on a player's chip seats them, whether a seat is
blank or a new one has to be added for them."""

from ui_testkit import new_hub, started


async def test_one_tap_seats_a_fourth_remembered_player_when_every_row_is_typed(tmp_path):
    hub = new_hub(tmp_path)
    dev = hub.store.create_player("Dev", "yellow")
    h = await started(hub, route="/new")
    await h.click("game-chinatown")
    for i, name in enumerate(("Ana", "Ben", "Carla")):
        await h.type_text(f"player-name-{i}", name)
    await h.click(f"pick-player-{dev.id}")  # no blank row: a fourth one is added, with Dev in it
    assert [h.by_key(f"player-name-{i}").value for i in range(4)] == ["Ana", "Ben", "Carla", "Dev"]
    assert not h.has(f"pick-player-{dev.id}") and not h.has("player-name-4")
    h.close()


async def test_one_tap_fills_the_first_blank_row_in_spanish(tmp_path):
    hub = new_hub(tmp_path)
    dev = hub.store.create_player("Dev")
    h = await started(hub, route="/new", prefs={"table_companion.lang": "es"})
    await h.click("game-dayu")
    await h.type_text("player-name-0", "Ana")
    await h.click(f"pick-player-{dev.id}")
    assert h.by_key("player-name-1").value == "Dev" and not h.has(f"pick-player-{dev.id}")
    assert h.by_key("player-remove-1").icon.semantics_label == "Quitar a Dev"
    h.close()


async def test_a_name_typed_over_a_seated_player_offers_that_player_again(tmp_path):
    """Ben seated by his chip, then another name typed in his seat: the seat is no longer Ben's,
    and his chip came back only with the next change of the seats (a person saw Ben nowhere,
    neither seated nor to tap). The field typed in is kept as it is."""
    hub = new_hub(tmp_path)
    ben = hub.store.create_player("Ben", "blue")
    h = await started(hub, route="/new")
    await h.click("game-dayu")
    await h.click(f"pick-player-{ben.id}")
    assert h.by_key("player-name-0").value == "Ben" and not h.has(f"pick-player-{ben.id}")
    field = h.by_key("player-name-0")
    await h.type_text("player-name-0", "Dev")
    assert h.has(f"pick-player-{ben.id}")
    assert h.by_key("player-name-0") is field and field.value == "Dev"
    h.close()


async def test_with_no_one_remembered_the_offer_takes_no_room(tmp_path):
    """A new group's New table had an empty "offered" column above the seats: one more gap."""
    hub = new_hub(tmp_path)
    h = await started(hub, route="/new")
    assert h.by_key("offers").visible is False
    ben = hub.store.create_player("Ben", "blue")
    h.close()
    h = await started(hub, route="/new")
    assert h.by_key("offers").visible and h.has(f"pick-player-{ben.id}")
    h.close()
