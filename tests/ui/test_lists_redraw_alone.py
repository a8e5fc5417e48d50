"""Home's lists, the Players list and its dialogs, and New table's player picker are components
over observable state (companion/ui/search.py, views/home.py, views/players.py,
views/player_picker.py): a tap there shows its change while the rest of the screen keeps its
very controls (the screen was not drawn again)."""

import asyncio

import flet as ft
from ui_testkit import new_hub, started

from companion.core import Table
from companion.ui.views import home, player_picker, players


def screen(h, route: str) -> ft.View:
    """The view of ``route`` on the phone: a new object whenever the whole screen is drawn again."""
    [view] = [c for c in h.controls() if isinstance(c, ft.View) and c.route == route]
    return view


async def submit(h, key: str, text: str) -> None:
    await h.type_text(key, text)
    await h.fire(key, "submit", text)


async def test_the_check_sees_a_screen_drawn_again(tmp_path):
    # Without this, a check that never saw a new view would pass for a screen never redrawn.
    h = await started(new_hub(tmp_path))
    before, button = screen(h, "/"), h.by_key("new-table")
    await h.goto("/players")
    await h.goto("/")
    assert screen(h, "/") is not before and h.by_key("new-table") is not button
    h.close()


async def test_home_more_and_a_search_draw_the_lists_alone(tmp_path):
    hub = new_hub(tmp_path)
    for i in range(home.PAGE + 2):
        hub.create(Table.new("dragon", ["Ana", "Ben"], name=f"Game {i}"))
    hub.create(Table.new("dayu", ["Carla", "Dai"], name="Sunday"))
    h = await started(hub)
    view, top = screen(h, "/"), h.by_key("new-table")
    await h.type_text("home-search", "sun")  # a keystroke draws nothing: the field stays
    field = h.by_key("home-search")
    assert h.find("home-search") == [field] and len(h.keys("rename-")) == home.PAGE
    await h.click("home-more-playing")
    assert len(h.keys("rename-")) == home.PAGE + 3 and not h.has("home-more-playing")
    await submit(h, "home-search", "sunday")
    assert len(h.keys("rename-")) == 1 and "Sunday" in h.all_text()
    await submit(h, "home-search", "")  # a new search starts again at the first page
    assert len(h.keys("rename-")) == home.PAGE and h.has("home-more-playing")
    assert screen(h, "/") is view and h.by_key("new-table") is top
    h.close()


async def test_players_more_and_a_search_draw_the_list_alone(tmp_path):
    hub = new_hub(tmp_path)
    for i in range(players.PAGE + 2):
        hub.store.create_player(f"Player {i:02d}")
    h = await started(hub, route="/players")
    view, add = screen(h, "/players"), h.by_key("players-add")
    await h.click("players-more")
    assert len(h.keys("player-card-")) == players.PAGE + 2 and not h.has("players-more")
    await submit(h, "players-search", "player 01")
    assert len(h.keys("player-card-")) == 1 and "Player 01" in h.all_text()
    assert screen(h, "/players") is view and h.by_key("players-add") is add
    h.close()


async def test_a_colour_tapped_in_the_edit_dialog_redraws_the_swatches_alone(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, route="/players")
    await h.click("players-add")
    await h.type_text("edit-name", "Zoe")
    name = h.by_key("edit-name")
    await h.click("edit-color-blue")
    assert h.by_key("edit-color-blue").border is not None and h.by_key("edit-color-red").border is None
    await h.click("edit-color-blue")  # a second tap clears it
    assert h.by_key("edit-color-blue").border is None
    await h.click("edit-color-red")
    assert h.by_key("edit-name") is name  # the dialog was not drawn again around the swatches
    await h.click("edit-save")
    [zoe] = hub.store.players()
    assert (zoe.name, zoe.color) == ("Zoe", "red") and h.by_key(f"player-name-of-{zoe.id}").value == "Zoe"
    h.close()


async def test_choosing_whom_to_keep_shows_the_merge_and_its_confirm(tmp_path):
    hub = new_hub(tmp_path)
    ana, ben = hub.store.create_player("Ana"), hub.store.create_player("Ben")
    h = await started(hub, route="/players")
    view = screen(h, "/players")
    await h.click(f"player-merge-{ben.id}")
    close = h.by_key("player-merge-close")
    assert not h.has("merge-confirm") and not h.has("merge-what")
    await h.click(f"merge-into-{ana.id}")
    assert h.by_key(f"merge-into-{ana.id}").selected and "Ana" in h.by_key("merge-what").value
    assert h.by_key("player-merge-close") is close and screen(h, "/players") is view
    await h.click("merge-confirm")
    assert [p.id for p in hub.store.players()] == [ana.id] and not h.has(f"player-card-{ben.id}")
    h.close()


def reads_of(h, repo: str) -> list[tuple]:
    """Every page the screen's lists read from ``repo`` ("players" or "tables") from now on: a
    list drawn once reads its page once (Home: once per list)."""
    app = h.page.session.store.get("companion.app")
    repo_object, calls = getattr(app.services.repos, repo), []
    read = repo_object.page

    def page(*args, **kwargs):
        calls.append(args)
        return read(*args, **kwargs)

    repo_object.page = page
    return calls


async def test_a_dialogs_action_on_the_players_draws_their_list_once_not_the_screen(tmp_path):
    # The list moves its own version (it then draws itself); the dialog's button drew the whole
    # screen as well, which drew the list a second time.
    hub = new_hub(tmp_path)
    ana, ben, cy = (hub.store.create_player(n) for n in ("Ana", "Ben", "Cy"))
    h = await started(hub, route="/players")
    view, reads = screen(h, "/players"), reads_of(h, "players")
    for opened, done in (
        ("players-add", "edit-save"),
        (f"player-delete-{cy.id}", "delete-player-confirm"),
        (f"player-merge-{ben.id}", "merge-confirm"),
    ):
        await h.click(opened)
        if done == "edit-save":
            await h.type_text("edit-name", "Dee")
        if done == "merge-confirm":
            await h.click(f"merge-into-{ana.id}")
        reads.clear()
        await h.click(done)
        assert len(reads) == 1, f"{done}: the list drawn {len(reads)} times"
        assert screen(h, "/players") is view
    names = [h.by_key(k).value for k in h.keys("player-name-of-")]
    assert sorted(names) == ["Ana", "Dee"]
    h.close()


async def test_a_rename_or_a_delete_on_home_draws_the_lists_once_not_the_screen(tmp_path):
    hub = new_hub(tmp_path)
    first, second = (hub.create(Table.new("dragon", ["Ana", "Ben"], name=n)) for n in ("One", "Two"))
    h = await started(hub)
    view, reads = screen(h, "/"), reads_of(h, "tables")
    await h.click(f"rename-{first.id}")
    await h.type_text("rename-field", "Friday game")
    reads.clear()
    await h.click("rename-save")
    assert len(reads) == 2 and screen(h, "/") is view  # the two lists, each read once
    assert "Friday game" in h.all_text()
    await h.click(f"delete-{second.id}")
    reads.clear()
    await h.click("delete-confirm")
    assert len(reads) == 2 and screen(h, "/") is view
    assert not h.has(f"delete-{second.id}")
    h.close()


async def test_the_player_picker_draws_itself_again_not_the_screen(tmp_path):
    hub = new_hub(tmp_path)
    ana, ben = hub.store.create_player("Ana", "green"), hub.store.create_player("Ben")
    h = await started(hub, route="/new")
    await h.click("game-dayu")
    view = screen(h, "/new")
    seats = len(h.keys("player-name-"))
    await h.click("player-add")
    assert len(h.keys("player-name-")) == seats + 1
    await h.click(f"player-remove-{seats}")
    assert len(h.keys("player-name-")) == seats
    await h.click(f"pick-player-{ana.id}")  # Ana takes the first blank seat, in her green
    assert h.by_key("player-name-0").value == "Ana" and h.by_key("player-color-0-green").border is not None
    assert not h.has(f"pick-player-{ana.id}")
    await h.type_text("player-name-1", "Cy")  # typed: drawn at the next tap, kept meanwhile
    await h.click("player-up-1")
    assert [h.by_key(f"player-name-{i}").value for i in (0, 1)] == ["Cy", "Ana"]
    await h.click("player-color-0-green")  # Cy takes green; Ana takes Cy's colour
    assert h.by_key("player-color-0-green").border is not None
    assert h.by_key("player-color-1-green").border is None
    await h.click(f"pick-player-{ben.id}")
    assert h.by_key("player-name-2").value == "Ben"
    assert screen(h, "/new") is view
    h.close()


async def test_a_keystroke_in_a_seats_name_redraws_that_seat_alone(tmp_path):
    # The seat is part of New table's observable draft: a keystroke that went through it drew
    # the whole form again. Now the seat's card alone is drawn, and says the name as typed.
    h = await started(new_hub(tmp_path), route="/new")
    await h.click("game-dragon")
    kept = {k: h.by_key(k) for k in ("game-dayu", "player-add", "player-1", "player-name-1", "player-name-0")}
    card = h.by_key("player-0")
    for typed in ("A", "An", "Ana"):
        await h.type_text("player-name-0", typed)
        assert h.by_key("player-0") is not card, "the seat's card is drawn again"
        card = h.by_key("player-0")
    assert {k: h.by_key(k) for k in kept} == kept  # the form, the picker, the other seats and the field kept
    assert h.by_key("player-remove-0").icon.semantics_label == "Remove Ana"
    assert h.by_key("player-color-0-red").tooltip.message == "Ana: red"
    h.close()


async def test_names_typed_faster_than_the_server_answers_are_kept_whole(tmp_path):
    # The phone sends each key's value, then its change event; under load several come before
    # the first event is handled. Drawing the field again with that event's name would send the
    # phone an older name over the keys typed since.
    h = await started(new_hub(tmp_path), route="/new")
    await h.click("game-dragon")
    field, before, word = h.by_key("player-name-0"), len(h.conn.messages), "Anabelle"
    events = []
    for k in range(1, len(word) + 1):
        h.session.apply_patch(field._i, {"value": word[:k]})
        events.append(asyncio.create_task(h.session.dispatch_event(field._i, "change", word[:k])))
    await asyncio.gather(*events)
    await h.flush()
    assert "'value'" not in " ".join(repr(m.body) for m in h.conn.messages[before:])  # nothing sent back
    assert h.by_key("player-name-0").value == word
    assert h.by_key("player-remove-0").icon.semantics_label == f"Remove {word}"
    h.close()


async def test_the_picker_offers_a_search_past_its_page(tmp_path):
    hub = new_hub(tmp_path)
    ids = [hub.store.create_player(f"Player {i:02d}").id for i in range(player_picker.OFFERED + 2)]
    h = await started(hub, route="/new")
    view = screen(h, "/new")
    await submit(h, "pick-search", "player 13")
    assert h.keys("pick-player-") == [f"pick-player-{ids[13]}"] and screen(h, "/new") is view
    h.close()


async def test_not_now_puts_the_space_reminder_away_and_keeps_the_screen(tmp_path):
    from test_hosted_spaces import hosted_in, key_of, phone, toy_table

    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    toy_table(hosted, key_of(a).space_id, name="Kept table")
    a.close()
    a = await phone(hosted, prefs=a.conn.prefs)
    view = screen(a, "/")
    assert a.has("space-keep")
    await a.click("space-keep-later")
    assert not a.has("space-keep") and "Kept table" in a.all_text() and screen(a, "/") is view
    a.close()
