"""Long lists drawn a page at a time (issue 27): Home's tables, the players, New table's
remembered players; each with "Show more" and a search once there is more than a page."""

from ui_testkit import new_hub, started

from companion.core import Table
from companion.ui.views import home, player_picker, players


async def search(h, key: str, text: str) -> None:
    """Type into a search box, then submit it (the keyboard's search key)."""
    await h.type_text(key, text)
    await h.fire(key, "submit", text)


async def test_home_draws_a_page_of_tables_then_more_and_finds_one(tmp_path):
    hub = new_hub(tmp_path)
    made = [hub.create(Table.new("dragon", ["Ana", "Ben"], name=f"Game {i}")) for i in range(home.PAGE + 2)]
    hub.create(Table.new("dayu", ["Carla", "Dai"], name="Sunday"))
    h = await started(hub)
    assert len(h.keys("rename-")) == home.PAGE  # the latest tables only
    assert h.has("home-search") and h.has("home-more-playing") and not h.has("home-more-finished")
    await h.click("home-more-playing")
    assert len(h.keys("rename-")) == len(made) + 1 and not h.has("home-more-playing")
    await search(h, "home-search", "sunday")
    assert len(h.keys("rename-")) == 1 and "Sunday" in h.all_text() and "Game 1" not in h.all_text()
    await search(h, "home-search", "Carla")  # a player's name
    assert len(h.keys("rename-")) == 1
    await search(h, "home-search", "Da Yu")  # the game's name
    assert len(h.keys("rename-")) == 1
    await search(h, "home-search", "nobody at all")
    assert h.has("home-none-found") and not h.keys("rename-")
    await search(h, "home-search", "")
    assert len(h.keys("rename-")) == home.PAGE and h.has("home-more-playing")
    h.close()


async def test_a_few_tables_show_no_search(tmp_path):
    hub = new_hub(tmp_path)
    hub.create(Table.new("dragon", ["Ana", "Ben"]))
    h = await started(hub)
    assert len(h.keys("rename-")) == 1 and not h.has("home-search") and not h.has("home-more-playing")
    h.close()


async def test_players_draws_a_page_then_more_and_finds_one(tmp_path):
    hub = new_hub(tmp_path)
    for i in range(players.PAGE + 3):
        hub.store.create_player(f"Player {i:02d}")
    hub.store.create_player("Ángela")
    h = await started(hub, route="/players")
    assert len(h.keys("player-card-")) == players.PAGE and h.has("players-more")
    await h.click("players-more")
    assert len(h.keys("player-card-")) == players.PAGE + 4 and not h.has("players-more")
    await search(h, "players-search", "ángela")
    assert len(h.keys("player-card-")) == 1 and "Ángela" in h.all_text()
    await search(h, "players-search", "zzz")
    assert h.has("players-none-found") and not h.keys("player-card-")
    h.close()


async def test_new_table_offers_some_players_and_finds_the_others(tmp_path):
    hub = new_hub(tmp_path)
    ids = [hub.store.create_player(f"Player {i:02d}").id for i in range(player_picker.OFFERED + 5)]
    h = await started(hub, route="/new")
    assert len(h.keys("pick-player-")) == player_picker.OFFERED and h.has("pick-search")
    await search(h, "pick-search", "Player 15")
    assert h.keys("pick-player-") == [f"pick-player-{ids[15]}"]
    await h.click(f"pick-player-{ids[15]}")
    assert h.by_key("player-name-0").value == "Player 15"
    h.close()


async def test_merge_offers_a_page_and_finds_the_others(tmp_path):
    hub = new_hub(tmp_path)
    ids = [hub.store.create_player(f"Player {i:02d}").id for i in range(players.PAGE + 5)]
    h = await started(hub, route="/players")
    await h.click(f"player-merge-{ids[0]}")
    assert len(h.keys("merge-into-")) == players.PAGE and f"merge-into-{ids[0]}" not in h.keys("merge-into-")
    await search(h, "merge-search", "Player 19")
    assert h.keys("merge-into-") == [f"merge-into-{ids[19]}"]
    await h.click(f"merge-into-{ids[19]}")
    await h.click("merge-confirm")
    assert [p.id for p in hub.store.players()].count(ids[0]) == 0
    h.close()
