"""Dragon expansions on the Play screen: the super event card with its rule, the Great Wall with
each section's builder, and the eight-card groups form."""

import random
import textwrap
from collections.abc import Callable

import pytest
from dragon_helpers import ROW
from ui_testkit import hover, new_hub, started, words

from companion.core import Table
from companion.games.dragon.data import RULES
from companion.games.dragon.entries import Act, ChooseGroup, EventRow, Groups, StartPlayer, SuperEvent
from companion.games.dragon.public import bonus_msg, bonus_tile_msg
from companion.ui.palette import swatch
from companion.ui.settings import PREFIX


def _table(hub, options, names=("Ana", "Ben")) -> Table:
    players = [{"name": n, "color": c} for n, c in zip(names, ("red", "blue", "green"), strict=False)]
    return hub.create(Table.new("dragon", players, options))


def _play_while(table: Table, rng: random.Random, going: Callable[[], bool]) -> None:
    """Random legal entries (the app deals when it may) as long as ``going()`` holds."""
    while going():
        table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))


def _to_groups(table: Table, rng: random.Random) -> None:
    _play_while(table, rng, lambda: table.prompt.kind != "groups")


async def test_super_event_shows_from_the_start_with_its_rule_one_tap_away(tmp_path):
    hub = new_hub(tmp_path)
    table = _table(hub, {"super_events": True})
    table.submit(EventRow(months=ROW))
    table.submit(SuperEvent(event="sunrise"))
    h = await started(hub, route=f"/table/{table.id}")
    assert h.has("super-event") and not h.has("wall")
    assert h.by_key("super-event-name").value == "Sunrise"
    assert "Super event on month 7" in h.all_text()
    await h.click("super-event-rule")
    assert h.has("rule-dialog")
    assert "Sunrise" in h.all_text() and h.has("rule-dialog-status")  # marked unverified
    h.close()


async def test_the_super_event_card_says_resolved_only_once_it_is(tmp_path):
    hub = new_hub(tmp_path)
    table = _table(hub, {"super_events": True})
    rng = random.Random(7)
    table.submit(EventRow(months=ROW))
    table.submit(SuperEvent(event="lantern"))
    _play_while(table, rng, lambda: table.state.month < RULES.super_events.month)  # up to its month
    h = await started(hub, route=f"/table/{table.id}")
    assert h.has("super-event") and not h.has("super-event-done")
    h.close()
    _play_while(table, rng, lambda: table.state.month == RULES.super_events.month)  # and through it
    h = await started(hub, route=f"/table/{table.id}")
    assert h.by_key("super-event-done").value == "Resolved."
    h.close()


def _first_section_built(tmp_path):
    """A Great Wall table whose first player has built section 1 (the wall card, its VP bonus)."""
    hub = new_hub(tmp_path)
    table = _table(hub, {"great_wall": True})
    table.submit(EventRow(months=ROW))
    table.submit(StartPlayer(player=0))
    _to_groups(table, random.Random(2))
    table.submit(
        Groups(
            groups=(("wall", "taxes", "build", "harvest"), ("fireworks", "parade", "research", "privilege"))
        )
    )
    seat = table.prompt.seat
    table.submit(ChooseGroup(seat=seat, group=0))
    table.submit(Act(seat=seat, card="wall", bonus="vp"))
    return hub, table, seat


async def test_the_wall_shows_each_section_in_its_builders_colour(tmp_path):
    hub, table, seat = _first_section_built(tmp_path)
    h = await started(hub, route=f"/table/{table.id}")
    assert h.has("wall") and h.has("wall-0") and h.has("wall-empty-1") and h.has("wall-empty-11")
    section = h.by_key("wall-0")
    assert section.data == seat and section.bgcolor == swatch(table.players[seat].color)
    tip = section.tooltip.message
    assert table.players[seat].name in tip and "+3\u00a0VP" in tip
    assert "The Great Wall: 1 of 12 sections" in h.all_text()
    await h.click("wall-rule")
    assert h.has("rule-dialog") and h.has("rule-dialog-status")
    h.close()


async def test_groups_form_deals_eight_cards_with_the_wall(tmp_path):
    hub = new_hub(tmp_path)
    table = _table(hub, {"great_wall": True}, names=("Ana", "Ben", "Carla"))
    table.submit(EventRow(months=ROW))
    table.submit(StartPlayer(player=0))
    _to_groups(table, random.Random(4))
    h = await started(hub, route=f"/table/{table.id}")
    assert h.has("groups-form") and h.has("group-card-wall")
    for c in RULES.deck(True):
        await h.click(f"group-card-{c}")
    await h.click("groups-submit")
    assert [len(g) for g in table.state.groups] == RULES.group_sizes(3, True)
    h.close()


async def test_expansion_panels_in_spanish(tmp_path):
    hub = new_hub(tmp_path)
    table = _table(hub, {"great_wall": True, "super_events": True})
    table.submit(EventRow(months=ROW))
    table.submit(SuperEvent(event="earthquake"))
    h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": "es"})
    text = h.all_text()
    assert (
        "Terremoto" in text and "Superevento del mes 7" in text and "La Gran Muralla: 0 de 12 tramos" in text
    )
    h.close()


# A half-width action tile at 412 px holds about 22 characters of its 13 px text on a line
# (measured on the 412 x 915 screenshots: "Privilegio pequeño por" fills one) and two lines.
TILE_LINE_CHARS = 22
TILE_LINES = 2


async def test_each_wall_tile_says_its_whole_reward_under_one_line_naming_the_section(tmp_path):
    """Six "Build the Wall (section 1): ..." tiles cut their reward at 412 px: the section is said
    once over them and each tile says its reward alone, whole, in English and in Spanish; the
    tile's full name stays its tooltip (what a screen reader says too)."""
    hub = new_hub(tmp_path)
    table = _table(hub, {"great_wall": True, "super_events": True}, names=("Ana", "Ben", "Carla", "Dev"))
    table.submit(EventRow(months=ROW))
    table.submit(SuperEvent(event="sunrise"))
    table.submit(StartPlayer(player=0))
    _to_groups(table, random.Random(2))
    table.submit(
        Groups(
            groups=(("taxes", "build", "harvest"), ("fireworks", "parade", "research"), ("privilege", "wall"))
        )
    )
    seat = table.prompt.seat
    held = table.state.players[seat].wall_tiles
    assert len(held) == len(RULES.wall_bonus)  # every reward on offer
    for lang, heading in (
        ("en", "Build the Wall (section 1): choose its reward"),
        ("es", "Construir la Muralla (tramo 1): elige su recompensa"),
    ):
        h = await started(hub, route=f"/table/{table.id}", prefs={PREFIX + "lang": lang})
        assert h.by_key("act-wall-2").value == heading
        tiles = [h.by_key(k) for k in h.keys("choice-") if k.count("-") == 1]
        whole = {bonus_tile_msg(b).render(lang): bonus_msg(b).render(lang) for b in held}
        walls = [t for t in tiles if words(t) in whole]
        assert {t.content.value for t in walls} == set(whole)
        for t in walls:  # the full name: the player, the group, the action and the reward, whole
            assert heading.split(":")[0] in hover(t) and hover(t).endswith(whole[t.content.value])
        for t in tiles:  # and every tile's words fit the tile
            lines = textwrap.wrap(words(t), TILE_LINE_CHARS)
            assert len(lines) <= TILE_LINES, (lang, words(t))
        h.close()


@pytest.mark.parametrize(
    ("lang", "empty"), [("en", "Section 2: not built yet"), ("es", "Tramo 2: aún sin construir")]
)
async def test_each_wall_section_is_named_to_a_screen_reader(tmp_path, lang, empty):
    """The walk's accessibility tree read the Great Wall as "1", "2", ... "12" (walk58,
    dr-en-light.log): a built section's builder and bonus were only its hover text, outside the
    section's node, and an empty one was a bare number. A built section's number carries who
    built it and the bonus taken (its hover text no node of its own); an empty one says so."""
    hub, table, seat = _first_section_built(tmp_path)
    h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
    built = h.by_key("wall-0")
    number = built.content.controls[0]
    assert number.value == "1" and table.players[seat].name in number.semantics_label
    assert number.semantics_label == built.tooltip.message and built.tooltip.exclude_from_semantics
    assert h.by_key("wall-empty-1").content.semantics_label == empty
    h.close()
