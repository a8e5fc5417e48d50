"""A Dragon person tile drawn in few controls (issue 25, branch tap5) still shows and says all it
did: its type's colour and symbol (a badge in the button's icon slot), the wildcard's small badge
when the tile is taken with it, its name and its value, and the tile's full name on the button
for a screen reader and as its tooltip."""

import random

import flet as ft
from ui_testkit import hover, new_hub, started

from companion.core import Table
from companion.games.dragon.data import RULES
from companion.ui.games.dragon.looks import WILD, person_look
from companion.ui.games.dragon.taps import default_room, rooms, table_taps
from companion.ui.games.dragon.tiles import tile_name
from companion.ui.i18n import Tr


def with_wild(table: Table, tap) -> bool:
    first = tap.entries[0]
    return first.kind == "card" and first.card == WILD and tap.tile is not None


def at_a_card_question_with_the_wildcard(hub) -> Table:
    """A card question whose grid has tiles taken with the wildcard beside plain ones."""
    for seed in range(200):
        table = Table.new("dragon", ["Ana", "Ben", "Carla"])
        rng = random.Random(seed)
        while table.prompt is not None and table.state.month < 6:
            if table.prompt.kind == "card" and table.state.month >= 2:
                taps = table_taps(table, True, default_room(table.state, table.prompt.seat))
                if any(with_wild(table, t) for t in taps) and not all(with_wild(table, t) for t in taps):
                    return hub.create(table)
            table.auto(rng) if table.prompt.auto else table.submit(rng.choice(table.prompt.choices))
    raise AssertionError("no card question with the wildcard in 200 games")


def badges(icon_slot) -> list[ft.Container]:
    """The badges in a tile's icon slot: the type's, then the wildcard's if it is there."""
    return list(icon_slot.controls) if isinstance(icon_slot, ft.Row) else [icon_slot]


async def test_each_person_tile_shows_its_type_value_and_full_name(tmp_path):
    hub = new_hub(tmp_path)
    table = at_a_card_question_with_the_wildcard(hub)
    seat = table.prompt.seat
    found = table_taps(table, True, default_room(table.state, seat))
    into = default_room(table.state, seat) if len(rooms(table.state, seat)) > 1 else None  # as named
    for lang in ("en", "es"):
        tr = Tr(lang)
        h = await started(hub, route=f"/table/{table.id}", prefs={"table_companion.lang": lang})
        assert not h.has(f"choice-{len(found)}")
        for k, tap in enumerate(found):
            button = h.by_key(f"choice-{k}")
            text, full = tile_name(tr, table, tap, into)
            assert hover(button) == full and button.content.semantics_label == full
            first = tap.entries[0]
            shown = badges(button.icon)
            color, symbol = person_look(tap.tile or first.card)
            assert shown[0].bgcolor == color and shown[0].content.icon == symbol
            assert [b.bgcolor for b in shown[1:]] == ([person_look(WILD)[0]] if with_wild(table, tap) else [])
            words = button.content.value + "".join(s.text for s in button.content.spans or [])
            assert words.startswith(text)
            if tap.tile is not None:
                assert words.split()[-1] == str(RULES.faces[tap.tile].value)
        h.close()
