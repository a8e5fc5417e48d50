"""Home (rename, export, delete, import), settings (language, theme, wakelock), rules search, live
updates between two sessions, and layouts at phone and desktop widths."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from flet.pubsub.pubsub_hub import PubSubHub
from test_generic_screens import new_toy_table
from ui_testkit import new_hub, started

from companion.ui.settings import PREFIX


async def test_rename_export_delete(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_toy_table(h)
    await h.click("auto")
    tid = hub.store.list()[0].id
    h.page.navigate("/")
    await h.flush()
    await h.click(f"rename-{tid}")
    await h.type_text("rename-field", "Friday game")
    await h.click("rename-save")
    assert hub.store.list()[0].name == "Friday game"
    assert "Friday game" in h.all_text()
    await h.click(f"export-{tid}")
    exported = h.by_key("export-text").value
    assert '"entries"' in exported and "Friday game" in exported
    h.conn.answers["save_file"] = None
    await h.click("export-save")
    assert any(name == "save_file" for name, _ in h.conn.calls)
    assert h.by_key("export-note").value == "File saved."
    await h.click("export-close")
    await h.click(f"delete-{tid}")
    await h.click("delete-confirm")
    assert hub.store.list() == [] and h.has("no-tables")
    # import it back, pasted as text
    await h.click("import")
    await h.type_text("import-text", exported)
    await h.click("import-submit")
    # its seats carry the names New table remembered: one question links them again
    await h.click("link-offer-save")
    assert h.route() == f"/table/{tid}"
    assert all(hub.store.seat_links(tid))
    assert hub.store.list()[0].entries == 1
    h.close()


async def test_import_of_a_damaged_file_says_why(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await h.click("import")
    await h.type_text("import-text", '{"format": "something else"}')
    await h.click("import-submit")
    assert h.by_key("import-note").value
    assert hub.store.list() == []
    h.conn.answers["pick_files"] = [{"id": 0, "name": "t.json", "size": 3, "bytes": list(b"{]")}]
    await h.click("import-file")
    assert "not JSON" in h.by_key("import-note").value
    h.close()


async def test_settings_language_theme_and_wakelock(tmp_path):
    hub = new_hub(tmp_path)
    prefs = {}
    h = await started(hub, prefs=prefs)
    await h.click("open-settings")
    await h.click("lang-es")
    assert prefs[PREFIX + "lang"] == "es"
    assert h.by_key("keep-awake").label.startswith("Pantalla")
    # Flutter's own words (the back button, a field's menu) follow: its locale is the reader's
    assert h.page.locale_configuration.current_locale.language_code == "es"
    await h.click("theme-dark")
    assert prefs[PREFIX + "theme"] == "dark" and h.page.theme_mode.value == "dark"
    await h.select("keep-awake", False)
    assert prefs[PREFIX + "keep_awake"] is False
    h.close()
    # a new session on the same device starts in Spanish; opening a table asks for no wakelock now
    again = await started(hub, prefs=prefs)
    assert again.by_key("new-table").content.value == "Nueva mesa"
    assert again.page.locale_configuration.current_locale.language_code == "es"
    await new_toy_table(again)
    assert not any(name == "enable" for name, _ in again.conn.calls)
    again.close()


async def test_wakelock_while_a_table_is_open(tmp_path):
    h = await started(new_hub(tmp_path))
    await new_toy_table(h)
    assert [n for n, _ in h.conn.calls if n in ("enable", "disable")] == ["enable"]
    h.page.navigate("/")
    await h.flush()
    assert [n for n, _ in h.conn.calls if n in ("enable", "disable")] == ["enable", "disable"]
    h.close()


@pytest.mark.parametrize(
    "lang, query, expect",
    [("en", "DROUGHT", "dragon.event.drought"), ("es", "sequia", "dragon.event.drought")],
)
async def test_rules_search_ignores_case_and_accents(tmp_path, lang, query, expect):
    prefs = {PREFIX + "lang": lang}
    h = await started(new_hub(tmp_path), prefs=prefs)
    await h.click("open-rules")
    await h.click("rules-game-dragon")
    await h.type_text("rules-search", query)
    assert h.has(f"rule-{expect}")
    await h.type_text("rules-search", "zzzz xqxqxq")  # no word a rule uses
    assert h.has("rules-none")
    h.close()


async def test_rules_for_this_moment(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await h.click("new-table")
    await h.click("game-dragon")
    await h.click("setup-start")
    assert h.has("moment-dragon.setup.event_row")
    await h.click("moment-dragon.setup.event_row")
    assert h.has("rule-dialog")
    tid = hub.store.list()[0].id
    h.page.navigate(f"/table/{tid}/rules")
    await h.flush()
    assert h.has("moment-dragon.setup.event_row")
    h.close()


async def test_a_change_in_one_session_shows_in_the_other(tmp_path):
    hub = new_hub(tmp_path)
    pubsub = PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))
    a = await started(hub, pubsub=pubsub)
    await new_toy_table(a)
    b = await started(hub, route=a.route(), pubsub=pubsub)
    assert b.by_key("prompt").value == "toy.who_starts"
    await a.click("auto")
    await b.flush(pause=0.01)
    assert b.has("choice-0") and b.has("last-entry")
    assert hub.get(hub.store.list()[0].id) is hub.get(hub.store.list()[0].id)  # one Table per process
    a.close()
    b.close()


@pytest.mark.parametrize("width", [360, 412, 1280])
async def test_every_screen_builds_at_each_width(tmp_path, width):
    hub = new_hub(tmp_path)
    h = await started(hub, width=width)
    await h.click("new-table")
    await h.click("game-dragon")
    await h.click("setup-start")
    tid = hub.store.list()[0].id
    for route in [
        "/",
        "/new",
        f"/table/{tid}",
        f"/table/{tid}/scores",
        f"/table/{tid}/history",
        f"/table/{tid}/rules",
        "/rules",
        "/settings",
        "/quick",
        "/quick/dragon",
        "/nowhere",
    ]:
        h.page.navigate(route)
        await h.flush()
        assert h.page.views, route
    h.close()


async def test_an_unknown_table_shows_a_clear_screen(tmp_path):
    h = await started(new_hub(tmp_path), route="/table/nope")
    assert h.has("missing") and h.has("missing-home")
    h.close()
