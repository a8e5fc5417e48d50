"""Issue 25, headless: Chinatown's placing flow a group can't fall into (the picked tile stays
picked, a second tap on it changes nothing, a lone tile type is picked by itself), targets marked
by more than an outline colour and named by what a tap does; Da Yu's ring in the question, its
move targets named by place, tokens and markers (no progress bar), its card actions named in full."""

import random

import flet as ft
from chinatown_helpers import step_without_trades
from ui_testkit import hover, new_hub, started

from companion.core import Table
from companion.games.chinatown.entries import PlaceTile
from companion.games.chinatown.text import shop_name
from companion.games.dayu.public import privilege_left
from companion.ui.games.chinatown.board import SHOP_COLORS


def tip(control) -> str:
    """A control's hover text: a plain string, or a Tooltip kept out of the semantics (its name
    is said once, by the button's own label)."""
    t = control.tooltip
    return t if isinstance(t, str) else t.message


def chinatown_placing(hub) -> Table:
    """A table at placing whose placer holds two tiles of one type and another type."""
    for seed in range(80):
        rng = random.Random(seed)
        table = Table.new("chinatown", ["Ana", "Ben", "Carla", "Dai"])
        while table.state.phase != "place":
            step_without_trades(table, rng)
        state = table.state
        seat = state.order()[state.placer]
        hand = {s: k for s, k in state.hands[seat].items() if k > 0}
        if len(state.vacant_of(seat)) < 3:
            continue
        double = biggest(hand)
        others = sum(k for s, k in hand.items() if s != double)
        if hand[double] >= 2 and others and len(state.vacant_of(seat)) >= others + 1:
            return hub.create(table)
    raise AssertionError("no seed gave such a placer")


def biggest(hand: dict[str, int]) -> str:
    """The tile type the placer holds most of (the first by name among equals)."""
    return max(sorted(hand), key=lambda s: hand[s])


def checked(h, key: str) -> bool | None:
    """Whether the tile box ``key`` is checked to a screen reader (and drawn picked)."""
    node = next(
        c for c in h.controls() if isinstance(c, ft.Semantics) and getattr(c.content, "key", None) == key
    )
    return node.checked


def walk(c):
    yield c
    for attr in ("content", "controls"):
        kid = getattr(c, attr, None)
        for k in kid if isinstance(kid, list) else [kid] if kid is not None else []:
            if isinstance(k, ft.Control):
                yield from walk(k)


async def test_the_picked_tile_stays_picked_and_a_second_tap_changes_nothing(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_placing(hub)
    state = table.state
    seat = state.order()[state.placer]
    double = biggest(state.hands[seat])
    h = await started(hub, route=f"/table/{table.id}")
    chips = [f"ct-hand-{s}" for s, k in state.hands[seat].items() if k > 0]
    assert len(chips) >= 2 and not any(checked(h, c) for c in chips)  # several types: none picked yet
    first = state.vacant_of(seat)[0]
    await h.click(f"ct-b-{first}")  # no tile picked: the building's preview
    assert h.has("ct-building-dialog") and first not in table.state.shop
    await h.click("ct-building-dialog-close")

    chip = f"ct-hand-{double}"
    for k in range(2):  # tapped again each time, as for the first tile
        await h.click(chip)
        assert checked(h, chip) and h.has(f"ct-hand-check-{double}")
        await h.click(chip)
        assert checked(h, chip), "a tap on the picked tile unpicked it"
        target = table.state.vacant_of(seat)[0]
        await h.click(f"ct-b-{target}")
        assert table.state.shop.get(target) == double, f"tile {k + 1} was not placed"
        assert not h.open_dialogs()
    h.close()


async def test_targets_are_filled_with_the_tile_and_named_by_the_tap(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_placing(hub)
    state = table.state
    seat = state.order()[state.placer]
    shop = next(s for s, k in sorted(state.hands[seat].items()) if k > 0)
    h = await started(hub, route=f"/table/{table.id}")
    await h.click(f"ct-hand-{shop}")
    name = shop_name(shop).render("en")
    for n in range(1, 86):
        cell = h.by_key(f"ct-b-{n}")
        aimed = n in state.vacant_of(seat)
        assert tip(cell).endswith(f"tap to place {name} here") == aimed
        if aimed:  # the tile's colour and a plus, besides the ring
            assert cell.bgcolor == SHOP_COLORS[shop]
            assert any(isinstance(c, ft.Icon) and c.icon == ft.Icons.ADD for c in walk(cell))
    assert h.by_key("ct-place-hint").value.startswith("Now tap a highlighted building")
    h.close()


async def test_a_lone_tile_type_is_picked_by_itself(tmp_path):
    hub = new_hub(tmp_path)
    table = chinatown_placing(hub)
    seat = table.state.order()[table.state.placer]
    double = biggest(table.state.hands[seat])
    h = await started(hub, route=f"/table/{table.id}")
    for shop, k in sorted(table.state.hands[seat].items()):  # the other types go on the board
        for _ in range(k if shop != double else 0):
            table.submit(PlaceTile(seat=seat, shop=shop, building=table.state.vacant_of(seat)[0]))
    state = table.state
    [shop] = [s for s, k in state.hands[seat].items() if k > 0]
    await h.goto(f"/table/{table.id}")
    assert checked(h, f"ct-hand-{shop}")
    target = state.vacant_of(seat)[0]
    await h.click(f"ct-b-{target}")  # one tap places it
    assert table.state.shop.get(target) == shop
    h.close()


def dayu_acting(hub) -> Table:
    rng = random.Random(7)
    table = Table.new("dayu", ["Ana", "Ben", "Carla"])
    while True:
        p = table.prompt
        s = table.state
        acting = s.phase == "actions" and s.round >= 2 and s.points_left == 3 and len(s.seat.hand) == 3
        if acting and not any(privilege_left(s, k) for k in ("free_move", "free_flip", "free_tool")):
            return hub.create(table)
        table.auto(rng) if p.auto else table.submit(rng.choice(p.choices))


async def test_dayu_ring_in_the_question_with_named_move_targets(tmp_path):
    hub = new_hub(tmp_path)
    table = dayu_acting(hub)
    state = table.state
    h = await started(hub, route=f"/table/{table.id}")
    pad = h.by_key("prompt-pad")
    assert any(c.key == "dy-ring" for c in walk(pad))  # the ring is part of the question
    assert not any(isinstance(c, ft.ProgressBar) for c in walk(pad))  # read as "progressbar" before
    near = {c.to for c in table.prompt.choices if c.kind == "move" and not c.free}
    for i, place in enumerate(state.ring):
        tile = h.by_key(f"dy-place-{i}")
        tokens = f"{place.tokens} of 10\u00a0tokens"
        if i in near:
            assert tile.on_click is not None
            assert tip(tile).startswith(f"Move to place {i + 1} (one action point) · {tokens}")
        here = [table.players[s].name for s, p in enumerate(state.players) if p.marker == i]
        if here:
            assert tip(tile).endswith("markers: " + ", ".join(here))
    h.close()


async def test_dayu_card_actions_are_named_in_full_and_each_name_is_its_own(tmp_path):
    hub = new_hub(tmp_path)
    table = dayu_acting(hub)
    h = await started(hub, route=f"/table/{table.id}")
    names = []
    for i, choice in enumerate(table.prompt.choices):
        if choice.kind in ("drain", "flip"):
            button = h.by_key(f"choice-{i}")
            full = table.game.describe(table.state, choice).render("en")
            assert button.content.semantics_label == full and hover(button) == full
            assert button.content.value in ("Drain", "Flip")  # short beside the card
            names.append(full)
    assert names and len(set(names)) == len(names)
    h.close()


async def test_dayu_spanish_names(tmp_path):
    hub = new_hub(tmp_path)
    table = dayu_acting(hub)
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": "es"})
    near = next(c.to for c in table.prompt.choices if c.kind == "move" and not c.free)
    assert tip(h.by_key(f"dy-place-{near}")).startswith(f"Mover al lugar {near + 1} (un punto de acción) · ")
    assert " de 10\u00a0fichas" in tip(h.by_key(f"dy-place-{near}"))
    drain = next(i for i, c in enumerate(table.prompt.choices) if c.kind == "drain")
    assert h.by_key(f"choice-{drain}").content.value == "Drenar"
    h.close()


async def test_dayu_ring_hint_asks_for_a_tap_only_where_a_tap_moves(tmp_path):
    """The acting phone reads "tap a highlighted card to move there"; a viewer's phone, where a
    tap moves nothing, reads only the circle's order."""
    from test_live_share import guest, links, pubsub

    from companion.i18n import translate

    hub = new_hub(tmp_path)
    table = dayu_acting(hub)
    bus = pubsub()
    host = await started(hub, route=f"/table/{table.id}", pubsub=bus)
    viewer = links(hub, table)[0]
    v = await guest(hub, bus, f"/join/{viewer.token}")
    assert host.by_key("dy-ring-hint").value == translate("ui.dayu.ring_hint", "en")
    assert v.by_key("dy-ring-hint").value == translate("ui.dayu.ring_order", "en")
    for h in (host, v):
        h.close()


async def test_the_let_the_app_button_says_what_the_app_does(tmp_path):
    # Walkthrough 2026-12-06: "Let the app deal" chose Chinatown's first player, drew its shop tiles
    # (the question said "or let the app draw them") and placed Da Yu's markers: nothing is dealt
    # there. The button says choose or draw, in both languages; a deal still says deal (Dragon's
    # action cards: test_dragon_event_row_and_super_event_buttons_say_lay_out_and_draw).
    from companion.i18n import translate
    from companion.ui.settings import PREFIX

    hub = new_hub(tmp_path)
    names = ["Ana", "Ben", "Carla"]
    ct, dy, dragon = (hub.create(Table.new(g, names)) for g in ("chinatown", "dayu", "dragon"))
    rng = random.Random(1)

    async def button(table: Table, lang: str) -> tuple[str, str]:
        h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": lang})
        shown = h.by_key("auto")
        h.close()
        return shown.content.value, hover(shown)

    said = {lang: [await button(t, lang) for t in (ct, dy, dragon)] for lang in ("en", "es")}
    ct.submit(ct.prompt.choices[0])  # the first player; then the buildings are dealt and kept
    while ct.prompt.kind != "draw_tiles":
        ct.auto(rng) if ct.prompt.auto else ct.submit(ct.prompt.choices[0])
    for lang in ("en", "es"):
        said[lang].append(await button(ct, lang))
    choose = ("Let the app choose", "The app chooses at random")
    lay_out = (translate("ui.dragon.auto_lay_out", "en"), translate("ui.dragon.auto_lay_out_hint", "en"))
    draw = ("Let the app draw them", "The app draws them at random from the tiles left in the bag")
    assert said["en"] == [choose, choose, lay_out, draw]  # Dragon's first question: its event row
    assert [text for text, _ in said["es"]] == [
        "Que elija la aplicación",
        "Que elija la aplicación",
        "Que las coloque la aplicación",
        "Que las saque la aplicación",
    ]


async def test_dragon_event_row_and_super_event_buttons_say_lay_out_and_draw(tmp_path):
    # Walkthrough walk57: the event row's question said "or let the app lay them out", the super
    # event's "or let the app draw it", and the button under both said "Let the app deal"
    # ("Que reparta la aplicación"). The button says what its question says; the action cards
    # of each month are still dealt.
    from companion.ui.settings import PREFIX

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla", "Dai"], {"super_events": True}))
    rng = random.Random(1)

    async def button(lang: str) -> tuple[str, str, str]:
        h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": lang})
        shown = h.by_key("auto")
        h.close()
        return table.prompt.kind, shown.content.value, hover(shown)

    said: dict[str, list[tuple[str, str, str]]] = {"en": [], "es": []}
    for kind in ("event_row", "super_event"):
        assert table.prompt.kind == kind
        for lang in said:
            said[lang].append(await button(lang))
        table.auto(rng)
    while table.prompt.kind != "groups":
        table.submit(table.prompt.choices[0])
    for lang in said:
        said[lang].append(await button(lang))
    assert said["en"] == [
        (
            "event_row",
            "Let the app lay them out",
            "The app shuffles the event tiles and lays them out on months 3 to 12",
        ),
        ("super_event", "Let the app draw it", "The app draws one super event at random"),
        ("groups", "Let the app deal", "The app shuffles and deals this itself"),
    ]
    assert [text for _, text, _ in said["es"]] == [
        "Que las coloque la aplicación",
        "Que lo robe la aplicación",
        "Que reparta la aplicación",
    ]


def test_the_question_leaves_out_the_name_its_card_already_shows():
    from companion.ui.teach import question_text

    assert (
        question_text("Ben: put your dragon on a group, or skip.", "Ben")
        == "Put your dragon on a group, or skip."
    )
    assert question_text("Ana: ¿qué palacio?", "Ana") == "Ana: ¿qué palacio?".removeprefix("Ana: ").replace(
        "¿q", "¿Q"
    )
    assert question_text("Month 3: choose", "Ben") == "Month 3: choose"  # another's words stay
    assert question_text("Ben: ", "Ben") == "Ben: " and question_text("Who starts?", None) == "Who starts?"
    assert question_text("Benito: play", "Ben") == "Benito: play"  # a name is whole or nothing
    assert question_text("Dai: 3 action points left.", "Dai") == "3 action points left."


async def test_every_games_question_card_says_the_name_once(tmp_path):
    """The card's first line is the player's name; the question under it starts with the verb,
    in both languages, for a question of each game."""
    hub = new_hub(tmp_path)
    for game in ("dragon", "chinatown", "dayu"):
        table = hub.create(Table.new(game, ["Ana", "Ben", "Carla"]))
        rng = random.Random(4)
        while table.prompt.seat is None:
            table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
        name = table.players[table.prompt.seat].name
        for lang in ("en", "es"):
            h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
            said = table.prompt.msg.render(lang)
            assert h.by_key("prompt-seat").value == name
            shown = h.by_key("prompt").value
            if said.startswith(f"{name}: "):
                rest = said.removeprefix(f"{name}: ")
                assert shown in (rest, rest[0].upper() + rest[1:]), (game, lang, shown)
                assert not shown[0].islower(), (game, lang, shown)
            else:
                assert shown == said
            h.close()
