"""Hosted mode (``companion serve --hosted``) in the headless harness: each device's private
space, isolation between spaces, live-share links across spaces, refused and rotated keys,
and the entries-per-second budget of a space."""

from __future__ import annotations

import logging
import sqlite3
from contextlib import closing

from flet_harness import Harness
from ui_testkit import new_table_by_taps

from companion.core import Table
from companion.share.attempts import AttemptLimits, Attempts
from companion.store.space_limits import SpaceLimits
from companion.store.spaces import SpaceKey, Spaces
from companion.ui import live, peer
from companion.ui.app import make_main
from companion.ui.hosted import LINK_SPACE_PREF, SPACE_PREF, Hosted
from companion.ui.views.home import HomeList

PHONE_A = "203.0.113.10"  # documentation addresses: the harness has no network
PHONE_B = "203.0.113.20"
BASE = "http://127.0.0.1:8550"  # the harness's page address


def hosted_in(tmp_path, failures: int = 20, **limits) -> Hosted:
    spaces = Spaces(tmp_path / "data", limits=SpaceLimits(**limits))
    return Hosted(spaces, attempts=Attempts(AttemptLimits(address_failures=failures)))


async def phone(
    hosted: Hosted, prefs: dict | None = None, route: str = "/", address: str = PHONE_A
) -> Harness:
    """One browser tab of a phone whose storage is ``prefs`` (kept between its sessions)."""
    h = Harness(prefs={} if prefs is None else prefs)
    peer.record(h.conn, address)  # what the web server records from the socket
    await h.start(make_main(hosted=hosted), route=route)
    return h


def key_of(h: Harness) -> SpaceKey:
    key = SpaceKey.parse(h.conn.prefs[SPACE_PREF])
    assert key is not None
    return key


def launched(h: Harness) -> list[str]:
    return [args["url"] for name, args in h.conn.calls if name == "launch_url"]


def toy_table(hosted: Hosted, space_id: str, names=("Ana", "Ben"), name: str = "") -> Table:
    table = hosted.hub(space_id).create(Table.new("toy", list(names)))
    table.submit({"kind": "start", "first": 0})
    if name:
        hosted.hub(space_id).rename(table.id, name)
    return table


async def test_a_fresh_device_gets_its_own_space_and_hosts_its_tables(tmp_path):
    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    key = key_of(a)
    assert hosted.spaces.check(key)
    await new_table_by_taps(a, "toy", names=("Ana", "Ben"))
    [info] = hosted.spaces.store(key.space_id).list()
    assert a.route() == f"/table/{info.id}" and info.players == ["Ana", "Ben"]
    assert a.has("share") and a.has("auto")  # the host's bar and the table fact's deal
    a.close()
    again = await phone(hosted, prefs=a.conn.prefs, route=f"/table/{info.id}")  # the next visit
    assert key_of(again) == key and again.has("share") and again.by_key("table-name").value
    again.close()


async def test_another_device_sees_nothing_of_the_first_space(tmp_path):
    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    a_id = key_of(a).space_id
    store_a = hosted.spaces.store(a_id)
    ana = store_a.create_player("Quillon", "green")
    table = toy_table(hosted, a_id, names=("Quillon", "Zephyrine"), name="Quillon's night")
    store_a.log_calculated(
        "dayu-final",
        {
            "players": [
                {"name": "Quillon", "vp_cards": [{"frame": "silver", "vp": 4}], "flood_cards": []},
                {"name": "Zephyrine"},
            ]
        },
        date="2026-11-01T20:00:00+00:00",
        player_ids=[ana.id, None],
    )
    await a.goto("/plays")
    assert a.by_key("plays-count").value.startswith("1")  # the first space has its play
    b = await phone(hosted, address=PHONE_B)
    assert key_of(b).space_id != a_id
    assert not b.has(f"table-{table.id}") and b.has("no-tables")
    b.page.session.store.get("companion.app").drafts.keep(HomeList).search = "Quillon"
    await b.goto("/")
    assert b.has("home-none-found") and not b.has(f"table-{table.id}")
    await b.goto("/plays")
    assert b.has("plays-none") and "Zephyrine" not in b.all_text()
    await b.goto("/players")  # (Home under it still says its search found nothing)
    assert "Quillon" not in b.texts() and b.has("players-none")
    await b.goto("/stats/dayu")
    assert b.has("stats-none") and "Quillon" not in b.texts() and "Zephyrine" not in b.texts()
    await b.goto(f"/table/{table.id}")  # typing the other space's table address opens nothing
    assert b.has("missing") and not b.has("choice-0")
    assert hosted.spaces.store(key_of(b).space_id).list() == []
    a.close()
    b.close()


async def test_a_link_of_space_a_opens_its_table_as_a_guest_in_space_b(tmp_path):
    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    a_id = key_of(a).space_id
    shown = toy_table(hosted, a_id, name="Shown table")
    other = toy_table(hosted, a_id, names=("Cy", "Di"), name="Other table")
    viewer, _ana, ben = live.links_for(hosted.hub(a_id)).links(shown.id, 2)
    await a.goto(f"/table/{shown.id}/share")
    assert a.by_key("live-url").value == f"{BASE}/join/{a_id}/{viewer.token}"
    assert not a.has("live-start-lan")  # a public server never opens another listener
    assert not a.has("live-look-again") and not a.has("live-no-address")  # even opened at 127.0.0.1
    assert a.by_key("live-heading").value == "Live on everyone's phones"  # no local network here
    b = await phone(hosted, address=PHONE_B)
    b_key = key_of(b)
    b.close()
    g = await phone(hosted, prefs=b.conn.prefs, route=f"/join/{a_id}/{ben.token}", address=PHONE_B)
    assert g.route() == f"/table/{shown.id}" and g.by_key("role").value == "Seat: Ben"
    for route in ("/", "/players", "/plays", "/new", f"/table/{other.id}", "/settings/space", "/stats"):
        await g.goto(route)
        assert g.by_key("table-name").value == "Shown table", route
        assert "Other table" not in g.all_text() and "Cy" not in g.all_text()
    assert key_of(g) == b_key and g.conn.prefs[LINK_SPACE_PREF] == a_id  # its own key stays
    await g.click("my-space")
    assert launched(g) == [f"{BASE}/"]
    g.close()
    home = await phone(hosted, prefs=g.conn.prefs, route="/", address=PHONE_B)  # the page reopened
    assert home.has("new-table") and not home.has(f"table-{shown.id}")
    home.close()
    back = await phone(hosted, prefs=g.conn.prefs, route=f"/table/{shown.id}", address=PHONE_B)
    assert back.by_key("role").value == "Seat: Ben"  # its stored link reopens that table
    back.close()
    wrong = await phone(hosted, prefs={}, route=f"/join/{b_key.space_id}/{ben.token}", address=PHONE_B)
    assert wrong.has("join-code") and not wrong.has("table-name")  # A's token means nothing in B
    wrong.close()
    a.close()


async def test_a_forged_key_is_refused_logged_and_locks_the_address_out(tmp_path, caplog):
    hosted = hosted_in(tmp_path, failures=3)
    real = hosted.spaces.create()
    forged = SpaceKey(real.space_id, "x" * 43).text()
    caplog.set_level(logging.WARNING, logger="companion.hosted")
    for _ in range(3):
        h = await phone(hosted, prefs={SPACE_PREF: forged}, address=PHONE_B)
        assert h.has("space-refused") and h.has("space-new") and not h.has("new-table")
        h.close()
    said = [r.getMessage() for r in caplog.records if r.name == "companion.hosted"]
    assert len(said) == 3 and all(PHONE_B in line for line in said)
    assert not any(real.space_id in line or "x" * 43 in line for line in said)  # never the key
    locked = await phone(hosted, prefs={SPACE_PREF: real.text()}, address=PHONE_B)
    assert locked.has("space-refused") and not locked.has("space-new")  # even a right key, for now
    assert "Too many keys" in locked.by_key("space-refused").value
    locked.close()
    elsewhere = await phone(hosted, prefs={SPACE_PREF: real.text()}, address=PHONE_A)
    assert elsewhere.has("new-table")  # the lockout is the address's, not the space's
    elsewhere.close()


async def test_a_refused_device_starts_a_new_space_with_one_tap(tmp_path):
    hosted = hosted_in(tmp_path)
    prefs = {SPACE_PREF: "not a key"}
    h = await phone(hosted, prefs=prefs)
    await h.click("space-new")
    await h.click("space-new")  # a second tap while the page reopens makes no second space
    key = key_of(h)
    assert hosted.spaces.check(key) and launched(h) == [f"{BASE}/"]
    h.close()
    fresh = await phone(hosted, prefs=prefs)
    assert key_of(fresh) == key and fresh.has("new-table")
    fresh.close()


async def test_signing_out_other_devices_refuses_the_old_key(tmp_path):
    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    old = key_of(a)
    table = toy_table(hosted, old.space_id, name="Kept table")
    other_device = dict(a.conn.prefs)  # the recovery link opened on a tablet earlier
    await a.goto("/settings")
    await a.click("settings-space")
    assert a.route() == "/settings/space"
    assert a.by_key("space-url").value == f"{BASE}/space#{old.text()}"
    await a.click("space-copy")
    copied = [args for name, args in a.conn.calls if name == "set" and "key" not in args]
    assert [next(iter(args.values())) for args in copied] == [f"{BASE}/space#{old.text()}"]
    assert a.by_key("space-status").value == "Copied."
    await a.click("space-rotate")
    await a.click("space-rotate-confirm")
    new = key_of(a)
    assert new.space_id == old.space_id and new != old
    assert a.by_key("space-url").value == f"{BASE}/space#{new.text()}"
    tablet = await phone(hosted, prefs=other_device, address=PHONE_B)
    assert tablet.has("space-refused") and not tablet.has(f"table-{table.id}")
    tablet.close()
    recovered = await phone(hosted, prefs={SPACE_PREF: new.text()}, address=PHONE_B)
    assert recovered.has(f"table-{table.id}") and recovered.has("new-table")
    recovered.close()
    a.close()


async def test_the_space_budget_refuses_entries_past_its_burst_at_the_control(tmp_path):
    hosted = hosted_in(tmp_path, entries_per_second=0.001, entries_burst=2)
    a = await phone(hosted)
    table = toy_table(hosted, key_of(a).space_id)
    await a.goto(f"/table/{table.id}")
    await a.click("choice-0")
    await a.click("choice-0")
    assert table.version == 3  # the burst: two entries at once are fine
    await a.click("choice-0")
    assert table.version == 3
    assert "Too many entries" in a.by_key("error").value
    a.close()


async def test_an_address_making_too_many_new_spaces_gets_none_for_a_while(tmp_path):
    hosted = hosted_in(tmp_path)
    hosted.created = Attempts(AttemptLimits(address_failures=2, window=3600.0, lockout=3600.0))
    for _ in range(2):  # two phones of a group at one venue
        h = await phone(hosted, address=PHONE_B)
        assert h.has("new-table")
        h.close()
    third = await phone(hosted, address=PHONE_B)
    assert SPACE_PREF not in third.conn.prefs and not third.has("new-table")
    assert "Too many new spaces" in third.by_key("space-refused").value
    third.close()
    refused = await phone(hosted, prefs={SPACE_PREF: "not a key"}, address=PHONE_B)
    assert refused.has("space-refused") and not refused.has("space-new")  # no new space offered
    refused.close()
    elsewhere = await phone(hosted, address=PHONE_A)
    assert elsewhere.has("new-table")
    elsewhere.close()
    with closing(sqlite3.connect(tmp_path / "data" / "spaces.sqlite3")) as registry:
        assert registry.execute("SELECT COUNT(*) FROM spaces").fetchone() == (3,)  # none was made


async def test_home_asks_to_keep_the_recovery_link_until_it_was_shown_on_this_device(tmp_path):
    from companion.ui.hosted import SAVED_PREF

    hosted = hosted_in(tmp_path)
    a = await phone(hosted)
    assert not a.has("space-keep")  # an empty space: nothing to lose yet
    toy_table(hosted, key_of(a).space_id)
    a.close()
    a = await phone(hosted, prefs=a.conn.prefs)
    assert a.has("space-keep")
    await a.click("space-keep-later")  # put away for this session
    assert not a.has("space-keep")
    a.close()
    a = await phone(hosted, prefs=a.conn.prefs)  # the next visit asks again
    await a.click("space-keep-open")
    assert a.route() == "/settings/space" and a.has("space-qr")
    assert a.conn.prefs[SAVED_PREF] == a.conn.prefs[SPACE_PREF]
    a.close()
    a = await phone(hosted, prefs=a.conn.prefs)
    assert not a.has("space-keep")  # shown once on this device: Home stops asking
    await a.click("open-settings")
    await a.click("settings-space")
    old_key = a.conn.prefs[SPACE_PREF]
    await a.click("space-rotate")  # signing out other devices happens on the screen of the new link
    await a.click("space-rotate-confirm")
    assert a.conn.prefs[SPACE_PREF] != old_key
    a.close()
    a = await phone(hosted, prefs=a.conn.prefs)
    assert a.conn.prefs[SAVED_PREF] == a.conn.prefs[SPACE_PREF] and not a.has("space-keep")
    a.close()
