"""What each player's own phone shows during a live share, as a 3-player group met it (the
walkthrough of branch seatwalk, docs/DECISIONS.md "Phones in hand"): the question in the seat's
own words, who the table waits for, the question back in view after a dialog, and no advice
addressed to someone else."""

from __future__ import annotations

import random

import flet as ft
import pytest
from test_live_share import app_of, direct, guest, links, pubsub, toy_table
from ui_testkit import keys_in_order, new_hub, started

from companion.core import Table
from companion.core.msg import Msg, join_list
from companion.games.chinatown import rules
from companion.games.dayu.public import marker_preview
from companion.games.dragon.public import bonus_msg, card_msg, coming_events, event_msg, super_msg, tile_msg
from companion.i18n import translate
from companion.ui.foresight import MAX_HAPPENED
from companion.ui.glance import last_summary


def host_line_left_out(phone, lang: str, offered: str = "choice-") -> bool:
    """The general "The host enters what lies on the table." is not what the phone says, and it
    offers nothing keyed ``offered`` to tap (the host's to enter)."""
    return translate("ui.live.waiting_table", lang) not in phone.all_text() and not phone.keys(offered)


async def seat_reads(hub, bus, table: Table, link: int, lang: str, said: str) -> None:
    """The phone of the table's link ``link`` (1: the first seat's), opened now, says ``said``,
    not the host's general line, and offers nothing to tap."""
    phone = await guest(
        hub, bus, f"/join/{links(hub, table)[link].token}", prefs={"table_companion.lang": lang}
    )
    assert said in phone.texts()
    assert host_line_left_out(phone, lang)
    phone.close()


def chinatown_after_ben_kept(hub) -> Table:
    """A Chinatown table in its first year's building cards, dealt by hand: Ben has entered the
    buildings he keeps, Ana and Carla have not."""
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    table.submit({"kind": "first_player", "first": 0})
    kept = table.prompt.msg.args["k"]
    table.submit({"kind": "keep_buildings", "seat": 1, "buildings": [19, 20, 22, 28, 43][:kept]})
    assert table.prompt.kind == "keep_buildings" and table.prompt.seats == (0, 2)
    return table


async def two_seats(tmp_path, lang):
    hub = new_hub(tmp_path)
    table = chinatown_after_ben_kept(hub)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    _, ana, ben, _ = links(hub, table)
    a = await guest(hub, bus, f"/join/{ana.token}", prefs=prefs)
    b = await guest(hub, bus, f"/join/{ben.token}", prefs=prefs)
    return hub, table, bus, a, b


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seat_still_keeping_is_asked_in_its_own_words(tmp_path, lang):
    """Once one player had entered the buildings they keep, Ana's phone said the table's words,
    "Enter the 5 buildings kept by: Ana and Carla." ("Introducid ..."), to her alone."""
    hub, table, bus, a, b = await two_seats(tmp_path, lang)
    k = table.prompt.msg.args["k"]
    assert translate("ui.chinatown.seat_keep", lang, k=k) in a.all_text()
    assert table.prompt.msg.render(lang) not in a.all_text() and a.has("ct-keep-form")
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs={"table_companion.lang": lang})
    assert table.prompt.msg.render(lang) in host.all_text()  # the host keeps the table's words
    for h in (a, b, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seat_that_has_kept_its_buildings_is_told_who_is_left(tmp_path, lang):
    """Ben's phone, his buildings entered, said "The host enters what lies on the table.", though
    Ana and Carla enter theirs on their own phones; it names them, and who is left as they go."""
    _, table, _, a, b = await two_seats(tmp_path, lang)
    k = table.prompt.msg.args["k"]
    left = join_list(("Ana", "Carla"), lang)
    assert translate("ui.live.waiting", lang, name=left) in b.all_text()
    assert host_line_left_out(b, lang, offered="ct-keep-form")
    for n in [1, 2, 3, 16, 17][:k]:  # Ana enters hers on her phone
        await a.click(f"ct-card-{n}")
    await a.click("ct-keep-submit")
    await b.flush(pause=0.01)
    assert table.prompt.seats == (2,)
    assert translate("ui.live.waiting", lang, name="Carla") in b.all_text()  # drawn again
    assert translate("ui.live.waiting", lang, name=left) not in b.all_text()
    for h in (a, b):
        h.close()


def scrolls(h) -> list[dict]:
    return [args for name, args in h.conn.calls if name == "scroll_to"]


async def test_a_dialog_closed_after_the_table_moved_on_brings_the_question_back(tmp_path):
    """Ben read his money (a dialog) while the host entered a move; the Play screen does not
    scroll under a dialog, and when he closed it, it stayed where the money button was, low on
    the page, with his turn's question above the screen."""
    hub = new_hub(tmp_path)
    table = toy_table(hub)
    bus = pubsub()
    _, _, ben = links(hub, table)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    b = await guest(hub, bus, f"/join/{ben.token}")
    await direct(b, lambda: app_of(b).dialogs.show_rule("toy.add"))
    before = len(scrolls(b))
    await host.click("choice-0")
    await b.flush(pause=0.01)
    assert scrolls(b)[before:] == []  # never under a dialog
    await b.click("rule-dialog-close")
    await b.flush(pause=0.01)
    moved = scrolls(b)[before:]
    assert b.open_dialogs() == [] and [m.get("offset") for m in moved] == [0], moved
    await direct(b, lambda: app_of(b).dialogs.show_rule("toy.add"))  # the table has not moved since
    await b.click("rule-dialog-close")
    await b.flush(pause=0.01)
    assert len(scrolls(b)[before:]) == 1  # a dialog opened and closed alone does not scroll
    for h in (b, host):
        h.close()


async def test_the_card_under_the_marker_shows_on_the_movers_phone_only(tmp_path):
    """Da Yu's "card under the marker" speaks to the player whose turn it is ("what taking it
    would be worth now", "each VP card you hold"): on Bruno's phone, during Carla's turn, it
    read as Bruno's own."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
    rng = random.Random(5)
    while table.state.phase != "actions":
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    mover = table.prompt.seat
    other = (mover + 1) % 3
    bus = pubsub()
    seat_links = links(hub, table)
    viewer = seat_links[0]
    m = await guest(hub, bus, f"/join/{seat_links[1 + mover].token}")
    o = await guest(hub, bus, f"/join/{seat_links[1 + other].token}")
    v = await guest(hub, bus, f"/join/{viewer.token}")
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    assert m.has("dy-marker") and host.has("dy-marker")
    assert not o.has("dy-marker") and not v.has("dy-marker")
    for h in (m, o, v, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seats_phone_during_trading_says_what_the_table_is_doing(tmp_path, lang):
    """All through Chinatown's trading every seat's phone said "The host enters what lies on
    the table.": nothing lies there to enter; the players deal aloud and the host enters each
    trade. The waiting line says so on a viewer's phone; a seat's phone asks for a trade it
    offers (tests/ui/test_trade_offers.py), never the host's Enter; the host's question stays the
    table's."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    rng = random.Random(2)
    while table.prompt.kind != "trade":
        table.auto(rng) if table.prompt.choices is None else table.submit(table.prompt.choices[0])
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    viewer, ana, _, _ = links(hub, table)
    a = await guest(hub, bus, f"/join/{ana.token}", prefs=prefs)
    v = await guest(hub, bus, f"/join/{viewer.token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    assert translate("ui.chinatown.seat_trading", lang) in v.all_text()
    assert host_line_left_out(v, lang, offered="ct-trade")
    assert translate("ui.chinatown.seat_trade", lang) in a.all_text() and a.has("ct-offer-form")
    assert not a.has("ct-trade-enter") and not a.has("ct-trading-done")
    assert table.prompt.msg.render(lang) in host.all_text()
    await host.click("ct-trading-done")
    for h in (a, v):
        await h.flush(pause=0.01)
    assert table.prompt.kind == "place_tile"
    assert translate("ui.chinatown.seat_trading", lang) not in v.all_text()  # the line follows the table
    assert not a.has("ct-offer-form")
    for h in (a, v, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seats_phone_at_the_start_player_question_says_what_is_decided(tmp_path, lang):
    """At Chinatown's first question every seat's phone said only "The host enters what lies on
    the table.", not that the table was choosing who starts."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    assert table.prompt.kind == "first_player"
    bus = pubsub()
    await seat_reads(hub, bus, table, 1, lang, translate("ui.chinatown.seat_first_player", lang))


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seat_keeping_its_buildings_is_named_above_its_question(tmp_path, lang):
    """The keep form on Ana's phone was headed "The table" ("La mesa") above a question worded
    to her ("Enter the 5 buildings you keep."); it is headed by her name, the host's by the table."""
    hub, table, bus, a, b = await two_seats(tmp_path, lang)
    assert a.has("ct-keep-form") and a.by_key("prompt-seat").value == "Ana"
    assert translate("ui.play.the_table", lang) not in a.texts()
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs={"table_companion.lang": lang})
    assert translate("ui.play.the_table", lang) in host.texts() and not host.has("prompt-seat")
    for h in (a, b, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seats_keep_form_shows_its_cards_with_no_seat_to_pick(tmp_path, lang):
    """The keep form on Ana's phone opened on a seat picker of one button, her own name, with
    "Ana keeps 0/5" under it: there is no one to pick there. Her phone shows the cards at once
    and "You keep 0/5"; the host still picks among the players left."""
    hub, table, bus, a, b = await two_seats(tmp_path, lang)
    k = table.prompt.msg.args["k"]
    assert a.has("ct-keep-form") and not a.keys("ct-keep-seat-") and a.has("ct-card-1")
    assert translate("ui.chinatown.keep_so_far_own", lang, n=0, k=k, cards="…") in a.texts()
    await a.click("ct-card-1")
    assert translate("ui.chinatown.keep_so_far_own", lang, n=1, k=k, cards="1") in a.texts()
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs={"table_companion.lang": lang})
    assert sorted(host.keys("ct-keep-seat-")) == ["ct-keep-seat-0", "ct-keep-seat-2"]
    said = translate("ui.chinatown.keep_so_far", lang, name="Ana", n=0, k=k, cards="…")
    assert said in host.texts()
    for h in (a, b, host):
        h.close()


def selected_node(h, key: str) -> bool | None:
    """What a screen reader is told of the box ``key``: the Semantics node around it."""
    node = next(
        c for c in h.controls() if isinstance(c, ft.Semantics) and getattr(c.content, "key", None) == key
    )
    return node.selected


async def test_a_picked_building_card_is_plain_at_a_glance(tmp_path):
    """A tapped card in the keep grid showed only a pale tint and a bold number, easy to miss
    among 90: it is filled in the primary colour under a check mark, and said to be selected;
    tapped again, it is as it was."""
    _, _, _, a, b = await two_seats(tmp_path, "es")
    card = a.by_key("ct-card-1")
    assert (
        card.bgcolor != ft.Colors.PRIMARY
        and not a.has("ct-card-check-1")
        and not selected_node(a, "ct-card-1")
    )
    await a.click("ct-card-1")
    card = a.by_key("ct-card-1")
    assert card.bgcolor == ft.Colors.PRIMARY and a.has("ct-card-check-1") and selected_node(a, "ct-card-1")
    assert a.by_key("ct-card-2").bgcolor != ft.Colors.PRIMARY and not a.has("ct-card-check-2")
    await a.click("ct-card-1")
    assert a.by_key("ct-card-1").bgcolor != ft.Colors.PRIMARY and not a.has("ct-card-check-1")
    for h in (a, b):
        h.close()


def played_until(table: Table, done, seed: int) -> Table:
    """``table`` played at random (the app dealing where it may) until ``done(prompt)``."""
    rng = random.Random(seed)
    for _ in range(2000):
        if done(table.prompt):
            return table
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    raise AssertionError("never reached")


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_done_placing_on_the_placers_own_phone_leaves_its_name_out(tmp_path, lang):
    """ "Ana: termina de colocar" on Ana's own phone, under her own name: there it reads "Termina
    de colocar"; the host, entering it for her, keeps her name."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    played_until(table, lambda p: p.kind == "trade", 2)
    table.submit({"kind": "trading_done"})
    seat = table.prompt.seat
    assert table.prompt.kind == "place_tile" and seat is not None
    name = table.players[seat].name
    said = Msg("chinatown.entry.done_placing", {"player": name}).render(lang)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    mine = await guest(hub, bus, f"/join/{links(hub, table)[1 + seat].token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    rest = said.removeprefix(f"{name}: ")
    assert rest != said and rest[0].upper() + rest[1:] in mine.texts() and said not in mine.texts()
    assert said in host.texts()
    for h in (mine, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_da_yus_draw_question_speaks_to_the_drawer_on_their_own_phone(tmp_path, lang):
    """Da Yu's draw question read "Ana holds 2 of 3 tool cards: ..." on Ana's own phone; there it
    says "You hold 2 of 3 ...", and the host's and the others' screens keep the table's words."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
    played_until(table, lambda p: p is not None and p.msg.key == "dayu.ask.draw", 5)
    prompt, seat = table.prompt, table.prompt.seat
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    mine = await guest(hub, bus, f"/join/{links(hub, table)[1 + seat].token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    own = translate("ui.dayu.own_draw", lang, **prompt.msg.args)
    assert own in mine.texts() and prompt.msg.render(lang) not in mine.all_text()
    assert prompt.msg.render(lang) in host.texts() and own not in host.all_text()
    for h in (mine, host):
        h.close()


def dayu_exchanging() -> Table:
    """A Da Yu table where Ana (seat 0, moving) has just taken an Exchange card while Ben holds a
    flood card: the position built by hand from the engine's state, not met by a random game."""
    from dayu_helpers import check_invariants, with_flood

    table = Table.new("dayu", ["Ana", "Ben", "Carla"])
    for player in range(3):
        table.submit({"kind": "marker", "player": player, "place": 0})
    table.submit({"kind": "start", "player": 0})
    s = with_flood(with_flood(table.state, 0, "exchange"), 1, "free_move")
    s.flood_pile -= 1  # Ben's card came from the pile, Ana's from place 2 of the ring, emptied
    s.supply, s.ring[1].tokens, s.ring[1].card = s.supply + s.ring[1].tokens, 0, None
    s.phase, s.current, s.taken, s.points_left, s.captures = "exchange", 0, 0, 2, [1]
    check_invariants(s)
    table._states[-1] = s  # the hand-built position as the table's present (tests only)
    table._prompt = None
    assert table.prompt is not None and table.prompt.msg.key == "dayu.ask.exchange"
    return table


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_da_yus_exchange_question_speaks_to_the_taker_on_their_own_phone(tmp_path, lang):
    """Da Yu's Exchange question read "Ana took an Exchange card: ..." on Ana's own phone; there it
    says "You took an Exchange card: ..." ("Te has llevado una carta de Intercambio: ..."), and the
    host's and another seat's screens keep the table's words."""
    hub = new_hub(tmp_path)
    table = hub.create(dayu_exchanging())
    prompt = table.prompt
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    seat_links = links(hub, table)
    mine = await guest(hub, bus, f"/join/{seat_links[1].token}", prefs=prefs)
    ben = await guest(hub, bus, f"/join/{seat_links[2].token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    own = translate("ui.dayu.own_exchange", lang, **prompt.msg.args)
    said = prompt.msg.render(lang)
    assert "Ana" in said and own in mine.texts() and said not in mine.all_text()
    assert said in host.texts() and own not in host.all_text() and own not in ben.all_text()
    for h in (mine, ben, host):
        h.close()


async def test_a_waiting_phone_shows_da_yus_ring_with_nothing_to_tap(tmp_path):
    """On a phone whose turn it was not, the mover's reachable places were ringed and filled as on
    the mover's own: they looked tappable. There no place is ringed, filled or a button."""
    from dayu_helpers import new_table

    hub = new_hub(tmp_path)
    table = hub.create(new_table(players=3))
    assert table.state.phase == "actions" and table.state.points_left > 0
    mover = table.state.current
    bus = pubsub()
    seat_links = links(hub, table)
    m = await guest(hub, bus, f"/join/{seat_links[1 + mover].token}")
    o = await guest(hub, bus, f"/join/{seat_links[1 + (mover + 1) % 3].token}")
    v = await guest(hub, bus, f"/join/{seat_links[0].token}")
    places = m.keys("dy-place-")
    ringed = [k for k in places if m.by_key(k).bgcolor == ft.Colors.PRIMARY_CONTAINER]
    assert ringed and all(m.by_key(k).on_click is not None for k in ringed)
    for h in (o, v):
        assert sorted(h.keys("dy-place-")) == sorted(places)
        for k in places:
            box = h.by_key(k)
            assert box.on_click is None and box.bgcolor != ft.Colors.PRIMARY_CONTAINER
            assert box.border.top.color == ft.Colors.OUTLINE and box.border.top.width == 1
    for h in (m, o, v):
        h.close()


def drawn_picked(h, key: str) -> bool:
    """Whether the tile ``key`` is drawn picked: a chip by its ``selected``, a box by the checked
    state of the Semantics around it."""
    box = h.by_key(key)
    if isinstance(box, ft.Chip):
        return bool(box.selected)
    return bool(next(c for c in h.controls() if isinstance(c, ft.Semantics) and c.content is box).checked)


def shown_at_once(h, key: str) -> bool:
    """Whether the tile ``key`` shows picked on the phone the moment it is tapped, before the
    server answers: a Flet chip (``on_select``) flips its own ``selected`` there; a box the server
    draws keeps showing what it was drawn with."""
    flips = getattr(h.by_key(key), "on_select", None) is not None
    return not drawn_picked(h, key) if flips else drawn_picked(h, key)


async def test_the_picked_tile_tapped_again_on_a_seats_phone_shows_what_a_building_tap_does(tmp_path):
    """After a placement on Carla's phone, her tile (still picked) tapped again looked unpicked,
    and the building she tapped next still placed it: a Flet chip unticks itself on the phone,
    and the server's redraw ticking it again came a round trip later (longer on a busy table).
    The tile is drawn by the server alone now: it stays picked on the phone, and the next
    building tap places it, as it shows."""
    from test_table_taps_ui import biggest, chinatown_placing

    hub = new_hub(tmp_path)
    table = chinatown_placing(hub)
    seat = table.state.order()[table.state.placer]
    double = biggest(table.state.hands[seat])
    bus = pubsub()
    mine = await guest(hub, bus, f"/join/{links(hub, table)[1 + seat].token}")
    key = f"ct-hand-{double}"
    await mine.click(key)
    target = table.state.vacant_of(seat)[0]
    await mine.click(f"ct-b-{target}")
    assert table.state.shop.get(target) == double and table.state.hands[seat].get(double, 0) >= 1
    assert drawn_picked(mine, key)  # still picked after the placement
    assert shown_at_once(mine, key), "the picked tile looks unpicked the moment it is tapped again"
    await mine.click(key)
    target = table.state.vacant_of(seat)[0]
    await mine.click(f"ct-b-{target}")
    assert table.state.shop.get(target) == double and not mine.open_dialogs()
    mine.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_da_yus_marker_and_start_questions_say_what_is_decided_on_a_seats_phone(tmp_path, lang):
    """Da Yu's setup questions (on which flood card each marker lies, then who starts) read "The
    host enters what lies on the table." on every seat's phone; they say what the host enters, in
    the game's words, naming whose marker it is."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dayu", ["Ana", "Ben", "Carla"]))
    assert table.prompt.kind == "marker"
    player = table.prompt.msg.args["player"]
    bus = pubsub()
    await seat_reads(hub, bus, table, 2, lang, translate("ui.dayu.seat_marker", lang, player=player))
    while table.prompt.kind == "marker":
        table.submit(table.prompt.choices[0])
    assert table.prompt.kind == "start"
    await seat_reads(hub, bus, table, 2, lang, translate("ui.dayu.seat_start", lang))


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_dragons_table_questions_say_what_the_host_enters_on_a_seats_phone(tmp_path, lang):
    """Walking a Dragon month from two seats' phones (Spanish, 412 x 915): at every month's start
    both phones said "The host enters what lies on the table." while the host dealt the action
    cards into groups, as they did at the event row and the start player. Each says what the host
    enters, in the game's words (the groups' sizes too), and offers no choice."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"]))
    bus = pubsub()
    rng = random.Random(3)
    for kind, key in (
        ("event_row", "ui.dragon.seat_event_row"),
        ("start_player", "ui.dragon.seat_start_player"),
        ("groups", "ui.dragon.seat_groups"),
    ):
        played_until(table, lambda p, kind=kind: p.kind == kind, 3)
        await seat_reads(hub, bus, table, 1, lang, translate(key, lang, **table.prompt.msg.args))
        table.auto(rng) if table.prompt.auto else table.submit(table.prompt.choices[0])


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_dragons_super_event_question_says_what_the_host_enters_on_a_seats_phone(tmp_path, lang):
    """With Super Events, the setup question for the super event lying on month 7 read "The host
    enters what lies on the table." on every seat's phone, as the start player's did before: it
    says which tile the host enters, in the game's words."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"], {"super_events": True}))
    played_until(table, lambda p: p.kind == "super_event", 3)
    said = translate("ui.dragon.seat_super_event", lang, **table.prompt.msg.args)
    assert "7" in said
    bus = pubsub()
    await seat_reads(hub, bus, table, 2, lang, said)


def dayu_mover_on(tokens_placed: bool) -> Table:
    """A Da Yu table at its first turn's actions (the markers on the first places, Ana starting),
    with Ana's marker on a flood card, or on a place emptied of its card when not
    ``tokens_placed``."""
    from dayu_helpers import check_invariants

    table = Table.new("dayu", ["Ana", "Ben", "Carla"])
    for player in range(3):
        table.submit({"kind": "marker", "player": player, "place": player})
    table.submit({"kind": "start", "player": 0})
    while table.prompt.kind != "action":
        table.auto(random.Random(1)) if table.prompt.choices is None else table.submit(
            table.prompt.choices[0]
        )
    if not tokens_placed:
        s = table.state.model_copy(deep=True)
        s.supply, s.ring[0].tokens, s.ring[0].card = s.supply + s.ring[0].tokens, 0, None
        s.flood_pile += 1  # the card back under the pile, as if it had never been dealt there
        check_invariants(s)
        table._states[-1] = s  # the hand-built position as the table's present (tests only)
        table._prompt = None
    assert table.state.current == 0 and table.state.players[0].marker == 0
    return table


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("on_card", [True, False])
async def test_da_yus_marker_line_speaks_to_the_mover_on_her_own_phone(tmp_path, lang, on_card):
    """The card under the marker, on Ana's own phone at her turn, read "Ana's marker on place 1:
    ..." ("Marcador de Ana en el lugar 1"): her own name, where the draw and Exchange questions
    already speak to her. There it says "Your marker ..."; the host's screen names her."""
    hub = new_hub(tmp_path)
    table = hub.create(dayu_mover_on(on_card))
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    mine = await guest(hub, bus, f"/join/{links(hub, table)[1].token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    line = marker_preview(table.state).line.msg
    assert line.key in ("foresight.dayu.line", "foresight.dayu.line_no_drain", "foresight.dayu.line_empty")
    assert (line.key == "foresight.dayu.line_empty") is not on_card
    said = line.render(lang)
    assert mine.by_key("dy-marker-line").value != said and "Ana" not in mine.by_key("dy-marker-line").value
    own = translate(
        f"ui.dayu.own_marker_line{line.key.removeprefix('foresight.dayu.line')}", lang, **line.args
    )
    assert mine.by_key("dy-marker-line").value == own
    assert host.by_key("dy-marker-line").value == said
    for h in (mine, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_an_event_that_hits_two_alike_shows_the_phones_own_line(tmp_path, lang):
    """Walking a Dragon month from two seats' phones, Ben's phone showed month 3's Drought as "Ana:
    must release 2 persons (+1 player)": the one more was Ben, and he had to tap to learn it. On
    his phone the tile says his own line (Ana named as hit as hard), and its detail opens on
    him; the host's screen and Ana's phone keep Ana's."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"], {"great_wall": True, "super_events": True}))

    def alike(prompt) -> bool:
        if prompt is None or prompt.seat is None:
            return False
        f = next(f for f in coming_events(table.state) if not f.super)
        ana, ben = f.seats
        return ana.harm() == ben.harm() > (0, 0, 0) and ana.line != ben.line

    played_until(table, alike, 5)
    f = next(f for f in coming_events(table.state) if not f.super)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    _, ana, ben = links(hub, table)
    a = await guest(hub, bus, f"/join/{ana.token}", prefs=prefs)
    b = await guest(hub, bus, f"/join/{ben.token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    said = {
        s: translate("ui.glance.dragon.also_names", lang, line=f.seats[s].line.msg.render(lang), names=other)
        for s, other in ((0, "Ben"), (1, "Ana"))
    }
    assert b.by_key("glance-event-line-0").value == said[1]
    for h in (a, host):
        assert h.by_key("glance-event-line-0").value == said[0]
    await b.click("glance-event-0")
    assert keys_in_order(b, "forecast-dialog", "forecast-detail-line-")[0] == "forecast-detail-line-1"
    await a.click("glance-event-0")
    assert keys_in_order(a, "forecast-dialog", "forecast-detail-line-")[0] == "forecast-detail-line-0"
    for h in (a, b, host):
        h.close()


def untold(summary) -> list:
    """What the round's card lists under "What happened": the lines no player's line says."""
    told = [fx for sr in summary.seats for fx in (*sr.gained, *sr.lost)]
    return [fx for fx in summary.happened if fx not in told]


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_months_card_says_what_it_leaves_out(tmp_path, lang):
    """After a Drought that cost Ben and Ana two persons each, Ana's phone opened "Month 3
    (Drought): how it went": "What happened" listed the Drought's lines and Ben's two releases,
    and stopped there, as if she had released nobody. The card still shows the first lines; it
    now says how many more there are, and where."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"], {"great_wall": True, "super_events": True}))
    played_until(
        table, lambda p: (s := last_summary(table)[0]) is not None and len(untold(s)) > MAX_HAPPENED, 5
    )
    more = len(untold(last_summary(table)[0])) - MAX_HAPPENED
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    a = await guest(hub, bus, f"/join/{links(hub, table)[1].token}", prefs=prefs)
    await a.click("glance-summary")
    assert a.open_dialogs() == ["glance-summary-dialog"]
    assert a.has(f"glance-round-fx-{MAX_HAPPENED - 1}") and not a.has(f"glance-round-fx-{MAX_HAPPENED}")
    assert translate("ui.foresight.happened_more", lang, n=more) in a.texts()
    a.close()
    # History's round header folds the same card over the round's entries: there the lines left
    # out are pointed to below, not to the History the reader is already in
    h = await started(hub, route=f"/table/{table.id}/history", prefs=prefs)
    first = last_summary(table)[0].entries[0]
    assert h.by_key(f"round-{first}-summary-more").value == translate(
        "ui.foresight.happened_more_below", lang, n=more
    )
    assert translate("ui.foresight.happened_more", lang, n=more) not in h.texts()
    h.close()


async def dragon_phones(tmp_path, lang: str, done, seed: int = 5):
    """A two-seat Dragon table played until ``done(prompt)``, the phone of the seat the question
    is to and the host's screen."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"], {"great_wall": True, "super_events": True}))
    played_until(table, done, seed)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    mine = await guest(hub, bus, f"/join/{links(hub, table)[1 + table.prompt.seat].token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    return table, mine, host


def said(h) -> list[str]:
    """Every text on ``h``'s screen, a one-line answer's too (the button's own string content,
    dragon/answers.line_button, not a Text control)."""
    return h.texts() + [c.content for c in h.controls() if isinstance(getattr(c, "content", None), str)]


def releasing(prompt) -> bool:
    return prompt is not None and prompt.kind == "release" and len(prompt.choices) > 1


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_release_on_the_releasers_own_phone_speaks_to_her(tmp_path, lang):
    """Walking a Drought from the seats' phones, Ben's phone offered "Liberar la ficha de
    campesino joven de Ben (palacio 1)": his own name, on his own phone. There it reads "Liberar
    tu campesino joven (palacio 1)"; the host's screen keeps the engine's words (History's)."""
    table, mine, host = await dragon_phones(tmp_path, lang, releasing)
    name = table.players[table.prompt.seat].name
    shown = [c for c in table.prompt.choices if c.kind == "release"]
    for c in shown:
        engine = table.game.describe(table.state, c).render(lang)
        own = translate(
            "ui.dragon.own.release", lang, tile=tile_msg(c.tile).render(lang), palace=c.palace + 1
        )
        assert name in engine and name not in own
        assert own in said(mine) and engine not in "\n".join(said(mine))
        assert engine in said(host) and own not in "\n".join(said(host))
    for h in (mine, host):
        h.close()


def names_said(h) -> list[str]:
    """What a screen reader says for each answer tile: its full name."""
    tiles = [c for c in h.controls() if isinstance(c, ft.OutlinedButton) and str(c.key).startswith("choice-")]
    return [
        c.content.semantics_label
        for c in tiles
        if isinstance(c.content, ft.Text) and c.content.semantics_label
    ]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("kind", ["card", "group"])
async def test_dragons_answer_tiles_on_the_choosers_own_phone_leave_her_name_out(tmp_path, lang, kind):
    """A person tile read "Ben plays the Farmer card: young farmer (2)" to a screen reader on
    Ben's own phone, an action tile "Ben: Group 2, Taxes: +5 yuan": there they say what he does
    ("Play the ...", "Group 2, ..."); the host's screen names him."""
    table, mine, host = await dragon_phones(tmp_path, lang, lambda p: p is not None and p.kind == kind)
    name = table.players[table.prompt.seat].name
    own, hosts = names_said(mine), names_said(host)
    assert own and not any(name in said for said in own)
    assert hosts and all(said.startswith(name) for said in hosts if said not in own)
    if kind == "card":
        card = table.prompt.choices[0].card
        played = translate("ui.dragon.own.card", lang, card=card_msg(card).render(lang))
        assert any(said.startswith(played) for said in own)
    for h in (mine, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_strip_shows_the_event_being_resolved_as_now(tmp_path, lang):
    """While month 3's Drought took its persons, every phone's strip already showed months 4 and
    5: the event in play was nowhere in it. Until its questions are answered, the strip's first
    tile is that event, "In play now"; then it moves on to the next months. Who still answers is
    the banner's, just above: the tile read "In play now: Ben, then Ana", the banner again."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))

    def resolving(prompt) -> bool:
        s = table.state
        return prompt is not None and s.phase == "event" and prompt.kind == "release" and not s.super_step

    played_until(table, resolving, 3)
    s = table.state
    month, event = s.month, event_msg(s.events[s.month - 1]).render(lang)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    phones = [await guest(hub, bus, f"/join/{link.token}", prefs=prefs) for link in links(hub, table)[1:]]
    phones.append(await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs))
    first = table.players[table.prompt.seat].name
    for h in phones:
        assert h.by_key("glance-event-now-name").value == event
        assert h.by_key("glance-event-now-month").value == translate(
            "ui.glance.dragon.event_month", lang, month=month
        )
        assert h.by_key("glance-event-now-line").value == translate("ui.glance.dragon.in_play", lang)
        assert first in h.by_key("banner").value and first not in h.by_key("glance-event-now-line").value
        assert h.by_key("glance-event-month-0").value == translate(
            "ui.glance.dragon.event_month", lang, month=month + 1
        )
        assert not h.has("glance-event-1")  # two tiles, as ever: this month's and the next
    host = phones[-1]
    for _ in range(12):  # the host enters the releases (one tap each), the phones follow
        if table.state.phase != "event":
            break
        await host.click("choice-0")
    assert table.state.phase != "event"
    for h in phones:
        await h.flush(pause=0.01)
        assert not h.has("glance-event-now")
        assert h.by_key("glance-event-month-0").value == translate(
            "ui.glance.dragon.event_month", lang, month=month + 1
        )
        h.close()


async def test_the_strip_shows_the_super_event_being_resolved_as_now(tmp_path):
    """Month 7's super event asks each player in turn (a Flood): meanwhile the strip's first tile
    is that super event, in play; a tap on it opens its rule."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"], {"super_events": True}))
    played_until(table, lambda p: table.state.phase == "event" and bool(table.state.super_step), 1)
    s = table.state
    b = await guest(hub, pubsub(), f"/join/{links(hub, table)[2].token}")
    assert b.by_key("glance-event-now-name").value == super_msg(s.super_event).render("en")
    assert b.by_key("glance-event-month-0").value == translate("ui.glance.dragon.event_month", "en", month=8)
    await b.click("glance-event-now")
    assert b.open_dialogs() == ["rule-dialog"]
    b.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_phone_that_answers_next_round_the_table_is_told_so(tmp_path, lang):
    """In the persons phase, while Ben played his card, Ana's phone read only "Esperando a Ben."
    though she played hers next ("Ben, then Ana, Carla" on the banner). The phone of the seat
    next in the banner's order says so; the one after it, and the host's screen, do not."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))

    def three_to_go(prompt) -> bool:
        s = table.state
        return prompt is not None and s.phase == "persons" and s.month > 0 and len(s.order[s.turn :]) == 3

    played_until(table, three_to_go, 4)
    now, after, last = table.state.order[table.state.turn :]
    assert table.prompt.seat == now
    name = table.players[now].name
    order = translate(
        "dragon.banner.order", lang, first=name, rest=", ".join(table.players[s].name for s in (after, last))
    )
    assert order in table.banner.render(lang)  # the order the phones are told is the banner's
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    phones = {
        s: await guest(hub, bus, f"/join/{links(hub, table)[1 + s].token}", prefs=prefs)
        for s in (after, last)
    }
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    next_line = translate("ui.live.waiting_next", lang, name=name)
    assert phones[after].by_key("waiting").value == next_line
    assert phones[last].by_key("waiting").value == translate("ui.live.waiting", lang, name=name)
    assert next_line not in host.all_text() and not host.has("waiting")
    for h in (*phones.values(), host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_wall_section_on_its_builders_own_phone_speaks_to_her(tmp_path, lang):
    """A built Great Wall section read "Section 1: built by Ben (+3 VP)" on Ben's own phone: there
    it says "built by you"; the other seat's phone and the host's screen name him."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"], {"great_wall": True}))
    played_until(table, lambda _: bool(table.state.wall), 5)
    seat, bonus = table.state.wall[0]
    name, taken = table.players[seat].name, bonus_msg(bonus).render(lang)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    seats = links(hub, table)[1:3]
    builder = await guest(hub, bus, f"/join/{seats[seat].token}", prefs=prefs)
    other = await guest(hub, bus, f"/join/{seats[1 - seat].token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    named = translate("ui.dragon.wall.section", lang, n=1, player=name, bonus=taken)
    own = translate("ui.dragon.own.wall_section", lang, n=1, bonus=taken)
    assert name not in own
    assert builder.by_key("wall-0").tooltip.message == own
    assert other.by_key("wall-0").tooltip.message == named and host.by_key("wall-0").tooltip.message == named
    for h in (builder, other, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_chinatowns_next_placer_is_told_so_on_her_phone(tmp_path, lang):
    """Chinatown's tiles are placed in turn order: while the first player places, the phone of
    the next one who can place says she is next; the one after, only whom the table waits for."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    played_until(table, lambda p: p.kind == "trade", 2)
    table.submit({"kind": "trading_done"})
    s = table.state
    assert table.prompt.kind == "place_tile" and s.placer == 0
    now, after, last = s.order()
    assert table.prompt.seat == now and all(rules.can_place(s, seat) for seat in (after, last))
    name = table.players[now].name
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    seats = links(hub, table)[1:]
    told = {seat: await guest(hub, bus, f"/join/{seats[seat].token}", prefs=prefs) for seat in (after, last)}
    assert told[after].by_key("waiting").value == translate("ui.live.waiting_next", lang, name=name)
    assert told[last].by_key("waiting").value == translate("ui.live.waiting", lang, name=name)
    for h in told.values():
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_chinatowns_banner_says_the_placing_order_on_every_phone(tmp_path, lang):
    """While the shop tiles were placed, one after another in turn order, every phone's banner
    said only "first player Ana": whose turn came after hers was nowhere but on the next one's
    own phone. It says the order as Dragon's does, "Ana, then Ben, Carla", and it moves on as
    each one is done."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    played_until(table, lambda p: p.kind == "trade", 2)
    table.submit({"kind": "trading_done"})
    s = table.state
    now, after, last = s.order()
    assert table.prompt.seat == now and all(rules.can_place(s, seat) for seat in (after, last))
    names = [table.players[seat].name for seat in (now, after, last)]
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    seats = links(hub, table)[1:]
    phones = [await guest(hub, bus, f"/join/{seats[seat].token}", prefs=prefs) for seat in (now, last)]
    phones.append(await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs))
    first = translate("chinatown.banner.order", lang, first=names[0], rest=f"{names[1]}, {names[2]}")
    for h in phones:
        assert h.by_key("banner").value.endswith(f" · {first}")
    await phones[0].click(f"choice-{len(table.prompt.choices) - 1}")  # Ana is done placing
    assert table.prompt.seat == after
    then = translate("chinatown.banner.order", lang, first=names[1], rest=names[2])
    for h in phones:
        await h.flush(pause=0.01)
        assert h.by_key("banner").value.endswith(f" · {then}")
        h.close()


def dayu_last_turn_of_round(pile_empty: bool) -> Table:
    """A Da Yu table at Carla's first turn, the last of the round (Ana starts, she and Ben have
    rested), its flood pile as dealt or, hand-built, set aside (``pile_empty``)."""
    from dayu_helpers import check_invariants

    table = Table.new("dayu", ["Ana", "Ben", "Carla"])
    for player in range(3):
        table.submit({"kind": "marker", "player": player, "place": 0})
    table.submit({"kind": "start", "player": 0})
    for seat in (0, 1):
        for _ in range(3):
            table.submit({"kind": "rest", "seat": seat})
    if pile_empty:
        s = table.state.model_copy(deep=True)
        s.removed, s.flood_pile = s.removed + s.flood_pile, 0
        check_invariants(s)
        table._states[-1] = s  # the hand-built position as the table's present (tests only)
        table._prompt = None
    assert table.prompt.seat == 2 and table.prompt.kind == "action"
    return table


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_da_yus_next_mover_is_told_so_unless_the_round_may_end_the_game(tmp_path, lang):
    """Da Yu's phones read only "Waiting for Carla." (its banner names the mover alone). Turns go
    round from the start player, so at Carla's turn Ana's phone says she is next; Ben's does not.
    With the flood pile empty this round's end ends the game: Ana's phone then names nobody."""
    hub = new_hub(tmp_path)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    going_on = hub.create(dayu_last_turn_of_round(False))
    ending = hub.create(dayu_last_turn_of_round(True))
    ana = await guest(hub, bus, f"/join/{links(hub, going_on)[1].token}", prefs=prefs)
    ben = await guest(hub, bus, f"/join/{links(hub, going_on)[2].token}", prefs=prefs)
    last = await guest(hub, bus, f"/join/{links(hub, ending)[1].token}", prefs=prefs)
    assert ana.by_key("waiting").value == translate("ui.live.waiting_next", lang, name="Carla")
    for h in (ben, last):
        assert h.by_key("waiting").value == translate("ui.live.waiting", lang, name="Carla")
    for h in (ana, ben, last):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_chinatowns_banner_says_the_drawing_order_on_every_phone(tmp_path, lang):
    """The shop tiles are drawn one player after another in turn order (chinatown.tiles.draw),
    yet the banner said only "shop tiles · first player Ana" there. It says the order as while
    placing, "Ana, then Ben, Carla", and moves on as each one's tiles are entered."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    played_until(table, lambda p: p.kind == "draw_tiles", 2)
    now, after, last = table.state.order()
    names = [table.players[seat].name for seat in (now, after, last)]
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    seats = links(hub, table)[1:]
    phones = [await guest(hub, bus, f"/join/{seats[seat].token}", prefs=prefs) for seat in (now, last)]
    phones.append(await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs))
    phase = translate("chinatown.phase.tiles", lang)
    first = translate("chinatown.banner.order", lang, first=names[0], rest=f"{names[1]}, {names[2]}")
    for h in phones:
        assert h.by_key("banner").value.endswith(f" · {phase} · {first}")
    await phones[-1].click("auto")  # the host lets the app draw the first player's tiles
    assert table.prompt.seat == after
    then = translate("chinatown.banner.order", lang, first=names[1], rest=names[2])
    for h in phones:
        await h.flush(pause=0.01)
        assert h.by_key("banner").value.endswith(f" · {phase} · {then}")
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_chinatowns_banner_says_who_keeps_the_cards_the_table_dealt(tmp_path, lang):
    """Cards the table dealt itself are kept in any order: the banner said "building cards ·
    first player Ana", nothing of what happens nor who answers. It says what each is dealt and
    keeps, then, once one player has entered theirs, who still has to."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    table.submit({"kind": "first_player", "first": 0})
    n, k = table.prompt.msg.args["n"], table.prompt.msg.args["k"]
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    ben = await guest(hub, bus, f"/join/{links(hub, table)[2].token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    phase = translate("chinatown.phase.buildings", lang)
    everyone = translate("chinatown.banner.keep_all", lang, n=n, k=k)
    for h in (ben, host):
        assert h.by_key("banner").value.endswith(f" · {phase} · {everyone}")
    await direct(
        host,
        lambda: app_of(host).open.submit(
            {"kind": "keep_buildings", "seat": 1, "buildings": [19, 20, 22, 28, 43][:k]}
        ),
    )
    left = Msg("chinatown.banner.keep_left", {"k": k, "players": ["Ana", "Carla"]}).render(lang)
    assert "Ana" in left and "Carla" in left and "Ben" not in left
    for h in (ben, host):
        await h.flush(pause=0.01)
        assert h.by_key("banner").value.endswith(f" · {phase} · {left}")
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_da_yus_mover_reads_her_turn_plainly_and_a_viewer_whom_it_waits_for(tmp_path, lang):
    """On Carla's own phone at her turn, nothing said it was hers: the banner and the question's
    head named "Carla" as on every screen, over "3 action points left.". There it says "your
    turn" ("te toca") beside her name; a viewer's phone (no seat) and the host's say whom the
    table waits for, and no "your turn"."""
    hub = new_hub(tmp_path)
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    table = hub.create(dayu_last_turn_of_round(False))
    viewer_link, _, _, carla_link = links(hub, table)
    carla = await guest(hub, bus, f"/join/{carla_link.token}", prefs=prefs)
    viewer = await guest(hub, bus, f"/join/{viewer_link.token}", prefs=prefs)
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    mine = translate("ui.play.your_turn", lang)
    assert carla.by_key("prompt-seat").value == "Carla" and carla.by_key("your-turn").value == mine
    assert viewer.by_key("waiting").value == translate("ui.live.waiting", lang, name="Carla")
    for h in (viewer, host):
        assert not h.has("your-turn") and mine not in h.all_text()
    assert host.by_key("prompt-seat").value == "Carla"
    for h in (carla, viewer, host):
        h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_chinatowns_next_drawer_is_told_so_on_her_phone(tmp_path, lang):
    """While the host entered the first player's shop tiles, every seat's phone read "The host
    enters what lies on the table.", the next one's too, though the banner knew the drawing
    order. The next one's phone says she is next; the one after it, and the host's screen, do
    not; once the first player's tiles are in, the next but one is told."""
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    played_until(table, lambda p: p.kind == "draw_tiles", 2)
    now, after, last = table.state.order()
    assert table.prompt.seat == now and table.prompt.choices is None
    bus = pubsub()
    prefs = {"table_companion.lang": lang}
    seats = links(hub, table)[1:]
    told = {s: await guest(hub, bus, f"/join/{seats[s].token}", prefs=prefs) for s in (after, last)}
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus, prefs=prefs)
    next_line = translate("ui.live.waiting_table_next", lang)
    assert told[after].by_key("waiting").value == next_line
    assert told[last].by_key("waiting").value == translate("ui.live.waiting_table", lang)
    assert next_line not in host.all_text()
    await host.click("auto")  # the host lets the app draw the first player's tiles
    assert table.prompt.seat == after
    await told[last].flush(pause=0.01)
    assert told[last].by_key("waiting").value == next_line
    for h in (*told.values(), host):
        h.close()
