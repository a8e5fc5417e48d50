"""A player named as a remembered one but for accents, case and spaces ("lucia" for "Lucía") is
said at the name, with a way to take the remembered one or to add the name anyway: on Players
(add and rename) and in New table's seats."""

from __future__ import annotations

import pytest
from ui_testkit import new_hub, started


@pytest.fixture
def hub(tmp_path):
    return new_hub(tmp_path)


@pytest.mark.parametrize("typed", ["lucia", "LUCÍA"])
async def test_adding_a_namesake_asks_first_and_takes_the_remembered_one(hub, typed):
    lucia = hub.store.create_player("Lucía")
    h = await started(hub, "/players")
    await h.click("players-add")
    await h.type_text("edit-name", typed)
    await h.click("edit-save")
    assert h.by_key("edit-namesake-said").value == "Lucía is already in your players: use that one?"
    assert [p.id for p in hub.store.players()] == [lucia.id]  # nothing added yet
    assert h.has("edit-anyway") == (typed == "lucia")  # "LUCÍA" is Lucía's very name: one player
    await h.click(f"edit-use-{lucia.id}")
    assert not h.has("player-edit") and [p.id for p in hub.store.players()] == [lucia.id]
    assert h.route() == f"/player/{lucia.id}"  # the one meant: her page, not the list again
    assert h.by_key("player-page-none").value.startswith("Lucía")  # her page: no plays yet
    h.close()


async def test_two_people_of_almost_one_name_are_added_when_said(hub):
    hub.store.create_player("Lucía")
    h = await started(hub, "/players")
    await h.click("players-add")
    await h.type_text("edit-name", "Lucia ")
    await h.click("edit-save")
    await h.click("edit-anyway")
    assert sorted(p.name for p in hub.store.players()) == ["Lucia", "Lucía"]
    h.close()


async def test_a_rename_to_a_namesake_is_said_and_saved_only_when_confirmed(hub):
    hub.store.create_player("Lucía")
    luz = hub.store.create_player("Luz")
    h = await started(hub, "/players")
    await h.click(f"player-edit-{luz.id}")
    await h.type_text("edit-name", "lucia")
    await h.click("edit-save")
    assert "merge the two" in h.by_key("edit-namesake-said").value
    assert hub.store.player(luz.id).name == "Luz"
    await h.click("edit-anyway")
    assert hub.store.player(luz.id).name == "lucia"
    h.close()


async def test_a_rename_to_a_namesake_opens_the_merge_with_the_namesake_to_keep(hub):
    """The rename says "merge the two instead": its button is the merge dialog, Lucía chosen as
    the one to keep, one tap from merging."""
    lucia = hub.store.create_player("Lucía")
    luz = hub.store.create_player("Luz")
    h = await started(hub, "/players", prefs={"table_companion.lang": "es"})
    await h.click(f"player-edit-{luz.id}")
    await h.type_text("edit-name", "lucia")
    await h.click("edit-save")
    assert h.by_key(f"edit-merge-{lucia.id}").content.value == "Unir con Lucía"
    await h.click(f"edit-merge-{lucia.id}")
    assert not h.has("player-edit") and h.has("player-merge")
    assert h.by_key(f"merge-into-{lucia.id}").selected
    assert h.by_key("merge-what").value.startswith("Todas las partidas de Luz contarán para Lucía")
    await h.click("merge-confirm")
    assert [p.id for p in hub.store.players()] == [lucia.id] and hub.store.player(lucia.id).name == "Lucía"
    h.close()


async def test_a_seat_typed_as_a_namesake_offers_the_remembered_player(hub):
    lucia = hub.store.create_player("Lucía")
    h = await started(hub, "/new")
    await h.click("game-dayu")
    await h.type_text("player-name-0", "lucia")
    assert h.by_key("seat-namesake-0").value == "Lucía is already in your players: use that one?"
    await h.click(f"seat-use-0-{lucia.id}")
    assert h.by_key("player-name-0").value == "Lucía" and not h.has("seat-namesake-0")
    await h.type_text("player-name-1", "Lucia")  # Lucía is seated: nobody else to offer
    assert not h.has("seat-namesake-1")
    await h.click("setup-start")
    [info] = hub.store.list()
    assert hub.store.seat_links(info.id)[0] == lucia.id
    h.close()


async def test_a_seat_kept_as_typed_is_a_new_player(hub):
    hub.store.create_player("Lucía")
    h = await started(hub, "/new")
    await h.click("game-dayu")
    await h.type_text("player-name-0", "LUCIA")
    await h.click("seat-keep-0")
    assert not h.has("seat-namesake-0")
    await h.type_text("player-name-1", "Ben")
    await h.click("setup-start")
    assert sorted(p.name for p in hub.store.players()) == ["Ben", "LUCIA", "Lucía"]
    h.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Lucia and Lucía are already in your players: is it one of them?"),
        ("es", "Lucia y Lucía ya están entre tus jugadores: ¿es una de esas personas?"),
    ],
)
async def test_two_namesakes_are_both_named_above_their_buttons(hub, lang, said):
    """Lucía and Lucia both remembered, "Lúcia" typed: a button for each, and the line above
    them named only the first ("Lucía is already in your players: use that one?")."""
    first, second = hub.store.create_player("Lucía"), hub.store.create_player("Lucia")
    prefs = {"table_companion.lang": lang}
    h = await started(hub, "/players", prefs=prefs)
    await h.click("players-add")
    await h.type_text("edit-name", "Lúcia")
    await h.click("edit-save")
    assert h.has(f"edit-use-{first.id}") and h.has(f"edit-use-{second.id}")
    named = h.by_key("edit-namesake-said").value
    h.close()
    h = await started(hub, "/new", prefs=prefs)
    await h.click("game-dayu")
    await h.type_text("player-name-0", "Lúcia")
    assert h.has(f"seat-use-0-{first.id}") and h.has(f"seat-use-0-{second.id}")
    assert [named, h.by_key("seat-namesake-0").value] == [said, said]
    h.close()
