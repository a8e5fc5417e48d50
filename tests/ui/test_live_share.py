"""Live share in the headless harness: the Share screen, joining, seats and viewers, forged and
stale entries, revocation, reconnecting, hidden Chinatown money, snapshot import."""

from __future__ import annotations

import asyncio
import random
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import flet as ft
import pytest
import zxingcpp
from flet.controls.context import _context_page
from flet.pubsub.pubsub_hub import PubSubHub
from flet_harness import Harness, sent_strings, views_of
from PIL import Image
from ui_testkit import new_hub, started

from companion.core import Table
from companion.games.chinatown.entries import Give, Trade
from companion.i18n import translate
from companion.share import decode, encode
from companion.share.live import Access, LiveRefusal, authorize, stamp
from companion.ui import live, peer
from companion.ui.app import make_main
from companion.ui.i18n import translator

# Read QR codes only: a QR's modules can also look like a short 1D barcode to the reader.
ONLY_QR = zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)

GUEST_IP = "192.168.1.77"  # a phone on the local network (never contacted: the harness has no network)


def pubsub() -> PubSubHub:
    return PubSubHub(loop=asyncio.get_running_loop(), executor=ThreadPoolExecutor(2))


async def guest(hub, bus, route: str, prefs: dict | None = None) -> Harness:
    h = Harness(hub=bus, prefs=prefs)
    peer.record(h.conn, GUEST_IP)  # what the web server records from the socket
    await h.start(make_main(hub), route=route)
    return h


def app_of(h: Harness):
    return h.page.session.store.get("companion.app")


async def direct(h: Harness, refused_call) -> bool:
    """Call a session's App outside any event (a forged call), then send what it drew."""
    _context_page.set(h.page)  # as Flet does for an event of this session
    result = refused_call()
    await h.flush()
    return result


def toy_table(hub) -> Table:
    table = hub.create(Table.new("toy", ["Ana", "Ben"]))
    table.submit({"kind": "start", "first": 0})
    return table


def links(hub, table):
    return live.links_for(hub).links(table.id, len(table.players))


def qr_text(h: Harness, key: str) -> str:
    import io

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(h.by_key(key).src)), formats=ONLY_QR)
    assert len(found) == 1
    return found[0].text


def received(h: Harness) -> str:
    """Everything the session sent its client, decoded from msgpack as the browser would."""
    return "\n".join(s for m in h.conn.messages for s in sent_strings(m))


async def test_share_screen_join_qr_short_code_seat_links_and_snapshot(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = await started(hub, route=f"/table/{table.id}")
    await h.click("share")
    assert h.route() == f"/table/{table.id}/share"
    viewer, ana, ben = links(hub, table)
    # served on this device only: no QR code for other phones, the address marked as this device's
    assert not h.has("live-qr") and h.has("live-device-only")
    assert h.by_key("live-url").value == f"http://127.0.0.1:8550/join/{viewer.token}"
    assert viewer.code in h.by_key("live-code").value and len(viewer.code) == 6
    assert h.has("live-local-only") and h.has("live-start-lan")  # served on this device only
    assert h.by_key("live-heading").value == "Live on the local network"
    assert h.has("seat-link-0") and h.has("seat-link-1")
    names = [h.by_key(f"seat-qr-{i}").content.semantics_label for i in (0, 1)]
    assert names == [f"Show {p.name}'s QR code" for p in table.players[:2]]  # each button its own name
    await h.click("seat-qr-1")
    assert qr_text(h, "seat-qr").endswith(f"/join/{ben.token}") and ana.token != ben.token
    assert "This device only" in h.by_key("seat-device-only").value
    code = h.by_key("snapshot-text").value
    assert h.by_key("snapshot-text").expand  # as wide as its card (a field's default width was 300 px)
    assert qr_text(h, "snapshot-qr") == code == encode(table)
    assert decode(code).scoreboard == table.scoreboard


async def test_a_guest_without_a_link_sees_only_the_join_screen(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    for route in ("/", f"/table/{table.id}", "/new", f"/table/{table.id}/share"):
        g = await guest(hub, bus, route)
        assert g.has("join-code") and not g.has("new-table") and not g.has("choice-0")
        assert not g.has(f"table-{table.id}")  # the host's list of tables never reaches a guest
        g.close()
    g = await guest(hub, bus, "/")
    await g.type_text("join-code", "ZZZZZZ")
    await g.click("join-submit")
    assert g.by_key("join-error").value == "No table has the code ZZZZZZ: check it with the host."
    await g.click("join-submit")  # the same code again: the line changes, so the tap is seen taken
    assert (
        g.by_key("join-error").value
        == "Still no table with the code ZZZZZZ (2 tries): check it with the host."
    )
    await g.type_text("join-code", "ZZZZZY")  # another code starts the count again
    await g.click("join-submit")
    assert g.by_key("join-error").value == "No table has the code ZZZZZY: check it with the host."
    await g.type_text("join-code", links(hub, table)[0].code.lower())  # typing is forgiving
    await g.click("join-submit")
    assert g.route() == f"/table/{table.id}" and g.by_key("role").value == "Viewer"
    assert not g.keys("choice-") and not g.has("undo") and not g.has("share") and g.has("waiting")
    g.close()


async def test_host_and_seat_enter_and_the_viewer_follows(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    viewer, ana, ben = links(hub, table)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    v = await guest(hub, bus, f"/join/{viewer.token}")
    a = await guest(hub, bus, f"/join/{ana.token}")
    b = await guest(hub, bus, f"/join/{ben.token}")
    assert a.by_key("role").value == "Seat: Ana" and a.keys("choice-") and not b.keys("choice-")
    assert "Waiting for Ana." in b.all_text() and "Waiting for Ana." in v.all_text()
    await a.click("choice-2")  # Ana adds 3, on her own phone
    await v.flush(pause=0.01)
    assert table.version == 2 and table.state.counter == 3
    assert v.by_key("total-0").value == host.by_key("total-0").value and "3" in v.by_key("total-0").value
    assert b.keys("choice-") and not a.keys("choice-")  # Ben's turn now, on Ben's phone only
    await host.click("choice-0")  # the host may enter for anyone (the shared screen)
    await v.flush(pause=0.01)
    assert table.version == 3 and "Waiting for Ana." in v.all_text() and a.keys("choice-")
    for h in (host, v, a, b):
        h.close()


async def test_forged_entries_from_guests_are_refused(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    viewer, _ana, ben = links(hub, table)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    v = await guest(hub, bus, f"/join/{viewer.token}")
    b = await guest(hub, bus, f"/join/{ben.token}")
    choice = table.prompt.choices[0]
    before = table.version
    # a click aimed at the host's button id reaches nothing in the viewer's session
    await v.session.dispatch_event(host.by_key("choice-0")._i, "click", None)
    # the session objects themselves refuse: viewer, another seat's decision, host-only actions
    assert not await direct(v, lambda: app_of(v).open.submit(choice, seen=stamp(table)))
    assert "viewer link" in v.by_key("error").value
    assert not await direct(b, lambda: app_of(b).open.submit(choice, seen=stamp(table)))
    assert "It is Ana's decision now" in b.by_key("error").value
    assert not app_of(b).open.undo() and not app_of(b).open.deal()
    assert table.version == before
    # the host-level rule, with no session at all
    with pytest.raises(LiveRefusal):
        authorize(Access(table_id=table.id, token=viewer.token), table, choice, stamp(table))
    with pytest.raises(LiveRefusal):
        authorize(
            Access(table_id=table.id, token=ben.token, seat=1),
            table,
            choice.model_copy(update={"seat": 1}),
            stamp(table),
        )
    for h in (host, v, b):
        h.close()


async def test_an_entry_on_a_stale_screen_is_refused_and_the_screen_refreshes(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, ana, _ = links(hub, table)
    a = await guest(hub, bus, f"/join/{ana.token}")
    # the host moves on (Ana, then Ben) before Ana's screen heard of it
    hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))
    hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))
    await a.click("choice-2")
    assert "The table changed before your entry arrived" in a.by_key("error").value
    assert table.version == 3 and table.state.counter == 2  # nothing entered
    assert a.by_key("total-1").value.startswith("1")  # the screen shows the table as it is now
    await a.click("choice-2")  # drawn for the current state: accepted
    assert table.version == 4 and table.state.counter == 5
    # an entry without a stamp of its own (a board tap) is checked against the screen last drawn
    hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))  # Ben, unseen by Ana's screen
    assert not await direct(a, lambda: app_of(a).open.submit(table.prompt.choices[0]))
    assert table.version == 5 and "The table changed" in a.by_key("error").value
    assert await direct(a, lambda: app_of(a).open.submit(table.prompt.choices[0]))  # redrawn: accepted
    assert table.version == 6
    a.close()


async def test_revoking_a_seat_link_cuts_off_its_session(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, ana, _ = links(hub, table)
    a = await guest(hub, bus, f"/join/{ana.token}")
    host = await started(hub, route=f"/table/{table.id}/share", pubsub=bus)
    await host.click("revoke-0")
    await host.click("revoke-confirm")
    await a.flush(pause=0.01)
    assert a.has("join-code") and "revoked your link" in a.by_key("join-error").value
    assert not app_of(a).open.submit(table.prompt.choices[0], seen=stamp(table))
    fresh = links(hub, table)[1]
    assert fresh.token != ana.token and fresh.seat == 0
    again = await guest(hub, bus, f"/join/{ana.token}")  # the old link opens nothing
    assert again.has("join-code") and not again.keys("choice-")
    ok = await guest(hub, bus, f"/join/{fresh.token}")
    assert ok.by_key("role").value == "Seat: Ana"
    for h in (a, host, again, ok):
        h.close()


async def test_a_revoked_guest_sees_why_with_no_dialog_of_the_table_over_it(tmp_path):
    """A guest reading a rule when the host revokes its link lands on the join screen; the
    rule's dialog closes with the table it came from (it covered "revoked your link")."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, ana, _ = links(hub, table)
    a = await guest(hub, bus, f"/join/{ana.token}")
    await direct(a, lambda: app_of(a).dialogs.show_rule("toy.add"))
    assert a.open_dialogs()
    host = await started(hub, route=f"/table/{table.id}/share", pubsub=bus)
    await host.click("revoke-0")
    await host.click("revoke-confirm")
    await a.flush(pause=0.01)
    assert a.has("join-code") and "revoked your link" in a.by_key("join-error").value
    assert a.open_dialogs() == []
    for h in (a, host):
        h.close()


async def test_a_revoked_seat_link_on_the_hosts_own_machine_stays_a_guests(tmp_path):
    """A seat link opened on the host's machine (a loopback client) and then revoked became the
    host's full screen at the next redraw: the session had no link left, and a session without
    one on this machine is the host. It says the link no longer works, as a phone's does; the
    host's plain address (no link) in another session is still the host."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, ana, _ = links(hub, table)
    a = await started(hub, route=f"/join/{ana.token}", pubsub=bus)  # in-process: this machine
    assert a.by_key("role").value == "Seat: Ana"
    host = await started(hub, route=f"/table/{table.id}/share", pubsub=bus)
    await host.click("revoke-0")
    await host.click("revoke-confirm")
    await a.flush(pause=0.01)
    assert a.has("join-code") and "revoked your link" in a.by_key("join-error").value
    hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))  # the host enters: a redraw
    await a.flush(pause=0.01)
    await a.goto(f"/table/{table.id}")
    await a.goto("/")
    assert a.has("join-code") and "revoked your link" in a.by_key("join-error").value
    assert not a.keys("choice-") and not a.has("new-table")
    assert not app_of(a).open.submit(table.prompt.choices[0], seen=stamp(table))
    plain = await started(hub, route="/", pubsub=bus)  # the host's own address, no link
    assert plain.has("new-table") and not plain.has("join-code")
    for h in (a, host, plain):
        h.close()


async def test_a_guest_that_reconnects_gets_the_whole_table(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    viewer = links(hub, table)[0]
    prefs: dict = {}
    v = await guest(hub, bus, f"/join/{viewer.token}", prefs=prefs)
    v.close()  # the phone sleeps; the session is gone
    for _ in range(3):
        hub.change(table.id, lambda t: t.submit(t.prompt.choices[1]))
    back = await guest(hub, bus, f"/table/{table.id}/history", prefs=prefs)  # same device, new session
    assert back.by_key("role").value == "Viewer"
    assert all(back.has(f"entry-{i}") for i in range(table.version))
    assert not back.has("history-undo") and not back.has("confirm-undo")
    back.close()


def chinatown_in_trade(hub) -> Table:
    """A 3-player Chinatown table in the first trade, after a trade that moved money."""
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    rng = random.Random(4)
    while table.prompt.kind != "trade":
        p = table.prompt
        table.auto(rng) if p.choices is None else table.submit(p.choices[0])
    table.submit(Trade(gives=(Give(giver=0, receiver=1, money=30000),)))
    return table


def money_text(amount: int) -> str:
    return translate("ui.chinatown.money", "en", amount=amount)


async def test_a_chinatown_seat_never_receives_another_players_money(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_in_trade(hub)
    money = table.state.money
    assert len({money[0], money[1], money[2]}) == 3
    bus = pubsub()
    viewer, _, _, carla = links(hub, table)
    c = await guest(hub, bus, f"/join/{carla.token}")
    v = await guest(hub, bus, f"/join/{viewer.token}")
    for h in (c, v):
        for tab in ("scores", "history", ""):
            await h.goto(f"/table/{table.id}/{tab}".rstrip("/"))
    assert (
        not c.has("ct-money-0")
        and not c.has("ct-money-1")
        and not v.has("ct-money-0")
        and not v.has("ct-money-2")
    )
    await c.click("ct-money-2")  # Carla reads her own money: it does reach her phone
    sent = received(c)
    assert money_text(money[2]) in sent
    assert money_text(money[0]) not in sent and money_text(money[1]) not in sent
    seen_by_viewer = received(v)
    assert not any(money_text(m) in seen_by_viewer for m in money)
    for h in (c, v):
        h.close()


async def test_another_seats_dealt_cards_stay_on_the_host(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    rng = random.Random(2)
    while table.prompt.kind != "keep_buildings" or table.prompt.seat is None:
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])
    first = table.prompt.seat
    other = next(s for s in range(3) if s != first)
    dealt = translate(table.prompt.msg.key, "en", **{k: v for k, v in table.prompt.msg.args.items()})
    bus = pubsub()
    link = links(hub, table)[1 + other]
    g = await guest(hub, bus, f"/join/{link.token}")
    assert dealt not in received(g) and "Waiting for" in g.by_key("waiting").value
    g.close()


async def test_chinatown_scores_stay_secret_until_the_end(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_in_trade(hub)
    h = await started(hub, route=f"/table/{table.id}/scores")
    assert h.has("secret") and not h.keys("score-") and not h.keys("breakdown-")
    h.close()


async def test_import_a_snapshot_code_and_clear_errors(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    table.submit(table.prompt.choices[2])
    code = encode(table)
    h = await started(hub)
    await h.click("import")
    for text, says in (
        (code[:-5], "incomplete"),
        ("WIFI:S:home;T:WPA;P:secret;;", "not a Table Companion code"),
        (code[:20] + ("A" if code[20] != "A" else "B") + code[21:], "checksum"),
    ):
        await h.type_text("import-text", text)
        await h.click("import-submit")
        assert says in h.by_key("import-note").value, text
    assert len(hub.store.list()) == 1  # nothing imported
    await h.type_text("import-text", code)
    await h.click("import-submit")
    # the same table is already stored here: it opens, no twin is made
    assert h.route() == f"/table/{table.id}" and len(hub.store.list()) == 1
    # a copy that went on elsewhere (one more entry) is kept beside it under a new id
    other = Table.from_json(table.to_json())
    other.submit(other.prompt.choices[0])
    await h.goto("/")
    await h.click("import")
    await h.type_text("import-text", encode(other))
    await h.click("import-submit")
    copy_id = h.route().rsplit("/", 1)[1]
    assert copy_id != table.id and hub.get(copy_id).version == table.version + 1
    assert len(hub.store.list()) == 2
    h.close()


async def test_a_scanned_import_link_and_a_qr_image(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    code = encode(table)
    h = Harness()
    h.conn.page_url = f"http://127.0.0.1:8550/import#{code}"
    await h.start(make_main(hub), route="/import")
    assert h.by_key("import-code").value == code
    await h.click("import-code-submit")
    assert h.route() == f"/table/{table.id}" and len(hub.store.list()) == 1  # opened, no twin
    h.close()
    from companion.share import qr_png
    from companion.ui.views.share import import_image

    h = await started(hub)
    app = app_of(h)
    copy = import_image(app.hub, app.services.repos.tables, qr_png(code))
    assert copy.id == table.id and len(hub.store.list()) == 1
    h.close()


async def test_serving_on_the_local_network_from_the_share_screen(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    # the test binds loopback only: the listener is the same code path as 0.0.0.0
    url = await live.start_listener(make_main(hub), host="127.0.0.1")
    try:  # 60 s for the first page: a bound on a loaded machine, not a measure
        body = await asyncio.to_thread(lambda: urllib.request.urlopen(url + "/", timeout=60).read())
        assert b"flet" in body.lower()
        # served, but on loopback: no other device reaches it, and the screen says so
        assert live.lan_base_url("http://127.0.0.1:8550") == live.Reach(url, serving=True, reachable=False)
        h = await started(hub, route=f"/table/{table.id}/share")
        assert not h.has("live-local-only") and h.by_key("live-url").value.startswith(url + "/join/")
        assert h.has("live-no-address") and not h.has("live-qr")
        h.close()
    finally:
        await live._LISTENER.pop("handle").close()
        live._LISTENER.clear()


async def test_a_dayu_viewer_cannot_tap_the_ring_to_move(tmp_path):
    from dayu_helpers import new_table

    hub = new_hub(tmp_path)
    table = hub.create(new_table(players=2))
    assert table.state.phase == "actions" and table.state.points_left > 0
    bus = pubsub()
    viewer, ana, ben = links(hub, table)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    v = await guest(hub, bus, f"/join/{viewer.token}")
    mover = table.state.current
    other = await guest(hub, bus, f"/join/{(ben if mover == 0 else ana).token}")
    places = host.keys("dy-place-")
    assert places and any(host.by_key(k).on_click is not None for k in places)
    for h in (v, other):
        assert all(h.by_key(k).on_click is None for k in places)
    for h in (host, v, other):
        h.close()


async def test_a_seat_keeps_the_cards_it_dealt_itself_from_its_phone(tmp_path):
    """When the table deals the building cards by hand, every player enters what they keep, in
    any order; a player's phone offers its own keep only (it was refused as a table fact)."""
    from companion.games.chinatown.public import dealing

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    table.submit({"kind": "first_player", "first": 0})
    prompt = table.prompt
    assert prompt.seat is None and 1 in prompt.seats
    bus = pubsub()
    ben = links(hub, table)[2]
    g = await guest(hub, bus, f"/join/{ben.token}")
    assert g.has("ct-keep-form") and not g.keys("ct-keep-seat-")  # its own keep: no one to pick
    _, kept, _ = dealing(table.state)
    chosen = list(table.state.deck[:kept])
    for n in chosen:
        await g.click(f"ct-card-{n}")
    await g.click("ct-keep-submit")
    assert 1 in table.state.kept and all(table.state.owner.get(n) == 1 for n in chosen)
    with pytest.raises(LiveRefusal):  # Ben's link cannot enter Ana's keep
        authorize(
            Access(table_id=table.id, token=ben.token, seat=1),
            table,
            {"kind": "keep_buildings", "seat": 0, "buildings": list(table.state.deck[:kept])},
            stamp(table),
        )
    g.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seats_phone_asks_only_what_the_seat_can_answer(tmp_path, lang):
    """A seat's phone said the host's words, "the app can deal ... or enter the buildings each
    player keeps", with no button to deal; and at the seat's own tile draw (a fact the host enters)
    it showed the question with nothing to answer it. Now it asks for its own cards, and at the
    draw says that the host enters it."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    table.submit({"kind": "first_player", "first": 0})
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    ana, ben = links(hub, table)[1:3]
    g = await guest(hub, bus, f"/join/{ben.token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    hosts_words = table.prompt.msg.render(lang)
    seats_words = translate("ui.chinatown.seat_buildings", lang, **table.prompt.msg.args)
    assert seats_words in g.all_text() and hosts_words not in g.all_text()
    assert hosts_words in host.all_text() and seats_words not in host.all_text()
    table.auto(random.Random(1))  # the app deals; then every seat keeps its first choice
    while table.state.phase != "tiles":
        table.submit(table.prompt.choices[0])
    assert table.prompt.kind == "draw_tiles" and table.prompt.seat == 0
    a = await guest(hub, bus, f"/join/{ana.token}", prefs=prefs)
    assert translate("ui.live.waiting_table", lang) in a.all_text()
    assert table.prompt.msg.render(lang) not in a.all_text() and not a.keys("choice-")
    for h in (g, a, host):
        h.close()


async def test_serve_on_the_local_network_starts_a_listener(tmp_path, monkeypatch):
    # The button's handler must be awaited by Flet: a lambda making the coroutine dropped it
    # and the tap did nothing (tests/test_ui_structure.py now refuses such a lambda).
    monkeypatch.setattr(live, "_LISTENER", {})  # this test's listener only, closed below
    from companion.share import netinfo

    monkeypatch.setattr(netinfo, "_from_interfaces", lambda: ["127.0.0.1", "192.168.1.20"])  # a home Wi-Fi
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = await started(hub, route=f"/table/{table.id}/share")
    assert h.has("live-start-lan")
    await h.click("live-start-lan")
    try:
        url, port = live._LISTENER["url"], live._LISTENER["port"]
        assert url == f"http://192.168.1.20:{port}"
        assert not h.has("live-start-lan") and not h.has("live-local-only") and not h.has("live-no-address")
        assert h.by_key("live-url").value.startswith(f"{url}/join/")
        assert qr_text(h, "live-qr") == h.by_key("live-url").value and not h.has("live-device-only")
        # the harness has no such network: the same listener, through loopback
        answer = await asyncio.to_thread(urllib.request.urlopen, f"http://127.0.0.1:{port}/", timeout=60)
        assert answer.status == 200  # the same app, served on the listener
    finally:
        if "handle" in live._LISTENER:
            await live._LISTENER["handle"].close()


async def test_served_on_this_device_only_the_share_screen_says_what_to_tap_in_spanish(tmp_path):
    """No QR code other phones cannot open (it pointed at 127.0.0.1 over a small grey line):
    the warning says plainly that they cannot open it yet and names the button to tap."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = await started(hub, route=f"/table/{table.id}/share", prefs={"table_companion.lang": "es"})
    said = h.by_key("live-local-only")
    assert "aún no pueden abrir" in said.value and "«Servir en la red local»" in said.value
    assert said.color == ft.Colors.ERROR and not h.has("live-qr") and h.has("live-start-lan")
    assert "solo en este dispositivo" in h.by_key("live-device-only").value
    h.close()


def no_network(monkeypatch) -> None:
    """A machine whose interfaces and host name give no address but loopback (the lookup's own
    boundary: what the socket calls answer)."""
    from companion.share import netinfo

    monkeypatch.setattr(netinfo, "_from_interfaces", lambda: ["127.0.0.1"])
    monkeypatch.setattr(netinfo, "_from_hostname", lambda: [])


async def test_without_a_network_address_the_share_screen_says_phones_cannot_join(tmp_path, monkeypatch):
    """Serving on the local network fell back to 127.0.0.1 and the screen then showed the join
    QR as if other phones could open it: it says plainly that no address was found instead."""
    no_network(monkeypatch)
    monkeypatch.setattr(live, "_LISTENER", {})  # this test's listener only, closed below
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = await started(hub, route=f"/table/{table.id}/share")
    await h.click("live-start-lan")
    try:
        assert live._LISTENER["url"].startswith("http://127.0.0.1:")
        said = h.by_key("live-no-address")
        assert "No network address" in said.value and "cannot join" in said.value
        assert said.color == ft.Colors.ERROR and h.has("live-look-again")
        assert not h.has("live-qr") and h.has("live-device-only") and not h.has("live-local-only")
        await h.click("seat-qr-0")
        assert h.has("seat-device-only")
        from companion.share import netinfo

        monkeypatch.setattr(netinfo, "_from_interfaces", lambda: ["192.168.1.20"])  # Wi-Fi joined since
        await h.click("live-look-again")
        assert not h.has("live-no-address") and qr_text(h, "live-qr").startswith("http://192.168.1.20:")
    finally:
        if "handle" in live._LISTENER:
            await live._LISTENER["handle"].close()
    h.close()


async def test_served_with_lan_but_no_address_is_said_in_spanish(tmp_path, monkeypatch):
    """``serve --lan`` on such a machine: the address it was started on is loopback."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = Harness(prefs={"table_companion.lang": "es"})
    await h.start(make_main(hub, lan_url="http://127.0.0.1:8550"), route=f"/table/{table.id}/share")
    said = h.by_key("live-no-address")
    assert "No se encontró ninguna dirección de red" in said.value and not h.has("live-qr")
    h.close()
    # a hosted server opened at a loopback address keeps it: no listener of its own, ever
    hosted = live.lan_base_url(None, "http://127.0.0.1:8550", hosted=True)
    assert hosted == live.Reach("http://127.0.0.1:8550", serving=True, reachable=True)


def copied(h: Harness) -> list[str]:
    """What was put on the clipboard (its "set" call has data; SharedPreferences' has a key)."""
    return [next(iter(args.values())) for name, args in h.conn.calls if name == "set" and "key" not in args]


async def test_each_link_has_its_text_and_a_copy_button_named_for_its_seat(tmp_path):
    """A player could only scan the seat QR codes: each link is written out beside its code with
    a Copy link button, named for whose link it copies, and a "Copied" line after the tap."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    viewer, _, ben = links(hub, table)
    h = await started(hub, route=f"/table/{table.id}/share")
    assert h.by_key("live-link-copy").content.semantics_label == "Copy the table's link"
    assert h.by_key("live-link-status").value == ""
    await h.click("live-link-copy")
    assert copied(h) == [h.by_key("live-url").value] and copied(h)[0].endswith(f"/join/{viewer.token}")
    assert h.by_key("live-link-status").value == "Copied."
    await h.click("seat-qr-1")
    assert h.by_key("seat-link-copy").content.semantics_label == "Copy Ben's link"
    assert h.by_key("seat-link-status").value == ""
    await h.click("seat-link-copy")
    assert copied(h)[1] == h.by_key("seat-url").value and copied(h)[1].endswith(f"/join/{ben.token}")
    assert h.by_key("seat-link-status").value == "Copied."
    h.close()


async def test_copy_link_is_named_in_spanish(tmp_path):
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    h = await started(hub, route=f"/table/{table.id}/share", prefs={"table_companion.lang": "es"})
    await h.click("seat-qr-0")
    assert h.by_key("seat-link-copy").content.semantics_label == "Copiar el enlace de Ana"
    await h.click("seat-link-copy")
    assert h.by_key("seat-link-status").value == "Copiado."
    h.close()


async def test_copied_is_said_beside_the_last_copy_only_and_not_after_the_screen_is_left(tmp_path):
    """ "Copied." stayed beside every Copy tapped for the whole session: it is said beside the one
    tapped last, moves with the next Copy (a link, a seat's link, the snapshot), and is gone
    once the screen is left and opened again."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    share = f"/table/{table.id}/share"
    h = await started(hub, route=share, prefs={"table_companion.lang": "es"})
    await h.click("live-link-copy")
    assert h.by_key("live-link-status").value == "Copiado." and h.by_key("snapshot-status").value == ""
    await h.click("snapshot-copy")
    assert h.by_key("live-link-status").value == "" and h.by_key("snapshot-status").value == "Copiado."
    await h.click("seat-qr-0")
    await h.click("seat-link-copy")
    assert h.by_key("seat-link-status").value == "Copiado." and h.by_key("snapshot-status").value == ""
    await h.click("seat-dialog-close")
    await h.click("seat-qr-1")  # Ben's link: not the one copied
    assert h.by_key("seat-link-status").value == ""
    await h.click("seat-dialog-close")
    await h.goto(f"/table/{table.id}")
    await h.goto(share)
    assert h.by_key("live-link-status").value == "" and h.by_key("snapshot-status").value == ""
    await h.click("seat-qr-0")
    assert h.by_key("seat-link-status").value == ""
    h.close()


async def test_a_refusal_is_said_until_another_phone_changes_the_table(tmp_path):
    """A seat's refused tap stays said while the screen shows the table it was refused on, and
    goes once the host enters the next move: the words "Here is the question now" must not stay
    under a question that has changed since (a group met it two turns later)."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, ana, _ = links(hub, table)
    a = await guest(hub, bus, f"/join/{ana.token}")
    hub.change(table.id, lambda t: t.submit(t.prompt.choices[0]))  # Ana's move, unseen by her screen
    await a.click("choice-2")
    assert "The table changed before your entry arrived" in a.by_key("error").value
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    await host.click("choice-0")  # the host enters Ben's move
    await a.flush(pause=0.01)
    assert table.version == 3 and a.keys("choice-")  # Ana's turn again, on her phone
    assert not a.has("error")
    for h in (host, a):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seats_keep_form_asks_for_its_own_cards_not_to_pick_a_player(tmp_path, lang):
    """On a seat's phone the keep form shows that seat only: its hint says "the buildings you
    keep", not "pick the player" (a group met the host's words on each guest's phone)."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    table.submit({"kind": "first_player", "first": 0})
    bus = pubsub()
    ben = links(hub, table)[2]
    g = await guest(hub, bus, f"/join/{ben.token}", prefs={"table_companion.lang": lang})
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs={"table_companion.lang": lang})
    from companion.games.chinatown.public import dealing

    kept = dealing(table.state)[1]
    own, anyone = (translate(f"ui.chinatown.{key}", lang, k=kept) for key in ("keep_hint_own", "keep_hint"))
    assert own in g.all_text() and anyone not in g.all_text()
    assert anyone in host.all_text() and own not in host.all_text()
    for h in (g, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_guest_is_told_when_the_host_undoes(tmp_path, lang):
    """The host's undo brings a seat's question back; the seat's phone says why, as news (not a
    refusal), naming the entry undone, until the next move. The host's own screen says it in its
    own words (tests/ui/test_dragon_taps_ui.py)."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, ana, ben = links(hub, table)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    a = await guest(hub, bus, f"/join/{ana.token}", prefs={"table_companion.lang": lang})
    b = await guest(hub, bus, f"/join/{ben.token}", prefs={"table_companion.lang": lang})
    await a.click("choice-2")  # Ana's move from her phone
    await host.flush(pause=0.01)
    await host.click("undo")
    for h in (a, b):
        await h.flush(pause=0.01)
    what = translator(lang).msg(table.game.narrate(table.state, table.redo_entries[-1]))  # as History says it
    said = translate("ui.live.host_undid_entry", lang, what=what)
    assert table.version == 1 and a.keys("choice-")  # Ana's question is back on her phone
    assert a.by_key("info").value == said and not a.has("error")
    assert b.by_key("info").value == said  # the one waiting sees it too
    assert host.by_key("info").value == translate(
        "ui.play.undone",
        "en",
        what=translator("en").msg(table.game.narrate(table.state, table.redo_entries[-1])),
    )
    await a.click("choice-0")  # the next move: the news goes
    assert not a.has("info")
    for h in (host, a, b):
        h.close()


async def test_a_guest_sets_its_own_language_and_theme_and_comes_back_to_the_table(tmp_path):
    """A guest never sees Home (where Settings is): its table's app bar has Settings, over the
    table, whose Back returns to it. Its language and theme are its phone's; the host's stay."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    viewer = links(hub, table)[0]
    prefs: dict = {}
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    v = await guest(hub, bus, f"/join/{viewer.token}", prefs=prefs)
    assert not host.has("guest-settings")
    host_look = (host.page.theme_mode, str(host.by_key("share").tooltip))
    await v.click("guest-settings")
    assert v.has("lang-chips") and len(views_of(v.page)) == 2  # Settings over the table: a way back
    await v.click("lang-es")
    await v.click("theme-dark")
    assert prefs["table_companion.lang"] == "es" and v.page.theme_mode.value == "dark"
    await v.session.dispatch_event(v.page._i, "view_pop", {"route": "/settings"})
    await v.flush()
    assert v.by_key("role").value == "Espectador" and v.route() == "/"  # its table again, in Spanish
    await host.flush(pause=0.01)
    assert (host.page.theme_mode, str(host.by_key("share").tooltip)) == host_look  # the host's unchanged
    assert translate("ui.live.share", "en") in host_look[1]
    for h in (host, v):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_revoking_a_seat_link_says_so_on_its_row(tmp_path, lang):
    """A seat's row looks the same before and after its link is replaced (the link is behind
    Show QR): the row says the old link is dead, the last revoked one only."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    host = await started(hub, route=f"/table/{table.id}/share", prefs={"table_companion.lang": lang})
    assert not host.keys("revoked-")
    await host.click("revoke-0")
    await host.click("revoke-confirm")
    assert host.by_key("revoked-0").value == translate("ui.live.revoked_seat", lang, name="Ana")
    await host.click("revoke-1")
    await host.click("revoke-confirm")
    assert host.keys("revoked-") == ["revoked-1"]
    host.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_revoking_the_table_link_says_so_under_its_button(tmp_path, lang):
    """Revoking the table's (viewers') link changed only a long address and a code higher up:
    the tap seemed lost. A line under the button now says the old link is dead, until a seat's
    link is revoked next (that row says so instead)."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    host = await started(hub, route=f"/table/{table.id}/share", prefs={"table_companion.lang": lang})
    assert not host.has("revoked-viewer")
    await host.click("revoke-viewer")
    await host.click("revoke-confirm")
    assert host.by_key("revoked-viewer").value == translate("ui.live.revoked_viewer", lang)
    await host.click("revoke-0")
    await host.click("revoke-confirm")
    assert host.keys("revoked-") == ["revoked-0"]
    host.close()


@pytest.mark.parametrize(("lang", "named"), [("en", "the table's link"), ("es", "el enlace de la mesa")])
async def test_the_revoke_button_names_the_link_as_the_screen_does(tmp_path, lang, named):
    """The viewers' link is "the table's link" on the Share screen (its QR code, Copy the table's
    link); its revoke button called it "the viewer link", a second name for the same thing."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    host = await started(hub, route=f"/table/{table.id}/share", prefs={"table_companion.lang": lang})
    assert named in translate("ui.live.copy_viewer_link", lang).lower()
    assert named in host.by_key("revoke-viewer").content.value.lower()
    host.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seats_revoke_asks_first_naming_the_player(tmp_path, lang):
    """The "⊘" beside Show QR revoked a seat's link at the first tap: a mis-tap threw Ana off
    the table. It asks first, naming her; Close keeps her link (her phone stays at the table),
    the dialog's Revoke cuts it. The table's link asks too."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, ana, _ = links(hub, table)
    prefs = {"table_companion.lang": lang}
    a = await guest(hub, bus, f"/join/{ana.token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}/share", pubsub=bus, prefs=prefs)
    await host.click("revoke-0")
    assert host.open_dialogs() == ["revoke-dialog"]
    assert host.by_key("revoke-body").value == translate("ui.live.revoke_seat_body", lang, name="Ana")
    assert translate("ui.live.revoke_seat_title", lang, name="Ana") in host.all_text()
    await host.click("revoke-dialog-close")
    await a.flush(pause=0.01)
    assert links(hub, table)[1].token == ana.token and not a.has("join-code")
    assert not host.keys("revoked-")
    await host.click("revoke-0")
    await host.click("revoke-confirm")
    await a.flush(pause=0.01)
    assert links(hub, table)[1].token != ana.token and a.has("join-code")
    assert host.by_key("revoked-0").value == translate("ui.live.revoked_seat", lang, name="Ana")
    viewer = links(hub, table)[0].token
    await host.click("revoke-viewer")
    assert host.by_key("revoke-body").value == translate("ui.live.revoke_viewer_body", lang)
    await host.click("revoke-dialog-close")
    assert links(hub, table)[0].token == viewer
    for h in (a, host):
        h.close()


FOUR = ["Alejandra", "Bartolomé", "Carla", "Dionisio"]


def bar_of(h) -> ft.AppBar:
    (bar,) = [c for c in h.controls() if isinstance(c, ft.AppBar)]
    return bar


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_table_of_four_keeps_its_name_in_the_titles(tmp_path, lang):
    """At 412 px, a table of four's name ("Alejandra, Bartolomé, Carla, Dionisio") was cut after
    "Bartolo…" on a seat's phone (one line beside the gear and "Jugador: Bartolomé") and on the
    Share screen ("Compartir: Alejandra, Bartolom…"). A long title is smaller and may take two
    lines; on a seat's phone who it is goes under the name, leaving it the bar beside the gear."""
    from companion.ui.widgets import BAR_LONG_SIZE

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("toy", FOUR))
    table.submit({"kind": "start", "first": 0})
    prefs = {"table_companion.lang": lang}
    bus = pubsub()
    seat = await guest(hub, bus, f"/join/{links(hub, table)[2].token}", prefs=prefs)
    share = await started(hub, route=f"/table/{table.id}/share", pubsub=bus, prefs=prefs)
    name = seat.by_key("table-name")
    assert name.value == ", ".join(FOUR) and name.max_lines == 2 and name.size == BAR_LONG_SIZE
    bar = bar_of(seat)
    assert [getattr(c, "key", None) for c in bar.actions] == ["guest-settings"]  # the role is not beside it
    assert [c.key for c in bar.title.controls] == ["table-name", "role"]
    assert seat.by_key("role").value == translate("ui.live.seat", lang, name="Bartolomé")
    title = share.by_key("share-title")
    assert title.value == translate("ui.live.title", lang, name=", ".join(FOUR))
    assert title.max_lines == 2 and title.size == BAR_LONG_SIZE
    short = hub.create(Table.new("toy", ["Ana", "Ben"]))
    host = await started(hub, route=f"/table/{short.id}", pubsub=bus, prefs=prefs)
    assert host.by_key("table-name").size is None  # a short name keeps the Material title size
    three = hub.create(Table.new("toy", ["Ana", "Ben", "Carla"]))
    roomy = await started(hub, route=f"/table/{three.id}/share", pubsub=bus, prefs=prefs)
    # "Share: Ana, Ben, Carla" fits beside Back alone: the Material size (it was drawn small)
    assert len(roomy.by_key("share-title").value) > 18 and roomy.by_key("share-title").size is None
    roomy.close()
    for h in (seat, share, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_guests_bar_is_the_material_height_under_a_name_on_one_line(tmp_path, lang):
    """Issue 25: a guest's bar was 72 px tall whatever the name, for who this phone is under it.
    Under a name on one line at the Material size both lines fit the Material bar (56 px, 16 px
    more for the question); a longer name, smaller on up to two lines, keeps 72. Who this phone
    is reads at body size in the bar's own colour (it was 13 px and grey)."""
    from companion.ui.views.chrome import GUEST_BAR
    from companion.ui.widgets import BODY

    hub = new_hub(tmp_path)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    short = toy_table(hub)
    long = hub.create(Table.new("toy", FOUR))
    long.submit({"kind": "start", "first": 0})
    seat = await guest(hub, bus, f"/join/{links(hub, short)[1].token}", prefs=prefs)
    viewer = await guest(hub, bus, f"/join/{links(hub, short)[0].token}", prefs=prefs)
    far = await guest(hub, bus, f"/join/{links(hub, long)[2].token}", prefs=prefs)
    assert bar_of(seat).toolbar_height is None and bar_of(viewer).toolbar_height is None
    assert seat.by_key("table-name").max_lines == 1  # a wider name than thought is cut, not clipped
    assert bar_of(far).toolbar_height == GUEST_BAR and far.by_key("table-name").max_lines == 2
    said = {h.by_key("role").value: h.by_key("role") for h in (seat, viewer, far)}
    assert list(said) == [
        translate("ui.live.seat", lang, name="Ana"),
        translate("ui.live.viewer", lang),
        translate("ui.live.seat", lang, name="Bartolomé"),
    ]
    assert {(t.size, t.color) for t in said.values()} == {(BODY, ft.Colors.ON_SURFACE)}
    for h in (seat, viewer, far):
        h.close()
