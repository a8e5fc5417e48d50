"""In the Year of the Dragon through the UI's own handlers: setup, the "as dealt" forms, a whole
12-month game tapped choice by choice, the panels, scores and the final winner."""

import random

import flet as ft
import pytest
from flet_harness import sent_strings
from random_play import play_until
from ui_testkit import hover, new_hub, new_table_by_taps, started

from companion.core import Table
from companion.games.dragon.data import RULES
from companion.i18n import translate


async def new_dragon(h, names=("Ana", "Ben", "Carla"), cost=None):
    await new_table_by_taps(h, "dragon", names, large_privilege_cost=cost)


def choice_count(h) -> int:
    return len([k for k in h.keys("choice-") if k.count("-") == 1])


async def play_to_the_end(h, rng, max_taps=2000) -> int:
    taps = 0
    while not h.has("finished-card"):
        assert taps < max_taps
        if h.has("auto"):
            await h.click("auto")
        else:
            await h.click(f"choice-{rng.randrange(choice_count(h))}")
        taps += 1
    return taps


async def test_event_row_as_dealt_with_a_refusal(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_dragon(h, cost=6)
    table = hub.get(hub.store.list()[0].id)
    assert table.options.large_privilege_cost == 6
    assert h.has("event-row-form") and h.has("auto")
    # two identical tiles side by side: the engine refuses the row, naming the rule
    row = [
        "drought",
        "drought",
        "tribute",
        "festival",
        "mongol",
        "contagion",
        "tribute",
        "festival",
        "mongol",
        "contagion",
    ]
    for ev in row:
        await h.click(f"row-pick-{ev}")
    before = table.to_json()
    await h.click("row-submit")
    assert h.has("error") and h.has("error-rule") and table.to_json() == before
    # correct it: back out to month 4 and lay a different tile there
    for _ in range(9):
        await h.click("row-back")
    for ev in [
        "tribute",
        "drought",
        "festival",
        "mongol",
        "contagion",
        "tribute",
        "festival",
        "mongol",
        "contagion",
    ]:
        await h.click(f"row-pick-{ev}")
    await h.click("row-submit")
    assert table.state.events[2:] == [
        "drought",
        "tribute",
        "drought",
        "festival",
        "mongol",
        "contagion",
        "tribute",
        "festival",
        "mongol",
        "contagion",
    ]
    assert h.has("event-row") and h.has("month-12")
    h.close()


async def test_groups_as_dealt_and_player_panels(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_dragon(h, names=("Ana", "Ben"))
    await h.click("auto")  # the event row
    rng = random.Random(3)
    while not h.has("groups-form"):
        await h.click(f"choice-{rng.randrange(choice_count(h))}")
    cards = list(RULES.card_ids)
    for c in cards:
        await h.click(f"group-card-{c}")
    await h.click("groups-submit")
    table = hub.get(hub.store.list()[0].id)
    sizes = RULES.group_sizes(2)
    assert [len(g) for g in table.state.groups] == sizes
    assert h.has("groups") and h.has("group-1")
    assert h.by_key("yuan-0").value == str(table.state.players[0].yuan)
    assert h.has("palace-1-0") and h.has("cards-1")
    h.close()


async def test_a_whole_game_through_the_ui(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await new_dragon(h, names=("Ana", "Ben", "Carla", "Dai"))
    taps = await play_to_the_end(h, random.Random(7))
    table = hub.get(hub.store.list()[0].id)
    assert table.finished and table.state.month == 12
    # one tap makes one entry or several (a group and its action, a card and its tile)
    assert taps < table.version
    board = table.scoreboard
    assert board.final
    assert h.by_key("winner").value == f"Winner: {', '.join(board.shared or board.ranking[:1])}"
    await h.click("see-scores")
    assert h.has("chart") and h.has("final-card")
    assert [h.by_key(f"score-{r.seat}").value for r in board.rows] == [f"{r.total}\xa0VP" for r in board.rows]
    assert hub.store.list()[0].finished
    h.close()


async def test_quick_score_reuses_the_engine_calculator(tmp_path):
    h = await started(new_hub(tmp_path))
    await h.click("quick-score")
    await h.click("quick-dragon")
    # the rulebook example: 7 persons, young monk in a 2-floor palace, old monk in a 3-floor palace,
    # 1 rice, 2 fireworks, 4 yuan -> 25 points of final scoring
    await h.type_text("quick-name-0", "Ana")
    await h.type_text("quick-yuan-0", "4")
    await h.type_text("quick-rice-0", "1")
    await h.type_text("quick-fireworks-0", "2")
    await h.click("quick-add-palace-0")
    await h.click("quick-floors-0-2-3")
    persons = {
        (0, 0): "monk:young",
        (0, 1): "farmer:young",
        (1, 0): "scholar:young",
        (1, 1): "healer:young",
        (2, 0): "monk:old",
        (2, 1): "warrior:young",
        (2, 2): "craftsman:young",
    }
    for (k, s), tile in persons.items():
        await h.select(f"quick-person-0-{k}-{s}", tile)
    await h.click("quick-compute")
    assert h.by_key("quick-total-1").value.startswith("1. Ana: 25\xa0VP")
    assert h.has("quick-rule-1-0")
    # a damaged input says why
    await h.type_text("quick-vp-1", "-")
    await h.click("quick-compute")
    assert h.has("quick-error") and not h.has("quick-result")
    h.close()


async def test_expansions_from_setup_and_the_super_event_form(tmp_path):
    hub = new_hub(tmp_path)
    h = await started(hub)
    await h.click("new-table")
    await h.click("game-dragon")
    await h.click("option-great_wall-True")
    await h.click("option-super_events-True")
    await h.click("setup-start")
    table = hub.get(hub.store.list()[0].id)
    assert table.options.great_wall and table.options.super_events
    await h.click("auto")  # the event row
    assert h.has("super-event-form")
    await h.click("super-eclipse")
    assert table.version == 2 and table.entries[-1].event == "eclipse"
    taps = await play_to_the_end(h, random.Random(11))
    assert table.finished and taps + 2 < table.version  # some taps make several entries
    h.close()


async def test_rule_links_name_the_rule_in_the_readers_language(tmp_path):
    from companion.core import Table
    from companion.core.rulebook import rule

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben"]))
    rng = random.Random(1)
    while not table.history or not table.history[-1][2]:  # until the last entry has effects
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    for lang in ("en", "es"):
        h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
        (link,) = h.by_key("why-0").controls[-1].spans  # the rule, a link ending the line's text
        effect = table.history[-1][2][0]
        assert link.text.strip().replace("\u00a0", " ") == rule(effect.rule_id, lang).title
        assert effect.rule_id not in link.text
        h.close()


async def test_rules_screen_follows_the_question_and_never_shows_ids(tmp_path):
    """Month 2's actions: "for this moment" lists the action question's rules, not the event
    resolved last; no rule id in any text or any screen-reader name on the screen."""
    from companion.core import Table
    from companion.core.rulebook import rules

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    rng = random.Random(4)
    while not (table.state.month == 2 and table.prompt.kind == "action"):
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    last_effects = {fx.rule_id for fx in table.history[-1][2]}
    h = await started(hub, route=f"/table/{table.id}/rules")
    shown = {k.removeprefix("moment-") for k in h.keys("moment-") if k != "moment"}
    assert shown == set(table.prompt.rule_ids)
    assert not (last_effects - set(table.prompt.rule_ids)) & shown
    ids = set(rules("dragon", "en")) | set(rules("core", "en"))
    said = h.texts() + [c.tooltip for c in h.controls() if isinstance(getattr(c, "tooltip", None), str)]
    assert not [s for s in said if any(i in s for i in ids)]
    h.close()


async def test_the_wildcard_is_a_grid_of_tiles_each_with_what_it_does(tmp_path):
    """A wildcard played: every tile left in the supply is one tile of the grid, with the line the
    engine gives for what it does (in its name and tooltip); tapping one brings that person in."""
    from companion.core import Table
    from companion.games.dragon import tile_power_msg

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    rng = random.Random(7)
    while not (table.prompt.kind == "person_pick" and table.state.card == "wild"):
        assert table.prompt is not None
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    choices = table.prompt.choices
    assert len(choices) > 10  # the wildcard: any tile left
    for lang in ("en", "es"):
        h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
        assert h.has("tile-grid")
        for i, pick in enumerate(choices):
            assert tile_power_msg(pick.tile).render(lang) in hover(h.find(f"choice-{i}")[0])
        h.close()
    h = await started(hub, route=f"/table/{table.id}")
    pick = choices[3]
    before = table.version
    await h.click("choice-3")
    assert table.entries[before] == pick  # then its palace, if the tap already said it
    h.close()


CARDS_LINES = {
    "en": ("No person cards left", "1 person card left: "),
    "es": ("No quedan cartas de persona", "Queda 1 carta de persona: "),
}


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_played_out_hand_says_no_cards_are_left(tmp_path, lang):
    """Month 12 has no person phase: every hand is empty, and its line says so (it read "0 person
    cards left: " with an empty list). In Spanish the line is about the player whose panel it is
    under, not "te" (the reader)."""
    hub = new_hub(tmp_path)
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    play_until(table, random.Random(5), lambda t: t.state.month == 11 and t.state.phase == "persons")
    play_until(table, random.Random(5), lambda t: min(len(p.cards) for p in t.state.players) == 0)
    hub.create(table)
    h = await started(hub, f"/table/{table.id}", prefs={"table_companion.lang": lang})
    none_left, one_left = CARDS_LINES[lang]
    for seat, p in enumerate(table.state.players):
        said = h.by_key(f"cards-{seat}").value
        assert said == none_left if not p.cards else said.startswith(one_left)
    h.close()


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_a_seat_card_says_each_palace_with_its_floors_and_the_hand_counted(tmp_path, lang):
    """A seat's panel: "Palace 1 (2 floors): young monk, empty" and the cards left counted by type
    ("..., wildcard ×2"), where it said "Palace 1, floors 2:" and "wildcard, wildcard"."""
    hub = new_hub(tmp_path)
    table = Table.new("dragon", ["Ana", "Ben", "Carla"])
    play_until(table, random.Random(5), lambda t: t.state.month == 2)
    hub.create(table)
    h = await started(hub, f"/table/{table.id}", prefs={"table_companion.lang": lang})
    floors = {"en": ("floor", "floors"), "es": ("piso", "pisos")}[lang]
    for seat, p in enumerate(table.state.players):
        for k, pal in enumerate(p.palaces):
            line = h.by_key(f"palace-{seat}-{k}").value
            unit = floors[0] if pal.floors == 1 else floors[1]
            assert line.startswith(
                f"{'Palace' if lang == 'en' else 'Palacio'} {k + 1} ({pal.floors}\u00a0{unit}): "
            )
        hand = h.by_key(f"cards-{seat}").value
        assert len(hand.split(": ", 1)[1].split(", ")) == len(set(p.cards))  # one name per type
        for card in set(p.cards):  # each type once, with its count where there are more
            k = p.cards.count(card)
            name = translate("dragon.card.wild_short" if card == "wild" else f"dragon.type.{card}", lang)
            assert hand.count(name if k == 1 else f"{name} ×{k}") >= 1
    h.close()


async def test_the_moments_rule_chips_take_their_style_from_their_box(tmp_path):
    """Each rule chip of "Rules for this moment" is sent without a button style: its box's theme
    gives it, light and dark, the pill's style (widgets.PILL_STYLE: the same look), so the chips
    made new as the moment changes do not each carry it; the box is kept from moment to moment
    (its theme is not sent again)."""
    from flet.messaging.protocol import MessageAction

    from companion.ui.widgets import PILL_STYLE

    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    rng = random.Random(4)
    while not (table.state.month == 2 and table.prompt.kind == "action"):
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    h = await started(hub, route=f"/table/{table.id}")
    chips = h.by_key("moment-rules-chips")
    assert chips.theme.text_button_theme.style == PILL_STYLE
    assert chips.dark_theme.text_button_theme.style == PILL_STYLE
    asked = set(table.prompt.rule_ids)
    for rid in asked:
        assert h.by_key(f"moment-{rid}").style is None
    sent = len(h.conn.messages)
    await h.click("choice-0")  # the action chosen: the moment's rules change
    assert set(table.prompt.rule_ids) != asked
    patches = [m for m in h.conn.messages[sent:] if m.action == MessageAction.PATCH_CONTROL]
    assert "text_button_theme" not in [s for m in patches for s in sent_strings(m)]
    new_chips = [
        c for m in patches for c in maps_in(decoded(m)) if str(c.get("key", "")).startswith("moment-")
    ]
    assert {c["key"] for c in new_chips} >= {f"moment-{rid}" for rid in set(table.prompt.rule_ids) - asked}
    assert all("style" not in c for c in new_chips), new_chips
    h.close()


def decoded(message) -> object:
    import msgpack
    from flet_harness import wire

    return msgpack.unpackb(wire([message.action, message.body]), strict_map_key=False)


def maps_in(value) -> list[dict]:
    """Every map in a decoded message, at any depth (the controls sent whole among them)."""
    if isinstance(value, dict):
        return [value] + [m for v in value.values() for m in maps_in(v)]
    if isinstance(value, (list, tuple)):
        return [m for v in value for m in maps_in(v)]
    return []


def themed_box(control, keys: tuple[str, ...]):
    """The nearest control above ``control`` keyed one of ``keys``, or None."""
    x = control.parent
    while x is not None:
        if getattr(x, "key", None) in keys:
            return x
        x = x.parent
    return None


async def test_the_tiles_tooltips_are_kept_from_screen_readers_by_their_grids_theme(tmp_path):
    """Every tooltip on the action tiles and the person tiles (and the palace chips among them) is
    quiet (widgets.quiet: a screen reader hears the tile's name once) because its grid's theme,
    light and dark, says so: the tiles, new after each entry, do not each send the flag."""
    grids = ("action-grid-theme", "tile-grid-theme")
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"]))
    rng = random.Random(4)
    seen = set()
    for kind in ("group", "card"):
        while not (table.state.month == 2 and table.prompt.kind == kind):
            table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
        h = await started(hub, route=f"/table/{table.id}")
        tipped = [c for c in h.controls() if isinstance(getattr(c, "tooltip", None), ft.Tooltip)]
        inside = [(c, box) for c in tipped if (box := themed_box(c, grids)) is not None]
        assert len(inside) >= 4, [c.key for c in tipped]
        for c, box in inside:
            seen.add(box.key)
            assert c.tooltip.exclude_from_semantics is False  # the default: not sent
            assert "exclude_from_semantics" not in sent_strings_of(c.tooltip)
            for theme in (box.theme, box.dark_theme):
                assert theme.tooltip_theme.exclude_from_semantics is True
        h.close()
    assert seen == set(grids)


def sent_strings_of(value) -> list[str]:
    import msgpack
    from flet_harness import strings_in, wire

    return strings_in(msgpack.unpackb(wire(value), strict_map_key=False))
