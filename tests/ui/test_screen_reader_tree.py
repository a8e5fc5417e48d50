"""What a screen reader meets (docs/DECISIONS.md, "What a screen reader meets"): a tooltip over a
control named by its own text is not heard (Flutter gave it a node of its own, outside the
button: the app bar's Undo was met twice, and a card was named by a button's tooltip); each
action is named once per place, after what it does; a dropdown says its label and its choice;
a dialog is named by its title."""

from __future__ import annotations

import random

import flet as ft
from random_play import play_until
from ui_testkit import finished_on_hub, new_hub, started

from companion.core import Table
from companion.i18n import translate

TAPPED = (ft.IconButton, ft.OutlinedButton, ft.FilledButton, ft.FilledTonalButton, ft.TextButton, ft.Chip)


def heard_tooltips(h) -> list[str]:
    """Buttons and chips whose tooltip a screen reader hears beside the control's own name."""
    found = []
    for c in h.controls():
        tip = getattr(c, "tooltip", None)
        if not isinstance(c, TAPPED) or tip is None:
            continue
        if isinstance(tip, ft.Tooltip) and (tip.exclude_from_semantics or quiet_by_theme(c)):
            continue
        found.append(f"{type(c).__name__}({c.key!r})")
    return found


def quiet_by_theme(control) -> bool:
    """The nearest box with a theme above ``control`` keeps tooltips from screen readers, light
    and dark (a tile in its grid, widgets.tiles_theme): Flutter takes the flag from the theme when
    the tooltip does not say it."""
    x = control.parent
    while x is not None:
        if getattr(x, "theme", None) is not None:
            themes = (x.theme, x.dark_theme)
            return all(
                t is not None and t.tooltip_theme and t.tooltip_theme.exclude_from_semantics for t in themes
            )
        x = x.parent
    return False


def played(hub, game: str, entries: int, seed: int) -> Table:
    table = hub.create(Table.new(game, ["Ana", "Ben", "Carla"]))
    made = []
    play_until(
        table, random.Random(seed), lambda t: made.append(1) or len(made) > entries or t.prompt is None
    )
    return table


async def test_no_tooltip_is_heard_over_a_named_button_on_the_main_screens(tmp_path):
    hub = new_hub(tmp_path)
    tables = [played(hub, game, 12, 5) for game in ("dragon", "chinatown", "dayu")]
    done = finished_on_hub(hub, "dragon", ["Ana", "Ben", "Carla"], 3)
    h = await started(hub)
    routes = ["/", "/new", "/players", "/plays", "/stats", "/quick/dragon", "/quick/dayu"]
    routes += [f"/table/{done.id}/scores"]
    for t in tables:
        routes += [f"/table/{t.id}{tab}" for tab in ("", "/history", "/rules", "/share")]
    found = {}
    for route in routes:
        await h.goto(route)
        found[route] = heard_tooltips(h)
    assert {r: f for r, f in found.items() if f} == {}
    h.close()


async def test_undo_and_redo_are_named_after_what_they_undo_in_each_place(tmp_path):
    for lang, names in (
        ("en", ["Undo the last move", "Redo the move undone", "Undo one entry", "Redo one entry"]),
        (
            "es",
            [
                "Deshacer la última jugada",
                "Rehacer la jugada deshecha",
                "Deshacer una anotación",
                "Rehacer una anotación",
            ],
        ),
    ):
        hub = new_hub(tmp_path / lang)
        table = played(hub, "dragon", 12, 5)
        table.undo()  # something to redo
        h = await started(hub, route=f"/table/{table.id}/history", prefs={"table_companion.lang": lang})
        bar = [h.by_key(k).icon.semantics_label for k in ("undo", "redo")]
        history = [h.by_key(k).content.semantics_label for k in ("history-undo", "history-redo")]
        assert bar + history == names
        h.close()


async def test_a_home_cards_buttons_say_which_table_they_act_on(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"], name="Sunday club"))
    h = await started(hub)
    said = [h.by_key(f"{k}-{table.id}").icon.semantics_label for k in ("rename", "export", "delete")]
    assert said == ["Rename Sunday club", "Export Sunday club", "Delete Sunday club"]
    h.close()


async def test_same_named_tables_buttons_add_when_each_changed(tmp_path):
    """A group's tables are often all named after it: their buttons then also say the game where
    it is the only one of that game, else when each table last changed (to the second where the
    minute is shared), so no two buttons on Home have the same name; a table whose name is its
    own keeps its plain name."""
    hub = new_hub(tmp_path)
    tables = [hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"])) for _ in range(3)]
    other = hub.create(Table.new("dayu", ["Ana", "Ben"], name="Friday"))
    chinatown = hub.create(Table.new("chinatown", ["Ana", "Ben", "Carla"]))
    changed = ["2026-12-04T20:15:07+00:00", "2026-12-05T19:02:41+00:00", "2026-12-05T19:02:09+00:00"]
    for t, when in zip(tables, changed, strict=True):  # autocommit: each UPDATE is stored at once
        hub.store._db.execute("UPDATE tables SET updated = ? WHERE id = ?", (when, t.id))
    expected = {
        "en": ("Rename Ana, Ben, Carla, changed {}", "Rename Friday", "Rename Ana, Ben, Carla, Chinatown"),
        "es": (
            "Renombrar Ana, Ben, Carla, cambiada el {}",
            "Renombrar Friday",
            "Renombrar Ana, Ben, Carla, Chinatown",
        ),
    }
    for lang, (twin, plain, by_game) in expected.items():
        h = await started(hub, prefs={"table_companion.lang": lang})
        said = {
            t.id: [h.by_key(f"{k}-{t.id}").icon.semantics_label for k in ("rename", "export", "delete")]
            for t in (*tables, other, chinatown)
        }
        assert said[chinatown.id][0] == by_game
        every = [name for names in said.values() for name in names]
        assert len(set(every)) == len(every), every
        assert [said[t.id][0] for t in tables] == [
            twin.format("2026-12-04 20:15"),
            twin.format("2026-12-05 19:02:41"),
            twin.format("2026-12-05 19:02:09"),
        ]
        assert said[other.id][0] == plain
        h.close()


async def test_the_player_dropdowns_say_their_label_and_choice(tmp_path):
    hub = new_hub(tmp_path)
    finished_on_hub(hub, "dragon", ["Ana", "Ben", "Carla"], 3)
    h = await started(hub, route="/plays")
    named = [
        c.label for c in h.controls() if isinstance(c, ft.Semantics) and isinstance(c.content, ft.Dropdown)
    ]
    assert named == [f"Player: {translate('ui.plays.all_players', 'en')}"]
    await h.goto("/stats")
    named = [
        c.label for c in h.controls() if isinstance(c, ft.Semantics) and isinstance(c.content, ft.Dropdown)
    ]
    assert len(named) == 1 and named[0].startswith("Player: ")
    h.close()


async def test_a_confirmation_dialog_is_named_by_its_title(tmp_path):
    hub = new_hub(tmp_path)
    table = hub.create(Table.new("dragon", ["Ana", "Ben", "Carla"], name="Sunday club"))
    h = await started(hub)
    await h.click(f"delete-{table.id}")
    [dialog] = [c for c in h.page._dialogs.controls if c.open]
    assert isinstance(dialog, ft.AlertDialog) and dialog.semantics_label == dialog.title.value
    assert dialog.semantics_label  # not Flutter's "Alert"
    h.close()


def pill_name(c) -> str | None:
    """What a screen reader says for a pill button (widgets.pill_button): its text's label."""
    assert isinstance(c, ft.TextButton), f"{c.key!r} is a {type(c).__name__}, not a button"
    return c.content.content.semantics_label


async def test_the_rules_for_this_moment_are_buttons_named_after_their_rule(tmp_path):
    """Play's "Rules for this moment" and a rule card's related rules open a rule: buttons named
    "Read the rule: <title>" with a 48 px target (a Flet chip was a checkbox on the web)."""
    from companion.ui.i18n import Tr
    from companion.ui.palette import TAP
    from companion.ui.rule_links import rule_title

    hub = new_hub(tmp_path)
    table = played(hub, "dragon", 12, 5)
    h = await started(hub, route=f"/table/{table.id}")
    asked = table.prompt.rule_ids
    assert asked
    for rid in asked:
        pill = h.by_key(f"moment-{rid}")
        assert pill_name(pill) == f"Read the rule: {rule_title(Tr('en'), rid)}" and pill.height == TAP
        assert pill.content.content.value == rule_title(Tr("en"), rid)  # the title on the pill
    await h.click(f"moment-{asked[0]}")
    related = h.keys("rule-related-")
    assert related  # the rule's card links its related rules
    for key in related:
        title = rule_title(Tr("en"), key.removeprefix("rule-related-"))
        assert pill_name(h.by_key(key)) == f"Open the rule: {title}"
    h.close()


async def test_each_coming_up_line_says_its_month_and_event(tmp_path):
    """Dragon's "Coming up" lines: two months' lines read alike ("Ben: no change"); each is
    named with its month and event, so no two lines share a name."""
    hub = new_hub(tmp_path)
    table = played(hub, "dragon", 14, 5)
    h = await started(hub, route=f"/table/{table.id}")
    from companion.games.dragon import coming_events

    found = coming_events(table.state)
    assert len(found) == 2
    names = []
    for i, f in enumerate(found):
        for sf in f.seats:
            said = h.by_key(f"forecast-{i}-{sf.seat}").content.semantics_label
            assert said.startswith(f"{f.headline.msg.render('en')}. {sf.line.msg.render('en')}. Tap for")
            names.append(said)
    assert len(set(names)) == len(names)
    h.close()


async def test_every_qr_code_on_share_is_named_by_what_it_opens(tmp_path):
    """An image with no name is read as "image": the snapshot's code and each seat's code say
    which code they are."""
    hub = new_hub(tmp_path)
    table = played(hub, "dragon", 12, 5)
    h = await started(hub, route=f"/table/{table.id}/share")
    images = [c for c in h.controls() if isinstance(c, ft.Image)]
    assert images and all(c.semantics_label for c in images), [c.key for c in images]
    assert h.by_key("snapshot-qr").semantics_label == "QR code of the snapshot: the whole table"
    await h.click("seat-qr-1")
    assert h.by_key("seat-qr").semantics_label == "QR code of Ben's link"
    h.close()


async def test_a_choice_button_is_one_node_that_says_it_is_chosen(tmp_path):
    """widgets.button(selected=): the state merged with the button (a MergeSemantics around a
    Semantics around it), not set on its text, which was a button inside the button on the web."""
    h = await started(new_hub(tmp_path), route="/quick/chinatown")
    for key, chosen in (("ct-q-mode-final", True), ("ct-q-mode-income", False)):
        b = h.by_key(key)
        assert isinstance(b.content, ft.Text)  # nothing of its own inside
        assert isinstance(b.parent, ft.Semantics) and b.parent.selected is chosen
        assert isinstance(b.parent.parent, ft.MergeSemantics)
    h.close()


def spoken_names(h) -> list[str]:
    """What a screen reader names each button, chip and dropdown on the screen."""
    names = []
    for c in h.controls():
        if isinstance(c, ft.Chip):
            names.append(c.label.semantics_label or c.label.value)
        elif isinstance(c, ft.FilledButton | ft.OutlinedButton) and isinstance(c.content, ft.Text):
            names.append(c.content.semantics_label or c.content.value)
        elif isinstance(c, ft.IconButton):
            names.append(c.icon.semantics_label)
        elif isinstance(c, ft.Semantics) and isinstance(c.content, ft.Dropdown):
            names.append(c.label)
    return names


async def test_no_two_controls_of_a_quick_score_share_a_name(tmp_path):
    """Every player's card of Da Yu's and Dragon's quick score has the same buttons, chips and
    drop-downs: each is named with its player (and palace), so no two are named alike."""
    h = await started(new_hub(tmp_path), route="/quick/dayu")
    await h.type_text("dy-q-name-0", "Ana")
    await h.click("dy-q-1-frame-green")  # a redraw after the name was typed
    names = spoken_names(h)
    assert "Ana: Free move" in names and "Player 2: Free move" in names
    assert sorted({n for n in names if names.count(n) > 1}) == []
    await h.goto("/quick/dragon")
    names = spoken_names(h)
    assert "Player 2's palace 1, floor 1: empty" in names and "Player 1's palace 2: 2\u00a0floors" in names
    assert "Add a palace for Player 2" in names
    assert sorted({n for n in names if names.count(n) > 1}) == []
    h.close()


def inside(c, heard: bool = False) -> list:
    """A control and every control it holds (``heard``: not those a Semantics keeps from a
    screen reader)."""
    c = ft.unwrap_component(c)
    found = [c]
    if heard and isinstance(c, ft.Semantics) and c.exclude_semantics:
        return found
    inner = getattr(c, "content", None)
    if isinstance(inner, ft.BaseControl):
        found += inside(inner, heard)
    for child in getattr(c, "controls", None) or []:
        found += inside(child, heard)
    return found


def heard_texts(c) -> list[str]:
    """What a screen reader hears of a control's texts: each text's semantics label, else its
    value (an empty label is silent), and a hover text it does not exclude."""
    said = []
    for x in inside(c, heard=True):
        tip = getattr(x, "tooltip", None)
        if tip is not None and not (isinstance(tip, ft.Tooltip) and tip.exclude_from_semantics):
            said.append(tip if isinstance(tip, str) else tip.message)
        if isinstance(x, ft.Text):
            said.append(x.value if x.semantics_label is None else x.semantics_label)
    return [s for s in said if s]


async def test_each_coming_event_tile_on_the_dragon_glance_is_read_once_with_its_whole_name(tmp_path):
    """The glance strip's event tiles: their hover text was read, then their three texts again
    ("... Tap for the detail Month 1 Peace Ana: ..."). Each is now one name, said once: the month,
    the event, the line shown and that a tap opens the detail; with no Tooltip and no
    ExcludeSemantics wrapper (either made Chromium lose the next tap on the Play screen)."""
    from companion.games.dragon import coming_events
    from companion.ui.games.dragon.strip import worst_hit

    for lang, tap in (("en", "Tap for the detail"), ("es", "Toca para ver el detalle")):
        hub = new_hub(tmp_path / lang)
        table = played(hub, "dragon", 14, 5)
        h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
        found = [f for f in coming_events(table.state) if not f.super][:2]
        assert len(found) == 2
        for i, f in enumerate(found):
            tile = h.by_key(f"glance-event-{i}")
            worst = worst_hit(f)
            assert worst is not None
            line = worst.line.msg.render(lang)
            assert heard_texts(tile) == [f"{f.headline.msg.render(lang)}. {line}. {tap}"]
            assert not [x for x in inside(tile) if isinstance(x, ft.Semantics | ft.Tooltip)]
            assert tile.on_click is not None
        h.close()


async def test_each_statistics_bar_is_named_by_what_it_shows(tmp_path):
    """The Statistics screen's bars were progress bars named only by their percentage, after
    their line's two texts read on their own. Each bar now says what it shows, and its texts are
    not read a second time."""
    for lang, seat, count in (
        ("en", "Seat {}: won ", "3 players: 1 game (100%), out of all games"),
        ("es", "Asiento {}: ganó ", "3 jugadores: 1 partida (100\u00a0%), del total de partidas"),
    ):
        hub = new_hub(tmp_path / lang)
        finished_on_hub(hub, "dragon", ["Ana", "Ben", "Carla"], 3)
        h = await started(hub, route="/stats", prefs={"table_companion.lang": lang})
        bars = [c for c in h.controls() if isinstance(c, ft.ProgressBar)]
        names = [b.semantics_label for b in bars]
        assert len(names) == 4 and all(names), names
        seats = [h.by_key(f"stats-seat-{k}-said").value for k in range(3)]
        assert names[:3] == [seat.format(k + 1) + s for k, s in enumerate(seats)]
        assert names[3] == count
        for key in ("stats-seat-0", "stats-count-3"):
            assert heard_texts(h.by_key(key)) == []  # the line's texts: said by the bar's name
        h.close()


async def test_a_score_line_is_said_with_its_rule_in_the_card_named_by_its_player(tmp_path):
    """Merged into the player's card, the score lines were one long label followed by a row of
    links all named "Read the rule: Round scoring": each line is now a node of its own holding
    its rule's link; the card keeps only its first row, the player and total, as its name
    (every player has a "Month 1: 2 palaces")."""
    hub = new_hub(tmp_path)
    table = finished_on_hub(hub, "dragon", ["Ana", "Ben", "Carla"], 3)
    h = await started(hub, route=f"/table/{table.id}/scores")
    for seat in range(3):
        # the name and total, the card's own name, and the final scoring's subtotal with it; the
        # month lines folded under a line of their own (a button: it opens them)
        first, subtotal, *lines, node = h.by_key(f"breakdown-{seat}").content.controls
        fold = node.content
        assert isinstance(node, ft.Semantics) and node.container  # not merged into the card's name
        assert not isinstance(first, ft.Semantics) and subtotal.key == f"final-part-{seat}"
        assert isinstance(fold, ft.ExpansionTile) and fold.key == f"rounds-{seat}"
        lines += fold.controls
        assert lines and all(isinstance(line, ft.Semantics) and line.container for line in lines)
        links = [line.content.controls[-1] for line in lines]
        assert sorted(link.key for link in links) == sorted(
            f"line-{seat}-{k}-rule" for k in range(len(lines))
        )
    h.close()
