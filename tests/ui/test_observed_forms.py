"""Issue 25: a form edits an observable draft and only the component given it is drawn again.

Each test taps a form and checks what the screen shows after it; where it matters, also that the
screen around the form was not drawn again (its title is still the very control drawn first: a
whole-screen redraw makes a new one)."""

from __future__ import annotations

from flet_harness import views_of
from ui_testkit import new_hub, started

from companion.core import Table
from companion.share import encode
from companion.ui import live


def title(h):
    """The screen's app bar title, as a control (the same object until the screen is redrawn)."""
    [view] = [v for v in views_of(h.page) if v.route == h.route()]
    return view.appbar.title


def toy_table(hub) -> Table:
    table = hub.create(Table.new("toy", ["Ana", "Ben"]))
    table.submit({"kind": "start", "first": 0})
    return table


async def test_setup_chips_are_drawn_with_the_form_alone(tmp_path):
    h = await started(new_hub(tmp_path), "/new")
    screen_title = title(h)
    await h.click("game-dayu")
    assert h.by_key("game-dayu").selected and not h.by_key("game-toy").selected
    assert h.keys("player-name-") == ["player-name-0", "player-name-1", "player-name-2"]
    await h.click("game-toy")
    await h.click("option-target-5")
    assert h.by_key("option-target-5").selected and not h.by_key("option-target-10").selected
    await h.click("setup-teach-on")
    assert h.by_key("setup-teach-on").selected and not h.by_key("setup-teach-off").selected
    assert title(h) is screen_title  # the form changed, the screen was not drawn again
    h.close()


async def test_the_rules_search_redraws_its_results_not_the_screen(tmp_path):
    h = await started(new_hub(tmp_path), "/rules")
    screen_title = title(h)
    await h.type_text("rules-search", "palaces full")
    assert h.has("rules-count") and not h.has("rules-hint")
    await h.click("rules-game-dragon")
    assert h.by_key("rules-game-dragon").selected and not h.by_key("rules-game-all").selected
    assert title(h) is screen_title
    h.close()


async def test_copying_the_snapshot_says_so_beside_the_button(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = await started(hub, f"/table/{table.id}/share")
    assert h.by_key("snapshot-status").value == ""
    await h.click("snapshot-copy")
    copied = [args for name, args in h.conn.calls if name == "set" and "key" not in args]
    assert [next(iter(args.values())) for args in copied] == [encode(table)]
    assert h.by_key("snapshot-status").value == "Copied."
    h.close()


async def test_a_revoked_link_is_replaced_on_the_hosts_card(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = await started(hub, f"/table/{table.id}/share")
    viewer, ana, _ = live.links_for(hub).links(table.id, 2)
    assert h.by_key("live-url").value.endswith(f"/join/{viewer.token}")
    await h.click("revoke-viewer")
    await h.click("revoke-confirm")
    fresh = live.links_for(hub).links(table.id, 2)[0]
    assert fresh.token != viewer.token
    assert h.by_key("live-url").value.endswith(f"/join/{fresh.token}")
    assert fresh.code in h.by_key("live-code").value
    await h.click("revoke-0")
    await h.click("revoke-confirm")
    await h.click("seat-qr-0")  # Ana's new link, not the one revoked
    new_ana = live.links_for(hub).links(table.id, 2)[1]
    assert new_ana.token != ana.token
    assert h.by_key("seat-url").value.endswith(f"/join/{new_ana.token}")
    h.close()


async def test_the_import_screen_says_why_a_code_is_refused(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub, "/import")
    assert h.by_key("import-code-error").value == ""
    await h.type_text("import-code", "WIFI:S:home;T:WPA;P:secret;;")
    await h.click("import-code-submit")
    assert "not a Table Companion code" in h.by_key("import-code-error").value
    assert hub.store.list() == []
    h.close()
